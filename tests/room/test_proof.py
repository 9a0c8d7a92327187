"""Issue 31: proofs instead of secrets on the wire (room/proof.py). A rejoining phone and its host prove to each
other that they know the seat's token, which never crosses the link; a host steps aside only for a later epoch's
host that proves the room key. Right answers are accepted; wrong, replayed, misdirected and missing ones are
refused and change nothing."""

import hashlib
import hmac
import itertools
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from peerparty.net.memory import MemoryNetwork, Phone
from peerparty.room import fence, proof
from peerparty.room.guest import GuestSession
from peerparty.room.host import HostSession
from peerparty.room.protocol import peer_id

from ..games_under_test import GAMES
from .test_fuzz import host_state

CODE = "ABCD"
AT0 = (0, peer_id(CODE, 0))  # the channel of a phone that dialled epoch 0's host (proof.py)
ROOT = Path(__file__).resolve().parents[2]


# --- the HMAC both sides share --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key,message",
    [
        (b"", b""),
        (b"k", b"message"),
        (b"k" * 64, b"x" * 200),
        (b"k" * 65, b"long keys are hashed first"),
        (bytes(range(256)), b"\x00"),
    ],
)
def test_the_hand_made_hmac_is_pythons(key, message):
    assert proof.hmac_sha256(key, message) == hmac.new(key, message, hashlib.sha256).digest()


def test_the_proofs_bind_every_part():
    base = proof.room_proof("key", CODE, 1, peer_id(CODE, 1), "n" * 32)
    assert base != proof.room_proof("key", CODE, 2, peer_id(CODE, 2), "n" * 32)
    assert base != proof.room_proof("kez", CODE, 1, peer_id(CODE, 1), "n" * 32)
    assert base != proof.room_proof("key", CODE, 1, peer_id(CODE, 1), "m" * 32)
    assert proof.host_seat_proof("t", CODE, *AT0, "a", "b") != proof.phone_seat_proof("t", CODE, *AT0, "a", "b"), (
        "the host's answer is never the phone's: a phone cannot be made to prove by echoing"
    )
    assert proof.mac("t", "a|b") != proof.mac("t", "a", "b")
    assert "tok" not in proof.seat_tag("tok") and len(proof.seat_tag("tok")) == proof.TAG_HEX


@pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules/@micropython").exists(),
    reason="node and the npm MicroPython are needed",
)
def test_micropython_computes_the_same_proofs(tmp_path):
    """The phone runs MicroPython (PyScript's, from node_modules): its proofs must be the host's."""
    script = tmp_path / "run.mjs"
    script.write_text(
        """
import { loadMicroPython } from "%s";
import fs from "fs";
const mp = await loadMicroPython({stdout: (l) => console.log(l)});
mp.FS.writeFile("/proof.py", fs.readFileSync("%s", "utf8"));
mp.runPython(`
import sys
sys.path.append("/")
import proof
print(proof.seat_tag("tok"), proof.room_proof("k" * 80, "ABCD", 3, "peerparty-ABCD-3", "0f" * 16), proof.phone_seat_proof("t", "ABCD", 0, "peerparty-ABCD-0", "a", "b"))
`);
"""
        % (
            ROOT / "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs",
            ROOT / "py/peerparty/room/proof.py",
        )
    )
    out = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120).stdout.split()
    assert out == [
        proof.seat_tag("tok"),
        proof.room_proof("k" * 80, "ABCD", 3, peer_id(CODE, 3), "0f" * 16),
        proof.phone_seat_proof("t", "ABCD", *AT0, "a", "b"),
    ]


# --- a phone rejoins its seat -------------------------------------------------------------------------------


def seated():
    """A room with Ann seated; her phone is gone. Returns the host, the network, Ann's token."""
    counter = itertools.count()
    host = HostSession(CODE, GAMES, token_source=lambda: "tok%04d" % next(counter))
    net = MemoryNetwork(host)
    ann = Phone(net, GuestSession(CODE, name="Ann"))
    net.connect(ann)
    net.flush()
    net.disconnect(ann)
    return host, net, ann.session.token


def said(host, conn, message, now=10):
    return [json.loads(t) for c, t in host.on_message(conn, json.dumps(dict(message, v=1)), now) if c == conn]


