"""A TV remote is enough (issue 37 point 5): host.html driven by the arrow keys and Enter alone, as a smart TV's
D-pad drives it (static/js/remote.js). No click on the TV: a whole Seven Rounds game, Play again and the replay;
Start a few presses away with twelve people in the lobby, and the focus kept on its control through the redraws
their joining makes. Every page's console stays clean (issue 38 point 10)."""

import json

from people import ANSWERED, WAIT_MS, join_phones, open_host, seq, wait_players, wait_seq_at_least
from seven_rounds_play import lock_in, wait_host_results, wait_round_open

NAMES = ["Ann", "Ben", "Cat"]
MOST_PRESSES = 30  # arrows to reach a control: a bound, so a focus lost for good fails instead of looping

FOCUSED = """() => { const el = document.activeElement;
  return el && el !== document.body ? (el.dataset.move || el.id || el.textContent.trim()) : null; }"""


def focused(host):
    return host.evaluate(FOCUSED)


def focused_move(host):
    text = focused(host)
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None


def wait_focus(host, move):
    """Wait until the TV's focus is on the control that sends `move` (it moves there by itself)."""
    host.wait_for_function(
        "m => document.activeElement && document.activeElement.dataset.move === m",
        arg=json.dumps(move, separators=(",", ":")),
        timeout=WAIT_MS,
    )


def press_until(host, key, wanted):
    """Press `key` until the focus is on the control sending `wanted` (a dict); returns how many presses."""
    for n in range(MOST_PRESSES + 1):
        if focused_move(host) == wanted:
            return n
        host.keyboard.press(key)
    raise AssertionError("%s never reached %s; the focus is on %r" % (key, wanted, focused(host)))


TOWARD = """m => { const to = Array.from(document.querySelectorAll('[data-move]')).find((el) => el.dataset.move === m);
  const from = document.activeElement;
  if (!to || !from || from === document.body) return null;
  const a = from.getBoundingClientRect(), b = to.getBoundingClientRect();
  if (a.top < b.bottom && b.top < a.bottom) return b.left > a.left ? 'ArrowRight' : 'ArrowLeft';
  return b.top > a.top ? 'ArrowDown' : 'ArrowUp'; }"""


def reach(host, wanted):
    """Move the focus to the control sending `wanted` as a person with a remote does: looking at the screen,
    an arrow toward it (sideways when it is on the focus's row) until it is there. Returns the presses."""
    wanted_json = json.dumps(wanted, separators=(",", ":"))
    for n in range(MOST_PRESSES + 1):
        key = host.evaluate(TOWARD, wanted_json) if focused_move(host) != wanted else None
        if key is None:
            assert focused_move(host) == wanted, "no way to %s from %r" % (wanted, focused(host))
            return n
        host.keyboard.press(key)
    raise AssertionError("the arrows never reached %s; the focus is on %r" % (wanted, focused(host)))


def press_ok(host, key="Enter"):
    """OK on the remote, once the TV takes it: OK is held back a moment after the focus moved to a new next
    action by itself (a double press must not press that one too: static/js/remote.js)."""
    host.wait_for_selector("body:not([data-remote-guard])", state="attached", timeout=WAIT_MS)
    host.keyboard.press(key)


def ok(host, action):
    """Enter on the focused control; returns once the TV has answered it."""
    acted = int(host.get_attribute("body", "data-acted") or 0)
    press_ok(host)
    host.wait_for_function("n => Number(document.body.dataset.acted || 0) > n", arg=acted, timeout=WAIT_MS)


def no_console_errors(pages):
    errors = dict((p.peerparty.name, p.peerparty.console_errors) for p in pages if p.peerparty.console_errors)
    assert not errors, errors


