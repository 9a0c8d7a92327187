"""Issue 47, bugs 1 and 6, in room/rejoin.py alone: the signalling server answers an offer to an absent id 5-6 s after
it (tests/sim/peerserver.py, checked against the real one by tests/net/test_peerserver_model.py), after the phone
has tried again (RETRY_MS); and a latecomer's `waiting` ends its search as a welcome would."""

import json

from peerparty.room import proof, rejoin
from peerparty.room.lobby import peer_id
from peerparty.room.protocol import PROOF_MS
from tests.sim.world import Storage

CODE = "WXYZ"
WAITING = json.dumps({"v": 1, "t": "waiting", "why": "game", "msg": "A game is under way: you'll join when it ends."})


def seated(epoch=0, replica=False):
    store = Storage({rejoin.seat_key(CODE): "tok", rejoin.epoch_key(CODE): str(epoch)})
    if replica:
        store.set(rejoin.replica_key(CODE), json.dumps({"t": "replica", "epoch": epoch}))
    return rejoin.Rejoin(CODE, store, 0, nonce_source=lambda: "1" * 32)


def welcomed(r, now):
    """Its own host proves the seat and welcomes it on the link that just opened."""
    hello = json.loads(r.opened(now)[0])
    host_nonce = "ab" * 16
    channel = (r.try_epoch, peer_id(CODE, r.try_epoch))
    answer = proof.host_seat_proof("tok", CODE, *channel, hello["nonce"], host_nonce)
    r.received(json.dumps({"t": "challenge", "nonce": host_nonce, "proof": answer}), now + 50)
    r.outbox()
    welcome = {"t": "welcome", "seat": "p1", "next_id": 0, "room": CODE, "epoch": r.epoch}
    assert r.received(json.dumps(welcome), now + 100) == "welcome"


def test_a_late_answer_for_a_look_at_the_next_epoch_leaves_the_welcomed_link_alone():
    """Bug 1: the TV's id was missing a few seconds. The phone looked at epoch 1 (nobody), went back to epoch 0 and
    was welcomed; then the server's answer for the look at epoch 1 came. It must not count its own host as gone:
    before, it looked ahead again, and the next late answer dropped the link again, every ~6 s."""
    r = seated()
    r.closed(0)
    assert r.retry(0, False) == rejoin.CONNECT and r.try_epoch == 0
    assert r.unavailable(5500, peer_id(CODE, 0), True) is False  # its own id: nobody, 5.5 s on
    assert r.retry(6500, False) == rejoin.CONNECT and r.try_epoch == 1
    assert r.retry(10500, False) == rejoin.CONNECT and r.try_epoch == 0  # the TV is back
    welcomed(r, 11000)
    assert r.unavailable(12000, peer_id(CODE, 1), False) is False  # the look at epoch 1, answered late
    assert not r.host_gone and r.lost_since is None
    for now in range(12500, 60000, 500):
        assert r.tick(now, True) in (None, rejoin.PING)
        r.received('{"v":1,"t":"pong","n":1}', now)


def test_a_late_answer_for_an_earlier_attempt_does_not_end_the_current_one():
    """An attempt at epoch 1 is under way when the answer for the attempt at epoch 0 before it comes: it is recorded
    for epoch 0, and the attempt at 1 goes on (it may open)."""
    r = seated()
    r.closed(0)
    r.retry(0, False)
    r.unavailable(5500, peer_id(CODE, 0), True)
    r.retry(6500, False)
    assert r.try_epoch == 1
    r.unavailable(7000, peer_id(CODE, 0), False)  # a second, later offer to 0 (none here): the same answer
    assert r.try_epoch == 1 and r.gone_tries[0] == 0 and r.retry_due() == 6500 + rejoin.RETRY_MS


def test_the_successor_takes_over_on_answers_that_come_after_it_tried_again():
    """The host's tab crashed (its id free at once). Every answer comes 5-6 s after its offer, when the successor is
    already trying another id: matched to the id each names, they still add up to the takeover (before, each was
    counted for the epoch being tried when it came, and the next epoch was never found gone)."""
    r = seated(replica=True)
    assert r.is_successor()
    r.closed(0)
    assert r.retry(0, False) == rejoin.CONNECT and r.try_epoch == 0
    assert r.retry(4000, False) == rejoin.CONNECT and r.try_epoch == 0  # no answer yet: its own id again
    assert r.unavailable(5500, peer_id(CODE, 0), True) is False  # both offers to 0 expire together
    assert r.retry(6500, False) == rejoin.CONNECT and r.try_epoch == 1
    assert r.retry(10500, False) == rejoin.CONNECT and r.try_epoch == 0
    assert r.unavailable(12000, peer_id(CODE, 1), False) is True  # epoch 1's answer: nobody took over either


