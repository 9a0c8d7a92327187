"""The pages' own words in the pseudo-locales (issue 49), in Chromium: host.html, join.html and screen.html opened
with ?lang=en-XA and ?lang=ar-XB (a test's page parameter: no person is offered them), on a phone (360x640) and a
TV (1280x720). Their first frame is drawn from the pseudo-locale's frames (static/build/i18n/<lang>.<page>.html,
scripts/build.py), so every message comes out accented between [markers]: a run of plain ASCII letters left is
English no catalog gave. Nothing is wider than the viewport, and ar-XB sets <html dir="rtl">.

The Python runtimes are held back, so the frame read is the page's own, not a screen Python drew after it. The
TV's room itself then opens in the pseudo-locale (app/rules.py open's `pseudo`): its screens keep the direction.
"""

import re

import pytest
from people import WAIT_MS, hold_requests

from peerparty import i18n

PSEUDO = ("en-XA", "ar-XB")
VIEWS = {"phone": (360, 640), "tv": (1280, 720)}
ASCII_WORD = re.compile(r"[A-Za-z]{2,}")
ALLOWED = {"PeerParty", "QR"}  # names, not messages: the brand, a letter code
NOT_YET = set()  # English a page still shows: none

# the text a person reads in #app: its text nodes, and the attributes a browser shows or speaks
READ = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.getElementById("app"), NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) if (walk.currentNode.textContent.trim()) out.push(walk.currentNode.textContent.trim());
  for (const el of document.querySelectorAll("#app [title], #app [aria-label], #app [placeholder], #app [data-confirm]"))
    for (const name of ["title", "aria-label", "placeholder", "data-confirm"])
      if (el.getAttribute(name)) out.push(el.getAttribute(name));
  return out;
}"""

# every element of #app that reaches past the viewport's sides, and the page's own width
WIDER = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll("#app *")) {
    const box = el.getBoundingClientRect();
    if (box.width && (box.left < -1 || box.right > width + 1)) out.push(el.tagName + "." + el.className + " " +
      Math.round(box.left) + ".." + Math.round(box.right));
  }
  return { width, scroll: document.documentElement.scrollWidth, out };
}"""


def english_left(lines, values):
    """The lines holding an ASCII word that is neither a value (a code, an address) nor ALLOWED."""
    out = []
    for line in lines:
        rest = line
        for value in sorted(values, key=len, reverse=True):
            rest = rest.replace(value, " ")
        if any(word not in ALLOWED for word in ASCII_WORD.findall(rest)):
            out.append(line)
    return out


def open_in(open_page, site, signal, page, lang, view):
    """`page` opened in the pseudo-locale `lang` at `view`, its Python held: (tab, values on it, release)."""
    tab = open_page(None, viewport=VIEWS[view], name="%s-%s-%s" % (page, lang, view), locale="en-US")
    held = {"host": "**/pyscript.toml", "join": "**/static/vendor/micropython/micropython.wasm"}.get(page)
    release = hold_requests(tab, held, held) if held else None
    path = {"host": "host.html?new=1", "join": "join.html?room=ABCD", "screen": "screen.html?room=ABCD"}[page]
    tab.goto("%s/%s&signal=%s&lang=%s" % (site, path, signal, lang))
    tab.wait_for_selector("body[data-frame-lang='%s']" % lang, timeout=WAIT_MS)
    host = site.split("://", 1)[1]
    values = {"ABCD", host + "/join.html", site, "join.html"} | set(
        i18n.NAMES.values()
    )  # each language's own name  # the join address (split at its slash on the TV)
    if page == "host":
        values.add(tab.get_attribute("[data-code]", "data-code"))
    return tab, values, release


@pytest.mark.parametrize("view", sorted(VIEWS))
@pytest.mark.parametrize("lang", PSEUDO)
@pytest.mark.parametrize("page", ["host", "join", "screen"])
def test_a_page_in_a_pseudo_locale(open_page, site, signal, page, lang, view):
    tab, values, release = open_in(open_page, site, signal, page, lang, view)
    lines = tab.evaluate(READ)
    assert lines, "the first frame has no words"
    left = english_left(lines, values)
    assert set(left) <= NOT_YET, "English no catalog gave on %s: %s" % (page, sorted(set(left) - NOT_YET))
    assert any("[" in line for line in lines), lines  # the pseudo-locale's markers: its words, not English
    assert tab.evaluate("document.documentElement.lang") == lang
    assert tab.evaluate("document.documentElement.dir") == ("rtl" if lang == "ar-XB" else "ltr")
    wide = tab.evaluate(WIDER)
    assert wide["scroll"] <= wide["width"] and not wide["out"], "wider than the %s's viewport: %s" % (view, wide)


def test_the_tv_room_opens_in_the_pseudo_locale(open_page, site, signal):
    """Once the rules are up, the room itself speaks ar-XB: the big screen's frame marks say so, right to left."""
    tab, values, release = open_in(open_page, site, signal, "host", "ar-XB", "tv")
    release()
    tab.wait_for_selector("body[data-frame][data-lang='ar-XB']", timeout=WAIT_MS)
    assert tab.evaluate("document.documentElement.dir") == "rtl"
    assert tab.evaluate("document.documentElement.lang") == "ar-XB"