def test_a_whole_seven_rounds_game_on_the_tv_by_arrow_keys_and_enter(open_page, wait_ready, signal, shot):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = join_phones(open_page, wait_ready, signal, host, code, NAMES)
    seven = {"room": "pick", "game": "seven_rounds"}
    # the game picker has the focus while Start cannot start (the first game, Seven Rounds)
    host.wait_for_function(
        "() => document.activeElement && document.activeElement.hasAttribute('data-next')", timeout=WAIT_MS
    )
    assert press_until(host, "ArrowDown", seven) == 0
    shot(host, "tv_remote-lobby-focus")
    ok(host, seven)
    wait_focus(host, {"room": "start"})  # Start, once it can start
    ok(host, {"room": "start"})
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    for rnd in range(1, 8):
        for phone in phones:
            wait_round_open(phone, rnd)
        for phone, action in zip(phones, ["bank", "double_down", "bank"]):
            lock_in(phone, action)
        wait_focus(host, {"type": "reveal"})  # Reveal takes the focus once everyone has locked in
        if rnd == 1:
            shot(host, "tv_remote-reveal-focus")
        if rnd == 3:
            # OK held down: its auto-repeat presses nothing (it would press Start round 4, which takes the focus)
            host.wait_for_selector("body:not([data-remote-guard])", state="attached", timeout=WAIT_MS)
            taps = int(host.get_attribute("body", "data-taps") or 0)
            host.keyboard.down("Enter")
            host.keyboard.down("Enter")  # repeat: true
            host.keyboard.up("Enter")
            host.wait_for_function(ANSWERED, timeout=WAIT_MS)
            assert int(host.get_attribute("body", "data-taps")) == taps + 1
        else:
            ok(host, {"type": "reveal"})
        wait_host_results(host, rnd)
        if rnd < 7:
            wait_focus(host, {"type": "next_round"})
            ok(host, {"type": "next_round"})
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    wait_focus(host, {"room": "again"})
    shot(host, "tv_remote-play-again-focus")

    # the replay: up to Watch it again; on the game's line left and right step it, Enter plays and pauses
    watch = reach(host, {"room": "watch", "game": 0})
    assert watch <= 4, "Watch it again is %d presses from Play again" % watch
    ok(host, {"room": "watch", "game": 0})
    host.wait_for_selector(".replay-bar[data-replay-at]", timeout=WAIT_MS)
    host.wait_for_function("() => document.activeElement.hasAttribute('data-replay-line')", timeout=WAIT_MS)
    start = int(host.get_attribute(".replay-bar", "data-replay-at"))
    # and in a right-to-left language the line is mirrored: left steps forward (the page's direction is set before
    # each press, as a redraw sets the room language's)
    for key, step, direction in (
        ("ArrowRight", 1, "ltr"),
        ("ArrowRight", 2, "ltr"),
        ("ArrowLeft", 1, "ltr"),
        ("ArrowLeft", 2, "rtl"),
        ("ArrowRight", 1, "rtl"),
    ):
        host.evaluate("(dir) => { document.documentElement.dir = dir; }", direction)
        host.keyboard.press(key)
        try:
            host.wait_for_function(
                "n => Number(document.querySelector('.replay-bar').dataset.replayAt) === n",
                arg=start + step,
                timeout=WAIT_MS,
            )
        except Exception:
            at = host.get_attribute(".replay-bar", "data-replay-at")
            raise AssertionError("%s (%s): the replay at step %s, not %d" % (key, direction, at, start + step))
    press_ok(host)
    host.wait_for_selector(".replay-bar[data-replay-playing='1']", timeout=WAIT_MS)
    shot(host, "tv_remote-replay-focus")
    press_ok(host, " ")
    host.wait_for_selector(".replay-bar[data-replay-playing='0']", timeout=WAIT_MS)
    assert host.evaluate("() => document.activeElement.hasAttribute('data-replay-line')"), focused(host)
    # up to the replay's buttons, right to Close
    host.keyboard.press("ArrowUp")
    assert focused_move(host) and focused_move(host).get("room") in ("replay", "save", "close_replay"), focused(host)
    assert reach(host, {"room": "close_replay"}) <= 8
    ok(host, {"room": "close_replay"})
    host.wait_for_selector(".replay-bar", state="detached", timeout=WAIT_MS)
    wait_focus(host, {"room": "again"})
    ok(host, {"room": "again"})
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    for phone in phones:
        wait_round_open(phone, 1)
    no_console_errors([host] + phones)


