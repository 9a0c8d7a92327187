"""Hints in any language (D3-04, issue 49): letters of any script count one character each within the 1-24
limit, controls and direction overrides are refused, and a hint that names a board word is not refused in any
language, case or accent: the host's Reject is the moderation, in Spanish and German as in English."""

import pytest

from peerparty.engine import HOST, Match
from peerparty.games.hint_hunt import GAME

from .test_hint_hunt import W, board, refused, submit, table

SPANISH = ["CAMIÓN", "PIÑA", "PINGÜINO", "ÁRBOL", "LEÓN", "AVIÓN", "BÚHO", "SOFÁ", "TÚNEL", "ESQUÍ", "MAÍZ", "RÍO"]
GERMAN = ["KÄSE", "LÖWE", "TÜR", "STRASSE", "FUSSBALL", "BALL", "FUSS", "HAND", "HANDY", "KÜCHE", "BÄR", "MÖWE"]


def board_of(words):
    return {"words": words, "civilians": words[8:11], "assassin": words[11]}


def dealt(words, lang):
    """Ann's board is `words` (her targets are picked from the first eight), Bob's and Cat's are the usual."""
    boards = {"ann": board_of(words), "bob": board("bob"), "cat": board("cat")}
    return table(words_lang=lang, boards=boards)


def hint_of(m, p):
    return m.view(p)["board"]["hint"]


def write(m, hint, p="ann"):
    targets = list(m.view(p)["board"]["choosable"][:1])
    return m.play(p, {"type": "submit", "targets": targets, "hint": hint})


@pytest.mark.parametrize(
    "hint",
    [
        "Straße",
        "ÑANDÚ",
        "camión rojo",
        "Привет мир",  # Cyrillic
        "你好世界",  # CJK
        "こんにちは",  # kana
        "مرحبا",  # Arabic, right to left
        "שלום",  # Hebrew
        "नमस्ते",  # Devanagari, with its combining signs
        "می\u200cخواهم",  # Persian writes with a zero-width non-joiner
        "👨\u200d👩\u200d👧",  # an emoji family, joined
        "Ελλάδα",
    ],
)
def test_D3_04_a_hint_may_be_written_in_any_script(hint):
    m = table()
    submit(m, "ann", (1,), hint)
    assert hint_of(m, "ann") == hint
    assert m.view(None)["submitted"]["ann"]


def test_D3_04_the_limit_counts_characters_in_any_script():
    m = table()
    submit(m, "ann", (1,), "字" * 24)
    assert hint_of(m, "ann") == "字" * 24
    submit(m, "bob", (1,), "Ж" * 24)
    refused(m, "cat", {"type": "submit", "targets": [W("cat", 1)], "hint": "ß" * 25}, "invalid_move")
    refused(m, "cat", {"type": "submit", "targets": [W("cat", 1)], "hint": "Ä" * 25}, "invalid_move")


def test_D3_04_an_accent_typed_as_a_combining_mark_is_one_character_with_its_letter():
    """A phone's keyboard may send É as E + U+0301: stored composed (NFC), so it reads and counts as one."""
    m = table()
    submit(m, "ann", (1,), "E\u0301" * 24)  # 48 code points typed, 24 characters
    assert hint_of(m, "ann") == "É" * 24
    submit(m, "bob", (1,), "  CAMIO\u0301N \n ROJO ")
    assert hint_of(m, "bob") == "CAMIÓN ROJO"


@pytest.mark.parametrize(
    "hint",
    [
        "BAD\x00",
        "\x07BELL",
        "\x1b[31mRED",
        "DEL\x7f",
        "C1\x9b",  # a C1 control
        "HALF\ud800",  # a lone surrogate
        "\u202eTXET",  # a right-to-left override
        "\u2067ISOLATE\u2069",
        "\u200b",  # nothing a person can see
        "\u200b\u200d",
    ],
)
def test_D3_04_controls_overrides_and_invisible_hints_are_refused(hint):
    m = table()
    err = refused(m, "ann", {"type": "submit", "targets": [W("ann", 1)], "hint": hint}, "invalid_move")
    assert err.detail.startswith(("Hints cannot hold", "A hint needs"))


def test_D3_04_whitespace_of_any_kind_is_collapsed_not_refused():
    m = table()
    submit(m, "ann", (1,), "\tSOL\u3000\u00a0Y\nLUNA\x1c")  # tab, ideographic and no-break spaces, a separator
    assert hint_of(m, "ann") == "SOL Y LUNA"


@pytest.mark.parametrize("hint", ["CAMIÓN", "camión", "CAMION", "Camio\u0301n", "CAMIÓNES", "MINICAMIÓN"])
def test_D3_04_a_spanish_board_word_as_a_hint_is_not_refused_as_in_english(hint):
    """The English rules take "ANN01" on Ann's own board (test_D3_04_board_words_and_numbers_are_allowed): so a
    Spanish board word is taken too, whatever its case or accents, alone or inside a longer word."""
    m = dealt(SPANISH, "es")
    write(m, hint)
    assert m.view("ann")["board"]["submitted"]


@pytest.mark.parametrize("hint", ["FUSSBALL", "Fußball", "BALL", "Handball", "KÄSE", "kase", "Straßenbahn"])
def test_D3_04_a_german_board_word_or_compound_as_a_hint_is_not_refused_as_in_english(hint):
    m = dealt(GERMAN, "de")
    write(m, hint)
    assert m.view("ann")["board"]["submitted"]


def test_accented_board_words_are_claimed_as_dealt():
    """A claim names the word as the view gave it. The same word decomposed (E + U+0301) is not on the board,
    so two phones never claim one tile under two spellings."""
    m = dealt(SPANISH, "es")
    write(m, "FRUTA")  # targets: CAMIÓN
    for p in ("bob", "cat"):
        write(m, "PISTA", p)
    m.play(HOST, {"type": "start_guessing"})
    refused(m, "bob", {"type": "claim", "word": "CAMIO\u0301N"}, "invalid_move")
    refused(m, "bob", {"type": "claim", "word": "camión"}, "invalid_move")
    events = m.play("bob", {"type": "claim", "word": "CAMIÓN"})
    assert events[0]["role"] == "target" and m.state["scores"]["bob"] == 3


def test_a_replayed_hint_in_any_script_is_the_same_hint():
    m = table()
    submit(m, "ann", (1,), "Привет Straße 你好")
    again = Match.from_record({GAME.id: GAME}, m.to_record())
    assert hint_of(again, "ann") == "Привет Straße 你好"
