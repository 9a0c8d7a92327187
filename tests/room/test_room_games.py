"""Every registered game played through the room over the memory network, as the phones and the
host screen would: the room's final standings equal the engine's replay, and no phone ever
receives another seat's token or the match seed."""
import itertools
import json
from random import Random

import pytest

from peerparty.engine import HOST, Match
from peerparty.games import REGISTRY
from peerparty.net.memory import MemoryNetwork, Phone
from peerparty.room.guest import GuestSession
from peerparty.room.host import HostSession


def play_through_room(game, seed, drop_duplicates=False):
    rng = Random(seed)
    counter = itertools.count()
    host = HostSession("WXYZ", REGISTRY, token_source=lambda: "secret-token-%06d" % next(counter))
    net = MemoryNetwork(host, seed)
    if drop_duplicates:
        net.duplicate_rate = 0.3
    names = ["Ann", "Ben", "Cat", "Dan"][: max(game.min_players, 3)]
    if game.host_is_player:
        host.host_action({"t": "join_local", "name": "Hosty"}, 0)
        names = names[:2]
    phones = []
    for name in names:
        phone = Phone(net, GuestSession("WXYZ", name=name))
        net.connect(phone)
        net.flush()
        phones.append(phone)
    host.host_action({"t": "pick", "game": game.id}, 0)
    out, err = host.host_action({"t": "start"}, 0)
    assert err is None, err
    net.to_phone.extend(out)
    net.flush()
    by_seat = dict((p.session.seat, p) for p in phones)
    local = [s.id for s in host.lobby.seats if s.local]
    for _ in range(4000):
        if host.phase != "playing":
            break
        net.advance(rng.randint(0, 3000))
        net.flush()
        state = host.match.state
        choices = [(pid, m) for pid in host.match.players for m in game.legal_moves(state, pid)]
        host_moves = [m for m in game.legal_moves(state, HOST) if m["type"] not in ("end_game", "remove")]
        if not choices or rng.random() < 0.1:
            choices += [(HOST, m) for m in host_moves]
        if not choices:
            net.advance(70000)
            net.flush()
            continue
        pid, move = rng.choice(choices)
        if pid == HOST or pid in local:
            out, err = host.host_action({"t": "move", "move": move}, net.now_ms)
            net.to_phone.extend(out)
        else:
            by_seat[pid].send_move(move)
        net.flush()
    assert host.phase == "over"
    return host, phones


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_whole_game_through_the_room_matches_the_engine(game_id):
    game = REGISTRY[game_id]
    host, phones = play_through_room(game, 11, drop_duplicates=True)
    replayed = Match.from_record(REGISTRY, json.loads(json.dumps(host.match.to_record())))
    assert host.history[-1]["result"] == replayed.result()
    for phone in phones:
        last_view = [json.loads(t) for t in phone.received if json.loads(t)["t"] == "view"][-1]
        assert last_view["room"]["phase"] == "over"
        assert last_view["view"] == replayed.view(phone.session.seat)
        assert phone.session.pending == []          # every move was acknowledged or refused


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_no_phone_receives_another_seats_token_or_the_seed(game_id):
    host, phones = play_through_room(REGISTRY[game_id], 5)
    tokens = [s.token for s in host.lobby.seats]
    holders = [p for p in phones if p.session.replica is not None]
    # Only a game whose host plays migrates, and only its one successor holds the replica: a phone
    # that stops being the successor is told to drop it.
    ever = [p for p in phones if any(json.loads(t)["t"] == "replica" for t in p.received)]
    assert len(holders) <= 1
    assert bool(ever) == REGISTRY[game_id].host_is_player
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
    assert successor.match.log[:-1] == host.match.log          # the game intact, plus the set_host step
    assert successor.match.log[-1][1] == {"type": "set_host", "player": ann.session.seat}
    assert successor.match.view(ann.session.seat)["host"] == ann.session.seat
    new_net = MemoryNetwork(successor, 4)
    for phone in phones[1:]:
        phone.network = new_net
        new_net.connect(phone)
    new_net.flush()
    people = dict((p["name"], p["present"]) for p in successor.screen()["room"]["people"])
    assert people == {"Hosty": False, "Ann": True, "Ben": True, "Cat": True}
    for phone in phones[1:]:
        assert phone.session.status == "joined"
        assert phone.session.view["room"]["epoch"] == 1