# twelve guests from one page: a PeerJS peer that opens a connection per name and says hello, as a phone does
CROWD = """([host, port, path, hostId, code, names]) => new Promise((resolve, reject) => {
  const peer = new Peer({ host, port: Number(port), path, secure: false, key: "peerjs", config: { iceServers: [] } });
  window.crowd = [];
  peer.on("error", (err) => reject(String(err.type)));
  peer.on("open", () => resolve(true));
  window.seat = (name) => {
    const conn = peer.connect(hostId, { reliable: true, serialization: "raw" });
    conn.on("open", () => conn.send(JSON.stringify({ v: 1, t: "hello", room: code, name, epoch: 0 })));
    window.crowd.push(conn);
  };
})"""


def test_start_is_a_few_presses_away_with_twelve_people_and_the_focus_stays_on_its_control(
    open_page, wait_ready, signal, site, shot
):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    crowd = open_page(None, name="crowd")
    crowd.set_content("<!doctype html><title>crowd</title>")
    crowd.add_script_tag(url=site + "/static/vendor/peerjs/peerjs.min.js")
    where, path = signal.split("/", 1)
    server, port = where.split(":")
    crowd.evaluate(CROWD, [server, port, "/" + path, "peerparty-%s-0" % code, code, []])
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kat", "Lou"]
    for n, name in enumerate(names, 1):
        crowd.evaluate("name => window.seat(name)", name)
        wait_players(host, n)
    # the first press of the remote: the picker has the focus, Seven Rounds first; Enter picks it, and Start,
    # which can start now, takes the focus: the second Enter starts
    host.wait_for_function(
        "() => document.activeElement && document.activeElement.hasAttribute('data-next')", timeout=WAIT_MS
    )
    presses = reach(host, {"room": "pick", "game": "seven_rounds"}) + 2  # the arrows, Enter, Enter
    assert presses <= 3, "Start is %d presses away" % presses
    ok(host, None)
    wait_focus(host, {"room": "start"})
    shot(host, "tv_remote-twelve-start-focus")
    # to a Remove button: Lou's phone goes away (a redraw: Lou shows as away), the focus stays on that Remove
    remove = {"room": "remove", "seat": host.get_attribute(".people .person:nth-child(7)", "data-person")}
    assert reach(host, remove) <= 8  # across the list and along a row of two marks (Remove, Give controls)
    crowd.evaluate("() => window.crowd[11].close()")
    host.wait_for_selector(".people .presence.off", timeout=WAIT_MS)
    wait_focus(host, remove)  # settled as the redraw paints (static/js/host-room.js draw)
    # Lou is removed by keys (the confirmation opens on Cancel: right to Confirm, Enter), and Start has the
    # focus again
    reach(host, {"room": "remove", "seat": host.get_attribute(".people .person:nth-child(12)", "data-person")})
    press_ok(host)
    host.wait_for_selector("dialog#pp-confirm[open]", timeout=WAIT_MS)
    assert host.evaluate("() => document.activeElement.dataset.answer") == "no"
    host.keyboard.press("ArrowRight")
    assert host.evaluate("() => document.activeElement.dataset.answer") == "yes"
    ok(host, None)
    wait_players(host, 11)
    wait_focus(host, {"room": "start"})
    ok(host, None)
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)


# what the focus may never be on by itself: a destructive action or one that asks first (static/js/remote.js)
RISKY = """() => { const el = document.activeElement;
  return el && el !== document.body && el.matches('.danger, [data-confirm]') ? el.textContent.trim() : null; }"""


