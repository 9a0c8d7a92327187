"""room/rejoin.py and room/fence.py, the rules the pages and the simulator share (issue 20, points 2 and 4): which
host id a phone tries, when the successor takes over, when a host steps aside. tests/test_sim.py plays them in
whole evenings; here each rule on its own, with a dict for localStorage."""

import json

from peerparty.games import REGISTRY
from peerparty.room import fence, proof, rejoin
from peerparty.room.lobby import peer_id
from tests.sim.world import Storage

CODE = "WXYZ"


def phone(store=None, now=0):
    return rejoin.Rejoin(CODE, store if store is not None else Storage(), now)


def proved(r, phone_nonce, now, token="tok"):
    """The real host's challenge for a rejoin (it knows the token), as HostSession answers a hello."""
    host_nonce = "ab" * 16
    r.received(
        json.dumps(
            {
                "t": "challenge",
                "nonce": host_nonce,
                "proof": proof.host_seat_proof(
                    token, CODE, r.try_epoch, peer_id(CODE, r.try_epoch), phone_nonce, host_nonce
                ),
            }
        ),
        now,
    )
    assert [json.loads(t)["t"] for t in r.outbox()] == ["prove"]


def gone(r, now):
    """An attempt at r's current host id, made now, finds nobody there. Returns unavailable()'s answer."""
    assert r.retry(now, False) == rejoin.CONNECT
    return r.unavailable(now + 100)


def test_a_phone_reloaded_during_a_takeover_tries_the_next_epoch_too():
    """Bug 4: after a reload a phone is `connecting` with its stored epoch; once that id is gone it must try the
    next epoch as well, not epoch 0 for ever."""
    store = Storage({rejoin.seat_key(CODE): "tok", rejoin.epoch_key(CODE): "0"})
    r = phone(store)
    assert r.guest.status == "connecting" and r.host_id() == peer_id(CODE, 0)
    r.unavailable(300)  # the first attempt, made as the page started
    tried = []
    for now in range(4000, 30000, 4000):
        assert r.retry(now, False) == rejoin.CONNECT
        tried.append(r.try_epoch)
        r.unavailable(now + 100)
    assert tried == [1, 0, 1, 0, 2, 0, 1]  # the next epoch first: a takeover is one epoch on


def test_a_phone_that_slept_through_two_takeovers_finds_the_third_host():
    """Found by evening 4747: a phone of epoch 0 whose hosts of epochs 0 and 1 are both gone for good tried 0 and
    1 for ever while the room played on at epoch 2. Every other try looks past its own epoch (its host may only be
    reloading), mostly at the next one and every NEXT_FIRST-th time one epoch further, up to LOOK_AHEAD."""
    store = Storage({rejoin.seat_key(CODE): "tok", rejoin.epoch_key(CODE): "0"})
    r = phone(store)
    r.unavailable(300)
    tried = []
    now = 4000
    while r.try_epoch != 2:
        assert now < 4000 * 8, "never looked two epochs past its own: %s" % tried
        assert r.retry(now, False) == rejoin.CONNECT
        tried.append(r.try_epoch)
        if r.try_epoch != 2:
            r.unavailable(now + 100)
        now += 4000
    assert tried == [1, 0, 1, 0, 2]
    hello = json.loads(r.opened(now)[0])
    assert "token" not in hello  # the token never crosses the link (issue 31)
    proved(r, hello["nonce"], now + 50)
    r.received(
        json.dumps({"t": "welcome", "seat": "p2", "next_id": 0, "room": CODE, "epoch": 2, "successor": False}),
        now + 100,
    )
    assert r.epoch == 2 and store[rejoin.epoch_key(CODE)] == "2"
    # the look wraps at LOOK_AHEAD and starts again from the phone's own epoch
    r.closed(now + 1000)
    looks = []
    for t in range(now + 4000, now + 4000 * (2 * rejoin.NEXT_FIRST * rejoin.LOOK_AHEAD + 1), 4000):
        gone(r, t)
        looks.append(r.try_epoch)
    assert looks[::2] == [2] * len(looks[::2]) and 2 not in looks[1::2]
    assert [e for e in looks[1::2] if e != 3] == [2 + k for k in range(2, rejoin.LOOK_AHEAD + 1)] + [4]


