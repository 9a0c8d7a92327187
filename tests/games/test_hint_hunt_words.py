"""Hint Hunt's word banks in English, Spanish and German (D3-03, issue 49): each bank's shape, boards dealt from
the bank a match names (words_lang), records that replay those boards on any screen, and bad values refused."""

import importlib.util
import json
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from peerparty.engine import HOST, Match
from peerparty.engine.record import RecordRefused, allowed_options, dumps, play_back, verify, write
from peerparty.games import REGISTRY
from peerparty.games.hint_hunt import GAME
from peerparty.games.hint_hunt.banks import (
    BANK_LANGS,
    LETTERS,
    bank_lang_for,
    word_bank,
    word_shape_problem,
)

PLAYERS = ["ann", "bob", "cat", "dan"]


def fold(word):
    """How a player would read two words as one: case, accents and ß set aside."""
    decomposed = unicodedata.normalize("NFD", word.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# --- the banks --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", BANK_LANGS)
def test_D3_03_each_bank_holds_600_unique_words_of_its_own_shape(lang):
    bank = word_bank(lang)
    assert len(bank) >= 600
    assert len(set(bank)) == len(bank)
    assert [w for w in bank if word_shape_problem(w, lang)] == []


@pytest.mark.parametrize("lang", BANK_LANGS)
def test_each_bank_file_is_one_word_a_line_each_once_in_nfc(lang):
    """The file itself, not only what the loader makes of it: no blank line, no repeat, no decomposed accent
    (a word typed as E + U+0301 would look like a board word and never equal it)."""
    from peerparty.games.hint_hunt.banks import FILES
    import pkgutil

    lines = pkgutil.get_data("peerparty.games", FILES[lang]).decode("utf-8").split("\n")
    assert lines[-1] == "" and all(line == line.strip() and line for line in lines[:-1])
    assert len(set(lines[:-1])) == len(lines) - 1
    assert all(unicodedata.normalize("NFC", w) == w for w in lines)


@pytest.mark.parametrize("lang", BANK_LANGS)
def test_no_two_words_of_a_bank_read_alike_without_accents(lang):
    folded = {}
    for w in word_bank(lang):
        assert fold(w) not in folded, "%s and %s read alike" % (folded[fold(w)], w)
        folded[fold(w)] = w


def test_the_banks_use_their_languages_letters():
    """Spanish keeps its accents and Ñ in capitals (as the RAE asks); German its umlauts, and ß as SS."""
    es, de = word_bank("es"), word_bank("de")
    assert {"CAMIÓN", "PIÑA", "PINGÜINO", "ÁRBOL"} <= set(es)
    assert {"KÄSE", "LÖWE", "TÜR", "STRASSE", "FUSSBALL"} <= set(de)
    assert not any("ß" in w or "ẞ" in w for w in de)
    assert all(w == w.upper() for lang in BANK_LANGS for w in word_bank(lang))


def test_the_word_shape_check_refuses_what_no_bank_may_hold():
    assert word_shape_problem("CAMIÓN", "es") is None
    assert word_shape_problem("KÄSE", "de") is None
    assert word_shape_problem("CAMIÓN", "en")  # an accent is no English letter
    assert word_shape_problem("KÄSE", "es")  # nor Ä a Spanish one
    assert word_shape_problem("STRAßE", "de")  # ß is written SS
    assert word_shape_problem("CAMIO\u0301N", "es")  # a decomposed accent
    assert word_shape_problem("camión", "es")
    assert word_shape_problem("ICE CREAM", "en")
    assert word_shape_problem("OX", "en") and word_shape_problem("HIPOPÓTAMOS", "es")
    assert all(set(LETTERS[lang]) >= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for lang in BANK_LANGS)


def test_the_rules_zip_carries_every_bank_and_they_load_from_it(tmp_path):
    """scripts/build.py packs the data files beside the rules' modules into rules.zip; the banks are read by
    their package (pkgutil), so they load through zipimport as the rules worker imports them (here CPython's,
    e2e/test_smoke_build.py does it in the shipped Pyodide)."""
    spec = importlib.util.spec_from_file_location("pp_build", Path(__file__).parents[2] / "scripts" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    rules_zip = tmp_path / "rules.zip"
    rules_zip.write_bytes(build.make_zip(build.rules_files()))
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from peerparty.games.hint_hunt.banks import word_bank;"
        "import peerparty; assert peerparty.__file__.startswith(sys.argv[1]), peerparty.__file__;"
        "print(*(len(word_bank(lang)) for lang in ('en', 'es', 'de')))"
    )
    run = subprocess.run([sys.executable, "-I", "-c", code, str(rules_zip)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == [str(len(word_bank(lang))) for lang in BANK_LANGS]


# --- dealing ----------------------------------------------------------------------------------------------


def all_board_words(m):
    return [w for board in m.state["boards"].values() for w in board["words"]]


@pytest.mark.parametrize("lang", ["es", "de"])
def test_D3_03_boards_come_from_the_bank_of_words_lang_reject_included(lang):
    m = Match(GAME, PLAYERS, "deal-" + lang, {"host": "ann", "words_lang": lang})
    bank = set(word_bank(lang))
    assert m.state["words_lang"] == lang
    assert set(all_board_words(m)) <= bank
    for _ in range(70):  # past the bank's end (70 boards of 12, more than it holds): a new cycle, same bank
        choosable = m.view("bob")["board"]["choosable"]
        m.play("bob", {"type": "submit", "targets": choosable[:1], "hint": "PISTA"})
        m.play(HOST, {"type": "reject", "player": "bob"})
        assert set(m.view("bob")["board"]["words"]) <= bank


def test_english_stays_the_default_and_deals_as_before():
    """A record made before words_lang existed has no such option: it deals the same English boards."""
    plain = Match(GAME, PLAYERS, 11, {"host": "ann"})
    english = Match(GAME, PLAYERS, 11, {"host": "ann", "words_lang": "en"})
    assert plain.state["boards"] == english.state["boards"]
    assert plain.state["redeal_key"] == english.state["redeal_key"]
    assert set(all_board_words(plain)) <= set(word_bank("en"))


def test_the_same_seed_deals_each_language_its_own_words():
    boards = dict((lang, Match(GAME, PLAYERS, 5, {"words_lang": lang}).state["boards"]) for lang in BANK_LANGS)
    words = dict((lang, set(w for b in boards[lang].values() for w in b["words"])) for lang in BANK_LANGS)
    assert not words["es"] & words["de"] and not words["en"] & words["es"]


@pytest.mark.parametrize("value", ["fr", "ES", "es-MX", "", None, 3, ["es"], {"lang": "es"}])
def test_a_words_lang_that_names_no_bank_is_refused_with_a_sentence(value):
    with pytest.raises(ValueError) as err:
        Match(GAME, PLAYERS, 1, {"words_lang": value})
    assert "Hint Hunt has no word list in" in str(err.value) and "en, es, de" in str(err.value)


def test_the_room_finds_a_bank_for_any_language_it_speaks():
    """What the room passes as words_lang: its language's bank, else English (never a refused deal)."""
    assert [bank_lang_for(t) for t in ("es", "es-MX", "de_AT", "DE", "en-XA", "ar-XB", "fr", "", None)] == [
        "es",
        "es",
        "de",
        "de",
        "en",
        "en",
        "en",
        "en",
        "en",
    ]


# --- replays and records -----------------------------------------------------------------------------------


def play_out(lang, seed="party"):
    """A whole game dealt in `lang`: everyone writes, Bob's first hint is rejected (a re-deal), the guessers claim
    the boards' first words, and the host moves on to the scoreboard."""
    m = Match(GAME, PLAYERS, seed, {"host": "ann", "words_lang": lang})
    for p in PLAYERS:
        m.play(p, {"type": "submit", "targets": m.view(p)["board"]["choosable"][:2], "hint": "ÑANDÚ Straße"})
    m.play(HOST, {"type": "reject", "player": "bob"})
    m.play("bob", {"type": "submit", "targets": m.view("bob")["board"]["choosable"][:3], "hint": "Grüße"})
    m.play(HOST, {"type": "start_guessing"})
    while m.state["phase"] == "guessing":
        for p in PLAYERS:
            claimable = m.view(p).get("claimable") or []
            if claimable:
                m.play(p, {"type": "claim", "word": claimable[0]})
        m.play(HOST, {"type": "next_board", "confirm": True})
    assert m.state["phase"] == "scoreboard"
    return m


@pytest.mark.parametrize("lang", ["es", "de"])
def test_a_record_replays_the_same_boards_and_claims(lang):
    m = play_out(lang)
    record = json.loads(json.dumps(m.to_record()))
    assert record["options"]["words_lang"] == lang
    again = Match.from_record(REGISTRY, record)
    assert again.state["boards"] == m.state["boards"]
    assert again.view(None) == m.view(None) and again.result() == m.result()
    claimed = [c["word"] for c in m.state["last_board"]["claims"]]
    assert claimed and set(claimed) <= set(word_bank(lang))


def test_a_saved_spanish_game_verifies_as_a_file():
    """The record file (engine/record.py) accepts words_lang, as the host's screen may set it, and nothing
    else: a file whose options name a bank that does not exist is refused, not crashed on."""
    m = play_out("es")
    names = dict((p, p.title()) for p in PLAYERS)
    data = json.loads(dumps(write(REGISTRY, m.to_record(), names, m.result())))
    steps = verify(REGISTRY, data)
    assert steps[-1].state["boards"] == m.state["boards"]
    forged = dict(data, options=dict(data["options"], words_lang="fr"))
    with pytest.raises(RecordRefused) as err:
        verify(REGISTRY, forged)
    assert "not ones the host's screen can set" in err.value.reason
    with pytest.raises(RecordRefused) as err:
        play_back(REGISTRY, "hint_hunt", PLAYERS, "x", {"words_lang": "fr"}, [])
    assert "no word list" in err.value.reason


def test_allowed_options_add_the_banks_to_each_host():
    allowed = allowed_options(GAME, ["ann", "bob"])
    assert {"host": "ann"} in allowed and {"host": "bob", "words_lang": "de"} in allowed
    assert len(allowed) == 2 * (1 + len(BANK_LANGS))
    assert allowed_options(REGISTRY["seven_rounds"], ["ann"]) == [{}]


def test_the_same_seed_and_bank_deal_the_same_boards():
    a = Match(GAME, PLAYERS, "s", {"words_lang": "de"})
    b = Match(GAME, PLAYERS, "s", {"words_lang": "de"})
    assert a.state["boards"] == b.state["boards"]


def test_every_language_a_room_can_speak_has_a_bank():
    """The room passes its language as words_lang (room/table.py room_options): a language shipped without a bank
    would refuse every Hint Hunt start in a room that speaks it."""
    from peerparty.games.hint_hunt.banks import BANK_LANGS
    from peerparty.i18n import SHIPPED

    assert set(SHIPPED) <= set(BANK_LANGS)
