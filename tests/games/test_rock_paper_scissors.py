"""The example game of docs/add-a-game.md (examples/rock_paper_scissors/): its rules, its clock, and a whole game
played from its own screens through the real room, untouched: the example adds a game without a change to
engine/, room/ or the app, and is not offered in the hub. The contract tests (tests/test_contract.py,
tests/test_leaks.py, tests/room/) run over it through tests/games_under_test.py."""

import ast
import itertools
import json
import re
from pathlib import Path
from random import Random

import pytest

from examples.rock_paper_scissors import GAME, screens
from peerparty.engine import HOST, SYSTEM, IllegalMove, Match
from peerparty.engine.playout import random_playout
from peerparty.games import REGISTRY
from peerparty.net.memory import MemoryNetwork, Phone
from peerparty.room.guest import GuestSession
from peerparty.room.host import HostSession
from peerparty.ui.room import ui_ctx
from peerparty.ui.screens import screens_for

from ..games_under_test import GAMES
from ..ui.helpers import assert_micropython_subset, data_moves

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rock_paper_scissors"


def started(now=0):
    m = Match(GAME, ["ann", "ben"], "t")
    m.play(HOST, dict(GAME.start_move), now)
    return m


def throw(m, p, hand, now=0):
    return m.play(p, {"type": "throw", "hand": hand}, now)


def test_a_round_goes_to_the_stronger_hand_and_two_rounds_win():
    m = started()
    throw(m, "ann", "rock")
    throw(m, "ben", "scissors")
    assert m.state["wins"] == {"ann": 1, "ben": 0} and m.state["round"] == 2 and m.result() is None
    throw(m, "ben", "rock")
    throw(m, "ann", "paper")
    assert m.result()["winners"] == ["ann"] and m.result()["scores"] == {"ann": 2, "ben": 0}
    assert m.view(None)["rounds"][1] == {"round": 2, "throws": {"ann": "paper", "ben": "rock"}, "winner": "ann"}


def test_the_same_throw_twice_wins_nobody_the_round():
    m = started()
    throw(m, "ann", "paper")
    throw(m, "ben", "paper")
    assert m.state["wins"] == {"ann": 0, "ben": 0} and m.state["round"] == 2
    assert m.view("ann")["rounds"][0]["winner"] is None and m.view("ann")["act"]


def test_the_clock_runs_from_the_step_that_opens_a_round_and_a_silent_player_loses_it():
    m = started(now=1000)
    assert m.deadline() == 21000
    throw(m, "ben", "rock", now=5000)
    m.play(SYSTEM, {"type": "timeout"}, 21000)
    assert m.state["wins"] == {"ann": 0, "ben": 1} and m.deadline() == 41000
    m.play(SYSTEM, {"type": "timeout"}, 41000)  # nobody threw: nobody wins the round
    assert m.state["wins"] == {"ann": 0, "ben": 1} and m.state["round"] == 3


def test_end_game_has_no_winner():
    m = started()
    throw(m, "ann", "rock")
    throw(m, "ben", "scissors")
    m.play(HOST, {"type": "end_game"})
    assert m.result()["winners"] == [] and m.deadline() is None


def test_removing_a_player_ends_the_game_and_the_other_wins_with_the_unsettled_throw_kept_secret():
    m = started()
    throw(m, "ann", "rock")
    throw(m, "ben", "scissors")
    throw(m, "ben", "paper")
    m.play(HOST, {"type": "remove", "player": "ann", "confirm": True})
    assert m.result()["winners"] == ["ben"] and m.result()["scores"] == {"ann": 1, "ben": 0}
    assert m.deadline() is None and GAME.legal_moves(m.state, "ben") == []
    assert m.view(None)["removed"] == "ann" and "paper" not in json.dumps(m.view("ann"))


