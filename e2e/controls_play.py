"""The controls phone (issue 37, 48), used the way its holder uses it: a tap on the band's buttons, then the phone
shows the host's next state; and what a player sees of their moment (in view under the sticky header)."""

from people import WAIT_MS, seq, wait_seq_above

BAND = "[data-controls]"


def band_click(phone, selector, confirm=False):
    """Tap a button of the phone's controls band and wait until the phone shows the host's next state."""
    before = seq(phone)
    phone.click("%s %s" % (BAND, selector), timeout=WAIT_MS)
    if confirm:
        phone.wait_for_selector("#pp-confirm[open]", timeout=WAIT_MS)
        phone.click("#pp-confirm [data-answer=yes]")
    wait_seq_above(phone, before)
    assert phone.locator(".error-line").count() == 0, phone.inner_text(".error-line")


def in_view(page, selector, what):
    """The element starts on the screen as the page stands, under the sticky header (issue 48 points 3, 4)."""
    box = page.locator(selector).first.bounding_box()  # from the viewport's top, as the page stands
    assert box is not None, "%s: no %s" % (what, selector)
    height = page.evaluate("() => innerHeight")
    assert 0 <= box["y"] < height - 40, "%s starts at %d px on a %d px screen" % (what, box["y"], height)


def scrolled_down(page):
    """The player reads the bottom of their page (their Secret Mission, the rules' fold)."""
    page.evaluate("() => window.scrollTo(0, document.scrollingElement.scrollHeight)")


def holder_on_tv(host):
    return host.eval_on_selector_all(".person:has(.badge.controls) .person-name", "els => els.map(e => e.textContent)")


# every tap, click and key press the TV gets from a person (isTrusted: what Playwright's mouse and keys make)
COUNT_TAPS = """() => {
  window.ppTaps = [];
  for (const kind of ['pointerdown', 'click', 'keydown']) {
    document.addEventListener(kind, (e) => {
      if (e.isTrusted) window.ppTaps.push(kind + ' on ' + (e.target.id || e.target.textContent || '').slice(0, 40));
    }, true);
  }
}"""


def count_taps(tv):
    """From now on the TV records what a person does to it (a reload forgets it)."""
    tv.evaluate(COUNT_TAPS)


def taps(tv):
    """What a person did to the TV since count_taps: nothing, when the party runs from the controls phone."""
    return tv.evaluate("() => window.ppTaps")
