"""Every game (the hub's and the examples: tests/games_under_test.py) played through the room over the memory
network, as the phones and the host screen would: the room's final standings equal the engine's replay, and no
phone ever receives another seat's token or the match seed."""

import itertools
import json

import pytest

from peerparty.engine import Match
from peerparty.games import REGISTRY
from peerparty.net.memory import MemoryNetwork, Phone
from peerparty.room.guest import GuestSession
from peerparty.room.host import HostSession

from ..games_under_test import GAMES
from .helpers import play_through_room


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_through_the_room_matches_the_engine(game_id):
    game = GAMES[game_id]
    host, phones = play_through_room(game, 11, drop_duplicates=True)
    replayed = Match.from_record(GAMES, json.loads(json.dumps(host.match.to_record())))
    assert host.history[-1]["result"] == replayed.result()
    for phone in phones:
        last_view = [json.loads(t) for t in phone.received if json.loads(t)["t"] == "view"][-1]
        assert last_view["room"]["phase"] == "over"
        assert last_view["view"] == replayed.sent_view(phone.session.seat)
        assert phone.session.pending == []  # every move was acknowledged or refused


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_phone_receives_another_seats_token_or_the_seed(game_id):
    host, phones = play_through_room(GAMES[game_id], 5)
    tokens = [s.token for s in host.lobby.seats]
    holders = [p for p in phones if p.session.replica is not None]
    # Only a game whose host plays migrates, and only its one successor holds the replica: a phone
    # that stops being the successor is told to drop it.
    ever = [p for p in phones if any(json.loads(t)["t"] == "replica" for t in p.received)]
    assert len(holders) <= 1
    assert bool(ever) == GAMES[game_id].host_is_player
    for phone in phones:
        text = "\n".join(t for t in phone.received if json.loads(t)["t"] != "replica")
        assert host.match.seed not in text
        for token in tokens:
            if token != phone.session.token:
                assert token not in text


def test_the_successor_takes_over_with_the_game_intact_and_phones_rejoin():
    game = REGISTRY["hint_hunt"]
    counter = itertools.count()
    host = HostSession("WXYZ", REGISTRY, token_source=lambda: "tok-%04d" % next(counter))
    net = MemoryNetwork(host, 3)
    host.host_action({"t": "join_local", "name": "Hosty"}, 0)
    phones = []
    for name in ["Ann", "Ben", "Cat"]:
        phone = Phone(net, GuestSession("WXYZ", name=name))
        net.connect(phone)
        net.flush()
        phones.append(phone)
    host.host_action({"t": "pick", "game": "hint_hunt"}, 0)
    net.to_phone.extend(host.host_action({"t": "start"}, 0)[0])
    net.flush()
    ann = phones[0]
    assert host.successor().id == ann.session.seat
    # everyone writes a hint
    for phone in phones:
        move = game.legal_moves(host.match.state, phone.session.seat)[0]
        phone.send_move(move)
        net.flush()
    hosty = [s.id for s in host.lobby.seats if s.local][0]
    net.to_phone.extend(host.host_action({"t": "move", "move": game.legal_moves(host.match.state, hosty)[0]}, 0)[0])
    net.flush()
    replica = ann.session.replica
    assert replica is not None and replica["epoch"] == 0
    # the host's tab goes away; Ann's tab restores the replica and takes over under epoch 1
    from peerparty.room.host import HostSession as Fresh

    successor = Fresh.restore(json.loads(json.dumps(replica["snapshot"])), REGISTRY)
    successor.take_over(ann.session.token, 1000)
    assert successor.epoch == 1
    assert successor.match.log[:-1] == host.match.log  # the game intact, plus the set_host step
    assert successor.match.log[-1][1] == {"type": "set_host", "player": ann.session.seat}
    assert successor.match.view(ann.session.seat)["host"] == ann.session.seat
    new_net = MemoryNetwork(successor, 4)
    for phone in phones[1:]:
        phone.network = new_net
        phone.session.dialled = 1  # the phone dials epoch 1's id (rejoin.py); the proofs name it
        new_net.connect(phone)
    new_net.flush()
    people = dict((p["name"], p["present"]) for p in successor.screen()["room"]["people"])
    assert people == {"Hosty": False, "Ann": True, "Ben": True, "Cat": True}
    for phone in phones[1:]:
        assert phone.session.status == "joined"
        assert phone.session.view["room"]["epoch"] == 1
