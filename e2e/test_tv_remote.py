"""A TV remote is enough (issue 37 point 5): host.html driven by the arrow keys and Enter alone, as a smart TV's
D-pad drives it (static/js/remote.js). No click on the TV: a whole Seven Rounds game, Play again and the replay;
Start a few presses away with twelve people in the lobby, and the focus kept on its control through the redraws
their joining makes. Every page's console stays clean (issue 38 point 10)."""
import json

from people import WAIT_MS, join_phones, open_host, wait_players
from seven_rounds_play import lock_in, wait_host_results, wait_round_open

NAMES = ["Ann", "Ben", "Cat"]
MOST_PRESSES = 30        # arrows to reach a control: a bound, so a focus lost for good fails instead of looping

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
    host.wait_for_function("m => document.activeElement && document.activeElement.dataset.move === m",
                           arg=json.dumps(move, separators=(",", ":")), timeout=WAIT_MS)


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


def ok(host, action):
    """Enter on the focused control, once the TV has answered every earlier press."""
    acted = int(host.get_attribute("body", "data-acted") or 0)
    host.keyboard.press("Enter")
    host.wait_for_function("n => Number(document.body.dataset.acted || 0) > n", arg=acted, timeout=WAIT_MS)


def no_console_errors(pages):
    errors = dict((p.peerparty.name, p.peerparty.console_errors) for p in pages if p.peerparty.console_errors)
    assert not errors, errors


def test_a_whole_seven_rounds_game_on_the_tv_by_arrow_keys_and_enter(open_page, wait_ready, signal, shot):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = join_phones(open_page, wait_ready, signal, host, code, NAMES)
    seven = {"room": "pick", "game": "seven_rounds"}
    # the game picker has the focus while Start cannot start (the first game, Seven Rounds)
    host.wait_for_function("() => document.activeElement && document.activeElement.hasAttribute('data-next')",
                           timeout=WAIT_MS)
    assert press_until(host, "ArrowDown", seven) == 0
    shot(host, "tv_remote-lobby-focus")
    ok(host, seven)
    wait_focus(host, {"room": "start"})            # Start, once it can start
    ok(host, {"room": "start"})
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    for rnd in range(1, 8):
        for phone in phones:
            wait_round_open(phone, rnd)
        for phone, action in zip(phones, ["bank", "double_down", "bank"]):
            lock_in(phone, action)
        wait_focus(host, {"type": "reveal"})       # Reveal takes the focus once everyone has locked in
        if rnd == 1:
            shot(host, "tv_remote-reveal-focus")
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
    for key, step in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1)):
        host.keyboard.press(key)
        host.wait_for_function("n => Number(document.querySelector('.replay-bar').dataset.replayAt) === n",
                               arg=start + step, timeout=WAIT_MS)
    host.keyboard.press("Enter")
    host.wait_for_selector(".replay-bar[data-replay-playing='1']", timeout=WAIT_MS)
    shot(host, "tv_remote-replay-focus")
    host.keyboard.press(" ")
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