def hello(token, nonce="1" * 32):
    return {"t": "hello", "room": CODE, "epoch": 0, "seat": proof.seat_tag(token), "nonce": nonce}


def test_a_rejoin_takes_one_round_trip_more_and_the_token_never_crosses_the_link():
    host, net, token = seated()
    phone = Phone(net, GuestSession(CODE, token=token))
    sent = []
    original = net.send
    net.send = lambda p, text: (sent.append(text), original(p, text))
    net.connect(phone)
    sent += [t for c, t in net.to_host]
    net.flush()
    assert phone.session.status == "joined" and phone.session.seat == "p1"
    kinds = [json.loads(t)["t"] for t in phone.received]
    assert kinds[:2] == ["challenge", "welcome"]
    assert [json.loads(t)["t"] for t in sent] == ["hello", "prove"]
    assert not any(token in t for t in sent + phone.received), "the token crossed the link"


def test_the_host_proves_first_and_the_right_answer_seats_the_phone():
    host, net, token = seated()
    host.on_connect("c9", 5)
    [challenge] = said(host, "c9", hello(token))
    assert challenge["t"] == "challenge"
    assert challenge["proof"] == proof.host_seat_proof(token, CODE, *AT0, "1" * 32, challenge["nonce"])
    right = proof.phone_seat_proof(token, CODE, *AT0, "1" * 32, challenge["nonce"])
    welcome = said(host, "c9", {"t": "prove", "proof": right})[0]
    assert welcome["t"] == "welcome" and welcome["seat"] == "p1" and "token" not in welcome


def refused_and_unchanged(host, conn, message, code="bad_proof"):
    before = host_state(host)
    answer = said(host, conn, message)
    assert [m["t"] for m in answer] == ["error"] and answer[0]["code"] == code, answer
    assert host_state(host) == before, "a refused proof changed the host"


def test_wrong_replayed_misdirected_and_missing_proofs_are_refused_and_change_nothing():
    host, net, token = seated()
    for conn in ("c8", "c9"):
        host.on_connect(conn, 5)
    [challenge] = said(host, "c9", hello(token, "1" * 32))
    [other] = said(host, "c8", hello(token, "2" * 32))
    right = proof.phone_seat_proof(token, CODE, *AT0, "1" * 32, challenge["nonce"])
    refused_and_unchanged(host, "c9", {"t": "prove", "proof": "0" * 64})  # wrong
    refused_and_unchanged(
        host, "c9", {"t": "prove", "proof": proof.phone_seat_proof(token, CODE, *AT0, "2" * 32, other["nonce"])}
    )  # another nonce's
    refused_and_unchanged(host, "c7", {"t": "prove", "proof": right})  # no challenge
    refused_and_unchanged(
        host, "c9", {"t": "prove", "proof": proof.host_seat_proof(token, CODE, *AT0, "1" * 32, challenge["nonce"])}
    )  # the host's echoed
    refused_and_unchanged(host, "c9", {"t": "prove"}, "bad_message")  # missing
    refused_and_unchanged(host, "c9", {"t": "prove", "proof": right[:-1]}, "bad_message")
    assert said(host, "c9", {"t": "prove", "proof": right})[0]["t"] == "welcome"
    refused_and_unchanged(host, "c9", {"t": "prove", "proof": right})  # replayed


def test_a_removed_seat_hears_so_only_after_both_proofs():
    host, net, token = seated()
    host.host_action({"t": "remove", "seat": "p1"}, 6)
    host.on_connect("c9", 7)
    [challenge] = said(host, "c9", hello(token))
    assert challenge["t"] == "challenge"
    right = proof.phone_seat_proof(token, CODE, *AT0, "1" * 32, challenge["nonce"])
    assert [m["t"] for m in said(host, "c9", {"t": "prove", "proof": right})] == ["error", "bye"]


def test_an_unknown_tag_is_bad_token_with_or_without_a_name_and_seats_no_ghost():
    """Issue 39, point 5: a hello with a tag this host never issued makes no seat under its name (the phone, which
    awaits a challenge, would never take that welcome up); it is told bad_token and joins again by name."""
    host, net, token = seated()
    host.on_connect("c9", 7)
    before = host_state(host)
    assert said(host, "c9", hello("not-a-token"))[0]["code"] == "bad_token"
    assert said(host, "c9", dict(hello("not-a-token"), name="Ben"))[0]["code"] == "bad_token"
    assert host_state(host) == before and [s.name for s in host.lobby.seats] == ["Ann"]


