"""Names that pose as others (issue 31): the host refuses invisible, direction-changing, control and
lone-surrogate characters with a sentence saying why, and compares names folded so no two seats look alike."""

import pytest

from peerparty.i18n import sentence
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
    assert error["code"] == "bad_name" and why in sentence(error)
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


@pytest.mark.parametrize(
    "raw",
    [
        "\U0001f468\u200d\U0001f469\u200d\U0001f467Kim",  # a family: three emoji joined by U+200D
        "\U0001f44d\U0001f3fdKim",  # a skin tone
        "\U0001f469\U0001f3fd\u200d\U0001f4bb Kim",  # a skin tone, then a joiner
        "\U0001f3f3\ufe0f\u200d\U0001f308 Al",  # a variation selector, then a joiner
        "\u2764\ufe0f Jo",
        "1\ufe0f\u20e3 Jo",  # a keycap
        "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Ed",  # Scotland's flag: tags
    ],
)
def test_an_emoji_sequence_is_a_name_kept_whole(raw):
    """Issue 48 point 9: the characters that join an emoji sequence draw nothing alone, but inside one they are
    the emoji people write; the name is kept as typed."""
    host, net = make_room()
    phone = join(net, raw)
    assert phone.session.status == "joined"
    assert names(host) == [raw]


@pytest.mark.parametrize(
    "raw, code",
    [
        ("Ann\u200dBob", "200D"),  # a joiner between letters
        ("\u200d\U0001f468Kim", "200D"),  # a joiner with nothing before it
        ("\U0001f468\u200d Kim", "200D"),  # a joiner with no emoji after it
        ("Ann\ufe0f", "FE0F"),  # an emoji style after a letter
        ("\U0001f3f4\U000e0067 Ed", "E0067"),  # a tag with no end
        ("\U0001f44d\u202eKim", "202E"),  # bidi beside an emoji is still bidi
    ],
)
def test_a_joiner_outside_an_emoji_sequence_is_still_refused(raw, code):
    host, net = make_room()
    phone = join(net, raw)
    error = last(phone, "error")
    assert error["code"] == "bad_name" and "(U+%s)" % code in sentence(error)
    assert names(host) == []
