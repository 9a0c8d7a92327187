"""The phone's first second (issue 27): join.html's first frame is static HTML drawn at build time from ui/room.py,
so the room code, the name field (focused, filled with the name this phone gave last time), the Join button and
the how-to-play are there before MicroPython has booted; a Join tapped meanwhile is said on the early link as soon
as it opens (the TV seats the guest while the phone's Python boots, and the phone says "You're in!" from the host's
welcome) and Python carries it on once it is up; on a first visit the runtime is fetched once the early link is
through, not beside it (issue 51); a phone holding a seat reads "Rejoining as <name>…" at once; Python's first
screen keeps what was typed and the focus.

MicroPython's wasm is held back (its request is answered only when the test says so), so "before Python is up"
is a moment the test controls, not a race with the boot.
"""

from people import PHONE_VIEW, WAIT_MS, hold_requests, join, open_host, open_phone, people_names, received, wait_players


def hold_micropython(page):
    """Hold MicroPython's wasm from now on; returns release(), which lets it through and returns once the
    phone's Python is up (body[data-ready])."""
    let_through = hold_requests(page, "**/static/vendor/micropython/micropython.wasm", "micropython.wasm")

    def release():
        let_through()
        page.wait_for_selector("body[data-ready], .py-error", state="attached", timeout=WAIT_MS)

    return release


def new_phone(open_page, site, signal, code, name, init_script=None):
    """A phone that opens the join link with MicroPython held back: (page, release)."""
    phone = open_page(None, viewport=PHONE_VIEW, name="phone-" + name, init_script=init_script)
    release = hold_micropython(phone)
    phone.goto(site + "/join.html?room=%s&signal=%s&record=1" % (code, signal))
    phone.wait_for_selector("#join button", timeout=WAIT_MS)
    return phone, release


def before_python(page):
    assert page.get_attribute("body", "data-ready") is None, "MicroPython is up: the test held nothing back"


def test_a_name_typed_and_join_tapped_before_micropython_is_up_seats_the_guest(
    open_page, wait_ready, signal, site, shot
):
    host, code = open_host(open_page, wait_ready, signal)
    phone, release = new_phone(open_page, site, signal, code, "Zoe")
    before_python(phone)
    assert phone.inner_text(".room-tag") == "Room " + code
    assert phone.evaluate("() => document.activeElement.id") == "name", "the name field has the focus"
    assert phone.input_value("#name") == ""
    assert phone.inner_text("#join button") == "Join" and phone.is_enabled("#join button")
    assert phone.inner_text("#how-party summary") == "How to play"
    shot(phone, "phone-first-frame-before-python")

    phone.keyboard.type("Zoe")
    phone.click("#join button")
    # the early link says the kept Join as soon as it is open (link.js pp.earlyHello): the TV seats Zoe while
    # the phone's Python is still held back
    wait_players(host, 1)
    before_python(phone)
    assert people_names(host) == ["Zoe"]
    assert phone.evaluate("() => pp.early.said") == "Zoe"
    # and the host's welcome on that link is shown at once: the phone says the guest is in, Python or not
    phone.wait_for_selector("body[data-seated=early]", timeout=WAIT_MS)
    before_python(phone)
    assert phone.inner_text("h1") == "You're in!"
    assert phone.inner_text(".big-wait") == "Your phone is getting ready…"
    assert phone.inner_text(".room-tag") == "Room " + code
    shot(phone, "phone-first-frame-in-before-python")

    release()
    phone.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
    assert people_names(host) == ["Zoe"]
    assert phone.inner_text("h1") == "You're in!" and phone.query_selector(".people"), "Python drew the lobby"
    welcomes = [m for m in received(phone) if m["t"] == "welcome"]
    assert len(welcomes) == 1, "one welcome: the kept tap was said once, and Python took the host's answer to it"
    assert phone.evaluate("() => document.body.dataset.pending") == "0"
    shot(phone, "phone-after-python-joined")


def test_python_takes_over_the_first_frame_keeping_what_was_typed_and_the_focus(
    open_page, wait_ready, signal, site, shot
):
    host, code = open_host(open_page, wait_ready, signal)
    phone, release = new_phone(open_page, site, signal, code, "Ben")
    phone.keyboard.type("Be")
    field = phone.evaluate_handle("() => document.getElementById('name')")

    release()
    phone.wait_for_selector("body[data-link=open]", timeout=WAIT_MS)
    assert phone.evaluate("f => f.isConnected && document.activeElement === f", field), (
        "the same field, still focused: patched in place, not redrawn"
    )
    assert phone.input_value("#name") == "Be"
    assert phone.inner_text("#join button") == "Join"
    shot(phone, "phone-first-frame-after-python")
    phone.keyboard.type("n")
    phone.click("#join button")
    phone.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
    wait_players(host, 1)
    assert people_names(host) == ["Ben"]