def test_a_phone_whose_tag_is_unknown_joins_by_name_on_the_same_link_and_keeps_no_ghost():
    """The phone of point 5 end to end: it joined by name at a host that then stepped aside (its token is that
    host's), and says hello with its name and tag to a host that never issued the token."""
    host, net, token = seated()
    ben = Phone(net, GuestSession(CODE, token="a-token-of-a-host-that-stepped-aside", name="Ben"))
    net.connect(ben)
    net.flush()
    assert ben.session.status == "joined" and ben.session.token != "a-token-of-a-host-that-stepped-aside"
    assert [s.name for s in host.lobby.seats] == ["Ann", "Ben"]
    assert host.lobby.by_token(ben.session.token).conn == ben.conn, "the seat under Ben's name is Ben's phone's"


def test_a_hello_sent_twice_gets_one_challenge_and_either_proof_seats_the_phone():
    """Issue 39, point 4: the host answers a repeated hello with the same challenge, and accepts a proof of any
    challenge still open on the link; the phone proves the first and is seated."""
    host, net, token = seated()
    phone = Phone(net, GuestSession(CODE, token=token))
    net.connect(phone)
    hello_text = net.to_host[-1][1]
    net.to_host.append(net.to_host[-1])  # the same hello, delivered twice
    net.flush()
    kinds = [json.loads(t)["t"] for t in phone.received]
    assert kinds.count("challenge") == 2 and phone.session.status == "joined", kinds
    assert "error" not in kinds and json.loads(hello_text)["t"] == "hello"
    # two hellos with different nonces on one link (a page that said hello again): either proof is accepted
    host.on_connect("c9", 20)
    first = said(host, "c9", hello(token, "1" * 32))[0]
    said(host, "c9", hello(token, "2" * 32))
    answer = proof.phone_seat_proof(token, CODE, *AT0, "1" * 32, first["nonce"])
    assert said(host, "c9", {"t": "prove", "proof": answer})[0]["t"] == "welcome"


def test_a_phone_refused_its_proof_while_joining_proves_afresh_instead_of_showing_an_error():
    guest = GuestSession(CODE, token="tok0000", nonce_source=iter(["1" * 32, "3" * 32]).__next__)
    guest.greeting()
    nonce = "2" * 32
    guest.receive(
        json.dumps(
            {"t": "challenge", "nonce": nonce, "proof": proof.host_seat_proof("tok0000", CODE, *AT0, "1" * 32, nonce)}
        )
    )
    assert [json.loads(t)["t"] for t in guest.take_outbox()] == ["prove"]
    assert guest.receive(json.dumps({"t": "error", "code": "bad_proof", "msg": "x", "id": None})) is None
    again = [json.loads(t) for t in guest.take_outbox()]
    assert [m["t"] for m in again] == ["hello"] and again[0]["nonce"] == "3" * 32
    assert guest.error is None and guest.status == "joining"


# --- issue 39, point 1: a proof binds its channel (the host's epoch and the id the phone dialled) -------------------


def test_a_handshake_relayed_from_a_later_epochs_id_proves_nothing_either_way():
    """A stranger at epoch 1's id relays a phone's hello to the real host (epoch 0) and the host's challenge back,
    unchanged. The phone dialled epoch 1: the host's proof names epoch 0's id, so the phone finds it an impostor
    and proves nothing; and a proof made for epoch 1's id (as a phone would make there) does not seat the relay."""
    host, net, token = seated()
    phone = GuestSession(CODE, token=token, nonce_source=lambda: "1" * 32)
    phone.dialled = 1  # rejoin.py: the link reached peerparty-ABCD-1
    relayed = json.loads(phone.greeting()[0])
    host.on_connect("stranger", 5)
    [challenge] = said(host, "stranger", relayed)
    assert challenge["t"] == "challenge"
    assert phone.receive(json.dumps(challenge)) == "impostor" and phone.take_outbox() == []
    at_one = proof.phone_seat_proof(token, CODE, 1, peer_id(CODE, 1), "1" * 32, challenge["nonce"])
    refused_and_unchanged(host, "stranger", {"t": "prove", "proof": at_one})
    assert host.lobby.by_id("p1").conn is None, "the relaying stranger holds no seat"


