"""The room's language (issue 49): a TV whose browser asks for Spanish draws its lobby in Spanish (the words its
catalog gives, static/build/i18n/es.json, read here through py/peerparty/i18n.py); the phone holding the controls
switches the room to German from its controls band, and the TV and a remote screen redraw in German; a reload of
the TV keeps German (the room's record holds it). The phone itself stays in its own language."""

import json
from pathlib import Path

import pytest
from controls_play import band_click
from people import HOST_VIEW, WAIT_MS, join, open_phone, wait_players, wait_rules
from remote_screen import open_screen, same_frame

from peerparty import i18n

BUNDLES = Path(__file__).resolve().parents[1] / "static" / "build" / "i18n"


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use(i18n.ENGLISH)


def lobby_words(lang):
    """What the lobby's fixed parts say in `lang`, from its catalog."""
    i18n.use(json.loads((BUNDLES / (lang + ".json")).read_text(encoding="utf-8")))
    return {
        ".game-panel h2": i18n._("Pick a game"),
        ".code-box .label": i18n._("Room code"),
        ".people-panel h2": i18n._("Players (%(n)s)", n=1),
        ".start-reason": i18n._("Pick a game."),
        ".room-languages [aria-pressed=true]": i18n.NAMES[lang],
    }


def shown(page, words, lang):
    """Wait until the page is drawn in `lang`, then read what it says where `words` has an expectation."""
    page.wait_for_selector(
        "html[lang=%s] .room-languages [data-room-lang=%s][aria-pressed=true]" % (lang, lang),
        state="attached",
        timeout=WAIT_MS,
    )
    return {selector: page.text_content(selector).strip() for selector in words}


@pytest.mark.timeout(600)
def test_the_tv_speaks_its_browsers_language_the_controls_phone_switches_it_and_a_reload_keeps_it(
    open_page, wait_ready, signal, shot
):
    tv = open_page("/host.html?signal=%s" % signal, viewport=HOST_VIEW, name="tv-es", locale="es-ES")
    wait_ready(tv)
    tv.wait_for_selector("body[data-room-ready]", timeout=WAIT_MS)
    wait_rules(tv)
    code = tv.get_attribute("body", "data-room-ready")

    ann = open_phone(open_page, wait_ready, signal, code, "Ann")  # an English browser: the phone stays English
    join(ann, "Ann")
    wait_players(tv, 1)
    spanish = lobby_words("es")
    assert shown(tv, spanish, "es") == spanish
    assert "Pick a game" not in tv.inner_text("#app")
    shot(tv, "room-language-tv-es")
    screen = open_screen(open_page, "http://x/screen.html?room=%s&signal=%s" % (code, signal), "screen")
    same_frame(tv, screen)

    # Ann holds the controls: her band offers the room's language, and her tap is the TV's
    ann.wait_for_selector("[data-controls] .room-languages [data-room-lang=de]", timeout=WAIT_MS)
    assert ann.evaluate("() => document.documentElement.lang") == "en"
    band_click(ann, ".room-languages [data-room-lang=de]")
    german = lobby_words("de")
    assert shown(tv, german, "de") == german
    shot(tv, "room-language-tv-de")
    shot(ann, "room-language-controls-phone")
    assert ann.evaluate("() => document.documentElement.lang") == "en", "the phone keeps its own language"
    i18n.use(i18n.ENGLISH)
    assert ann.text_content("[data-controls] .controls-title").strip() == i18n._("You have the controls")
    # the remote screen shows the TV's frames: German too
    same_frame(tv, screen)
    screen.wait_for_selector("html[lang=de]", state="attached", timeout=WAIT_MS)
    assert tv.evaluate("() => localStorage.getItem('peerparty:room-lang')") == "de"

    # a reload keeps German, though the browser asks for Spanish: the room's record holds it
    tv.reload()
    wait_ready(tv)
    wait_rules(tv)
    # the reloaded tab claims the room's id again: the server may still hold it for the old tab a moment
    # (host-room.js "id-held" retries), so the room is ready when the attribute names this code
    tv.wait_for_selector("body[data-room-ready='%s']" % code, timeout=WAIT_MS)
    wait_players(tv, 1)
    assert shown(tv, german, "de") == german
