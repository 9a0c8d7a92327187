"""Fault runs (issue #7): the same seeded, scripted game played twice, once clean and once with faults, and
what must come out identical.

Scripts are picked under CPython with the engine (the host page's ?seed=S makes the match seed "S:0", seats
are p1, p2, ... in join order), then played through the screens the way people do. The games' own play
helpers (seven_rounds_play, bank_or_bust_play, someone_elses_problem_play, hint_hunt_play) are reused, never
changed. After each fault, `check_log` proves the host applied exactly the moves sent, once each.
"""

import json
from pathlib import Path

from peerparty.engine import Match
from peerparty.games import REGISTRY

from people import HOST_VIEW, PHONE_VIEW, WAIT_MS, host_record, join, received, room_news, sync, wait_rules

ROOT = Path(__file__).resolve().parent.parent
LONG_MS = 120_000  # a reload boots Pyodide (host) again: 5-20 s here, more when the machine is busy


# --- scripts, picked with the engine under CPython ----------------------------------------------------


def engine_script(game_id, players, match_seed, pick, limit=400, options=None):
    """[(player, move)] of a whole game where the only player with legal moves plays pick(state, p, moves)."""
    game = REGISTRY[game_id]
    match = Match(game, players, match_seed, options or {})
    script = []
    while match.result() is None:
        assert len(script) < limit, "no end within %d moves" % limit
        actors = [(p, game.legal_moves(match.state, p)) for p in players]
        actors = [(p, ms) for p, ms in actors if ms]
        assert len(actors) == 1, "one player at a time: %r" % actors
        p, moves = actors[0]
        move = pick(match.state, p, moves)
        match.play(p, move)
        script.append((p, move))
    return script, match.result()


def bank_or_bust_pick(state, p, moves, both=5, one=5):
    """Draw until both rows hold `both` Number cards or one holds `one`, then bank; else the first legal move
    of the first kind in a fixed order. With seed BB49 and two players the game ends by score in 50 moves
    (searched over seeds BB0..BB149 and thresholds 3..6 / 5..9)."""
    rows = state["rows"][p]
    count = [len(rows["top"]["cards"]), len(rows["bottom"]["cards"])]
    by = {}
    for m in moves:
        by.setdefault(m["type"], []).append(m)
    if "draw" in by or "bank" in by:
        done = min(count) >= both or max(count) >= one
        if (done or "draw" not in by) and "bank" in by:
            return by["bank"][0]
        return by["draw"][0]
    for kind in ("place", "use_discard", "play", "discard_power", "bust"):
        if kind in by:
            return by[kind][0]
    return moves[0]


def first_legal(state, p, moves):
    """Someone Else's Problem: the first legal move. Seed SE107, three players: the game ends in 10 moves."""
    return moves[0]


# --- pages ------------------------------------------------------------------------------------------------


def open_host_page(open_page, wait_ready, site, signal, seed, tag, fixed_time_ms=None):
    """The host page with ?seed=; `fixed_time_ms` pins the host's Date.now (page.clock) so no game timer
    can expire while the machine is slow (timers keep running, so the page itself works as usual)."""
    host = open_page(None, viewport=HOST_VIEW, name=tag + "-host")
    host.goto("%s/host.html?signal=%s&seed=%s" % (site, signal, seed))
    wait_ready(host)
    host.wait_for_selector("body[data-room-ready]", timeout=WAIT_MS)
    wait_rules(host)
    if fixed_time_ms is not None:
        # pinned once the page is up: pinned before its boot, Pyodide never reports ready (measured here)
        host.clock.set_fixed_time(fixed_time_ms)
    return host, host.get_attribute("body", "data-room-ready")


def join_url(site, code, signal):
    return "%s/join.html?room=%s&signal=%s&record=1" % (site, code, signal)


def open_phones(open_page, wait_ready, site, signal, code, host, names, tag, already=0):
    phones = {}
    for name in names:
        phone = open_page(join_url(site, code, signal), viewport=PHONE_VIEW, name="%s-phone-%s" % (tag, name))
        wait_ready(phone)
        join(phone, name)
        phones[name] = phone
    host.wait_for_selector("body[data-players='%d']" % (already + len(names)), timeout=WAIT_MS)
    wait_all_present(host, already + len(names))
    return phones


