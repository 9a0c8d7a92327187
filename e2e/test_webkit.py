"""The phone and the remote screen in WebKit, Safari's engine (issue 51, docs/browsers.md): Debian's WebKitGTK under
WebKitWebDriver (e2e/webkit.py), beside the local PeerServer the other e2e tests use.

join.html: the name form is the first thing painted, while MicroPython's wasm is still held back by the server;
MicroPython then starts (body[data-ready]); Debian builds WebKitGTK without WebRTC, so the phone says so in the
guest's words and its Join button stops; no script error or unhandled rejection from the first script on
(window.ppCaught, static/js/caught.js, under the page's CSP) and no Python error shown. screen.html: the same
up to its own no-WebRTC sentence. Both: the service worker installs and controls the page, and with the site's
server stopped the page is served again, Python and all.

Where WebKitWebDriver is missing the file skips, unless CI=true: then it fails (.ci/run installs it)."""

import os
from pathlib import Path

import pytest

import webkit
from people import PHONE_VIEW
from peerparty.net.reach import PHONE_NO_WEBRTC
from peerparty.ui.room import JOIN_WAITING, SCREEN_NOTICES

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "artifacts" / "logs"
SHOTS = ROOT / "artifacts" / "screens"
READY_S = 90  # MicroPython is up in about 1 s here; room for a loaded 2-core CI machine
# offline.js registers sw.js once the page is up plus 1 s; a screen that never gets a frame (no WebRTC) after 10 s
WORKER_S = 120

# what the page shows and has recorded, in one look
LOOK = """
  const el = (s) => document.querySelector(s);
  const text = (s) => el(s) && el(s).innerText.trim();
  const paints = performance.getEntriesByType("paint").map((e) => e.name);
  return {
    fresh: !window.__before,
    form: !!el("#join"), focused: document.activeElement && document.activeElement.id,
    button: text("#join button"), disabled: !!el("#join button[disabled]"),
    ready: document.body && document.body.dataset.ready, link: document.body && document.body.dataset.link,
    banner: text(".banner.error[data-reach]"), boot: text(".boot"), screen: document.body && document.body.dataset.screen,
    painted: paints.includes("first-contentful-paint"),
    caught: window.ppCaught, pyErrors: Array.from(document.querySelectorAll(".py-error"), (e) => e.innerText),
    webrtc: typeof RTCPeerConnection, controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
  };
"""
# the service worker's install is done and it controls this page (sw.js claims the page on a first install)
CONTROLLED = """
  const sw = navigator.serviceWorker;
  return !!(sw && sw.controller && sw.controller.state === "activated");
"""


@pytest.fixture(scope="module")
def display():
    lacks = webkit.missing()
    if lacks:
        if os.environ.get("CI") == "true":
            pytest.fail("WebKit is missing (%s): .ci/run installs webkit2gtk-driver and xvfb" % lacks)
        pytest.skip("WebKit is missing (%s): apt-get install webkit2gtk-driver xvfb" % lacks)
    LOGS.mkdir(parents=True, exist_ok=True)
    screen = webkit.Display(LOGS / "xvfb.log")
    yield screen
    screen.close()


@pytest.fixture
def open_webkit(display, request):
    opened = []

    def _open(size=PHONE_VIEW):
        name = "webkit-%s-%d.log" % (request.node.name, len(opened))
        browser = webkit.Browser(display, LOGS / name, size)
        opened.append(browser)
        return browser

    yield _open
    for browser in opened:
        browser.close()


@pytest.fixture
def own_site(built):
    """The site on a server of the test's own (a new origin: no service worker of another test), which it may
    stop."""
    site = webkit.Site()
    yield site
    site.stop()


def look(browser):
    return browser.js(LOOK)


