"""The host page's two threads (docs/host-threads.md): the rules worker's Python (app/rules.py) holds the room and
every secret; the screen thread gets only what the big screen shows. Here the screen thread's part is played by
a small relay over GuestSession phones, as host-room.js does it in the browser, and what reaches it is checked.

(tests/test_layering.py proves the screen thread's Python imports neither the engine nor the games.)
"""
import itertools
import json
import re
from pathlib import Path
from random import Random

import pytest

from peerparty.app.rules import Rules
from peerparty.engine import HOST
from peerparty.games import REGISTRY
from peerparty.room.guest import GuestSession
from peerparty.room.lobby import CODE_ALPHABET, CODE_LENGTH
from peerparty.ui.room import FRAME_NOTICES, host_frame

from .test_leaks import canonical, count_problems, hint_marker

ROOT = Path(__file__).resolve().parents[1]
SCREEN_KEYS = {"room", "view", "me", "now_ms", "seq", "info", "error"}


class ScreenThread:
    """What host-room.js does with the worker's answers: sends protocol text to connections, keeps the last
    screen (here: every screen, for the checks) and stores the record without reading it."""

    def __init__(self, rules):
        self.rules = rules
        self.now = 1000
        self.phones = {}          # conn -> GuestSession
        self.screens = []         # every screen payload (JSON text) the worker sent
        self.record = None

    def take(self, out):
        assert set(out) <= {"send", "screen", "record", "opened", "moved_on"}, out
        if "screen" in out:
            self.screens.append(out["screen"])
        if "record" in out:
            self.record = out["record"]
        for conn, text in out.get("send", []):
            phone = self.phones.get(conn)
            if phone is not None:
                phone.receive(text, self.now)
        return out

    def join(self, name):
        conn = "c%d" % (len(self.phones) + 1)
        phone = GuestSession(self.rules.session.code, name=name)
        self.phones[conn] = phone
        self.take(self.rules.connect(conn, self.now))
        self.take(self.rules.data(conn, phone.hello(), self.now))
        assert phone.status == "joined", phone.error
        return conn

    def move(self, conn, move):
        self.take(self.rules.data(conn, self.phones[conn].move(move), self.now))

    def action(self, action):
        return self.take(self.rules.action(json.dumps(action), self.now))

    def screen(self):
        return json.loads(self.screens[-1])


def tokens(n=itertools.count()):
    return lambda: "secret-token-%06d" % next(n)


def opened(mode="new", code="WXYZ", epoch=0, **kw):
    rules = Rules(REGISTRY, token_source=tokens())
    thread = ScreenThread(rules)
    out = thread.take(rules.open(mode, code, epoch, thread.now, **kw))
    return rules, thread, out


def play_to_the_end(game_id, seed):
    """A whole game through the worker's Python, phones moving at random (the host too, when it may)."""
    game = REGISTRY[game_id]
    rng = Random(seed)
    rules, thread, _ = opened(seed="deal-%d" % seed)
    if game.host_is_player:
        thread.action({"room": "join_local", "name": "Hosty"})
    names = ["Ann", "Ben", "Cat", "Dan"][: max(game.min_players, 3) - (1 if game.host_is_player else 0)]
    conns = dict((thread.phones[c].seat, c) for c in [thread.join(n) for n in names])
    thread.action({"room": "pick", "game": game_id})
    assert thread.action({"room": "start"}).get("screen"), "Start changes the big screen"
    session = rules.session
    local = [s.id for s in session.lobby.seats if s.local]
    checked = 0
    for _ in range(3000):
        if session.phase != "playing":
            break
        thread.now += rng.randint(0, 3000)
        thread.take(rules.tick(thread.now))
        state = session.match.state
        checked += check_screen(game_id, session, thread.screen())
        choices = [(p, m) for p in session.match.players for m in game.legal_moves(state, p)]
        if not choices or rng.random() < 0.1:
            choices += [(HOST, m) for m in game.legal_moves(state, HOST) if m["type"] not in ("end_game", "remove")]
        if not choices:
            thread.now += 70000
            continue
        who, move = rng.choice(choices)
        if move.get("type") == "submit" and "hint" in move:
            move = dict(move, hint=hint_marker(who))      # each player's own hint, so a search means something
        if who == HOST or who in local:
            thread.action(move)
        else:
            thread.move(conns[who], move)
    assert session.phase == "over"
    return rules, thread, checked


def check_screen(game_id, session, screen):
    """The big screen's data is the room summary and the view for the table (or the host's own seat): equal to
    the engine's view for that viewer, with none of anyone else's secrets in it."""
    assert set(screen) == SCREEN_KEYS
    viewer = screen["me"]
    if screen["view"] is None:
        return 0
    expected = session.match.view(viewer)
    assert canonical(screen["view"]) == canonical(expected)
    text = json.dumps(screen, sort_keys=True, separators=(",", ":"))
    problems = count_problems(game_id, session.match.state, viewer, text)
    assert not problems, problems
    assert "secret-token-" not in text, "a seat's token reached the screen thread"
    assert '"seed"' not in text and "deal-" not in text, "the match's seed reached the screen thread"
    return 1


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
@pytest.mark.parametrize("seed", range(3))
def test_the_screen_thread_gets_the_tables_view_and_no_secret(game_id, seed):
    rules, thread, checked = play_to_the_end(game_id, seed)
    assert checked > 3
    # and the record, which the screen thread stores unread, is the room the worker restores from
    again = Rules(REGISTRY)
    out = again.open("restore", "WXYZ", 0, thread.now, record=thread.record)
    assert out["opened"]["mode"] == "restore"
    assert again.session.snapshot() == rules.session.snapshot()