def wait_all_present(host, count, timeout=WAIT_MS):
    host.wait_for_function(
        "n => document.querySelectorAll('.people .presence.on').length === n"
        " && document.querySelectorAll('.people .presence.off').length === 0",
        arg=count,
        timeout=timeout,
    )


def presence(host, name):
    """'on' or 'off' as the host's people list marks `name` (None when not listed)."""
    return host.evaluate(
        """n => { for (const li of document.querySelectorAll('.people .person')) {
                   if (li.querySelector('.person-name').textContent === n)
                     return li.querySelector('.presence').classList.contains('on') ? 'on' : 'off'; }
                 return null; }""",
        name,
    )


def wait_presence(host, name, mark, timeout=WAIT_MS):
    host.wait_for_function(
        """([n, m]) => { for (const li of document.querySelectorAll('.people .person')) {
                   if (li.querySelector('.person-name').textContent === n)
                     return li.querySelector('.presence.' + m) !== null; }
                 return false; }""",
        arg=[name, mark],
        timeout=timeout,
    )


def freeze(page, frozen):
    """The phone's scripts stop (frozen) or run again: the DevTools debugger pauses its page. While paused it
    neither pings nor reads what arrives, as a phone asleep in a pocket; what the host sent meanwhile waits in
    the (still open) data channel. (Page.setWebLifecycleState "frozen" did not stop its pings here.)"""
    if frozen:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Debugger.enable")
        cdp.send("Debugger.pause")
        page._pp_cdp = cdp
    else:
        cdp = page._pp_cdp
        cdp.send("Debugger.resume")
        cdp.send("Debugger.disable")
        cdp.detach()


def reload_phone(phone, wait_ready):
    phone.reload()
    wait_ready(phone)
    phone.wait_for_selector("body[data-status=joined]", timeout=LONG_MS)


def reopen_phone(phone, wait_ready, url):
    """The person closes the tab and opens the join link again: a new page in the same browser profile."""
    ctx = phone.context
    phone.close()
    page = ctx.new_page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_selector("body[data-status=joined]", timeout=LONG_MS)
    return page


def reload_host(host, wait_ready, code, players):
    host.reload()
    wait_ready(host, timeout=LONG_MS)
    host.wait_for_selector("body[data-room-ready='%s']" % code, timeout=LONG_MS)
    host.wait_for_selector("body[data-players='%d']" % players, timeout=LONG_MS)


def logged_moves(host):
    """The host's persisted match log as [(player, move)] (times left out: they are wall-clock), without the
    room's news of who is away."""
    record = host_record(host)
    return [(p, m) for p, m, _ in record["match"]["log"] if not room_news(p, m)]


def check_log(host, expected, what):
    """The host's record holds exactly the expected moves: none lost, none applied twice."""
    got = logged_moves(host)
    assert got == [(p, m) for p, m in expected], (
        "%s: the host's log is not the moves sent once each:\nexpected %r\ngot      %r" % (what, expected, got)
    )


def resend_is_recognised(phone, host, seat_next_id, move):
    """Send the phone's last accepted move again with its original id (what GuestSession.resend does after a
    reconnect when the ack was lost): the host must answer `ack` and apply nothing."""
    before = len(logged_moves(host))
    count = phone.evaluate("() => window.pp.received.length")
    text = json.dumps({"v": 1, "t": "move", "id": seat_next_id - 1, "move": move})
    phone.evaluate("t => window.pp.sendRaw(t)", text)
    phone.wait_for_function(
        "([c, id]) => Array.from(window.pp.received).slice(c).some(t => { const m = JSON.parse(t);"
        " return (m.t === 'ack' && m.id === id) || m.t === 'error'; })",
        arg=[count, seat_next_id - 1],
        timeout=WAIT_MS,
    )
    replies = [m for m in received(phone)[count:] if m["t"] in ("ack", "error")]
    assert replies[0] == {"t": "ack", "id": seat_next_id - 1, "v": 1}, replies
    assert len(logged_moves(host)) == before, "a resent move was applied again"


def next_id(host, name):
    """The id the host expects next from `name`'s seat (last_move_id + 1, from its record)."""
    for seat in host_record(host)["lobby"]["seats"]:
        if seat["name"] == name:
            return seat["last_move_id"] + 1
    raise AssertionError(name)


# --- the outcome to compare ---------------------------------------------------------------------------


