"""A guest who is away, dealt with from the TV (issue 38, point 1): during play a Remove appears beside a player
who is away, in every game, and removing them lets the game go on without them (DX-08, D0-16, D2-25,
D3-10, D4-15); Start says who is away before a game begins."""

import itertools
import json

import pytest

from peerparty.games import REGISTRY
from peerparty.net.memory import MemoryNetwork
from peerparty.room.host import HostSession

from .helpers import act, tv, goes_away as away, last, phone_joins

GAME_IDS = ["seven_rounds", "bank_or_bust", "someone_elses_problem", "hint_hunt"]


def room_of(game_id, names=("Ann", "Ben", "Cat", "Dan")):
    counter = itertools.count()
    host = HostSession("WXYZ", REGISTRY, token_source=lambda: "tok%04d" % next(counter), seed="away")
    net = MemoryNetwork(host, 1)
    if REGISTRY[game_id].host_is_player:
        host.host_action({"t": "join_local", "name": "Hosty"}, 0)
    phones = [phone_joins(net, "WXYZ", name) for name in names]
    act(host, net, {"t": "pick", "game": game_id})
    return host, net, phones


def test_start_names_who_is_away_and_asks_first():
    host, net, (ann, ben, cat, dan) = room_of("seven_rounds")
    html = tv(host)
    assert "data-away=" not in html and "Ready when you are." in html
    away(host, net, dan, [ann, ben, cat])
    html = tv(host)
    assert "Dan is away: wait for them, or remove them." in html
    assert 'data-confirm="Dan is away. Start anyway? The game will wait for them or skip them."' in html
    away(host, net, cat, [ann, ben])
    assert "Cat and Dan are away" in tv(host)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_away_player_can_be_removed_mid_game_and_the_game_goes_on(game_id):
    host, net, (ann, ben, cat, dan) = room_of(game_id)
    assert act(host, net, {"t": "start"}) is None
    assert "data-away-remove" not in tv(host)  # everyone is here: no Remove during play
    away(host, net, dan, [ann, ben, cat])
    html = tv(host)
    seat = dan.session.seat
    assert html.count("data-away-remove=") == 1 and 'data-away-remove="%s"' % seat in html
    sentence = "Remove Dan from the game? %s They cannot rejoin." % REGISTRY[game_id].removal
    assert 'data-confirm="%s"' % sentence.replace("'", "&#39;") in html
    assert act(host, net, {"t": "remove", "seat": seat}) is None
    assert host.phase == "playing"  # four became three: the game goes on
    view = last(ann, "view")
    assert seat not in json.dumps(view["view"].get("players"))
    assert [p["name"] for p in view["room"]["people"]] == ["Ann", "Ben", "Cat"] or game_id == "hint_hunt"
    assert REGISTRY[game_id].legal_moves(host.match.state, seat) == []
    assert view["room"]["former"] == {seat: "Dan"}  # the log can still name them
    assert "data-away-remove" not in tv(host)


def test_seven_rounds_reveals_once_everyone_still_in_has_locked():
    host, net, (ann, ben, cat, dan) = room_of("seven_rounds")
    act(host, net, {"t": "start"})
    for phone in (ann, ben, cat):
        net.send(phone, phone.session.move({"type": "lock", "action": "bank"}))
    net.flush()
    away(host, net, dan, [ann, ben, cat])
    assert act(host, net, {"t": "move", "move": {"type": "reveal"}}) is not None  # waits for Dan
    assert act(host, net, {"t": "remove", "seat": dan.session.seat}) is None
    assert act(host, net, {"t": "move", "move": {"type": "reveal"}}) is None
    assert last(ann, "view")["view"]["scores"] == {ann.session.seat: 1, ben.session.seat: 1, cat.session.seat: 1}


def test_someone_else_s_problem_passes_the_turn_of_a_removed_player():
    host, net, phones = room_of("someone_elses_problem")
    act(host, net, {"t": "start"})
    current = host.match.view(None)["current"]
    gone = next(p for p in phones if p.session.seat == current)
    away(host, net, gone, [p for p in phones if p is not gone])
    assert act(host, net, {"t": "remove", "seat": current}) is None
    assert host.match.view(None)["current"] not in (current, None)
    assert "The host removed %s" % "Ann Ben Cat Dan".split()[phones.index(gone)] in tv(host)


def test_the_room_tells_the_game_who_is_away_and_bank_or_bust_passes_dans_turn_with_no_tap():
    """Issue 48, point 2 (DX-11, D2-28): Dan's phone dies on his turn; every screen said "Waiting for Dan." and the
    game stopped. Now the room tells the game, the turn passes after the grace with no tap on any screen, the news
    is a logged move a replay plays again, and Dan back on his phone plays on from where the game is."""
    from peerparty.engine import AWAY_GRACE_MS, HOST, Match

    host, net, phones = room_of("bank_or_bust")
    act(host, net, {"t": "start"})
    turn = host.match.state["turn"]
    dan = next(p for p in phones if p.session.seat == turn)
    others = [p for p in phones if p is not dan]
    net.disconnect(dan)
    net.flush()
    assert host.match.log[-1][:2] == [HOST, {"type": "away", "players": [turn]}]
    for _ in range(AWAY_GRACE_MS // 1000 + 1):
        net.advance(1000)
        for p in others:
            net.send(p, p.session.ping(1))
        net.flush()
    # D2-28: the round's first turn, Dan's, passed to the next seat who is here; Dan's comes after, in the round
    assert host.match.state["turn"] != turn and host.match.state["status"][turn] == "playing"
    again = Match.from_record(REGISTRY, json.loads(json.dumps(host.match.to_record())))
    assert again.state == host.match.state  # the room's news replays
    net.connect(dan)  # back, by his token
    net.flush()
    net.advance(1000)
    net.flush()
    assert host.match.state["away"] == [] and last(dan, "view")["view"]["me"] == turn


def test_just_after_a_reload_the_game_is_told_nothing_while_the_phones_come_back():
    from peerparty.room.controls import RELOAD_GRACE_MS

    from ..games_under_test import GAMES
    from .page import Evening

    evening = Evening(GAMES)
    for name in ("Ann", "Ben", "Cat"):
        evening.join(name)
    evening.act({"t": "pick", "game": "bank_or_bust"})
    evening.act({"t": "start"})
    logged = len(evening.host.match.log)
    evening.reload(back=False)
    evening.wait(RELOAD_GRACE_MS - 4000)  # nobody is back yet: every seat shows away
    assert len(evening.host.match.log) == logged, "the game was told nothing"
    for phone in evening.phones.values():
        evening.net.connect(phone)
    evening.net.flush()
    evening.wait(8000, pinging=("Ann", "Ben", "Cat"))
    assert len(evening.host.match.log) == logged and evening.host.match.state["away"] == []
