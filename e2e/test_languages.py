"""A phone in its own language (issue 49): join.html's first frame is drawn at first paint in the language the
browser asks for (de-DE -> German, es-ES -> Spanish, es-MX -> Spanish, fr-FR -> English), word for word its
catalog's (static/build/i18n/<lang>.json, read here through py/peerparty/i18n.py); MicroPython then draws in the
same language; the page's language picker changes it, before MicroPython is up and after, and the phone keeps
the choice across a reload; the no-WebRTC sentence comes in the phone's language too.

MicroPython's wasm is held back where "before Python is up" matters, so that moment is the test's, not a race.
"""

import json
from pathlib import Path

import pytest
from people import PHONE_VIEW, WAIT_MS, hold_requests

from peerparty import i18n
from peerparty.net.reach import PHONE_NO_WEBRTC
from peerparty.ui.room import JOIN_WAITING, PARTY_HOW

NO_WEBRTC = (
    "for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel']) delete window[name];"
)
BUNDLES = Path(__file__).resolve().parents[1] / "static" / "build" / "i18n"


def catalog(lang):
    """The language's bundle as the build wrote it, in use for _() (reset by the fixture below)."""
    return i18n.use(json.loads((BUNDLES / (lang + ".json")).read_text(encoding="utf-8")))


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use(i18n.ENGLISH)


def first_frame(lang):
    """What the join form says in `lang`, from its catalog."""
    catalog(lang)
    return {
        ".room-tag": i18n._("Room %(code)s", code="ABCD"),
        "#join h1": i18n._("Join the party"),
        "#join label": i18n._("Your name"),
        "#join button": i18n._("Join"),
        "#name-count": i18n._("Up to %(limit)s characters", limit=20),
        "#how-party summary": i18n._("How to play"),
        "#how-party p": i18n._(PARTY_HOW),
        ".languages [aria-pressed=true]": i18n.NAMES[lang],
    }


def open_join(open_page, site, signal, locale, name, hold=True):
    """join.html in a browser whose language is `locale`; with `hold`, MicroPython's wasm is held: (page, release)."""
    phone = open_page(None, viewport=PHONE_VIEW, name=name, locale=locale)
    release = (
        hold_requests(phone, "**/static/vendor/micropython/micropython.wasm", "micropython.wasm") if hold else None
    )
    phone.goto(site + "/join.html?room=ABCD&signal=%s" % signal)
    phone.wait_for_selector("#join button", timeout=WAIT_MS)
    return phone, release


def read_frame(page, expected):
    return {selector: page.text_content(selector).strip() for selector in expected}  # the folded how-to-play too


def python_up(page):
    page.wait_for_selector("body[data-ready], .py-error", state="attached", timeout=WAIT_MS)


@pytest.mark.parametrize("locale, lang", [("de-DE", "de"), ("es-ES", "es"), ("es-MX", "es"), ("fr-FR", "en")])
def test_the_first_frame_is_in_the_browsers_language_before_and_after_micropython(
    open_page, site, signal, locale, lang
):
    phone, release = open_join(open_page, site, signal, locale, "phone-" + locale)
    expected = first_frame(lang)
    assert phone.get_attribute("body", "data-ready") is None, "MicroPython is up: the test held nothing back"
    assert read_frame(phone, expected) == expected
    assert phone.get_attribute("#name", "placeholder") == i18n._("e.g. Sam")
    assert phone.evaluate("() => document.documentElement.lang") == lang
    phone.fill("#name", "Zoë")
    assert phone.inner_text("#name-count") == i18n._("%(count)s of %(limit)s characters", count=3, limit=20)

    release()
    python_up(phone)
    phone.wait_for_function("() => document.body.dataset.link !== undefined", timeout=WAIT_MS)
    expected["#name-count"] = i18n._("%(count)s of %(limit)s characters", count=3, limit=20)
    assert read_frame(phone, expected) == expected, "MicroPython draws in the first frame's language"


def test_a_language_picked_before_micropython_is_up_is_kept_and_remembered(open_page, site, signal):
    phone, release = open_join(open_page, site, signal, "de-DE", "phone-pick-early")
    phone.fill("#name", "Zoë")
    phone.click(".languages [data-lang=es]")
    spanish = first_frame("es")
    spanish["#name-count"] = i18n._("%(count)s of %(limit)s characters", count=3, limit=20)
    phone.wait_for_selector("#join h1:text-is('%s')" % spanish["#join h1"], timeout=WAIT_MS)
    assert phone.input_value("#name") == "Zoë", "what was typed stays"
    assert phone.get_attribute("body", "data-ready") is None
    phone.fill("#name", "Zoë")  # glue.js counts it (it runs once phone.js has loaded)
    assert read_frame(phone, spanish) == spanish
    phone.click("#join button")  # kept until MicroPython is up (no host holds room ABCD: it stays kept)
    spanish["#join button"] = i18n._("Joining…")
    phone.wait_for_selector("#join button[disabled]", timeout=WAIT_MS)
    assert read_frame(phone, spanish) == spanish, "the first frame says Joining… in Spanish"

    release()
    python_up(phone)
    phone.wait_for_function("() => document.body.dataset.link !== undefined", timeout=WAIT_MS)
    assert read_frame(phone, spanish) == spanish, "MicroPython loads the language picked meanwhile"

    phone.reload()
    phone.wait_for_selector("#join button", timeout=WAIT_MS)
    again = first_frame("es")
    again["#name-count"] = i18n._("%(count)s of %(limit)s characters", count=3, limit=20)  # the name given
    assert phone.input_value("#name") == "Zoë"
    assert read_frame(phone, again) == again, "the phone remembers it"
    assert phone.evaluate("() => localStorage.getItem('%s')" % i18n.LANG_KEY) == "es"


