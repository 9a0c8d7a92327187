"""A host and phones joined by the memory network, ready for scenario tests."""
import itertools
import json

from peerparty.net.memory import MemoryNetwork, Phone
from peerparty.room.guest import GuestSession
from peerparty.room.host import HostSession

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


def last(phone, kind=None):
    for text in reversed(phone.received):
        message = json.loads(text)
        if kind is None or message["t"] == kind:
            return message
    return None


def names(host):
    return [p["name"] for p in host.screen()["room"]["people"]]
