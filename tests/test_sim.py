"""The evening simulator (docs/simulation.md) in every test run: 512 whole evenings under random faults, the
bugs it found kept as seeds and as scripted evenings, and proof that its checks catch what they claim to.

The evenings are split in CHUNKS tests so pytest-xdist spreads them over the cores; each prints its evenings/s
(-rP shows it). `python3 -m tests.sim --evenings 10000 --jobs 2` runs the long version.
"""
import os
import time

import pytest

from peerparty.games import REGISTRY
from tests.sim import evening, people
from tests.sim.evening import Failure, report

EVENINGS = 512
CHUNKS = 16


def play(seed, plan=None, script=None):
    try:
        return evening.run(seed, plan, script)
    except Failure as failure:
        replay = None
        if plan is not None:       # a scripted evening: the test replays it
            replay = "python3 -m pytest 'tests/test_sim.py::%s'" % os.environ.get(
                "PYTEST_CURRENT_TEST", "").split(" ")[0].split("::")[-1]
        pytest.fail(report(failure, last=150, replay=replay), pytrace=False)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_whole_evenings_keep_every_invariant(chunk):
    began = time.process_time()
    seeds = range(chunk, EVENINGS, CHUNKS)
    faults = 0
    for seed in seeds:
        stats = play(seed)
        faults += sum(stats["faults"].values())
    spent = time.process_time() - began
    assert faults > len(seeds)           # the evenings did go wrong, often
    print("evenings %d..%d step %d: %d evenings, %d faults, %.2f evenings per CPU second" % (
        chunk, EVENINGS - 1, CHUNKS, len(seeds), faults, len(seeds) / spent))


def test_every_game_has_a_player_who_can_play_it():
    assert sorted(people.PHONE_CHOOSERS) == sorted(REGISTRY)


# --- issue 20's bugs, as evenings that broke them -----------------------------------------------------------

def hint_hunt_guessing(ev):
    """The room's host page is up, and Hint Hunt is in its guessing phase."""
    leader = ev.leader()
    return (leader is not None and leader.session.phase == "playing" and leader.session.game_id == "hint_hunt"
            and leader.session.match.state["phase"] == "guessing")


HINT_HUNT = {"players": 4, "games": ["hint_hunt"], "faults": False}


@pytest.mark.parametrize("boot_s", [6, 8, 10, 11, 12, 13, 14, 16, 20, 25])
def test_a_slow_host_reload_in_hint_hunt_never_splits_the_room(boot_s):
    """Bug 2: the TV reloads mid-guessing and Pyodide takes boot_s to come back. The successor may take over
    meanwhile, or not; either way one host leads in the end, and every phone is on it (evening.settled)."""
    took_over = 0
    for seed in range(4):
        def script(ev):
            ev.when(hint_hunt_guessing, lambda e: e.tv.reload(boot_s * 1000))
            seen.append(ev)
        seen = []
        play(seed, HINT_HUNT, script)
        ev = seen[0]
        assert any("TV reloads the host page" in e for e in ev.world.events)
        took_over += any("takes over" in e for e in ev.world.events)
    if boot_s >= 20:
        assert took_over          # a host away this long is replaced: the successor's side of the fence ran


@pytest.mark.parametrize("reload_after_s", [0.5, 3, 10, 20, 45])
def test_phones_that_reload_around_a_takeover_find_the_new_host(reload_after_s):
    """Bug 4: the host's tab closes for good mid-guessing; a phone reloads reload_after_s later (during the
    takeover, or after it), so it starts `connecting` with its stored epoch. It must reach the new host."""
    for seed in range(3):
        def script(ev):
            def gone(e):
                leader = e.leader()
                e.note("scenario: the host's tab closes for good")
                e.tv.person.gone = True
                e.tv.close_page()
                phones = [d for d in e.devices[1:] if d.page is not None and
                          not d.storage.get("peerparty:replica:" + e.code)]
                e.world.after(int(reload_after_s * 1000), phones[0].reload)
                assert leader.session.epoch == 0
            ev.when(hint_hunt_guessing, gone)
            seen.append(ev)
        seen = []
        play(seed, HINT_HUNT, script)
        assert any("takes over" in e for e in seen[0].world.events)


# --- the checks catch what they claim to: each plants a bug and expects the evening to fail on it --------------

def fails_with(seeds, words, plan=None, script=None):
    """One of these evenings fails on the planted bug (another failure is test_whole_evenings' business)."""
    seen = []
    for seed in seeds:
        try:
            evening.run(seed, plan, script)
        except Failure as failure:
            if words in str(failure):
                return
            seen.append(str(failure))
    raise AssertionError("no evening caught the planted bug; they failed with: %r" % seen)


def test_a_token_in_a_view_is_caught(monkeypatch):
    from peerparty.room.host import HostSession
    summary = HostSession._room_summary
    monkeypatch.setattr(HostSession, "_room_summary",
                        lambda self: dict(summary(self), debug=[s.token for s in self.lobby.seats]))
    fails_with(range(3), "token went to")


def test_a_view_of_another_seat_is_caught(monkeypatch):
    from peerparty.engine import Match
    view = Match.sent_view
    monkeypatch.setattr(Match, "sent_view", lambda self, viewer: view(self, self.players[0]))
    fails_with(range(10), "holds another's secret")


def test_a_refusal_that_changes_the_room_is_caught(monkeypatch):
    from peerparty.room.host import HostSession
    error = HostSession._error

    def sloppy(self, conn, code, detail=None, msg_id=None):
        self.seq += 1
        return error(self, conn, code, detail, msg_id)
    monkeypatch.setattr(HostSession, "_error", sloppy)
    fails_with(range(10), "a refused message changed the room")


def test_a_host_that_never_steps_aside_is_caught(monkeypatch):
    """Without the fence, a host reload that outlasts the successor's patience leaves two hosts."""
    from peerparty.room import fence
    monkeypatch.setattr(fence.Fence, "probe_due", lambda self, now, may: False)
    fails_with(range(4), "still runs a host page",
               HINT_HUNT, lambda ev: ev.when(hint_hunt_guessing, lambda e: e.tv.reload(25000)))