def test_a_phone_mid_hello_alternates_too():
    r = phone()
    r.guest.join("Ann")
    assert r.guest.status == "joining"
    r.closed(1000)
    assert gone(r, 4000) is False and r.retry(8000, False) == rejoin.CONNECT and r.try_epoch == 1


def test_a_welcome_from_the_next_epoch_is_kept_and_the_phone_never_goes_back():
    store = Storage()
    r = phone(store)
    gone(r, 4000)
    r.retry(8000, False)
    assert r.try_epoch == 1
    r.opened(8500)
    r.received(
        json.dumps(
            {"t": "welcome", "seat": "p2", "token": "tok", "next_id": 0, "room": CODE, "epoch": 1, "successor": False}
        ),
        8600,
    )
    assert r.epoch == 1 and store[rejoin.epoch_key(CODE)] == "1"
    r.closed(20000)
    tried = []
    for now in range(24000, 60000, 4000):
        gone(r, now)
        tried.append(r.try_epoch)
    assert min(tried) == 1 and 2 in tried  # epoch 1 and the next; never epoch 0 again
    assert phone(store).host_id() == peer_id(CODE, 1)  # nor after a reload


def successor(store=None):
    store = store if store is not None else Storage()
    store.set(rejoin.seat_key(CODE), "tok")
    store.set(rejoin.replica_key(CODE), json.dumps({"t": "replica", "epoch": 0, "snapshot": {}}))
    r = phone(store)
    r.opened(0)
    r.closed(1000)
    return r


def test_the_successor_takes_over_only_after_trying_its_old_host_again_past_the_window():
    """Bug 2's successor side: past TAKEOVER_MS, it takes over only when an attempt at the old host's id, made
    after the window opened, found it gone (after one at the next epoch found nobody either)."""
    r = successor()
    now, decided = 1000, []
    while now < 40000:
        now += rejoin.GONE_RETRY_MS  # the page's pace once the server answers "gone" (retry_due)
        if gone(r, now):
            decided.append((now, r.try_epoch))
            break
    assert decided and decided[0][1] == 0  # the last try was the old host's own id
    assert decided[0][0] - 1000 >= rejoin.TAKEOVER_MS


def test_the_successor_rejoins_an_old_host_that_came_back_instead_of_taking_over():
    r = successor()
    now = 1000
    while now + rejoin.RETRY_MS < 1000 + rejoin.TAKEOVER_MS:  # the host's tab is booting: nobody answers
        now += rejoin.RETRY_MS
        assert not gone(r, now)
    for _ in range(2):  # past the window, the host is back: epoch 1 is empty, epoch 0 answers
        now += rejoin.RETRY_MS
        assert r.retry(now, False) == rejoin.CONNECT
        if r.try_epoch == 0:
            r.opened(now + 300)
            break
        assert r.unavailable(now + 100) is False
    assert r.lost_since is None and not r.host_gone and r.try_epoch == 0


def test_only_the_holder_of_this_epochs_replica_takes_over():
    store = Storage()
    r = successor(store)
    store.set(rejoin.replica_key(CODE), json.dumps({"t": "replica", "epoch": 3, "snapshot": {}}))
    for now in range(5000, 80000, rejoin.RETRY_MS):
        assert not gone(r, now)


def test_a_host_whose_game_migrates_looks_for_the_next_epoch_on_open_and_every_few_seconds():
    f = fence.Fence(0)
    assert f.probe_due(0, True)
    assert not f.probe_due(fence.PROBE_MS - 1, True)
    assert f.probe_due(fence.PROBE_MS, True)
    assert f.probe_due(fence.PROBE_MS * 9, True)  # for as long as the game can migrate
    assert not fence.Fence(0).probe_due(0, False)  # a game without a successor: never


