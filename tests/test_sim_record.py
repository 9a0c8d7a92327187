"""Issue 47's record and replica bugs as scripted evenings of the simulator (tests/sim): each broke its evening
before the fix. The simulated host page saves the record only when seq moves, as host-room.js does, and a tab
that goes checks that the record it leaves is the room it ran (tests/sim/checks.py saved_is_the_room).
"""

from peerparty.room import rejoin
from peerparty.room.protocol import AWAY_MS
from tests.sim.pages import PhonePage
from tests.sim.screen import ScreenPage
from tests.test_sim import HINT_HUNT, hint_hunt_guessing, scripted, successor_device

SEVEN_ROUNDS = {"players": 4, "games": ["seven_rounds"], "faults": False}


def device_of(ev, seat):
    """The device whose phone page holds this seat (by its token), or None."""
    for device in ev.devices:
        if device.storage.get(rejoin.seat_key(ev.code)) == seat.token and isinstance(device.page, PhonePage):
            return device
    return None


def test_bug_8_the_controls_passing_on_survive_a_reload():
    """The phone holding the controls sleeps past AWAY_MS mid-game: a tick passes the controls on. The TV's tab
    reloads at once: the room it brings back has the new holder (before, the old one, under the same seq)."""
    passes = []

    def script(ev):
        def ready(e):
            leader = e.leader()
            if leader is None or leader.session.phase != "playing" or leader.session.controls.holder is None:
                return False
            return device_of(e, leader.session.lobby.by_id(leader.session.controls.holder)) is not None

        def nap(e):
            session = e.leader().session
            holder = session.lobby.by_id(session.controls.holder)
            device = device_of(e, holder)
            e.note("scenario: %s, holding the controls, sleeps past AWAY_MS" % device.name)
            device.page.sleep()
            e.world.after(AWAY_MS + 4000, device.page.wake)

            def passed_on(e2):
                leader = e2.leader()
                return leader is not None and leader.session.controls.holder not in (None, holder.id)

            def reload(e2):
                passes.append(e2.leader().session.controls.holder)
                e2.note("scenario: the controls passed on; the TV reloads")
                e2.tv.reload()

            e.when(passed_on, reload, every_ms=10)

        ev.when(ready, nap)

    played = scripted(SEVEN_ROUNDS, script)
    assert len(passes) == len(played)  # every evening passed the controls on, and reloaded with them there


def test_bug_9_a_dropped_screen_stays_dropped_after_a_reload():
    """The TV drops a remote screen and its tab reloads at once; the screen is opened again: it is a new screen now
    (before, the saved record still held its key, and it came back as the screen that was dropped)."""

    dropped = []

    def script(ev):
        def playing(e):
            leader = e.leader()
            return leader is not None and leader.session.phase == "playing"

        def open_screen(e):
            device = [d for d in e.devices if d.name.startswith("screen")][0]
            if not isinstance(device.page, ScreenPage):
                e.note("scenario: %s is opened" % device.name)
                device.open_screen()
            e.when(watching, lambda e2: drop(e2, device), every_ms=50)

        def watching(e):
            leader = e.leader()
            return leader is not None and leader.session.screens.watching() != []

        def drop(e, device):
            number = e.leader().session.screens.watching()[0]
            dropped.append(number)
            e.note("scenario: the TV drops screen %d and reloads; the screen is opened again 20 s on" % number)
            assert e.leader().act({"t": "drop_screen", "screen": number}) is None
            device.close_page()
            e.tv.reload()
            e.world.after(20000, device.open_screen)

        ev.when(playing, open_screen)

    for ev in scripted(dict(SEVEN_ROUNDS, screens=1), script):
        assert ev.leader().session.screens.watching() == [dropped.pop(0) + 1]  # a new screen, under a new key


def test_bug_7_a_tv_that_dies_as_the_successor_changes_is_taken_over():
    """Mid-guessing the successor's phone sleeps 30 s: the next player is the successor, and keeps the replica.
    The first wakes, erases its replica as it was told meanwhile, and is the successor again, its link slow now;
    the TV dies as its new replica is on the way. The one who kept the replica takes over (before, it had erased it at once, and nobody could)."""

    def script(ev):
        def nap(e):
            first = successor_device(e)
            e.note("scenario: the successor %s sleeps 30 s" % first.name)
            first.page.sleep()

            def erased(e2):
                return not first.storage.get(rejoin.replica_key(e2.code))

            def slow(e2):  # what it missed asleep arrives first, the drop of its replica among it
                e2.note("scenario: %s erased its replica; its link turns slow" % first.name)
                first.page.link.slow_until = e2.world.now + 60000
                e2.when(back, lambda e3: e3.world.after(200, die, e3), every_ms=10)

            def wake():
                e.note("scenario: %s wakes" % first.name)
                first.page.wake()
                e.when(erased, slow, every_ms=1)

            def back(e2):
                seat = e2.leader().session.successor()
                return seat is not None and device_of(e2, seat) is first

            def die(e2):
                e2.note("scenario: %s is the successor again; the TV dies as its replica is on the way" % first.name)
                e2.tv.person.gone = True
                e2.tv.close_page()

            e.world.after(30000, wake)

        ev.when(lambda e: hint_hunt_guessing(e) and successor_device(e) is not None, nap)

    for ev in scripted(HINT_HUNT, script):
        assert any("TV dies" in e for e in ev.world.events)
        assert ev.leader().session.epoch == 1  # someone took over
