"""A Join tapped on join.html's first frame, said by the early link before the phone's Python is up (issue 51):
static/js/link.js pp.earlyHello sends the hello by name the moment the channel opens, and keeps what the host
answers; app/phone.py then takes the link with the name said (GuestLink._adopt) and Rejoin.opened(said=...)
does not say it again, so the host seats one guest, once. Python's hello is the one the page said: the host's
answer to either is the same."""

import json

from peerparty.room import rejoin
from peerparty.room.host import HostSession
from tests.sim.world import Storage

from ..games_under_test import GAMES

CODE = "WXYZ"


def early_hello(name, epoch=0):
    """The text static/js/link.js pp.earlyHello sends (JSON.stringify of the same fields)."""
    return json.dumps({"t": "hello", "room": CODE, "name": name, "epoch": epoch, "v": 1})


def host_answers(host, conn, text, now=10):
    return [t for c, t in host.on_message(conn, text, now) if c == conn]


def test_the_page_said_the_join_so_python_does_not_say_it_again_and_takes_the_hosts_answer():
    host = HostSession(CODE, GAMES)
    host.on_connect("zoe", 0)
    answers = host_answers(host, "zoe", early_hello("Zoe"))  # before Python: the page's hello
    assert [json.loads(t)["t"] for t in answers][:1] == ["welcome"]

    r = rejoin.Rejoin(CODE, Storage(), 0)
    r.join("Zoe")  # Python takes the kept Join first, then the open link, with what was said on it
    assert r.opened(100, said="Zoe") == [], "a second hello would ask the host for a second seat"
    for text in answers:  # the early link's inbox, in order
        r.received(text, 120)
    assert r.guest.status == "joined" and r.guest.token
    assert r.store.get(rejoin.seat_key(CODE)) == r.guest.token
    assert [s.name for s in host.lobby.seats] == ["Zoe"]


def test_python_says_its_hello_when_the_page_said_nothing_or_another_name():
    r = rejoin.Rejoin(CODE, Storage(), 0)
    r.join("Zoe")
    assert [json.loads(t)["name"] for t in r.opened(100)] == ["Zoe"]
    r = rejoin.Rejoin(CODE, Storage(), 0)
    r.join("Zoe")
    assert [json.loads(t)["name"] for t in r.opened(100, said="Zo")] == ["Zoe"]


def test_a_phone_holding_a_seat_proves_it_whatever_the_page_said():
    """The page says a hello by name only; a phone with a token rejoins by its proof, which only Python makes."""
    store = Storage()
    store.set(rejoin.seat_key(CODE), "tok")
    r = rejoin.Rejoin(CODE, store, 0)
    r.join("Zoe")
    hello = [json.loads(t) for t in r.opened(100, said="Zoe")]
    assert len(hello) == 1 and hello[0]["seat"] and hello[0]["nonce"]


def test_the_pages_hello_is_pythons_hello():
    """What pp.earlyHello sends is what GuestSession.hello() sends for the same name, field for field."""
    r = rejoin.Rejoin(CODE, Storage(), 0)
    assert json.loads(r.join("Zoe")) == json.loads(early_hello("Zoe"))