def test_the_secret_search_would_catch_a_screen_with_another_seats_view():
    rules, thread, _ = opened()
    conns = [thread.join(n) for n in ["Ann", "Ben", "Cat"]]
    thread.action({"room": "pick", "game": "seven_rounds"})
    thread.action({"room": "start"})
    screen = thread.screen()
    seat = thread.phones[conns[1]].seat
    screen["view"] = rules.session.match.view(seat)
    with pytest.raises(AssertionError):
        check_screen("seven_rounds", rules.session, screen)


def test_a_new_room_answers_at_once_with_its_screen_and_record():
    rules, thread, out = opened(code="KMNP", epoch=0)
    assert out["opened"] == {"mode": "new", "code": "KMNP", "epoch": 0}
    screen = thread.screen()
    assert screen["room"]["code"] == "KMNP" and screen["room"]["phase"] == "lobby"
    assert [g[0] for g in screen["info"]["games"]] == list(REGISTRY)
    assert json.loads(thread.record)["code"] == "KMNP"


def test_a_tick_with_nothing_due_says_nothing():
    rules, thread, _ = opened()
    thread.join("Ann")
    assert rules.tick(thread.now + 10) == {}


def test_a_record_of_another_room_gives_way_to_a_new_room_under_the_chosen_code():
    old, thread, _ = opened(code="ABCD")
    thread.join("Ann")
    rules = Rules(REGISTRY)
    out = rules.open("restore", "WXYZ", 0, 5000, record=thread.record)
    assert out["opened"]["mode"] == "new" and rules.session.code == "WXYZ" and rules.session.lobby.seats == []
    out = Rules(REGISTRY).open("restore", "WXYZ", 0, 5000, record="{not json")
    assert out["opened"]["mode"] == "new"


def test_the_hosts_refusals_are_sentences_on_the_big_screen():
    rules, thread, _ = opened()
    thread.action({"room": "start"})
    assert thread.screen()["error"] == "Pick a game."
    out = rules.action("not json", thread.now)
    assert json.loads(out["screen"])["error"] == "Unknown action."
    assert rules.action("[1]", thread.now) == {}, "the same refusal again: the screen already says it"
    thread.action({"room": "pick", "game": "seven_rounds"})
    assert thread.screen()["error"] is None


def hint_hunt_with_a_successor():
    rules, thread, _ = opened(code="HHHH")
    thread.action({"room": "join_local", "name": "Hana"})
    ann = thread.join("Ann")
    thread.join("Ben")
    thread.action({"room": "pick", "game": "hint_hunt"})
    thread.action({"room": "start"})
    return rules, thread, ann


def test_the_successor_takes_over_from_its_replica_and_a_stranger_cannot():
    rules, thread, ann = hint_hunt_with_a_successor()
    replica = thread.phones[ann].replica
    assert replica is not None, "Ann, the first to join, is the successor"
    text, token = json.dumps(replica), thread.phones[ann].token
    successor = Rules(REGISTRY)
    out = successor.open("takeover", "HHHH", 1, thread.now + 20000, replica=text, token=token)
    assert out["opened"] == {"mode": "takeover", "code": "HHHH", "epoch": 1}
    assert [s.name for s in successor.session.lobby.seats if s.local] == ["Ann"]
    assert json.loads(out["record"])["epoch"] == 1
    refused = Rules(REGISTRY).open("takeover", "HHHH", 1, thread.now, replica=text, token="forged")
    assert refused == {"opened": {"mode": "refused", "code": "HHHH", "epoch": 1}}
    stale = Rules(REGISTRY).open("takeover", "HHHH", 2, thread.now, replica=text, token=token)
    assert stale["opened"]["mode"] == "refused", "the epoch the page chose must be the replica's next"


def test_a_host_whose_room_moved_on_gets_its_own_seat_back_to_rejoin():
    rules, thread, _ = hint_hunt_with_a_successor()
    local = [s for s in rules.session.lobby.seats if s.local][0]
    assert rules.moved_on() == {"moved_on": {"token": local.token, "epoch": 1}}


# --- the screen thread's JS ------------------------------------------------------------------------------

HOST_ROOM_JS = (ROOT / "static" / "js" / "host-room.js").read_text()


def test_the_screen_thread_draws_room_codes_as_the_room_does():
    alphabet = re.search(r'CODE_ALPHABET = "([A-Z]+)"', HOST_ROOM_JS).group(1)
    length = int(re.search(r"CODE_LENGTH = (\d+)", HOST_ROOM_JS).group(1))
    assert (alphabet, length) == (CODE_ALPHABET, CODE_LENGTH)


def test_the_screen_threads_js_reads_no_protocol_text_and_no_record():
    """host-room.js carries phones' messages and the record as text it never decodes: the only JSON it parses is
    the worker's screen for the table (to know whether a returning host should look for a successor)."""
    assert re.findall(r"JSON\.parse\((\w+)\)", HOST_ROOM_JS) == ["screenText"]


def test_host_html_paints_the_frames_python_draws():
    """host.html's first paint is ui/room.py's host_frame (scripts/build.py renders it in); Python, once up,
    draws the same frame with the code and QR code filled in, so nothing moves."""
    html = (ROOT / "host.html").read_text()
    info = {"join_hint": "%HINT%", "qr_svg": "%QR%"}
    for mode in FRAME_NOTICES:
        template = re.search(r'<template id="frame-%s">(.*?)</template>' % mode, html, re.S)
        assert template, "host.html has no frame for %s: run scripts/build.py" % mode
        assert template.group(1) == host_frame("%CODE%", mode, info), "host.html's frames are stale: build"
