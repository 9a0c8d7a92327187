"""Issue 39: nobody in the middle. A stranger who squats a later epoch's id holds nothing for longer than one proof
timeout (room/protocol.PROOF_MS): not a returning host's room (fence.py), not a phone (rejoin.py), and every secret
the room makes is in its record and the successor's replica as soon as it exists (a new screen's key). The relayed
handshake and the duplicated hello are in tests/room/test_proof.py; whole evenings in tests/sim."""

import json

from peerparty.games import REGISTRY
from peerparty.net.memory import MemoryNetwork, Phone
from peerparty.room import fence, proof, rejoin
from peerparty.room.guest import GuestSession
from peerparty.room.protocol import PROOF_MS, peer_id
from tests.sim.world import Storage

from .helpers import play_through_room

CODE = "WXYZ"
WAIT = '{"v":1,"t":"wait"}'


# --- point 2: a squatter cannot freeze a returning host's room ------------------------------------------------


def test_a_squatter_that_opens_again_and_says_wait_holds_the_room_for_one_proof_timeout_at_most():
    """A reloaded TV holds phones until its first probe settles. The stranger at epoch 1 opens each probe and says
    "wait" every few seconds: the hold still ends PROOF_MS after it first opened, however often it does."""
    tv = fence.Fence(0)
    assert tv.probe_due(0, True)
    tv.ask(CODE, 1, 0)
    tv.sent(0)  # the page dialled it (host-room.js probed)
    tv.opened(1, 200)
    now = 200
    while now < 200 + 3 * PROOF_MS:
        assert tv.answered("key", CODE, 1, WAIT, now) == "wait"
        tv.opened(1, now)
        if tv.probe_due(now, True):
            tv.ask(CODE, 1, now)
        if not tv.holds(now, True):
            break
        now += 2000
    assert now <= 200 + PROOF_MS, "the squatter froze the room for %d ms" % (now - 200)


def test_a_refused_answer_is_remembered_and_a_new_probe_to_that_id_holds_nothing():
    tv = fence.Fence(0)
    tv.probe_due(0, True)
    tv.ask(CODE, 1, 0)
    tv.sent(0)
    tv.opened(1, 100)
    made_up = json.dumps({"t": "proof", "epoch": 1, "proof": "0" * 64})
    assert tv.answered("key", CODE, 1, made_up, 300) == "refused" and tv.intruder
    held_until = tv.answer_by
    for now in range(5000, 5000 + 4 * PROOF_MS, 5000):  # it opens each new probe and says wait
        tv.ask(CODE, 1, now)
        tv.opened(1, now)
        tv.answered("key", CODE, 1, WAIT, now + 10)
    assert tv.answer_by == held_until and not tv.holds(100 + PROOF_MS, True)


def test_the_room_proof_is_bound_to_the_probed_id():
    """A stranger at epoch 1's id relays the probe to the room's host at epoch 2 (rewriting the epoch): that host's
    proof names epoch 2 and its own id, and the prober, who dialled epoch 1, refuses it."""
    tv = fence.Fence(0)
    probe = json.loads(tv.ask(CODE, 1, 0))
    real = proof.room_proof("key", CODE, 2, peer_id(CODE, 2), probe["nonce"])
    relayed = json.dumps({"t": "proof", "epoch": 1, "proof": real})
    assert tv.answered("key", CODE, 1, relayed, 10) == "refused"


# --- point 3: a stranger cannot hold a phone --------------------------------------------------------------------


def looking_at_epoch_one(store=None):
    """A phone of epoch 0 whose host has gone, connected to epoch 1's id (held by a stranger)."""
    store = store if store is not None else Storage({rejoin.seat_key(CODE): "tok", rejoin.epoch_key(CODE): "0"})
    r = rejoin.Rejoin(CODE, store, 0, nonce_source=lambda: "1" * 32)
    r.unavailable(300)
    assert r.retry(4000, False) == rejoin.CONNECT and r.try_epoch == 1
    r.opened(4500)
    return r


def test_a_stranger_that_answers_wait_and_pongs_for_ever_is_left_within_one_proof_timeout():
    r = looking_at_epoch_one()
    now, what = 4500, None
    while now < 4500 + 2 * PROOF_MS:
        now += 500
        r.received(WAIT, now)
        r.received('{"v":1,"t":"pong","n":1}', now)
        what = r.tick(now, True)
        if what == rejoin.CONNECT:
            break
    assert what == rejoin.CONNECT and now - 4500 <= PROOF_MS + 500
    assert r.host_id() == peer_id(CODE, 0), "back to its own host"


def test_after_a_stranger_hangs_up_the_phone_goes_back_to_its_own_host():
    """Once a later id's link opened, the search was over for good: every retry dialled the stranger again."""
    r = looking_at_epoch_one()
    r.received(json.dumps({"t": "bye", "reason": "removed"}), 4600)  # unproved: heeded by nothing
    r.closed(4700)
    assert r.retry(8700, False) == rejoin.CONNECT and r.host_id() == peer_id(CODE, 0)
    assert r.guest.token == "tok" and r.guest.status != "removed"