def shot(browser, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.driver.save_screenshot(str(SHOTS / ("webkit-%s.png" % name)))


def clean(seen):
    """No script error, no unhandled rejection and no Python error; and the recorder ran (the page's CSP let it)."""
    assert seen["caught"] == [], seen["caught"]
    assert seen["pyErrors"] == [], seen["pyErrors"]


def phone_without_webrtc(browser):
    """MicroPython up, and the phone says in the guest's words why it cannot join."""
    seen = browser.wait_for("const b = document.body; return b && b.dataset.ready && b.dataset.link", READY_S, "ready")
    seen = look(browser)
    assert seen["webrtc"] == "undefined", (
        "this WebKit has WebRTC: the WebKit phone can join and play (docs/browsers.md)"
    )
    assert seen["link"] == "no-webrtc"
    assert seen["banner"] == PHONE_NO_WEBRTC
    assert seen["button"] == JOIN_WAITING["no-webrtc"] and seen["disabled"]
    clean(seen)
    return seen


def reload_offline(browser, site):
    """The site's server stopped, the same page again: whatever it shows now came from the service worker."""
    browser.wait_for(CONTROLLED, WORKER_S, "the service worker controls the page")
    site.stop()
    browser.js("window.__before = true")
    browser.driver.refresh()
    browser.wait_for("return !window.__before && document.readyState !== 'loading'", READY_S, "the page reloaded")


def test_the_phone_in_webkit_draws_its_form_first_boots_and_says_it_cannot_join(open_webkit, own_site, signal):
    phone = open_webkit()
    release = own_site.hold("/static/vendor/micropython/micropython.wasm")
    phone.driver.get(own_site.url + "/join.html?room=ABCD&signal=" + signal)
    first = phone.wait_for(
        "const p = performance.getEntriesByType('paint'); return p.length && document.getElementById('join') && p",
        READY_S,
        "the first paint, with the form",
    )
    seen = look(phone)
    assert first and seen["form"] and not seen["ready"], "painted before MicroPython: its wasm is still held"
    assert seen["painted"] and seen["focused"] == "name" and seen["button"] == "Join" and not seen["disabled"]
    shot(phone, "phone-first-frame")
    release()
    phone_without_webrtc(phone)
    shot(phone, "phone-no-webrtc")


def test_the_phone_in_webkit_is_served_offline_on_its_second_visit(open_webkit, own_site, signal):
    phone = open_webkit()
    phone.driver.get(own_site.url + "/join.html?room=ABCD&signal=" + signal)
    phone_without_webrtc(phone)
    reload_offline(phone, own_site)
    seen = phone_without_webrtc(phone)
    assert seen["fresh"] and seen["controlled"] and seen["painted"]
    shot(phone, "phone-offline")


def test_the_screen_in_webkit_draws_first_and_says_it_cannot_watch(open_webkit, own_site, signal):
    screen = open_webkit()
    release = own_site.hold("/static/build/screen.js")
    screen.driver.get(own_site.url + "/screen.html?room=ABCD&signal=" + signal)
    screen.wait_for(
        "return performance.getEntriesByType('paint').length && document.querySelector('.boot')",
        READY_S,
        "the first paint, with the screen's notice",
    )
    seen = look(screen)
    assert seen["boot"] == SCREEN_NOTICES["connecting"] and seen["screen"] == "connecting", seen
    release()
    screen.wait_for("return document.body.dataset.screen === 'no_webrtc'", READY_S, "the screen's no-WebRTC notice")
    seen = look(screen)
    assert seen["boot"] == SCREEN_NOTICES["no_webrtc"] and seen["webrtc"] == "undefined"
    clean(seen)
    shot(screen, "screen-no-webrtc")
    reload_offline(screen, own_site)
    screen.wait_for("return document.body.dataset.screen === 'no_webrtc'", READY_S, "the no-WebRTC notice, offline")
    seen = look(screen)
    assert seen["fresh"] and seen["controlled"] and seen["boot"] == SCREEN_NOTICES["no_webrtc"]
    clean(seen)
