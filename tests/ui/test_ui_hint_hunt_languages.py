"""Hint Hunt in Spanish and German (issue 49): a phone drawn in its language reads the game's terms as the rules
page's table lists them (docs/rules/hint-hunt.md, "Its words in each language"), the board's words stay as
dealt, and a refusal the host sends is read in the phone's language."""

import re
from pathlib import Path

import pytest

from peerparty import i18n
from peerparty.engine import IllegalMove
from peerparty.games.hint_hunt import screens as ui
from scripts import catalogs

from .test_ui_hint_hunt import W, ctx, guessing, submit, table_match

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "rules" / "hint-hunt.md"

# each row of the page's table: a message of the catalogs whose translation says that term
SAID_IN = {
    "Hint Hunt": (None, "Hint Hunt"),
    "hint": (None, "Hint"),
    "board": (None, "your board"),
    "target": ("hint hunt role", "TARGET"),
    "civilian": ("hint hunt role", "CIVILIAN"),
    "assassin": ("hint hunt role", "ASSASSIN"),
    "locked": (None, "LOCKED CIVILIAN"),
    "claim (a word)": (None, "Claim %(word)s"),
    "who is guessing": (None, "Guessers"),
    "the hint's writer": (
        None,
        "Then the boards are played one at a time, in join order. Everyone except the writer guesses at once: "
        "tap a word to claim it. A word can be claimed only once.",
    ),
    "scoreboard": (None, "View scoreboard"),
}


@pytest.fixture(scope="module")
def languages():
    catalogs.ensure_babel(install=False)
    return dict((lang, i18n.Language(catalogs.bundle(lang, catalogs.read(lang)))) for lang in ("es", "de"))


def terms_table():
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("## Its words in each language", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip().strip("|").split("|") for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row] for row in rows[2:]]  # the header and its rule left out


def drawn(language, draw):
    before = i18n.swap(language)
    try:
        return draw()
    finally:
        i18n.swap(before)


def test_the_rules_page_lists_each_term_as_the_catalogs_translate_it(languages):
    rows = terms_table()
    assert [row[0] for row in rows] == list(SAID_IN)
    for english, es, de in rows:
        context, message = SAID_IN[english]
        for lang, term in (("es", es), ("de", de)):
            key = (context + i18n.CONTEXT if context else "") + message
            translated = languages[lang].messages.get(key)
            assert translated and term.casefold() in translated.casefold(), (lang, english, translated)


@pytest.mark.parametrize(
    "lang,words",
    [
        ("es", ["OBJETIVO", "Pista", "Marcar ANN02", "Quién adivina", "Puntuaciones", "Ya no adivino más"]),
        ("de", ["ZIEL", "Hinweis", "ANN02 nehmen", "Wer rät", "Punktestand", "Ich bin fertig mit Raten"]),
    ],
)
def test_a_guessers_phone_reads_the_game_in_its_language_and_the_words_as_dealt(languages, lang, words):
    m = guessing()
    m.play("bob", {"type": "claim", "word": W("ann", 1)})  # a target: its tile turns over
    html = drawn(languages[lang], lambda: ui.phone(m.view("cat"), ctx("cat")))
    for word in words:
        assert word in html, (lang, word)
    assert W("ann", 1) in html and "LINK 2" in html  # the dealt word and the hint, as written
    for english in ("TARGET", "Hint", "Guessers", "Scores", "I&#39;m done guessing"):
        assert english not in html, (lang, english)


def test_the_writers_form_and_the_host_s_confirm_are_in_the_phone_s_language(languages):
    m = table_match()
    submit(m, "bob")
    html = drawn(languages["de"], lambda: ui.phone(m.view("ann"), ctx("ann", is_host=True)))
    assert html.count("ZIVILIST GESPERRT") == 3 and html.count("ATTENTÄTER GESPERRT") == 1
    assert "Gewählte Ziele:" in html and "(wähle 1 bis 5)" in html
    assert 'data-confirm="Den Hinweis von Bob ablehnen? Bob bekommt eine neue Tafel und schreibt noch einmal."' in html
    assert "Es fehlt noch ein Hinweis von: &lt;b&gt;x&lt;/b&gt; und Cat" in html  # i18n.join: German's "und"


def test_the_table_counts_hints_with_the_languages_plural(languages):
    m = table_match()
    submit(m, "bob")
    es = drawn(languages["es"], lambda: ui.table(m.view(None), ctx(None)))
    assert "1 de 3 pistas enviadas." in es and "Caza de pistas: todos escriben una pista" in es


def test_a_refusal_travels_in_english_and_reads_in_the_phone_s_language(languages):
    m = guessing()
    with pytest.raises(IllegalMove) as err:
        m.play("bob", {"type": "submit", "targets": [W("bob", 1)], "hint": "X"})
    refusal = {"msg": err.value.detail, "values": err.value.values}
    assert refusal["msg"] == "Hint writing is over."  # the host sends English: never translated there
    assert drawn(languages["es"], lambda: i18n.sentence(refusal)) == "Ya no se pueden escribir pistas."
    m = table_match()
    with pytest.raises(IllegalMove) as err:
        m.play("bob", {"type": "submit", "targets": [W("bob", 1)], "hint": "\u202eTXET"})
    refusal = {"msg": err.value.detail, "values": err.value.values}
    assert refusal["values"] == {"point": "U+202E"}
    german = drawn(languages["de"], lambda: i18n.sentence(refusal))
    assert german == "Hinweise dürfen keine Zeichen enthalten, die die Schreibrichtung ändern (U+202E)."


def test_the_how_to_play_is_drawn_in_the_language_of_the_screen_reading_it(languages):
    english = ui.rules()
    spanish = drawn(languages["es"], lambda: ui.rules())
    assert "BEACH 2" in english and "PLAYA 2" in spanish and "BEACH" not in spanish
    assert re.search(r'aria-label="Seis palabras de tu tablero: OLA y CARACOLA', spanish)
    assert ui.rules() == english  # the language put back, the English again