def test_an_answer_for_an_id_not_tried_since_the_host_was_found_says_nothing():
    r = seated()
    r.closed(0)
    r.retry(0, False)
    r.retry(4000, False)
    r.unavailable(5500, peer_id(CODE, 0), True)
    r.retry(6500, False)  # epoch 1
    r.retry(10500, False)  # back to 0, which opens
    r.opened(11000)
    assert r.unavailable(12000, peer_id(CODE, 1), False) is False and r.gone_tries == {}
    assert r.unavailable(12000, peer_id("ABCD", 0), False) is False and r.gone_tries == {}


# --- bug 6: a latecomer waits at a later epoch's host -----------------------------------------------------------


def latecomer():
    """A new phone (no token, epoch 0) whose room moved to epoch 1 while epoch 0's id went: it asks by name there."""
    r = rejoin.Rejoin(CODE, Storage(), 0)
    r.join("Zoe")
    r.closed(0)
    r.unavailable(5500)  # the attempt under way, at its own id
    assert r.retry(6500, False) == rejoin.CONNECT and r.try_epoch == 1
    assert [json.loads(t)["t"] for t in r.opened(7000)] == ["hello"]
    return r


def test_a_latecomer_told_to_wait_by_a_later_epochs_host_stays_until_the_game_ends():
    """Bug 6: only a welcome ended the search, so after PROOF_MS the phone hung up on the host that kept its name,
    and its place went (the host's screen: "That request is no longer open.")."""
    r = latecomer()
    assert r.received(WAITING, 7100) == "waiting" and r.guest.status == "waiting"
    for now in range(7500, 7000 + 3 * PROOF_MS, 500):
        assert r.tick(now, True) in (None, rejoin.PING), now
        r.received('{"v":1,"t":"pong","n":1}', now)
    welcome = {"t": "welcome", "seat": "p5", "token": "new", "next_id": 0, "room": CODE, "epoch": 1}
    assert r.received(json.dumps(welcome), 7000 + 3 * PROOF_MS) == "welcome"
    assert r.epoch == 1 and r.store.get(rejoin.epoch_key(CODE)) == "1"


def test_a_waiting_that_comes_on_a_later_link_counts_for_that_link_only():
    """The next link starts unproved again: a later epoch's holder that says nothing is left after PROOF_MS."""
    r = latecomer()
    r.received(WAITING, 7100)
    r.closed(8000)
    assert r.retry(12000, False) == rejoin.CONNECT
    r.retry(16000, False)
    assert r.try_epoch == 1
    r.opened(16500)
    assert r.unproved(16500 + PROOF_MS)


def test_a_phone_keeping_a_token_no_host_proved_is_not_held_by_a_waiting():
    """docs/trust.md: a stranger at a later epoch's id holds a phone one proof timeout at most. A seated phone whose
    token that id's holder did not know asks by name there (issue 39); a `waiting` then proves nothing, and its seat
    may be at its own epoch's host: it goes back after PROOF_MS, as before."""
    store = Storage({rejoin.seat_key(CODE): "tok", rejoin.epoch_key(CODE): "0"})
    r = rejoin.Rejoin(CODE, store, 0, nonce_source=lambda: "1" * 32)
    r.guest.name = "Ann"
    r.closed(0)
    r.unavailable(5500)  # the attempt under way, at its own id
    r.retry(6500, False)
    r.opened(7000)
    r.received(json.dumps({"t": "error", "code": "bad_token", "msg": "x", "id": None}), 7100)
    assert [json.loads(t).get("seat") for t in r.outbox()] == [None]  # a hello by name
    assert r.received(WAITING, 7200) == "waiting" and r.guest.status == "waiting"
    assert r.tick(7000 + PROOF_MS, True) == rejoin.CONNECT and r.try_epoch == 0
    assert r.guest.token == "tok"


def test_a_phone_whose_seat_a_later_host_proved_counts_its_waiting():
    """A host that proved this seat's token has proved itself: what it says counts, `waiting` too."""
    store = Storage({rejoin.seat_key(CODE): "tok", rejoin.epoch_key(CODE): "0"})
    r = rejoin.Rejoin(CODE, store, 0, nonce_source=lambda: "1" * 32)
    r.closed(0)
    r.unavailable(5500)  # the attempt under way, at its own id
    r.retry(6500, False)
    hello = json.loads(r.opened(7000)[0])
    host_nonce = "ab" * 16
    answer = proof.host_seat_proof("tok", CODE, 1, peer_id(CODE, 1), hello["nonce"], host_nonce)
    r.received(json.dumps({"t": "challenge", "nonce": host_nonce, "proof": answer}), 7100)
    r.outbox()
    assert r.received(WAITING, 7200) == "waiting"
    assert not r.unproved(7000 + 2 * PROOF_MS)
