"""Hint Hunt's "A removed player cannot rejoin the room", which every Remove in the room promises too: a removal
revokes the seat's token and refuses the player's name for the rest of the room (DX-08), from
another phone, in the next game, after the host's tab reloads or a successor takes over."""

import itertools
import json

from peerparty.games import REGISTRY
from peerparty.net.memory import MemoryNetwork
from peerparty.room.host import HostSession
from peerparty.room.protocol import ROOM_ERRORS
from peerparty.ui.room import phone_screen

from .helpers import last, names, phone_joins


def hint_hunt_room(players=("Ann", "Ben", "Cat")):
    counter = itertools.count()
    host = HostSession("WXYZ", REGISTRY, token_source=lambda: "tok-%04d" % next(counter))
    net = MemoryNetwork(host, 5)
    host.host_action({"t": "join_local", "name": "Hosty"}, 0)
    phones = dict((name, join(net, name)) for name in players)
    host.host_action({"t": "pick", "game": "hint_hunt"}, 0)
    net.to_phone.extend(host.host_action({"t": "start"}, 0)[0])
    net.flush()
    return host, net, phones


def join(net, name, room="WXYZ"):
    return phone_joins(net, room, name)


def host_does(host, net, action):
    out, err = host.host_action(action, net.now_ms)
    assert err is None, err
    net.to_phone.extend(out)
    net.flush()


def refused_by_name(net, name):
    """A new phone (no token) tries `name`: refused with the sentence, and its screen says so."""
    phone = join(net, name)
    error = last(phone, "error")
    assert error["code"] == "name_removed" and error["msg"] == ROOM_ERRORS["name_removed"]
    assert phone.session.status == "refused" and phone.session.seat is None
    screen = phone_screen(
        {
            "status": phone.session.status,
            "code": "WXYZ",
            "error": phone.session.error,
            "view": phone.session.view,
            "token": phone.session.token,
            "link": "open",
        }
    )
    assert ROOM_ERRORS["name_removed"] in screen and 'id="join"' in screen  # the sentence, and a name to try
    return phone


def test_a_player_removed_from_hint_hunt_cannot_come_back_under_that_name():
    host, net, phones = hint_hunt_room()
    ben = phones["Ben"].session.seat
    host_does(host, net, {"t": "move", "move": {"type": "remove", "player": ben}})  # the game's own Remove
    before = names(host)
    assert "Ben" not in before
    for typed in ("Ben", "  bEN ", "BEN"):  # folded as Lobby.name_taken folds: case and spaces
        refused_by_name(net, typed)
    assert names(host) == before  # nothing changed: no seat, no spectator
    watcher = join(net, "Bea")  # anyone else still joins, to watch (D3-01)
    assert watcher.session.status == "joined" and names(host) == before + ["Bea"]


def test_the_name_stays_refused_for_the_rest_of_the_room():
    host, net, phones = hint_hunt_room(("Ann", "Ben"))
    host_does(host, net, {"t": "move", "move": {"type": "remove", "player": phones["Ben"].session.seat}})
    # the room's people list removes Ann too: fewer than two players, so the game goes back to the lobby (D3-11)
    host_does(host, net, {"t": "remove", "seat": phones["Ann"].session.seat})
    assert host.phase == "lobby"
    refused_by_name(net, "ben")
    refused_by_name(net, "Ann")
    # the host's tab reloads from its record, and a successor restores the same record: still refused
    restored = HostSession.restore(json.loads(json.dumps(host.snapshot())), REGISTRY)
    refused_by_name(MemoryNetwork(restored, 6), "Ben")


def test_a_lobby_removal_bars_the_name_and_leaving_by_oneself_does_not():
    """The lobby's Remove says "They cannot rejoin." too; a player who leaves by themselves may come back."""
    counter = itertools.count()
    host = HostSession("WXYZ", REGISTRY, token_source=lambda: "tok-%04d" % next(counter))
    net = MemoryNetwork(host, 5)
    host.host_action({"t": "pick", "game": "seven_rounds"}, 0)
    sam, kim = join(net, "Sam"), join(net, "Kim")
    host_does(host, net, {"t": "remove", "seat": sam.session.seat})
    refused_by_name(net, "sam")
    kim.send_raw('{"v":1,"t":"leave"}')
    net.flush()
    assert names(host) == []
    again = join(net, "Kim")
    assert again.session.status == "joined" and names(host) == ["Kim"]
