"""A harmless race changes nothing and shows nothing; a real refusal is shown for a few seconds (issue 38 point 5,
room/races.py, docs/decisions.md "A harmless race shows nothing"). Phones over the memory network; the TV through
the rules worker's Python (app/rules.py), as host-room.js drives it."""

import itertools
import json

from peerparty.app.rules import Rules
from peerparty.games import REGISTRY
from peerparty.net.memory import MemoryNetwork, Phone
from peerparty.room import races
from peerparty.room.guest import GuestSession
from peerparty.room.host import HostSession

from .helpers import last

LOCK = {"type": "lock", "action": "bank"}


def test_the_classification():
    # a phone: the moment passed, or the same move for the same decision went before it
    assert races.phone_race("stale", LOCK, 1, [])
    assert races.phone_race("no_game", LOCK, 1, [])
    assert races.phone_race("invalid_move", LOCK, 1, [(LOCK, 1)])
    assert not races.phone_race("invalid_move", LOCK, 1, []), "a refusal of a first tap is real"
    assert not races.phone_race("invalid_move", LOCK, 2, [(LOCK, 1)]), "the same move in another round is not"
    assert not races.phone_race("invalid_move", LOCK, 1, [({"type": "lock", "action": "swipe"}, 1)])
    assert races.phone_race("not_your_turn", LOCK, 1, [], passed=True), "its screen already moved on"
    # the TV: its effect already holds
    assert races.host_race("start", "bad_message", "playing") and races.host_race("start", "bad_message", "over")
    assert not races.host_race("start", "bad_message", "lobby"), "Start refused in the lobby (pick a game) is real"
    assert races.host_race("again", "bad_message", "playing")
    assert not races.host_race("again", "bad_message", "over")
    assert races.host_race("move", "stale", "playing") and races.host_race("move", "no_game", "over")
    assert not races.host_race("move", "invalid_move", "playing")
    assert not races.host_race("pick", "game_running", "playing")


def seven_rounds_room(names=("Ann", "Ben", "Cat")):
    counter = itertools.count()
    host = HostSession("WXYZ", REGISTRY, token_source=lambda: "tok-%04d" % next(counter))
    net = MemoryNetwork(host, 1)
    phones = {}
    for name in names:
        phone = phones[name] = Phone(net, GuestSession("WXYZ", name=name))
        net.connect(phone)
        net.flush()
    host.host_action({"t": "pick", "game": "seven_rounds"}, 0)
    out, err = host.host_action({"t": "start"}, 0)
    assert err is None
    net.to_phone.extend(out)
    net.flush()  # round 1 is open (Seven Rounds' start move)
    return host, net, phones


def test_a_double_tap_on_lock_in_locks_once_and_the_phone_shows_nothing():
    host, net, phones = seven_rounds_room()
    ann = phones["Ann"]
    ann.send_move(LOCK)
    ann.send_move(LOCK)  # the second tap, before the first one's answer
    net.flush()
    refusal = last(ann, "error")
    assert refusal is not None and refusal["code"] == "invalid_move", "the host still refuses the second one"
    assert ann.session.error is None, "but the phone shows nothing"
    assert ann.session.pending == []
    log = [entry for entry in host.match.to_record()["log"] if entry[1].get("type") == "lock"]
    assert len(log) == 1, "the game moved once"


def test_a_tap_on_a_moment_that_just_passed_shows_nothing_and_a_real_refusal_leaves_by_itself():
    host, net, phones = seven_rounds_room()
    for name in ("Ann", "Cat"):
        phones[name].send_move(LOCK)
    net.flush()
    ben = phones["Ben"]
    late = ben.session.move(LOCK)  # Ben taps Lock in as time runs out and the host reveals
    net.advance(61000)
    net.to_phone.extend(host.on_timer(net.now_ms))
    out, err = host.host_action({"t": "move", "move": {"type": "reveal", "skip_ok": True}}, net.now_ms)
    assert err is None
    net.to_phone.extend(out)
    net.flush()
    net.send(ben, late)
    net.flush()
    assert last(ben, "error")["code"] == "not_your_turn", "the host refuses it: no round is open"
    assert ben.session.error is None, "but Ben's phone already shows the results: nothing to say"
    # a real refusal (a phone naming itself, which its screen never offers) is shown, for a few seconds
    out, _ = host.host_action({"t": "move", "move": {"type": "next_round"}}, net.now_ms)
    net.to_phone.extend(out)
    net.flush()
    cat = phones["Cat"]
    cat.send_move({"type": "lock", "action": "swipe", "target": cat.session.seat})
    net.flush()
    assert cat.session.error["code"] == "invalid_move"
    assert not cat.session.expire_error(net.now_ms + races.SHOWN_MS - 1), "shown for a few seconds"
    assert cat.session.expire_error(net.now_ms + races.SHOWN_MS), "then it leaves by itself"
    assert cat.session.error is None