def test_the_first_probes_deadline_counts_from_when_it_was_dialled():
    """Issue 47, 3: deciding to probe starts no clock (a rules worker booting behind its queue decides long before
    the page dials): the fence holds until the probes went out (sent) and ANSWER_MS has passed since."""
    f = fence.Fence(0)
    assert f.probe_due(300, True)
    assert f.holds(300 + fence.ANSWER_MS * 10, True), "no probe went out: nothing is answered"
    f.sent(10000)
    assert f.holds(10000 + fence.ANSWER_MS - 1, True)
    assert not f.holds(10000 + fence.ANSWER_MS, True)


def test_a_tab_that_took_over_steps_aside_when_its_epoch_is_taken_and_a_reload_retries():
    assert fence.Fence(1, took_over=True).id_taken() is True
    assert fence.Fence(1).id_taken() is False


def hint_hunt_room():
    from tests.room.helpers import play_through_room

    host, phones = play_through_room(REGISTRY["hint_hunt"], 5, steps=40, to_the_end=False)
    return host, phones


def test_stepping_aside_leaves_the_seat_and_the_epoch_where_the_phone_page_looks():
    host, _ = hint_hunt_room()
    store = Storage({fence.HOST_KEY: json.dumps(host.snapshot())})
    fence.step_aside(host, store, 1)
    mine = [s for s in host.lobby.seats if s.local][0]
    assert store == {rejoin.seat_key(host.code): mine.token, rejoin.epoch_key(host.code): "1"}
    assert phone_for(host.code, store).host_id() == peer_id(host.code, 1)


def phone_for(code, store):
    return rejoin.Rejoin(code, store, 0)


def test_take_over_builds_the_next_epochs_room_from_the_replica_the_phone_kept():
    host, phones = hint_hunt_room()
    holder = [p for p in phones if p.session.replica is not None][0]
    store = Storage(
        {
            rejoin.seat_key(host.code): holder.session.token,
            rejoin.replica_key(host.code): json.dumps(holder.session.replica),
        }
    )
    session = fence.take_over(store, host.code, REGISTRY, 5000)
    assert session.epoch == 1 and session._local_seat().token == holder.session.token
    assert rejoin.replica_key(host.code) not in store and store[rejoin.epoch_key(host.code)] == "1"
    assert json.loads(store[fence.HOST_KEY])["epoch"] == 1
    assert fence.take_over(Storage(), host.code, REGISTRY, 5000) is None  # no replica, no takeover


def test_a_phone_waiting_for_its_seat_on_a_silent_link_connects_again():
    """The host page holds the room's id while its rules boot and says "wait" (to pings too): a phone whose hello
    waits for an answer hears it. A link that goes silent then is dead, even before the phone has its seat."""
    r = phone()
    assert r.opened(1000) == [] and r.guest.join("Ann")
    r.received('{"v":1,"t":"wait"}', 1100)
    assert r.guest.status == "joining" and r.guest.host_waiting
    assert r.tick(3200, True) == rejoin.PING
    r.received('{"v":1,"t":"wait"}', 3300)  # the host page answers the ping: still booting
    assert r.tick(9000, True) == rejoin.PING, "heard 5.7 s ago: alive"
    assert r.tick(10400, True) == rejoin.CONNECT, "silent for longer than HOST_LOST_MS: connect again"


def test_an_id_found_gone_is_tried_again_within_a_second_and_an_attempt_that_never_opens_after_retry_ms():
    """The signalling server answers "gone" at once, so nothing is pending: the next attempt (the next epoch, maybe
    the new host of a takeover) comes GONE_RETRY_MS later. An attempt that is simply not answered gets RETRY_MS."""
    r = phone()
    r.closed(1000)
    assert r.retry(1000, False) == rejoin.CONNECT
    r.unavailable(1100)
    assert r.tick(1000 + rejoin.GONE_RETRY_MS - 1, False) is None
    assert r.tick(1000 + rejoin.GONE_RETRY_MS, False) == rejoin.CONNECT and r.try_epoch == 1
    start = 1000 + rejoin.GONE_RETRY_MS  # nobody answers this one
    assert r.tick(start + rejoin.GONE_RETRY_MS, False) is None
    assert r.tick(start + rejoin.RETRY_MS - 1, False) is None
    assert r.tick(start + rejoin.RETRY_MS, False) == rejoin.CONNECT