def last_view(phone):
    views = [m for m in received(phone) if m["t"] == "view"]
    assert views, "the phone received no view"
    return views[-1]["view"]


def outcome(host, phones):
    """What must be identical between the clean run and the faulty one."""
    for phone in phones.values():
        phone.wait_for_selector("body[data-phase=over]", timeout=LONG_MS)
    sync(host, phones.values())
    record = host_record(host)
    names = dict((s["id"], s["name"]) for s in record["lobby"]["seats"])
    result = record["history"][-1]["result"]
    return {
        "moves": [(p, m) for p, m, _ in record["match"]["log"] if not room_news(p, m)],
        "result": result,
        "standings": [(names[p], result["scores"][p], p in result["winners"]) for p in result["ranking"]],
        "host_table": _table_view(record),
        "phones": dict((name, last_view(phone)) for name, phone in phones.items()),
    }


def _table_view(record):
    match = Match.from_record(REGISTRY, record["match"])
    return match.view(None)


def clean_then_faulty(play, *args):
    """Play the scripted game clean, then again with the faults (checked against the clean run's log); both
    must end the same. `play(*args, tag, reference=None)` returns (outcome, what it checked); returns the
    clean outcome and what the faulty run checked."""
    clean, _ = play(*args, "clean")
    faulty, checked = play(*args, "faulty", clean["moves"])
    compare(clean, faulty)
    return clean, checked


def compare(clean, faulty):
    assert faulty["moves"] == clean["moves"], "the faulty run's host log differs from the clean run's"
    assert faulty["result"] == clean["result"]
    assert faulty["standings"] == clean["standings"]
    assert faulty["host_table"] == clean["host_table"]
    assert sorted(faulty["phones"]) == sorted(clean["phones"])
    for name in clean["phones"]:
        assert faulty["phones"][name] == clean["phones"][name], "%s's last view differs" % name


# --- a PeerServer of the test's own, killed and restarted on the same port --------------------------------


class OwnPeerServer:
    """node_modules/peer/dist/bin/peerjs.js on a free port, started as e2e/conftest.py starts the session's."""

    def __init__(self, start, stop, free_port):
        self._start, self._stop = start, stop
        self.port = free_port()
        self.proc = None
        self.starts = 0

    @property
    def signal(self):
        return "127.0.0.1:%d/peerjs" % self.port

    def start(self):
        node_bin = ROOT / "node_modules" / "peer" / "dist" / "bin" / "peerjs.js"
        self.starts += 1
        self.proc, _ = self._start(
            ["node", str(node_bin), "--host", "127.0.0.1", "--port", str(self.port), "--path", "/peerjs"],
            "peerserver-faults-%d" % self.starts,
            self.port,
        )

    def kill(self):
        self.proc.kill()  # a crash, not a clean shutdown
        self.proc.wait(timeout=10)

    def close(self):
        if self.proc is not None and self.proc.poll() is None:
            self._stop(self.proc)


def is_down(port):
    import socket

    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return False
    except OSError:
        return True


class Tracker:
    """Counts the moves a run has made (each one sent once) and checks the host's log against them: its
    length always, and, in the faulty run, its content against the clean run's log (`reference`)."""

    def __init__(self, host, reference=None, script=None):
        self.host = host
        self.reference = reference
        self.script = script
        self.count = len(logged_moves(host))
        self.checked = []

    def sent(self, n=1):
        self.count += n

    def wait_applied(self, timeout=WAIT_MS):
        self.host.wait_for_function(
            "n => { const r = JSON.parse(localStorage.getItem('peerparty:host'));"
            " return !!r && !!r.match && r.match.log.filter(([p, m]) => !(p === '@host' && m.type === 'away'))"
            ".length >= n; }",
            arg=self.count,
            timeout=timeout,
        )

    def check(self, what):
        log = logged_moves(self.host)
        assert len(log) == self.count, "%s: %d moves sent, the host logged %d" % (what, self.count, len(log))
        if self.script is not None:
            assert log == [tuple(x) for x in self.script[: self.count]], "%s: log differs from the script" % what
        if self.reference is not None:
            assert log == self.reference[: self.count], "%s: log differs from the clean run's" % what
        self.checked.append(what)

    def game_over(self, phones):
        """Wait for the host to show the game's end, check the log a last time; returns the run's outcome."""
        self.host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
        self.check("game over")
        return outcome(self.host, phones)
