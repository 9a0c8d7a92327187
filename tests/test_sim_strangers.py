"""Issue 39's six bugs as scripted evenings (each failed on the code before the fix, 01a8bd5): a stranger who
relays or stays at a later epoch's id, a duplicated handshake, a tag the host never issued, a screen through a
takeover. Each evening must settle (evening.settled: every phone shows its seat on the leading host, every screen
watches it) and its own checks hold (a relay is never seated, no token reaches the stranger)."""

import json

import pytest

from peerparty.room import fence
from peerparty.room.lobby import peer_id
from tests.sim.evening import Device, Failure
from tests.sim.pages import PhonePage
from tests.sim.screen import ScreenPage
from tests.test_sim import HINT_HUNT, hint_hunt_guessing, scripted

STAYS = dict(HINT_HUNT, stranger=False, stranger_stays=True)


def signal_blip(ev, ms=15000):
    """The signalling server loses the TV's registration for a while and every phone's link dies: the phones find
    their host's id gone and look for the room at the next epoch's id, where the stranger is."""
    pid = peer_id(ev.code, ev.leader().session.epoch)
    server = ev.world.server
    tv = server.clients.pop(pid)  # the TV's socket is gone (its network blinked): the id is free
    ev.note("scenario: the signalling server forgets %s for %d s; every phone's link dies" % (pid, ms // 1000))
    for page in ev.phones():
        if page.link is not None:
            ev.kill(page.link)

    def back():  # its PeerJS reconnects with the same token
        if tv.holder.alive and pid not in server.clients:
            server.connect(pid, tv.token, tv.holder, tv.on_message)

    ev.world.after(ms, back)


def stranger_then_blip(ev):
    ev.stranger_arrives()
    ev.world.after(1000, signal_blip, ev)


def test_point_1_a_relaying_stranger_takes_no_seat():
    """The stranger at epoch 1 forwards each phone's hello to the real host and its challenge back. The challenge
    names epoch 0's id; the phones dialled epoch 1's: they prove nothing, and the host never seats the relay
    (_Relay.on_data fails the evening if it hears a welcome, a view or a replica)."""
    relayed = impostors = 0
    for ev in scripted(
        dict(STAYS, stranger_relays=True), lambda ev: ev.when(hint_hunt_guessing, stranger_then_blip), seeds=range(4)
    ):
        relayed += sum(1 for e in ev.world.events if "opens a connection to epoch 1" in e)
        impostors += ev.checks.counts.get("impostors_found", 0)
        assert ev.leader().device is ev.tv
    assert relayed >= 1 and impostors >= 1, (relayed, impostors)


def test_point_2_a_squatter_that_says_wait_again_and_again_does_not_freeze_a_returning_host():
    """The TV reloads mid-guessing while the stranger stays at epoch 1 and answers every probe "wait", again and
    again: the reloaded TV holds the phones one proof timeout at most, then leads on."""

    def script(ev):
        def arrive(e):
            e.stranger_arrives()
            e.world.after(2000, e.tv.reload, 4000)

        ev.when(hint_hunt_guessing, arrive)

    for ev in scripted(dict(STAYS, stranger_probes="wait_again"), script, seeds=range(3)):
        assert ev.stranger.probes >= 1 and ev.leader().device is ev.tv


@pytest.mark.parametrize("answer", ["wait", "silence", "welcome", "bye", "hang_up", "wrong_room"])
def test_point_3_a_stranger_that_stays_holds_no_phone(answer):
    """Every phone looks for the room at the stranger's id; whatever it answers, each goes back to its own host
    within one proof timeout (it heard wait and pongs for ever, nothing, a forged welcome, a bye, a hang-up or
    wrong_room) and the room plays on."""
    reached = 0
    for ev in scripted(
        dict(STAYS, stranger_answers=answer, random_removes=False),
        lambda ev: ev.when(hint_hunt_guessing, stranger_then_blip),
        seeds=range(3),
    ):
        reached += ev.stranger.hellos
        for device in ev.devices:
            if isinstance(device.page, PhonePage):
                # back on its own host and seated (the host removes nobody at random in these evenings)
                assert device.page.guest.status == "joined"
                assert device.page.rejoin.epoch == 0
    assert reached >= 1, "some phone said hello at the stranger's id"


def test_point_4_duplicated_handshakes_strand_no_phone():
    """Every phone's link dies mid-guessing, and on the fresh links every handshake message arrives twice: each
    phone's hello is answered by one challenge, its proof is accepted, and it is seated."""

    def script(ev):
        def dup(e):
            e.note("scenario: every fresh link's first messages arrive twice")
            e.dup_handshakes_until = e.world.now + 60000
            e.dup_handshake_rate = 1.0
            for page in e.phones():
                if page.link is not None:
                    page.link.host.close_soon(page.link, 10)
                    e.world.after(20, page.lost, page.link)

        ev.when(hint_hunt_guessing, dup)

    for ev in scripted(HINT_HUNT, script, seeds=range(3)):
        assert sum(1 for e in ev.world.events if "opens a connection" in e) >= 8


def test_point_5_a_tag_the_host_never_issued_leaves_no_ghost():
    """A phone joined by name in this page; the host then lost the record of that seat (it came back from a save
    made before the join, as a host that does not know the phone's tag). The phone says hello with its name and its
    tag: it is told bad_token, joins again by name and plays; no seat is left under its name without a phone."""

    def script(ev):
        saved = {}

        def before_last_join(e):
            leader = e.leader()
            if leader is None or leader.session.phase != "lobby" or len(leader.session.lobby.players()) != 3:
                return False
            saved["record"] = json.dumps(leader.session.snapshot())
            return True

        def all_joined(e):
            leader = e.leader()
            return leader is not None and len([s for s in leader.session.lobby.players() if not s.local]) >= 4

        def lose_the_seat(e):
            e.note("scenario: the TV's tab comes back from a record saved before the last phone joined")
            e.tv.storage.set(fence.HOST_KEY, saved["record"])
            e.tv.open_host(delay=3000)

        ev.when(before_last_join, lambda e: e.when(all_joined, lose_the_seat, every_ms=50), every_ms=50)

    for ev in scripted(dict(HINT_HUNT, players=4), script, seeds=range(3)):
        session = ev.leader().session
        names = [s.name for s in session.lobby.seats if not s.removed]
        assert len(names) == len(set(names)), names
        phones = [d for d in ev.devices if isinstance(d.page, PhonePage)]
        assert all(d.page.guest.status == "joined" for d in phones)


def test_point_6_a_screen_follows_the_room_through_a_takeover():
    """A remote screen opens mid-guessing; once it watches, the TV's tab closes for good before anyone moves. The
    successor's replica holds the screen's key (it bumped seq), so the new host at epoch 1 proves the key and the
    screen watches it (evening.settled checks every screen). On 01a8bd5 no replica carried a new key until the next
    move, and the new host answered the screen bad_proof."""

    def script(ev):
        def open_screen(e):
            device = Device(e, "screen-late")  # its own device: the last one may be a guest yet to arrive
            e.devices.append(device)
            device.open_screen()

            def watching(e2):
                return isinstance(device.page, ScreenPage) and device.page.watching

            def gone(e2):
                e2.note(
                    "scenario: the screen watches; 300 ms on (the replica sent with its welcome has arrived),"
                    " the host's tab closes for good"
                )
                e2.tv.page.snapshot_for_reload()
                e2.tv.person.gone = True
                e2.tv.close_page()

            e.when(watching, lambda e2: e2.world.after(300, gone, e2), every_ms=20)

        ev.when(hint_hunt_guessing, open_screen)

    for ev in scripted(dict(HINT_HUNT, screens=1), script, seeds=range(3)):
        assert any("takes over" in e for e in ev.world.events)
        screen = [d.page for d in ev.devices if isinstance(d.page, ScreenPage)][0]
        assert screen.epoch == 1 == ev.leader().session.epoch


def test_the_relay_check_catches_a_host_that_seats_a_relay(monkeypatch):
    """Without the channel in the proofs (issue 39's first bug), the relay is seated and the evening fails."""
    from peerparty.room import guest, host, proof

    monkeypatch.setattr(guest.GuestSession, "channel", lambda self: (0, peer_id(self.room, 0)))
    monkeypatch.setattr(host.HostSession, "peer", lambda self: peer_id(self.code, 0))
    assert proof.mac("k", "x")
    with pytest.raises(Failure, match="seated a stranger that relays|token or the seed reached the stranger"):
        for seed in range(4):
            from tests.sim import evening

            ev_plan = dict(STAYS, stranger_relays=True)
            evening.run(seed, ev_plan, lambda ev: ev.when(hint_hunt_guessing, stranger_then_blip))
