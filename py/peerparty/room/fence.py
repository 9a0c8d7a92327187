"""Who leads the room: a host leads its epoch until a later epoch's host proves it holds the room, then steps aside.

The host page's side of the terms rejoin.py describes, pure so the simulator (tests/sim) runs it too. Epoch e's
host holds peer_id(code, e); a Hint Hunt successor takes over as e + 1 from the replica its phone kept. A host
that reloads slowly can boot just as its successor takes over: both run for a moment, and the fence settles it.

Anyone who knows the room's code can register a later epoch's id (issue 31). So a host steps aside only for an
answer that proves the room key (proof.room_proof of the fresh nonce it sent, for that epoch): only the room's
hosts and the successor's replica hold the key. A peer that answers anything else, or opens and never proves
itself in PROOF_MS, is ignored, and the big screen says someone tried to take the room over.
"""

import json

from . import proof, protocol
from .host import HostSession
from .rejoin import HOST_KEY, LOOK_AHEAD, epoch_key, replica_key, seat_key

PROBE_MS = 5000  # a host whose room may have moved on looks for the next epoch's host this often
ANSWER_MS = 3000  # how long its first probe may take to find one (a data channel opens in well under 1 s)
PROOF_MS = protocol.PROOF_MS  # how long a peer that opened may take to prove itself (a successor's boot <= 25 s)
KEPT_NONCES = 4  # a proof may answer any of an epoch's last few probes (their answers can cross)


class Fence:
    """A host's side of the terms: it leads its epoch until the next epoch's host answers, and then steps aside.

    A host whose game can migrate (a successor holds a replica) looks for the next epoch's host when its peer
    opens and every PROBE_MS after: a reloaded host that boots just as its successor takes over finds it there
    and steps aside (step_aside) as a player of the newer room."""

    def __init__(self, epoch, took_over=False):
        self.epoch = epoch
        self.took_over = took_over  # this page took the room over from a replica (not a restored room)
        self.next_probe = None
        # this page knows it leads: its first probe found no later host, or it has just taken the room over (the
        # newest epoch there is: a later one would be its own successor's)
        self.settled = took_over
        self.answer_by = None  # when its first probe counts as unanswered
        self.asked = {}  # epoch -> [nonces of the probes not yet answered, newest last]
        self.opened_at = {}  # epoch -> when a peer at that id opened and has not yet proved itself
        self.intruder = False  # a peer at a later epoch's id failed to prove it holds the room
        self.held_since = None  # when a later peer first made this page hold phones (bounds the hold)
        self.refused = set()  # epochs whose peer answered without the room's proof: they hold nothing more

    def probe_due(self, now_ms, may_have_moved):
        """Call on peer open and every tick: True when the page should probe the later epochs' ids (then ask()
        for each, and sent() once they are dialled)."""
        if not may_have_moved:
            self.next_probe = None
            return False
        if self.next_probe is not None and now_ms < self.next_probe:
            return False
        self.next_probe = now_ms + PROBE_MS
        return True

    def sent(self, now_ms):
        """The page has dialled the probes (host-room.js says so as it dials them): the first probe's deadline counts
        from now. Not from when the rules decided to probe: a worker that boots behind a queue decides at the time
        the `peer` message was posted, seconds before the probes go out, and the hellos and moves queued behind it,
        posted later, would pass a deadline no probe ever had (issue 47, 3). Until then, holds() holds."""
        if not self.settled and self.answer_by is None:
            self.answer_by = now_ms + ANSWER_MS

    def ask(self, code, epoch, now_ms):
        """The probe to send to epoch's id: a fresh nonce for it to prove the room key with. None while a peer
        there has opened and has had less than PROOF_MS to answer; one that had longer was no successor."""
        since = self.opened_at.get(epoch)
        if since is not None and now_ms - since < PROOF_MS:
            return None
        if since is not None:
            del self.opened_at[epoch]
            self.intruder = True
        nonce = proof.fresh_nonce()
        self.asked[epoch] = (self.asked.get(epoch, []) + [nonce])[-KEPT_NONCES:]
        return protocol.encode({"t": "probe", "room": code, "epoch": epoch, "nonce": nonce})

    def opened(self, epoch, now_ms):
        """A peer at epoch's id opened the probe's connection: it may be a successor whose rules still boot, so a
        host not yet settled keeps holding phones' messages until it proves itself or PROOF_MS has passed."""
        self.opened_at.setdefault(epoch, now_ms)
        self._hold_for(epoch, now_ms)

    def answered(self, room_key, code, epoch, text, now_ms):
        """What a probed peer said: "proved" (step aside for it), "wait" (its rules are loading) or "refused"
        (it is not the room's host: ignored, and the screen says so)."""
        try:
            message = json.loads(text)
        except Exception:
            message = None
        kind = message.get("t") if isinstance(message, dict) else None
        if kind == "wait":
            self.opened_at.setdefault(epoch, now_ms)
            self._hold_for(epoch, now_ms)
            return "wait"
        self.opened_at.pop(epoch, None)
        nonces = self.asked.get(epoch, [])
        answer = message.get("proof") if kind == "proof" and message.get("epoch") == epoch else None
        for nonce in nonces:
            if proof.same(answer, proof.room_proof(room_key, code, epoch, protocol.peer_id(code, epoch), nonce)):
                nonces.remove(nonce)  # spent: the same answer is never accepted twice
                return "proved"
        self.intruder = True
        self.refused.add(epoch)
        return "refused"

    def _hold_for(self, epoch, now_ms):
        """A later peer that has not answered yet holds phones, but one proof timeout from the first such peer at
        most: a squatter that opens again and again, or says "wait" forever, cannot freeze the room (issue 39),
        and one that answered without the room's proof holds nothing more."""
        if self.settled or self.answer_by is None or epoch in self.refused:
            return
        if self.held_since is None:
            self.held_since = now_ms
        self.answer_by = max(self.answer_by, self.held_since + PROOF_MS)

    def holds(self, now_ms, may_have_moved):
        """True while this page must not answer a phone's move or hello (issue 26 C): its room may have moved
        on and its first probe for a later host has not gone out yet (sent), or has neither found one (then it
        steps aside, and what it acknowledged would exist only in the abandoned room) nor had ANSWER_MS to.
        Phones are told to wait."""
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
    two takeovers finds the room at epoch + 2, where epoch + 1's host is long gone). Only a host that proves the
    room key at such an epoch's id can depose this one; a phone's word that a later host welcomed it is no
    evidence."""
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
