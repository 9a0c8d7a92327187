"""Host and phone helpers for e2e tests: open a room, join phones, start a game, wait on the signals pages set."""

import json
import time

from peerparty.engine import HOST

HOST_VIEW = (1280, 720)
PHONE_VIEW = (390, 844)
WAIT_MS = 60_000

# a screen links its game's stylesheet (ui/room.py game_style); glue.js sets body[data-styled] to "1" once it has
# loaded. A page that has drawn no screen through glue.js (join.html's first frame) has no such attribute.
STYLED = "() => !document.body.dataset.styled || document.body.dataset.styled === '1'"


def laid_out(page, timeout=WAIT_MS):
    """Wait until the screen's stylesheets have loaded: before measuring or looking at a layout."""
    page.wait_for_function(STYLED, timeout=timeout)
    return page


RULES_MS = 240_000  # the host's rules worker boots Pyodide: ~3 s idle here; beside the 12-phone load test on
# the other core, a worker thread's share of the CPU is small (90 s was seen to run out)


def open_host(open_page, wait_ready, signal, name="host", extra="", init_script=None):
    """The host page, once its room is open to phones and its rules worker answers (its screen shows the
    lobby). e2e/test_host_threads.py looks at the moments before."""
    page = open_page("/host.html?signal=%s%s" % (signal, extra), viewport=HOST_VIEW, name=name, init_script=init_script)
    wait_ready(page)
    page.wait_for_selector("body[data-room-ready]", timeout=WAIT_MS)
    wait_rules(page)
    return page, page.get_attribute("body", "data-room-ready")


def wait_rules(host, timeout=RULES_MS):
    """Wait until the host's rules worker has answered (body[data-rules-ready], set by host-room.js)."""
    host.wait_for_selector("body[data-rules-ready], .py-error", state="attached", timeout=timeout)


def rules_worker(host):
    """The host page's rules worker: PyScript's Pyodide worker (a blob: script of PyScript's), the one whose
    interpreter static/js/rules-interpreter.mjs left in self.ppPyodide."""
    workers = [w for w in host.workers if _holds_pyodide(w)]
    assert len(workers) == 1, [w.url for w in host.workers]
    return workers[0]


def _holds_pyodide(worker):
    # a worker that is closing (the page before a reload, wasm-compile.js's once its module is made) cannot
    # evaluate any more: it is not the rules worker
    try:
        return worker.evaluate("() => !!self.ppPyodide")
    except Exception:
        return False


def open_phone(open_page, wait_ready, signal, code, name, record=True):
    url = "/join.html?room=%s&signal=%s%s" % (code, signal, "&record=1" if record else "")
    page = open_page(url, viewport=PHONE_VIEW, name="phone-" + name)
    wait_ready(page)
    return page


def join(page, name):
    page.wait_for_selector("#join button:not([disabled])", timeout=WAIT_MS)
    page.fill("#name", name)
    page.click("#join button")
    page.wait_for_selector("body[data-status=joined]", timeout=WAIT_MS)


def join_phones(open_page, wait_ready, signal, host, code, names, record=True):
    """One phone per name joins the room, in order; returns them once the host lists every one as present."""
    phones = []
    for name in names:
        phone = open_phone(open_page, wait_ready, signal, code, name, record=record)
        join(phone, name)
        phones.append(phone)
    wait_players(host, len(names))
    wait_present(host, len(names))
    return phones


# the TV's taps answered: the rules worker has applied each and the screen is redrawn (host-room.js marks both)
ANSWERED = "() => Number(document.body.dataset.acted || 0) >= Number(document.body.dataset.taps || 0)"


def pick(host, game_id):
    """The host picks a game in the lobby; returns once the lobby is redrawn with it. What is clicked next is on
    that screen: a click while the redraw moves the lobby's parts lands where its target was."""
    host.click('[data-move=\'{"room":"pick","game":"%s"}\']' % game_id)
    host.wait_for_function(ANSWERED, timeout=WAIT_MS)


def pick_and_start(host, game_id):
    """The host picks a game in the lobby and presses Start; returns once the game is being played."""
    pick(host, game_id)
    host.wait_for_selector("#start:not([disabled])", timeout=WAIT_MS)
    host.click("#start")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)


def start_game(open_page, wait_ready, signal, game_id, names):
    """A new room: the phones join, the host picks the game and starts it; returns (host, code, phones)."""
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = join_phones(open_page, wait_ready, signal, host, code, names)
    pick_and_start(host, game_id)
    return host, code, phones


