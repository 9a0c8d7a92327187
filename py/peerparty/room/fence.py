"""Who leads the room: a host leads its epoch until the next epoch's host answers, then steps aside.

The host page's side of the terms rejoin.py describes, pure so the simulator (tests/sim) runs it too. Epoch e's
host holds peer_id(code, e); a Hint Hunt successor takes over as e + 1 from the replica its phone kept. A host
that reloads slowly can boot just as its successor takes over: both run for a moment, and the fence settles it.
"""
import json

from .host import HostSession
from .rejoin import HOST_KEY, LOOK_AHEAD, epoch_key, replica_key, seat_key

PROBE_MS = 5000          # a host whose room may have moved on looks for the next epoch's host this often
ANSWER_MS = 3000         # how long its first probe may take to find one (a data channel opens in well under 1 s)


class Fence:
    """A host's side of the terms: it leads its epoch until the next epoch's host answers, and then steps aside.

    A host whose game can migrate (a successor holds a replica) looks for the next epoch's host when its peer
    opens and every PROBE_MS after: a reloaded host that boots just as its successor takes over finds it there
    and steps aside (step_aside) as a player of the newer room."""

    def __init__(self, epoch, took_over=False):
        self.epoch = epoch
        self.took_over = took_over     # this page took the room over from a replica (not a restored room)
        self.next_probe = None
        # this page knows it leads: its first probe found no later host, or it has just taken the room over (the
        # newest epoch there is: a later one would be its own successor's)
        self.settled = took_over
        self.answer_by = None          # when its first probe counts as unanswered

    def probe_due(self, now_ms, may_have_moved):
        """Call on peer open and every tick: True when the page should probe peer_id(code, epoch + 1)."""
        if not may_have_moved:
            self.next_probe = None
            return False
        if self.next_probe is not None and now_ms < self.next_probe:
            return False
        self.next_probe = now_ms + PROBE_MS
        if not self.settled and self.answer_by is None:
            self.answer_by = now_ms + ANSWER_MS
        return True

    def holds(self, now_ms, may_have_moved):
        """True while this page must not answer a phone's move or hello (issue 26 C): its room may have moved
        on and its first probe for a later host has neither found one (then it steps aside, and what it
        acknowledged would exist only in the abandoned room) nor had ANSWER_MS to. Phones are told to wait."""
        if not self.settled and (not may_have_moved or (self.answer_by is not None and now_ms >= self.answer_by)):
            self.settled = True
        return not self.settled

    def id_taken(self):
        """The signalling server refused this epoch's id. A page that just took over lost the race to
        another successor: it must step aside (True). Any other page is seeing its own earlier
        registration (a reload): it retries (False)."""
        return self.took_over


def may_have_moved(session):
    """Whether the room may have moved on to a later epoch: a successor can hold its replica (a game whose host
    plays, Hint Hunt, is on). A phone's word that a later host welcomed it is no evidence (issue 31)."""
    game = session.games.get(session.game_id) if session.game_id else None
    return session.match is not None and game is not None and bool(game.host_is_player)


def later_epochs(session):
    """The epochs to look for: as far ahead as the phones look (rejoin.LOOK_AHEAD: a TV whose tab reopens after
    two takeovers finds the room at epoch + 2, where epoch + 1's host is long gone). Only a host that answers at
    such an epoch's id can depose this one; a phone's word that a later host welcomed it is no evidence."""
    return list(range(session.epoch + 1, session.epoch + 1 + LOOK_AHEAD))


def step_aside(session, store, epoch):
    """This host tab leaves the room to the host of `epoch` and rejoins it as a player: its own seat's token and
    that epoch go where the phone page looks for them, and the room is no longer saved for a reload."""
    code = session.code
    for seat in session.lobby.seats:
        if seat.local and not seat.removed:
            store.set(seat_key(code), seat.token)
    store.set(epoch_key(code), str(epoch))
    store.remove(HOST_KEY)


def take_over(store, code, games, now_ms, token_source=None):
    """On the successor's tab: the replica its phone kept becomes the room under the next epoch (D3-12).
    Returns the HostSession, or None when this tab holds no replica or no seat."""
    replica = store.get(replica_key(code))
    token = store.get(seat_key(code))
    if not replica or not token:
        return None
    session = HostSession.restore(json.loads(replica)["snapshot"], games, token_source)
    session.take_over(token, now_ms)
    store.set(HOST_KEY, json.dumps(session.snapshot()))
    store.remove(replica_key(code))
    store.set(epoch_key(code), str(session.epoch))
    return session