def test_every_proof_names_the_epoch_and_the_peer_id():
    key, n1, n2 = "k", "a" * 32, "b" * 32
    for make in (proof.host_seat_proof, proof.phone_seat_proof, proof.host_screen_proof, proof.screen_proof):
        base = make(key, CODE, 0, peer_id(CODE, 0), n1, n2)
        assert base != make(key, CODE, 1, peer_id(CODE, 0), n1, n2)
        assert base != make(key, CODE, 0, peer_id(CODE, 1), n1, n2)
    assert proof.room_proof(key, CODE, 1, peer_id(CODE, 1), n1) != proof.room_proof(key, CODE, 1, peer_id(CODE, 2), n1)


# --- the phone's side: an impostor learns nothing ---------------------------------------------------------------


def rejoining(token="tok0000"):
    guest = GuestSession(CODE, token=token, nonce_source=lambda: "1" * 32)
    first = guest.greeting()
    return guest, json.loads(first[0])


def test_a_phone_says_hello_without_its_token_and_holds_its_moves_for_the_welcome():
    guest = GuestSession(CODE, token="tok0000", nonce_source=lambda: "1" * 32)
    guest.view = {"view": {"ref": 3}}
    guest.move({"type": "x"})
    texts = guest.greeting()
    assert len(texts) == 1 and "tok0000" not in texts[0]
    nonce = "2" * 32
    guest.receive(
        json.dumps(
            {"t": "challenge", "nonce": nonce, "proof": proof.host_seat_proof("tok0000", CODE, *AT0, "1" * 32, nonce)}
        )
    )
    assert [json.loads(t)["t"] for t in guest.take_outbox()] == ["prove"]
    guest.receive(json.dumps({"t": "welcome", "seat": "p1", "next_id": 0, "room": CODE, "epoch": 0}))
    assert [json.loads(t)["t"] for t in guest.take_outbox()] == ["move"], "held moves go once welcomed"
    assert guest.token == "tok0000"
    # the host refuses the same proof arriving twice (a duplicated message): the seated phone shows no error
    assert guest.receive(json.dumps({"t": "error", "code": "bad_proof", "msg": "x", "id": None})) is None
    assert guest.error is None and guest.status == "joined"


@pytest.mark.parametrize(
    "answer",
    [
        {"t": "challenge", "nonce": "2" * 32, "proof": "0" * 64},  # a made-up proof
        {
            "t": "challenge",
            "nonce": "2" * 32,
            "proof": proof.host_seat_proof("tok0000", CODE, *AT0, "9" * 32, "2" * 32),
        },
        {"t": "challenge", "nonce": "2" * 32, "proof": proof.host_seat_proof("other", CODE, *AT0, "1" * 32, "2" * 32)},
    ],
)
def test_a_host_that_cannot_prove_the_seat_is_an_impostor_and_hears_nothing(answer):
    guest, hello_message = rejoining()
    assert "token" not in hello_message
    assert guest.receive(json.dumps(answer)) == "impostor"
    assert guest.take_outbox() == [] and guest.token == "tok0000"


@pytest.mark.parametrize(
    "lie",
    [
        {"t": "welcome", "seat": "p1", "token": "forged", "next_id": 0, "room": CODE, "epoch": 1, "successor": True},
        {"t": "bye", "reason": "removed"},
        {"t": "error", "code": "removed", "msg": "x", "id": None},
        {"t": "replica", "epoch": 1, "snapshot": {}},
        {"t": "view", "seq": 1, "room": {"epoch": 0}, "view": {}},
    ],
)
def test_before_the_host_proves_itself_a_phone_heeds_nothing_that_costs_it_its_seat(lie):
    guest, _ = rejoining()
    assert guest.receive(json.dumps(lie)) is None
    assert guest.token == "tok0000" and guest.status == "joining" and guest.replica is None