def play_here(host, name):
    """ "I play on this screen": the host opens the lobby's fold, types a name and takes a seat on the host tab."""
    host.wait_for_selector("#play-here", timeout=WAIT_MS)
    if not host.evaluate("() => document.getElementById('play-here').open"):
        host.click("#play-here > summary")
    host.fill("#host-name", name)
    host.click("#host-seat button[type=submit]")
    host.wait_for_selector("[data-plays-here]", timeout=WAIT_MS)


def seq(page):
    """The sequence number of the state the page shows (body[data-seq]), -1 before the first."""
    return int(page.get_attribute("body", "data-seq") or -1)


def wait_seq_at_least(page, n, timeout=WAIT_MS):
    """Wait until the page shows state n or a later one."""
    page.wait_for_function("n => Number(document.body.dataset.seq) >= n", arg=n, timeout=timeout)


def wait_seq_above(page, n, timeout=WAIT_MS):
    """Wait until the page shows a state later than n."""
    page.wait_for_function("n => Number(document.body.dataset.seq) > n", arg=n, timeout=timeout)


def timed_move(host, make_move):
    """Make one move (make_move() taps it on a screen) and wait until the host has applied it; returns the
    milliseconds from the tap to the host's new state."""
    h = seq(host)
    t0 = time.monotonic()
    make_move()
    wait_seq_above(host, h)
    return (time.monotonic() - t0) * 1000


def sync(host, phones, timeout=WAIT_MS):
    """Wait until every phone shows the host's latest state; return the phones whose input is awaited."""
    h = seq(host)
    for phone in phones:
        wait_seq_at_least(phone, h, timeout=timeout)
    return [p for p in phones if p.get_attribute("body", "data-act") == "1"]


def host_record(host):
    """The room and match the host persists after every step (its localStorage record)."""
    return json.loads(host.evaluate("() => localStorage.getItem('peerparty:host')"))


def wait_players(host, count):
    host.wait_for_selector("body[data-players='%d']" % count, timeout=WAIT_MS)


def wait_present(host, count):
    host.wait_for_function(
        "n => document.querySelectorAll('.people .presence.on').length === n", arg=count, timeout=WAIT_MS
    )


def received(phone):
    return [json.loads(t) for t in phone.evaluate("() => Array.from(window.pp.received)")]


def people_names(page):
    return page.eval_on_selector_all(".people .person-name", "els => els.map(e => e.textContent)")


def deal_shown(page):
    """The seed's fingerprint a page shows (TV: the band; phone: under the room code), or None."""
    found = page.locator(".deal code").first
    return found.inner_text() if found.count() else None


def save_and_verify(host):
    """Press the TV's "Save this game" at the results: the file it downloads must pass the CPython verifier
    (what `python3 -m peerparty.replay` runs) and hold the host's own log and result. Returns (data, path)."""
    from peerparty.engine.record import verify
    from peerparty.games import REGISTRY

    with host.expect_download(timeout=WAIT_MS) as saving:
        host.locator(".deal-row").get_by_role("button", name="Save this game").click()
    download = saving.value
    path = download.path()
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    steps = verify(REGISTRY, data)
    record = host_record(host)
    assert len(steps) == len(record["match"]["log"]) + 1
    assert data["log"] == record["match"]["log"] and data["result"] == record["history"][-1]["result"]
    assert data["seed"] == record["match"]["seed"]
    assert download.suggested_filename.endswith("-%s-game%d.json" % (record["code"], len(record["history"])))
    return data, path


def hold_requests(page, pattern, what):
    """Hold every request of page's context matching `pattern` from now on (a boot held at a moment the test
    chooses). Returns release(), which waits until one was asked for, then lets them all through, and every
    later one."""
    held = []
    released = []

    def hold(route):
        if released:
            route.continue_()
        else:
            held.append(route)

    page.context.route(pattern, hold)

    def release():
        deadline = time.monotonic() + WAIT_MS / 1000
        while not held:
            assert time.monotonic() < deadline, "the page never asked for " + what
            page.wait_for_timeout(100)
        released.append(True)
        while held:  # every request held (a retried one too), and none from now on
            held.pop().continue_()

    return release


def room_news(player, move):
    """The room's own news of who is away (DX-11, room/away.py), logged as a phone reloads or drops: not a move any
    phone sent, so tests that count the moves sent, leave it out."""
    return player == HOST and move.get("type") == "away"