@pytest.mark.parametrize(
    "who, move, code",
    [
        ("ann", {"type": "throw", "hand": "rock"}, "invalid_move"),  # thrown already this round
        ("ben", {"type": "throw", "hand": "lizard"}, "invalid_move"),
        ("ben", {"type": "throw", "hand": ["rock"]}, "invalid_move"),
        ("ben", {"type": "throw"}, "invalid_move"),
        ("cat", {"type": "throw", "hand": "rock"}, "not_your_turn"),
        (["ann"], {"type": "throw", "hand": "rock"}, "not_your_turn"),
        (HOST, {"type": "throw", "hand": "rock"}, "not_your_turn"),
        ("ben", {"type": "end_game"}, "not_your_turn"),
        ("ben", {"type": "timeout"}, "not_your_turn"),
        (HOST, {"type": "start"}, "stale"),
        (HOST, {"type": "remove", "player": "cat", "confirm": True}, "invalid_move"),
        (HOST, {"type": "remove", "player": ["ben"], "confirm": True}, "invalid_move"),
        (HOST, {"type": "remove", "player": "ben"}, "invalid_move"),  # the room always confirms
        ("ann", {"type": "remove", "player": "ben", "confirm": True}, "not_your_turn"),
        ("ben", {"type": "shoot"}, "unknown_move"),
    ],
)
def test_refused_moves_say_why_and_change_nothing(who, move, code):
    m = started()
    throw(m, "ann", "rock")
    before = json.dumps(m.state, sort_keys=True)
    with pytest.raises(IllegalMove) as refused:
        m.play(who, move)
    assert refused.value.code == code and refused.value.detail
    assert json.dumps(m.state, sort_keys=True) == before


def test_before_start_nobody_throws_and_after_the_end_nothing_moves():
    m = Match(GAME, ["ann", "ben"], "t")
    assert GAME.legal_moves(m.state, "ann") == [] and GAME.view(m.state, "ann")["act"] is False
    with pytest.raises(IllegalMove):
        throw(m, "ann", "rock")
    m = started()
    m.play(HOST, {"type": "end_game"})
    with pytest.raises(IllegalMove) as refused:
        throw(m, "ann", "rock")
    assert refused.value.code == "game_over"


def test_the_example_is_not_offered_and_touches_nothing_but_the_engine_and_screen_helpers():
    assert GAME.id not in REGISTRY and screens_for(GAME.id) is None and GAMES[GAME.id] is GAME
    allowed = {
        "game.py": {"peerparty.engine"},
        "screens.py": {"peerparty.ui.html", "peerparty.ui.illustrations"},
        "__init__.py": set(),
        "moments.py": set(),
        "autoplay.py": set(),
        "secrets.py": {"peerparty.engine.leaks"},
    }
    for path in EXAMPLE.glob("*.py"):
        names = {
            n.module for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.ImportFrom) and not n.level
        }
        assert names <= allowed[path.name], (path.name, names)
    assert_micropython_subset(screens)


# --- a whole game, tapped on the phones' own screens, through the room ---------------------------------------


def room_with_two_phones():
    counter = itertools.count()
    host = HostSession("ROCK", GAMES, token_source=lambda: "tok-%d" % next(counter))
    net = MemoryNetwork(host, 3)
    phones = {}
    for name in ("Ann", "Ben"):
        phones[name] = Phone(net, GuestSession("ROCK", name=name))
        net.connect(phones[name])
        net.flush()
    return host, net, phones


def phone_html(phone):
    message = phone.session.view
    return screens.phone(message["view"], ui_ctx(message["room"], message["me"], message["now_ms"], False))


def tv_html(host):
    screen = host.screen()
    return screens.table(screen["view"], ui_ctx(screen["room"], None, screen["now_ms"], True))


BUTTON = re.compile(r"<button\b([^>]*)>([^<]*)</button>")


def tap(net, phone, label):
    """Tap the button with this label on the phone's screen: it sends the move its data-move holds."""
    html = phone_html(phone)
    found = [attrs for attrs, text in BUTTON.findall(html) if text == label]
    assert len(found) == 1, (label, html)
    ((move, disabled, _),) = data_moves("<button%s>" % found[0])
    assert not disabled
    phone.send_move(move)
    net.flush()


