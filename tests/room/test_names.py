"""Names that pose as others (issue 31): the host refuses invisible, direction-changing, control and
lone-surrogate characters with a sentence saying why, and compares names folded so no two seats look alike."""

import pytest

from peerparty.room.lobby import clean_name, fold

from .helpers import join, last, make_room, names


@pytest.mark.parametrize(
    "raw, why",
    [
        ("Ev\ud800e", "control characters"),  # a lone surrogate: a saved record of it crashed the verifier
        ("Ann\u200b", "invisible or direction-changing characters (U+200B)"),
        ("\u202eevE", "invisible or direction-changing characters (U+202E)"),
        ("A\u2066nn\u2069", "invisible or direction-changing characters (U+2066)"),
        ("Ann\ufeff", "invisible or direction-changing characters (U+FEFF)"),
        ("Ann\u3164", "invisible or direction-changing characters (U+3164)"),
        ("A\x1b[2Jnn", "control characters"),
        ("Ann\x85", "control characters"),
    ],
)
def test_a_name_with_a_hidden_character_is_refused_with_a_reason(raw, why):
    host, net = make_room()
    phone = join(net, raw)
    assert phone.session.status == "refused"
    error = last(phone, "error")
    assert error["code"] == "bad_name" and why in error["msg"]
    assert names(host) == []


def test_names_are_normalised_to_nfc():
    assert clean_name("Zoe\u0301")[0] == "Zo\u00e9"
    assert clean_name("  Sam \t Lee ") == ("Sam Lee", None)


def test_no_two_seats_fold_alike():
    host, net = make_room()
    assert join(net, "Zo\u00e9").session.status == "joined"
    assert join(net, "Ann").session.status == "joined"
    for twin in ("ZOE\u0301", "zo\u00e9", "\uff21nn", "ANN"):  # combining accent, case, full-width A
        phone = join(net, twin)
        assert last(phone, "error")["code"] == "name_taken", twin
    assert names(host) == ["Zo\u00e9", "Ann"]
    assert fold("Ann\u200b") == fold("ann")  # a restored room's names compare with invisibles stripped
