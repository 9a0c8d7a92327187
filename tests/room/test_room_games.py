"""Every registered game played through the room over the memory network, as the phones and the
host screen would: the room's final standings equal the engine's replay, and no phone ever
receives another seat's token or the match seed."""
import itertools
import json
from random import Random

import pytest

from peerparty.engine import HOST, SYSTEM, IllegalMove, Match
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
    for phone in phones:
        text = "\n".join(phone.received)
        assert host.match.seed not in text
        for token in tokens:
            if token != phone.session.token:
                assert token not in text