def test_a_whole_game_played_from_the_phones_screens_through_the_room():
    host, net, phones = room_with_two_phones()
    assert host.host_action({"t": "pick", "game": GAME.id}, 0)[1] is None
    out, err = host.host_action({"t": "start"}, 0)
    assert err is None
    net.to_phone.extend(out)
    net.flush()
    ann, ben = phones["Ann"], phones["Ben"]
    assert "Throw!" in phone_html(ann) and "thinking" in tv_html(host)

    tap(net, ann, "Rock")
    assert "You threw Rock. Waiting for Ben." in phone_html(ann)
    assert "Rock" not in phone_html(ben).split("Throw!")[0] and "Throw!" in phone_html(ben)  # the throw is secret
    assert "&#10003; thrown" in tv_html(host) and "Round 1:" not in tv_html(host)
    tap(net, ben, "Scissors")
    assert "Round 1: Ann Rock, Ben Scissors. Ann wins the round." in tv_html(host)
    assert "Round 2 &middot; me 0, Ann 1" in phone_html(ben)

    net.advance(20000)  # round 2's clock runs out with nobody thrown
    net.flush()
    assert "Round 2: Ann nothing, Ben nothing. Nobody wins the round." in tv_html(host)
    tap(net, ben, "Paper")
    tap(net, ann, "Scissors")
    assert host.phase == "over"
    assert host.history[-1]["result"]["winners"] == [ann.session.seat]
    for phone in (ann, ben):
        message = phone.session.view
        assert message["room"]["phase"] == "over" and message["room"]["result"]["winners"] == [ann.session.seat]
        assert "Round 3: Ann Scissors, Ben Paper. Ann wins the round." in phone_html(phone)
        assert phone.session.pending == []


def test_every_view_of_random_games_renders_with_names_escaped_and_only_legal_buttons():
    names = {"ann": "<b>Ann</b>", "ben": "Ben & Co"}

    def look(match, now):
        for viewer in [None, "ann", "ben", "watcher"]:
            ctx = {"names": names, "me": viewer, "is_host": viewer is None, "now_ms": now, "connected": {}}
            view = match.view(viewer)
            html = screens.table(view, ctx) if viewer is None else screens.phone(view, ctx)
            assert "<b>Ann</b>" not in html and "Ben & Co" not in html
            for move, disabled, _ in data_moves(html):
                assert not disabled and move in GAME.legal_moves(match.state, HOST if viewer is None else viewer)

    for seed in range(30):
        random_playout(GAME, ["ann", "ben"], seed, Random(seed), seen=look)


def test_a_throw_tapped_as_the_clock_ran_out_is_refused_as_stale_not_thrown_next_round():
    host, net, phones = room_with_two_phones()
    host.host_action({"t": "pick", "game": GAME.id}, 0)
    net.to_phone.extend(host.host_action({"t": "start"}, 0)[0])
    net.flush()
    ann, ben = phones["Ann"], phones["Ben"]
    tap(net, ben, "Rock")
    net.advance(20000)  # round 1's clock runs out on the host; Ann's phone still shows round 1...
    assert ann.session.view["view"]["ref"].endswith(":1") and "Throw!" in phone_html(ann)
    tap(net, ann, "Paper")  # ...and her tap arrives after the round was settled
    refused = [json.loads(t) for t in ann.received if json.loads(t)["t"] == "error"]
    assert refused[-1]["code"] == "stale", "the host refuses it"
    assert ann.session.error is None, "a harmless race: Ann's phone shows nothing (room/races.py)"
    assert host.match.state["wins"][ben.session.seat] == 1 and host.match.state["throws"] == {}
    assert ann.session.view["view"]["ref"].endswith(":2") and "Round 1: Ann nothing, Ben Rock." in phone_html(ann)
