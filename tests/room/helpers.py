"""A host and phones joined by the memory network, ready for scenario tests."""

import itertools
import json
from random import Random

from peerparty.engine import HOST
from peerparty.net.memory import MemoryNetwork, Phone
from peerparty.room.guest import GuestSession
from peerparty.room.host import HostSession
from peerparty.room.protocol import AWAY_MS

from ..games_under_test import GAMES
from .toy_game import GAME as RACE


def make_room(games=None, seed=0):
    counter = itertools.count()
    host = HostSession("ABCD", games or {RACE.id: RACE}, token_source=lambda: "tok%04d" % next(counter))
    return host, MemoryNetwork(host, seed)


def join(net, name):
    phone = Phone(net, GuestSession("ABCD", name=name))
    net.connect(phone)
    net.flush()
    return phone


def phone_joins(net, code, name):
    """A new phone (a GuestSession of its own) joins room `code` under `name`."""
    phone = Phone(net, GuestSession(code, name=name))
    net.connect(phone)
    net.flush()
    return phone


def act(host, net, action):
    """The host's screen does `action`; what it sends is delivered. Returns the refusal sentence or None."""
    out, err = host.host_action(action, net.now_ms)
    net.to_phone.extend(out)
    net.flush()
    return err


def started(*people):
    """A race room where `people` joined and the host started the game."""
    host, net = make_room()
    phones = [join(net, n) for n in people]
    act(host, net, {"t": "pick", "game": "race"})
    assert act(host, net, {"t": "start"}) is None
    return host, net, phones


def tv(host):
    """The big screen's HTML as the host page draws it (ui/room.py host_screen)."""
    from peerparty.ui.room import host_screen

    return host_screen(host.screen(), dict(host.screen_info(), join_hint="x/join", qr_svg=""))


def goes_away(host, net, phone, others):
    """`phone`'s link drops and the others keep pinging past AWAY_MS: only it shows away."""
    net.disconnect(phone)
    for _ in range(2):
        net.advance(AWAY_MS // 2 + 1)
        for other in others:
            net.send(other, other.session.ping(1))
        net.flush()
        net.to_phone.extend(host.on_timer(net.now_ms))
        net.flush()


def last(phone, kind=None):
    for text in reversed(phone.received):
        message = json.loads(text)
        if kind is None or message["t"] == kind:
            return message
    return None


def names(host):
    return [p["name"] for p in host.screen()["room"]["people"]]


def play_through_room(
    game,
    seed,
    drop_duplicates=False,
    players=None,
    host_name="Hosty",
    seen=None,
    fixed_deal=False,
    steps=4000,
    to_the_end=True,
):
    """A whole game of `game` through a real HostSession and phones on the memory network, each step a random
    legal move (the host's own now and then, and always when nobody else can move). `players` names the phones
    (by default three, or two beside a host who plays); seen(host) is called before every step. With
    fixed_deal the match is dealt from `seed` too, so the whole game is the same on every run.
    Returns (host, phones) at game over (or after `steps` steps, if not to_the_end)."""
    rng = Random(seed)
    counter = itertools.count()
    host = HostSession(
        "WXYZ",
        GAMES,
        token_source=lambda: "secret-token-%06d" % next(counter),
        seed="deal-%d" % seed if fixed_deal else None,
    )
    net = MemoryNetwork(host, seed)
    if drop_duplicates:
        net.duplicate_rate = 0.3
    if players is None:
        players = ["Ann", "Ben", "Cat"][: min(2 if game.host_is_player else 3, game.max_players)]
    if game.host_is_player and host_name is not None:  # the host plays on the TV's tab ("I play on this screen")
        host.host_action({"t": "join_local", "name": host_name}, 0)
    phones = [phone_joins(net, "WXYZ", name) for name in players]
    host.host_action({"t": "pick", "game": game.id}, 0)
    out, err = host.host_action({"t": "start"}, 0)
    assert err is None, err
    net.to_phone.extend(out)
    net.flush()
    by_seat = dict((p.session.seat, p) for p in phones)
    local = [s.id for s in host.lobby.seats if s.local]
    for _ in range(steps):
        if host.phase != "playing":
            break
        if seen is not None:
            seen(host)
        net.advance(rng.randint(0, 3000))
        for phone in phones:  # each phone's heartbeat, as a real one sends it: nobody here shows away (DX-11)
            if phone.conn is not None:
                net.send(phone, phone.session.ping(1))
        net.flush()
        state = host.match.state
        choices = [(pid, m) for pid in host.match.players for m in game.legal_moves(state, pid)]
        host_moves = [m for m in game.legal_moves(state, HOST) if m["type"] not in ("end_game", "remove", "away")]
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
    assert host.phase == "over" or not to_the_end
    return host, phones