def test_a_join_tapped_before_the_link_opens_is_said_on_opening_and_the_name_is_remembered():
    """Issue 27: join.html's form works before the link to the host is up; the name then goes in the hello
    the link's opening sends, and stays for the next visit (the first frame fills the field with it)."""
    store = Storage()
    r = phone(store)
    assert r.remembered_name() is None
    r.join("  Zoe ")
    assert r.guest.status == "joining" and r.remembered_name() == "Zoe"
    hello = json.loads(r.opened(100)[0])
    assert hello["t"] == "hello" and hello["name"] == "Zoe"
    assert store[rejoin.NAME_KEY] == "Zoe"
    r.join("   ")  # nothing typed: the name from before stays
    assert r.remembered_name() == "Zoe"


def test_a_successor_told_its_host_is_closing_takes_over_at_the_first_gone_answer_since():
    """Issue 38 point 8: the host's tab said "closing" as it went (host-room.js pagehide). An attempt at the old
    host's id made after that, which the signalling server answers "gone" (it held the offer about 5 s, and would
    have handed it to a reloaded host), is enough: no window, no look at the next epoch first."""
    r = successor()
    r.opened(1500)
    r.guest.asked = None  # the host proved itself on this link (test_guest.py does that)
    r.received(json.dumps({"t": "closing"}), 2000)
    assert r.closing_ms == 2000
    r.closed(2100)
    assert r.retry(2200, False) == rejoin.CONNECT and r.try_epoch == 0
    assert r.unavailable(7300) is True  # its own id, tried since, found gone


def test_closing_from_an_unproved_link_changes_nothing_and_a_found_host_forgets_it():
    r = successor()
    r.opened(1500)
    r.guest.asked = "nonce"  # this link has not proved itself: its word is not the host's
    r.received(json.dumps({"t": "closing"}), 2000)
    assert r.closing_ms is None
    r.guest.asked = None
    r.received(json.dumps({"t": "closing"}), 2000)
    assert r.closing_ms == 2000
    r.closed(2100)
    r.retry(2200, False)
    r.opened(2600)  # the host reloaded and is back: the closing is forgotten
    assert r.closing_ms is None


def test_the_successor_told_its_host_is_closing_opens_the_host_page_at_once_and_no_other_phone_does():
    """Issue 38 point 8: "closing" from its proved host sends the successor to the host page straight away
    (app/phone.py take_over(closing=True)), whose rules boot while host-room.js confirmTakeover finds the old id
    gone. A phone without the replica of this term, or told by a link that has not proved itself, stays."""
    r = successor()
    r.opened(1500)
    r.guest.asked = None  # the host proved itself on this link
    assert not r.hands_over_now()
    r.received(json.dumps({"t": "closing"}), 2000)
    assert r.hands_over_now()

    other = phone()
    other.opened(0)
    other.guest.asked = None
    other.received(json.dumps({"t": "closing"}), 2000)
    assert other.closing_ms == 2000 and not other.hands_over_now()  # no replica: it looks for the successor

    stale = successor()
    stale.store.set(rejoin.replica_key(CODE), json.dumps({"t": "replica", "epoch": 3, "snapshot": {}}))
    stale.opened(1500)
    stale.guest.asked = None
    stale.received(json.dumps({"t": "closing"}), 2000)
    assert not stale.hands_over_now()  # a replica of another term is no successor's

    unproved = successor()
    unproved.opened(1500)
    unproved.guest.asked = "nonce"
    unproved.received(json.dumps({"t": "closing"}), 2000)
    assert not unproved.hands_over_now()
