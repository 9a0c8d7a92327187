"""Remote screens in e2e tests (screen.html, issue 29): add one from the TV, open it, and check it shows the TV's
frame."""

from people import HOST_VIEW, WAIT_MS


# #app's markup, but for what a screen changes: disabled controls, Sound (the screen's own), and a countdown's
# text (each page counts down from when it drew); an emptied style attribute is none
DRAWN = """() => {
  const app = document.getElementById('app').cloneNode(true);
  for (const el of app.querySelectorAll('[disabled], [inert]')) { el.removeAttribute('disabled'); el.removeAttribute('inert'); }
  for (const el of app.querySelectorAll(`[data-move='{"room":"sound"}']`)) el.remove();
  for (const el of app.querySelectorAll('[style=""]')) el.removeAttribute('style');   // the TV's own form's, emptied
  for (const el of app.querySelectorAll('[data-countdown]')) {      // each page counts down from its own render
    el.textContent = '';
    el.classList.remove('low', 'expired');
  }
  return app.innerHTML;
}"""


def open_screen(open_page, url, name, extra="&record=1", viewport=HOST_VIEW):
    """A screen page from the TV's screen link, once it shows a frame."""
    page = open_page(site_path(url) + extra, viewport=viewport, name=name)
    page.wait_for_selector("body[data-screen=watching][data-frame]", timeout=WAIT_MS)
    return page


def site_path(url):
    """The site-relative part of the screen link the TV shows (open_page takes a path)."""
    return "/" + url.split("://", 1)[1].split("/", 1)[1]


def screen_link(host, shot=None):
    """Add a screen, as the host does: the link (and QR code) over the TV, then Close."""
    host.click("button:text-is('Add a screen')")
    link = host.get_attribute(".add-screen [data-screen-link]", "data-screen-link")
    assert host.locator(".add-screen .qr svg").count() == 1
    if shot:
        shot(host, "second-screen-add")
    host.click(".add-screen button:text-is('Close')")
    host.wait_for_selector(".add-screen", state="detached", timeout=WAIT_MS)
    return link


def same_frame(host, screen):
    """The screen shows the frame the TV shows now: the same HTML, received whole or patched. The TV may draw
    again meanwhile (presence, a timer): then look again at its newer frame."""
    for _ in range(20):
        # a host tab that is a seat's screen (a Hint Hunt successor's phone) sends its screens the table it draws
        # beside (app/rules.py draw): then that is the frame, and the page itself shows the seat
        number, html, table = host.evaluate(
            "() => [pp.host.frame, pp.host.screen.table || pp.host.screen.html, !!pp.host.screen.table]"
        )
        screen.wait_for_function("n => Number(document.body.dataset.frame) >= n", arg=number, timeout=WAIT_MS)
        shown_number, shown = screen.evaluate("() => [pp.screen.frame(), pp.screen.html()]")
        if shown_number == number:
            assert shown == html, "the screen's frame %d is not the TV's" % number
            # and on the page: the same markup but for the host's controls, disabled there, and Sound, its own
            there = screen.evaluate("() => [pp.screen.frame(), (%s)()]" % DRAWN)
            here = host.evaluate("() => [pp.host.frame, (%s)()]" % DRAWN)
            if there[0] == here[0] == number and not table:  # neither drew again meanwhile
                at = next((i for i, (a, b) in enumerate(zip(there[1], here[1])) if a != b), None)
                assert there[1] == here[1], "the screen's page differs from the TV's at %r: %r / %r" % (
                    at,
                    there[1][(at or 0) - 80 : (at or 0) + 80],
                    here[1][(at or 0) - 80 : (at or 0) + 80],
                )
            return number
    raise AssertionError("the screen never caught up with the TV")