def test_an_unproven_bad_token_counts_only_from_the_phones_own_epochs_id():
    """Without a name to join with, only the phone's own epoch's host is believed (the token goes); anyone at a
    later epoch's id is no host of its: it looks further, token kept. With a name it joins by name on that link,
    keeping the token until a welcome replaces it (point 5)."""
    guest, _ = rejoining()
    guest.own_host = False  # rejoin.py: this connection reached a later epoch's id
    assert guest.receive(json.dumps({"t": "error", "code": "bad_token", "msg": "x", "id": None})) == "elsewhere"
    assert guest.token == "tok0000"
    guest, _ = rejoining()
    guest.receive(json.dumps({"t": "error", "code": "bad_token", "msg": "x", "id": None}))
    assert guest.token is None and guest.status == "connecting"
    guest, _ = rejoining()
    guest.name = "Ann"
    guest.own_host = False
    guest.receive(json.dumps({"t": "error", "code": "bad_token", "msg": "x", "id": None}))
    [by_name] = [json.loads(t) for t in guest.take_outbox()]
    assert by_name["t"] == "hello" and by_name["name"] == "Ann" and "seat" not in by_name
    assert guest.token == "tok0000"


def test_wrong_room_from_a_later_epochs_id_is_no_refusal():
    """Issue 39, point 3: a stranger's wrong_room does not mark the phone refused; it looks further."""
    guest, _ = rejoining()
    guest.name = "Ann"
    guest.own_host = False
    assert guest.receive(json.dumps({"t": "error", "code": "wrong_room", "msg": "x", "id": None})) == "elsewhere"
    assert guest.status != "refused" and guest.name == "Ann" and guest.token == "tok0000"


# --- a host's probe: only the room key's proof deposes it ----------------------------------------------------------


def test_a_probe_is_answered_only_for_this_room_and_epoch_and_only_the_room_key_proves():
    host = HostSession(CODE, GAMES, epoch=1)
    host.on_connect("p", 0)
    prober = fence.Fence(0)
    text = prober.ask(CODE, 1, 0)
    prober.opened(1, 10)
    [(_, answer)] = host.on_message("p", text, 20)
    other = json.loads(text)
    assert said(host, "p", dict(other, epoch=2))[0]["code"] == "old_host"
    assert said(host, "p", dict(other, room="WXYZ"))[0]["code"] == "wrong_room"
    assert prober.answered("another room's key", CODE, 1, answer, 30) == "refused" and prober.intruder
    prober = fence.Fence(0)
    text = prober.ask(CODE, 1, 0)
    [(_, answer)] = host.on_message("p", text, 20)
    assert prober.answered(host.room_key, CODE, 2, answer, 30) == "refused", "a proof for another epoch"
    text = prober.ask(CODE, 1, 40)
    [(_, answer)] = host.on_message("p", text, 50)
    assert prober.answered(host.room_key, CODE, 1, answer, 60) == "proved"
    assert prober.answered(host.room_key, CODE, 1, answer, 70) == "refused", "a proof is spent once"


def test_a_peer_that_opens_and_never_proves_itself_is_named_after_proof_ms():
    prober = fence.Fence(0)
    assert prober.ask(CODE, 1, 0) is not None
    prober.opened(1, 100)
    assert prober.answered("k", CODE, 1, '{"v":1,"t":"wait"}', 200) == "wait" and not prober.intruder
    assert prober.ask(CODE, 1, 5000) is None, "no second probe while the first may still be answered"
    assert prober.ask(CODE, 1, 100 + fence.PROOF_MS) is not None and prober.intruder


def test_the_room_key_travels_in_the_replica_and_survives_a_reload():
    host = HostSession(CODE, GAMES)
    again = HostSession.restore(json.loads(json.dumps(host.snapshot(records=False))), GAMES)
    assert again.room_key == host.room_key and len(host.room_key) == 32
    assert HostSession(CODE, GAMES).room_key != host.room_key


def test_the_room_key_reaches_only_the_successor():
    """The key is worth what its holders are: the host and the phone that may take over. In a whole Hint Hunt game
    and a rejoin after it, only replicas carry it (which go to the successor of the moment alone:
    tests/room/test_room_games.py)."""
    from .helpers import play_through_room

    host, phones = play_through_room(GAMES["hint_hunt"], 3, players=["Ann", "Ben", "Cat"])
    net = phones[0].network
    last = phones[-1]
    net.disconnect(last)
    net.connect(last)
    net.flush()
    assert last.session.status == "joined"
    for phone in phones:
        holding = [json.loads(t)["t"] for t in phone.received if host.room_key in t]
        assert set(holding) <= {"replica"}, holding
    assert any(host.room_key in t for p in phones for t in p.received), "the successor's replica carries it"
