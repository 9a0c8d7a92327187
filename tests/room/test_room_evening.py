"""A room that lasts the evening (issue 9): at the results people can scan in for the next game, "Play again"
takes them in, and the cap and the no-newcomers-during-play rule (DX-05) still hold."""

import json

import pytest

from peerparty.i18n import sentence
from peerparty.games import REGISTRY
from peerparty.net.memory import Phone
from peerparty.room.guest import GuestSession
from peerparty.room.lobby import ROOM_CAP

from .helpers import join, last, make_room, names, play_through_room
from .toy_game import Race


def act(host, net, action):
    out, err = host.host_action(action, net.now_ms)
    net.to_phone.extend(out)
    net.flush()
    return err


def play_to_the_results(host, net, *people):
    """The people join, the host starts the race and ends it: the room is at its results."""
    phones = [join(net, name) for name in people]
    act(host, net, {"t": "pick", "game": "race"})
    assert act(host, net, {"t": "start"}) is None
    assert act(host, net, {"t": "move", "move": {"type": "end_game"}}) is None
    assert host.phase == "over"
    return phones


class BigRace(Race):
    max_players = ROOM_CAP


class WatchedRace(Race):
    max_players = ROOM_CAP
    spectators = True


def test_a_newcomer_at_the_results_gets_a_seat_and_plays_the_rematch():
    host, net = make_room()
    sam, kim = play_to_the_results(host, net, "Sam", "Kim")
    lee = join(net, "Lee")
    assert lee.session.status == "joined"
    seen = last(lee, "view")
    assert seen["room"]["phase"] == "over" and seen["room"]["result"]["winners"]
    assert seen["view"] is None  # no seat in the game that ended: the room's result, no game view
    assert names(host) == ["Sam", "Kim", "Lee"]
    assert [p["spectator"] for p in host.screen()["room"]["people"]] == [False, False, False]
    # the players who were in it keep their own final view
    assert last(sam, "view")["view"]["my_secret"] == host.match.state["secret"][sam.session.seat]

    assert act(host, net, {"t": "again"}) is None
    assert host.phase == "playing"
    assert host.match.players == [sam.session.seat, kim.session.seat, lee.session.seat]  # DX-01: join order
    mine = last(lee, "view")["view"]
    assert mine["my_secret"] == host.match.state["secret"][lee.session.seat]
    assert mine["scores"] == {sam.session.seat: 0, kim.session.seat: 0, lee.session.seat: 0}
    # Lee takes a turn like anyone else
    for phone in (sam, kim, lee):
        phone.send_move({"type": "add", "n": 1})
        net.flush()
        assert last(phone, "error") is None
    assert host.match.state["scores"][lee.session.seat] == 1


def test_a_newcomer_at_the_results_never_sees_another_seats_secret():
    host, net = make_room()
    sam, kim = play_to_the_results(host, net, "Sam", "Kim")
    lee = join(net, "Lee")
    assert lee.session.status == "joined"
    net.advance(8000)  # presence changes: more views go out at the results
    act(host, net, {"t": "move", "move": {"type": "end_game"}})  # refused: the race is over already
    secrets = list(host.match.state["secret"].values())
    tokens = [sam.session.token, kim.session.token]
    for text in lee.received:
        for secret in secrets + tokens:
            assert secret not in text
        message = json.loads(text)
        if message["t"] == "view":
            assert message["view"] is None


def test_choose_another_game_shows_the_newcomer_in_the_lobby():
    host, net = make_room()
    play_to_the_results(host, net, "Sam", "Kim")
    lee = join(net, "Lee")
    assert act(host, net, {"t": "lobby"}) is None
    assert last(lee, "view")["room"]["phase"] == "lobby"
    assert [p["name"] for p in last(lee, "view")["room"]["people"]] == ["Sam", "Kim", "Lee"]
    assert host.can_start() == (True, "")
    assert act(host, net, {"t": "start"}) is None
    assert len(host.match.players) == 3


def test_the_room_cap_holds_at_the_results():
    host, net = make_room({"race": BigRace()})
    people = ["P%d" % i for i in range(ROOM_CAP - 1)]
    play_to_the_results(host, net, *people)
    last_one = join(net, "Lee")
    assert last_one.session.status == "joined"
    late = join(net, "Max")
    assert late.session.status == "refused" and last(late, "error")["code"] == "room_full"
    assert len(names(host)) == ROOM_CAP and "Max" not in names(host)
    assert act(host, net, {"t": "again"}) is None
    assert len(host.match.players) == ROOM_CAP