def test_a_stranger_that_stays_silent_is_left_and_the_phone_alternates_again():
    r = looking_at_epoch_one()
    tried = []
    now = 4500
    while len(tried) < 4 and now < 200000:
        now += 500
        what = r.tick(now, r.try_epoch == 1)  # the stranger opens every attempt at its id and says nothing
        if what == rejoin.CONNECT:
            tried.append(r.try_epoch)
            if r.try_epoch == 0:
                r.unavailable(now + 100)
            else:
                r.opened(now + 300)
    assert tried[:2] == [0, 1] and 0 in tried[2:], tried


def test_a_real_successor_that_says_wait_while_its_rules_boot_is_kept():
    r = looking_at_epoch_one()
    hello = json.loads(r.opened(4500)[0])
    for now in range(5000, 4500 + PROOF_MS - 5000, 1000):
        r.received(WAIT, now)
        assert r.tick(now, True) in (None, rejoin.PING)
    host_nonce = "ab" * 16
    r.received(
        json.dumps(
            {
                "t": "challenge",
                "nonce": host_nonce,
                "proof": proof.host_seat_proof("tok", CODE, 1, peer_id(CODE, 1), hello["nonce"], host_nonce),
            }
        ),
        26000,
    )
    r.received(json.dumps({"t": "welcome", "seat": "p1", "next_id": 0, "room": CODE, "epoch": 1}), 26100)
    assert r.epoch == 1
    later = 4500 + 2 * PROOF_MS
    r.received('{"v":1,"t":"pong","n":1}', later)
    assert r.tick(later, True) == rejoin.PING and r.host_id() == peer_id(CODE, 1)


# --- point 6: a new screen's key is in the record and the replica at once ------------------------------------------


def test_a_screens_key_reaches_the_successors_replica_and_the_new_host_answers_the_screen():
    """A screen opens mid-game in Hint Hunt; the host's tab then goes. The successor's replica must carry the
    screen's key (making it bumps seq, which saving and replication follow), so the new host at epoch 1 proves the
    key to the screen and takes it back, as screen.js checks."""
    host, phones = play_through_room(
        REGISTRY["hint_hunt"], 5, players=["Ann", "Ben", "Cat"], steps=6, to_the_end=False, host_name=None
    )  # a TV with no seat: it takes screens (issue 37)
    net = phones[0].network
    seq = host.seq
    host.on_connect("screen", net.now_ms)
    out = host.on_message("screen", json.dumps({"v": 1, "t": "watch", "room": "WXYZ", "epoch": 0}), net.now_ms)
    key = [json.loads(t) for c, t in out if c == "screen"][0]["key"]
    assert host.seq > seq, "a new secret, and nothing to save it by"
    net.to_phone.extend(out)
    net.flush()
    successor = host.successor()
    holder = [p for p in phones if p.session.seat == successor.id][0]
    replica = holder.session.replica
    assert replica is not None and key in json.dumps(replica["snapshot"]["screens"])
    saved = json.loads(json.dumps(host.snapshot()))
    assert key in json.dumps(saved["screens"]), "the saved record (a reload) has it too"

    from peerparty.room.host import HostSession

    new_host = HostSession.restore(json.loads(json.dumps(replica["snapshot"])), REGISTRY)
    new_host.take_over(holder.session.token, net.now_ms)
    new_host.on_connect("screen-again", 0)
    nonce = "cd" * 16
    [(_, text)] = new_host.on_message(
        "screen-again",
        json.dumps({"v": 1, "t": "watch", "room": "WXYZ", "epoch": 0, "screen": proof.screen_tag(key), "nonce": nonce}),
        0,
    )
    challenge = json.loads(text)
    assert challenge["t"] == "challenge", challenge
    assert challenge["proof"] == proof.host_screen_proof(key, "WXYZ", 1, peer_id("WXYZ", 1), nonce, challenge["nonce"])
    answer = proof.screen_proof(key, "WXYZ", 1, peer_id("WXYZ", 1), nonce, challenge["nonce"])
    [(_, text)] = new_host.on_message("screen-again", json.dumps({"v": 1, "t": "prove", "proof": answer}), 0)
    assert json.loads(text)["t"] == "watching"


def test_a_new_seats_token_is_in_the_record_at_once():
    from peerparty.room.host import HostSession

    host = HostSession(CODE, REGISTRY)
    net = MemoryNetwork(host)
    seq = host.seq
    ann = Phone(net, GuestSession(CODE, name="Ann"))
    net.connect(ann)
    net.flush()
    assert host.seq > seq and ann.session.token in json.dumps(host.snapshot())