def test_a_real_refusal_leaves_at_the_next_decision():
    host, net, phones = seven_rounds_room()
    cat = phones["Cat"]
    cat.send_move({"type": "lock", "action": "swipe", "target": cat.session.seat})
    net.flush()
    assert cat.session.error["code"] == "invalid_move"
    for name in ("Ann", "Ben", "Cat"):
        phones[name].send_move({"type": "lock", "action": "bank"})
    net.flush()
    out, _ = host.host_action({"t": "move", "move": {"type": "reveal"}}, 0)
    out2, _ = host.host_action({"t": "move", "move": {"type": "next_round"}}, 0)
    net.to_phone.extend(out + out2)
    net.flush()
    assert cat.session.expire_error(net.now_ms), "round 2 is another decision: round 1's refusal is over"


# --- the TV ------------------------------------------------------------------------------------------


class TV:
    """The big screen's taps through the rules worker's Python, each naming the decision on screen."""

    def __init__(self):
        counter = itertools.count()
        self.rules = Rules(REGISTRY, token_source=lambda: "tok-%04d" % next(counter))
        self.now = 1000
        self.html = ""
        self.ref = None
        self.take(self.rules.open("new", "WXYZ", 0, self.now, seed="races"))
        self.phones = {}

    def take(self, out):
        if "screen" in out:
            self.html, self.ref = out["screen"]["html"], out["screen"]["ref"]
        for conn, text in out.get("send", []):
            if conn in self.phones:
                self.phones[conn].receive(text, self.now)
        return out

    def join(self, name):
        conn = "c%d" % len(self.phones)
        self.phones[conn] = GuestSession("WXYZ", name=name)
        self.take(self.rules.connect(conn, self.now))
        self.take(self.rules.data(conn, self.phones[conn].hello(), self.now))
        return conn

    def tap(self, action, ref=None):
        return self.take(self.rules.action(json.dumps(action), self.now, self.ref if ref is None else ref))

    def tick(self, ms):
        self.now += ms
        return self.take(self.rules.tick(self.now))

    def error(self):
        return self.rules.screen()["error"]


SENTENCES = (
    "There is nothing to reveal right now.",
    "That was for an earlier moment of the game",
    "A game is under way.",
    "No game is running.",
    "The game is not over yet.",
)


def shows_no_refusal(tv):
    assert tv.error() is None
    assert not [s for s in SENTENCES if s in tv.html], tv.html


def test_the_tvs_double_clicks_on_start_reveal_and_play_again_change_and_show_nothing():
    tv = TV()
    conns = [tv.join(name) for name in ("Ann", "Ben", "Cat")]
    tv.tap({"room": "pick", "game": "seven_rounds"})
    tv.tap({"room": "start"})
    tv.tap({"room": "start"})  # Start twice: the game is already on
    shows_no_refusal(tv)
    session = tv.rules.session
    assert session.phase == "playing" and len(session.history) == 0
    for rnd in range(1, 8):
        if rnd > 1:
            ref = tv.ref
            tv.tap({"type": "next_round"})
            tv.tap({"type": "next_round"}, ref=ref)  # the second click carries the decision the first one saw
            shows_no_refusal(tv)
        assert session.match.state["round"] == rnd, "the game moved once"
        for conn in conns:
            tv.take(tv.rules.data(conn, tv.phones[conn].move({"type": "lock", "action": "bank"}), tv.now))
        ref = tv.ref
        tv.tap({"type": "reveal"})
        tv.tap({"type": "reveal"}, ref=ref)  # before the redraw: its ref is over
        tv.tap({"type": "reveal"})  # after it: nothing to reveal
        shows_no_refusal(tv)
    assert session.phase == "over" and len(session.history) == 1
    tv.tap({"type": "reveal"})  # No game is running: the last reveal ended it
    shows_no_refusal(tv)
    tv.tap({"room": "again"})
    tv.tap({"room": "again"})  # Play again twice: one new game
    shows_no_refusal(tv)
    assert session.phase == "playing" and len(session.history) == 1
    assert session.match.state["round"] == 1 and len(session.match.to_record()["log"]) == 1, (
        "one new game, at its start"
    )


def test_a_real_refusal_on_the_tv_is_shown_for_a_few_seconds_then_leaves():
    tv = TV()
    for name in ("Ann", "Ben", "Cat"):
        tv.join(name)
    tv.tap({"room": "pick", "game": "seven_rounds"})
    tv.tap({"room": "start"})
    tv.tap({"type": "reveal"})  # nobody has locked in and time runs: a real refusal
    sentence = "Not everyone has locked in, and the timer is still running."
    assert tv.error() == sentence and sentence in tv.html
    tv.tick(races.SHOWN_MS - 250)
    assert sentence in tv.html, "it stays a few seconds"
    tv.tick(250)
    assert tv.error() is None and sentence not in tv.html, "then it leaves by itself"