def test_a_returning_guest_reads_rejoining_as_their_name_at_first_paint_and_gets_their_seat_back(
    open_page, wait_ready, signal, shot
):
    host, code = open_host(open_page, wait_ready, signal)
    phone = open_phone(open_page, wait_ready, signal, code, "Ann")
    join(phone, "Ann")
    wait_players(host, 1)

    release = hold_micropython(phone)
    phone.reload()
    phone.wait_for_selector(".big-wait", timeout=WAIT_MS)
    before_python(phone)
    assert phone.inner_text(".big-wait") == "Rejoining as Ann…"
    assert phone.inner_text(".room-tag") == "Room " + code
    shot(phone, "phone-first-frame-rejoining")

    release()
    phone.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
    wait_players(host, 1)
    assert people_names(host) == ["Ann"], "the same seat, not a second one"


def test_a_new_guest_finds_the_name_they_gave_last_time_in_the_field(open_page, wait_ready, signal, site):
    host, code = open_host(open_page, wait_ready, signal)
    phone, release = new_phone(
        open_page, site, signal, code, "Cy", init_script="localStorage.setItem('peerparty:name', 'Cy <3')"
    )
    assert phone.input_value("#name") == "Cy <3"
    release()
    phone.click("#join button")
    phone.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
    assert people_names(host) == ["Cy <3"]


# when join.html adds its runtime (body[data-runtime]), whether the early link was through by then
RUNTIME_ORDER = r"""(() => {
  new MutationObserver((list, watch) => {
    if (!document.body || !document.body.hasAttribute("data-runtime")) return;
    watch.disconnect();
    const pp = window.pp || {};
    window.__runtimeAfter = {linkDone: !!pp.linkDone, open: !!(pp.early && pp.early.conn && pp.early.conn.open),
                             said: pp.early ? pp.early.said : null,
                             controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller)};
  }).observe(document, {attributes: true, subtree: true});
})();"""


def test_a_first_visit_fetches_its_python_once_the_early_link_is_through(open_page, wait_ready, signal, site):
    """On a first visit (no service worker holds the files yet) the runtime's download would share a slow link
    with the early link's round trips: join.html adds its runtime once the link's channel is open and a Join kept
    on the first frame is said (static/js/link.js pp.linkSettled), and only then."""
    host, code = open_host(open_page, wait_ready, signal)
    phone = open_page(None, viewport=PHONE_VIEW, name="phone-Kim", init_script=RUNTIME_ORDER)
    phone.goto(site + "/join.html?room=%s&signal=%s" % (code, signal))
    phone.wait_for_selector("#join button", timeout=WAIT_MS)
    phone.fill("#name", "Kim")
    phone.click("#join button")
    phone.wait_for_selector("body[data-ready]", timeout=WAIT_MS)
    after = phone.evaluate("() => window.__runtimeAfter")
    assert after["controlled"] is False, "a first visit"
    assert after["linkDone"] is True and after["open"] is True, after
    phone.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
    wait_players(host, 1)
    assert people_names(host) == ["Kim"]


def test_on_a_slow_link_a_first_visit_fetches_its_python_once_the_join_is_answered(
    open_page, wait_ready, signal, site, shot
):
    """On a network where the early link took a second or more to come through (here Chromium's emulation of
    150 ms latency, which it adds to each direction of the data channel), the runtime's download would take
    seconds: it waits for the guest's Join to be answered, so the Join's round trip never queues behind it. The
    phone says "You're in!" from the host's welcome, then Python arrives and draws the lobby."""
    host, code = open_host(open_page, wait_ready, signal)
    phone = open_page(None, viewport=PHONE_VIEW, name="phone-Lou")
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("Network.enable")
    slow = {"offline": False, "latency": 150, "downloadThroughput": 200_000, "uploadThroughput": 100_000}
    cdp.send("Network.emulateNetworkConditions", slow)
    phone.goto(site + "/join.html?room=%s&signal=%s" % (code, signal))
    phone.wait_for_selector("body[data-runtime-waits=join]", state="attached", timeout=WAIT_MS)
    assert phone.evaluate("() => pp.early.conn.open") is True, "the link is through"
    assert phone.get_attribute("body", "data-runtime") is None, "no runtime before the Join"
    phone.fill("#name", "Lou")
    phone.click("#join button")
    phone.wait_for_selector("#join button[disabled]:has-text('Joining…')", timeout=WAIT_MS)
    assert phone.input_value("#name") == "Lou"
    shot(phone, "phone-first-frame-joining-before-python")
    phone.wait_for_selector("body[data-seated=early]", state="attached", timeout=WAIT_MS)
    assert phone.inner_text("h1") == "You're in!"
    wait_players(host, 1)
    assert people_names(host) == ["Lou"]
    phone.wait_for_selector("body[data-runtime]", state="attached", timeout=WAIT_MS)
    cdp.send("Network.emulateNetworkConditions", dict(slow, latency=0, downloadThroughput=-1, uploadThroughput=-1))
    phone.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)
    assert people_names(host) == ["Lou"], "Python took the seat the early link was given, not a second one"