def landed_safely(host, where):
    """The TV's focus, settled after a redraw, is on no destructive action (issue 48 point 7)."""
    host.wait_for_function("() => document.activeElement && document.activeElement !== document.body", timeout=WAIT_MS)
    risky = host.evaluate(RISKY)
    assert risky is None, "%s: the TV remote's focus landed on %r" % (where, risky)


def confirm_opens_on_cancel(host, what):
    """OK on the focused control opens its confirmation on Cancel; OK there changes nothing."""
    press_ok(host)
    host.wait_for_selector("dialog#pp-confirm[open]", timeout=WAIT_MS)
    assert host.evaluate("() => document.activeElement.dataset.answer") == "no", what
    host.keyboard.press("Enter")
    host.wait_for_selector("dialog#pp-confirm:not([open])", state="attached", timeout=WAIT_MS)
    assert host.get_attribute("body", "data-phase") == "playing", what


def test_a_tv_remote_never_lands_on_a_destructive_action(open_page, wait_ready, signal, shot):
    """Issue 48 point 7: Someone Else's Problem opened with End game focused and its confirmation on Confirm
    (two OKs ended the game); Bank or Bust's End game was four presses deep in a fold. Now: the focus lands on
    no destructive action, a confirmation opens on Cancel, and Bank or Bust's End game is a few presses away."""
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = join_phones(open_page, wait_ready, signal, host, code, NAMES)
    sep = {"room": "pick", "game": "someone_elses_problem"}
    host.wait_for_function(
        "() => document.activeElement && document.activeElement.hasAttribute('data-next')", timeout=WAIT_MS
    )
    reach(host, sep)
    ok(host, sep)
    wait_focus(host, {"room": "start"})
    ok(host, {"room": "start"})
    host.wait_for_selector("body[data-phase=playing] .sep-table", timeout=WAIT_MS)
    for phone in phones:
        wait_seq_at_least(phone, seq(host))
    landed_safely(host, "Someone Else's Problem, its first turn")
    shot(host, "tv_remote-sep-first-focus")
    # two OKs on whatever has the focus end nothing
    press_ok(host)
    press_ok(host)
    if host.locator("dialog#pp-confirm[open]").count():
        assert host.evaluate("() => document.activeElement.dataset.answer") == "no"
        host.keyboard.press("Escape")
    assert host.get_attribute("body", "data-phase") == "playing"
    # End game, reached on purpose, asks on Cancel; then ended by Confirm
    end = {"type": "end_game"}
    reach(host, end)
    confirm_opens_on_cancel(host, "Someone Else's Problem's End game")
    shot(host, "tv_remote-sep-end-game-cancelled")
    press_ok(host)
    host.wait_for_selector("dialog#pp-confirm[open]", timeout=WAIT_MS)
    host.keyboard.press("ArrowRight")
    ok(host, None)
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)

    # Bank or Bust: from the lobby by keys; End game is in sight, a few presses from where the focus lands
    lobby = {"room": "lobby"}
    reach(host, lobby)
    ok(host, lobby)
    host.wait_for_selector("body[data-phase=lobby]", timeout=WAIT_MS)
    bob = {"room": "pick", "game": "bank_or_bust"}
    reach(host, bob)
    ok(host, bob)
    reach(host, {"room": "start"})  # Start could start already: it does not take the focus anew
    ok(host, {"room": "start"})
    host.wait_for_selector("body[data-phase=playing] .bob-table", timeout=WAIT_MS)
    landed_safely(host, "Bank or Bust, its first turn")
    presses = reach(host, end)
    assert presses <= 3, "Bank or Bust's End game is %d presses away" % presses
    shot(host, "tv_remote-bob-end-game-focus")
    confirm_opens_on_cancel(host, "Bank or Bust's End game")
    no_console_errors([host] + phones)