def test_watchers_count_against_the_cap_at_the_results_and_play_next():
    host, net = make_room({"race": WatchedRace()})
    phones = [join(net, "P%d" % i) for i in range(ROOM_CAP - 2)]
    act(host, net, {"t": "pick", "game": "race"})
    act(host, net, {"t": "start"})
    watchers = [join(net, "W1"), join(net, "W2")]  # the game takes spectators
    assert [w.session.status for w in watchers] == ["joined", "joined"]
    assert last(watchers[0], "view")["view"] is not None  # the table, like the big screen
    act(host, net, {"t": "move", "move": {"type": "end_game"}})
    assert host.phase == "over"
    assert "my_secret" not in last(watchers[0], "view")["view"]  # still the table at the results
    late = join(net, "Max")
    assert last(late, "error")["code"] == "room_full"  # 10 players + 2 watchers = the next 12
    assert act(host, net, {"t": "again"}) is None
    assert len(host.match.players) == ROOM_CAP and watchers[1].session.seat in host.match.players
    assert phones[0].session.seat in host.match.players


def test_nobody_new_joins_the_rematch_once_it_is_under_way():
    host, net = make_room()
    play_to_the_results(host, net, "Sam", "Kim")
    act(host, net, {"t": "again"})
    late = join(net, "Lee")
    assert late.session.status == "waiting" and last(late, "error") is None  # it waits for the results
    assert names(host) == ["Sam", "Kim"]


def test_play_again_with_too_many_for_the_game_leaves_the_results_untouched():
    host, net = make_room()  # the race takes at most 4
    sam, kim = play_to_the_results(host, net, "Sam", "Kim")
    for name in ["Lee", "Max", "Ned"]:
        assert join(net, name).session.status == "joined"
    match, seq = host.match, host.seq
    out, err = host.host_action({"t": "again"}, net.now_ms)
    assert sentence(err) == "This game takes at most 4 players: 1 too many."
    assert out == [] and host.phase == "over" and host.match is match and host.seq == seq
    assert last(sam, "view")["room"]["phase"] == "over"
    assert act(host, net, {"t": "lobby"}) is None and host.phase == "lobby"  # the host picks another way


def test_a_player_can_leave_at_the_results_and_the_rematch_goes_on_without_them():
    host, net = make_room()
    sam, kim, lee = play_to_the_results(host, net, "Sam", "Kim", "Lee")
    kim.network.send(kim, json.dumps({"v": 1, "t": "leave"}))
    net.flush()
    assert last(kim, "bye")["reason"] == "left"
    assert names(host) == ["Sam", "Lee"]
    assert act(host, net, {"t": "again"}) is None
    assert host.match.players == [sam.session.seat, lee.session.seat]


def test_leaving_during_play_is_still_refused():
    host, net = make_room()
    sam, kim = play_to_the_results(host, net, "Sam", "Kim")
    act(host, net, {"t": "again"})
    kim.network.send(kim, json.dumps({"v": 1, "t": "leave"}))
    net.flush()
    assert last(kim, "error")["code"] == "game_running"
    assert names(host) == ["Sam", "Kim"]


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_every_game_takes_a_newcomer_at_the_results_into_the_rematch(game_id):
    host, phones = play_through_room(REGISTRY[game_id], 5)
    net = phones[0].network
    for phone in phones:  # still at the table: present (else a newcomer could be Hint Hunt's successor)
        net.send(phone, phone.session.ping(1))
    net.flush()
    eve = Phone(net, GuestSession(host.code, name="Eve"))
    net.connect(eve)
    net.flush()
    assert eve.session.status == "joined"
    for text in eve.received:  # the ended game's views are not Eve's to see: no seat's view, no token
        message = json.loads(text)
        assert message["t"] != "view" or message["view"] is None
        for phone in phones:
            assert phone.session.token not in text
    assert act(host, net, {"t": "again"}) is None
    assert host.phase == "playing" and host.match.players[-1] == eve.session.seat
    assert last(eve, "view")["view"] == host.match.sent_view(eve.session.seat)