def test_a_language_picked_once_micropython_is_up_redraws_and_survives_a_reload(open_page, site, signal, shot):
    phone, _ = open_join(open_page, site, signal, "es-ES", "phone-pick-late", hold=False)
    python_up(phone)
    phone.wait_for_function("() => document.body.dataset.link !== undefined", timeout=WAIT_MS)
    assert read_frame(phone, first_frame("es")) == first_frame("es")

    phone.click(".languages [data-lang=de]")
    german = first_frame("de")
    phone.wait_for_selector("#join h1:text-is('%s')" % german["#join h1"], timeout=WAIT_MS)
    assert read_frame(phone, german) == german
    assert phone.get_attribute("#name", "placeholder") == i18n._("e.g. Sam"), "the focused field's example too"
    assert phone.evaluate("() => document.documentElement.lang") == "de"
    shot(phone, "languages-phone-de")

    phone.reload()
    phone.wait_for_selector("#join button", timeout=WAIT_MS)
    assert read_frame(phone, german) == german, "the first frame after a reload is in the language picked"
    python_up(phone)
    assert phone.evaluate("() => document.documentElement.lang") == "de"


def test_the_no_webrtc_sentence_is_in_the_phones_language(open_page, site, signal, shot):
    phone = open_page(None, viewport=PHONE_VIEW, name="phone-no-webrtc-de", locale="de-DE", init_script=NO_WEBRTC)
    phone.goto(site + "/join.html?room=ABCD&signal=%s" % signal)
    phone.wait_for_selector("body[data-link=no-webrtc]", timeout=WAIT_MS)
    catalog("de")
    assert phone.inner_text("[data-reach=no-webrtc]").strip() == i18n._(PHONE_NO_WEBRTC)
    assert phone.inner_text("#join button").strip() == i18n._(JOIN_WAITING["no-webrtc"])
    assert i18n._(PHONE_NO_WEBRTC) != PHONE_NO_WEBRTC
    shot(phone, "languages-phone-no-webrtc-de")


@pytest.mark.parametrize("locale, lang", [("de-DE", "de"), ("es-MX", "es")])
def test_the_landing_page_reads_in_the_browsers_language(open_page, locale, lang):
    """index.html's words (py/peerparty/page_words.py INDEX_WORDS) in the browser's language, each its catalog's."""
    from peerparty.page_words import INDEX_WORDS

    page = open_page("/index.html", viewport=PHONE_VIEW, name="landing-" + lang, locale=locale)
    page.wait_for_selector("html[lang='%s']" % lang, timeout=WAIT_MS)
    catalog(lang)
    shown = page.eval_on_selector_all("[data-say]", "els => els.map((el) => el.textContent.trim())")
    assert len(shown) == len(INDEX_WORDS)
    assert set(shown) == {i18n._(word) for word in INDEX_WORDS}
    assert not set(shown) & set(INDEX_WORDS)  # none left in English


@pytest.mark.parametrize("locale, lang", [("en-GB", "en"), ("de-DE", "de"), ("es-ES", "es")])
def test_a_remote_screen_fills_a_sentences_numbers_as_the_python_screens_do(open_page, site, signal, locale, lang):
    """A sentence the host sends with values (a refusal, a wait) is filled on the remote screen by static/js's
    pp.sentence: its whole numbers take the language's digit groups, as i18n.py's do on the phones and the TV."""
    page = open_page(None, viewport=(1280, 720), name="screen-numbers-" + lang, locale=locale)
    page.goto(site + "/screen.html?room=ABCD&signal=%s" % signal)
    page.wait_for_function("(lang) => document.body.dataset.frameLang === lang", arg=lang, timeout=WAIT_MS)
    catalog(lang)
    values = {"n": 12000, "m": -1234567, "small": 7, "name": "Zoë"}
    shown = page.evaluate("(v) => pp.sentence('%(n)s %(m)s %(small)s %(name)s %(missing)s', v)", values)
    expected = "%s %s 7 Zoë %%(missing)s" % (i18n.number(12000), i18n.number(-1234567))
    assert shown == expected
    assert lang == "en" or i18n.number(12000) != "12,000"  # German and Spanish group otherwise
