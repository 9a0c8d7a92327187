"""Staying in the room and deciding who leads it: the timing and epoch rules both pages and the simulator run.

Pure, in the Python subset MicroPython runs: no clock, no browser. The pages (app/phone.py, the host page's app/rules.py) feed it
link events and the time, and do what it answers; tests/sim runs the very same code under a virtual clock.

Epochs are terms (docs/trust.md, Host migration). The host of epoch e holds the peer id peer_id(code, e); a Hint Hunt
successor that takes over holds e + 1. A phone tries its epoch and the next in turn after its host's id has
gone, and never goes back below an epoch whose host welcomed it. Two hosts may briefly run (a reloaded host that
boots just as its successor takes over): the higher epoch leads, and the other steps aside as a player
(fence.py, the host page's side).

What a phone keeps across a reload (localStorage, per room): its seat token, its epoch, and, on the successor's
phone only, the replica of the room. Nothing else survives: a reloaded phone is rebuilt from these alone.
"""

import json

from . import protocol
from .guest import ELSEWHERE, GuestSession
from .protocol import peer_id

RETRY_MS = 4000  # a connection attempt gets this long to open before the next one
# after the signalling server said the id is free, the next one. It says so when it drops the offer it held for an id
# nobody took: 5-6 s after the offer that made that id's queue (PeerServer's expire_timeout, pruned every second),
# after RETRY_MS, so the answer often comes for an earlier attempt (unavailable() matches it to its id)
GONE_RETRY_MS = 1000
# a host unreachable this long, with its id gone, is replaced by its successor. A reloading host page takes its id
# back at once (host-room.js registers it before Python starts: 0.1-0.5 s here), and a closing one hangs up every
# link as it goes (pagehide), so the guests are playing again within 10 s of the tab closing (issue 38)
TAKEOVER_MS = 4000
LOOK_AHEAD = 8  # how many epochs past its own a phone looks for the room's host (each takeover is one)
NEXT_FIRST = 3  # of every NEXT_FIRST looks past its own epoch, all but the last are at the next one
HOST_KEY = "peerparty:host"  # the host tab's room, for a reload (HostSession.snapshot())
# the name this phone last joined with, in any room: join.html's first frame fills the form with it (and says
# "Rejoining as <name>…" to a phone with a seat), and static/js/link.js shows it to the host when knocking
NAME_KEY = "peerparty:name"

# what a phone's tick or retry asks its page to do
PING = "ping"
CONNECT = "connect"
TAKE_OVER = "take_over"


def seat_key(code):
    return "peerparty:seat:" + code


def epoch_key(code):
    return "peerparty:seat:%s:epoch" % code


def replica_key(code):
    return "peerparty:replica:" + code


def _stored_int(text):
    try:
        value = int(text)
    except (TypeError, ValueError):
        return 0
    return value if value >= 0 else 0


class Rejoin:
    """A phone's link to its room: the GuestSession, what it keeps in storage, and when to try which host.

    `store` has get(key) -> str or None, set(key, str) and remove(key) (localStorage on the page)."""

    def __init__(self, code, store, now_ms, nonce_source=None):
        self.code = code
        self.store = store
        self.guest = GuestSession(
            code,
            token=store.get(seat_key(code)),
            epoch=_stored_int(store.get(epoch_key(code))),
            nonce_source=nonce_source,
        )
        self.try_epoch = self.epoch  # the epoch of the host id the current attempt reaches for
        self.lost_since = None  # when the link to the host was lost, None while it is up
        self.host_gone = False  # the signalling server said no peer holds the id we tried
        self.old_host = False  # the host we reached serves an earlier epoch than ours
        self.tried_ms = now_ms  # when the current attempt started
        self.gone_tries = {}  # epoch -> start of the last attempt that found its id gone
        # host id -> (epoch, start of the last attempt at it) since a host was last found: what a late "nobody
        # holds that id" answers
        self.tries = {self.host_id(): (self.try_epoch, now_ms)}
        self.looks = 0  # looks past its own epoch since a host last answered
        self.last_retry = now_ms  # the first attempt starts with the page
        self.last_ping = 0
        self.ping_n = 0
        self.opened_ms = None  # when the current link opened
        self.closing_ms = None  # when its proved host said its tab was going ("closing")
        self.waited = False  # this link's host answered "waiting" and this phone can ask no more of it (received())

    @property
    def epoch(self):
        """The highest epoch whose host welcomed this phone (GuestSession ignores any lower one)."""
        return self.guest.epoch

    def host_id(self):
        return peer_id(self.code, self.try_epoch)

    def join(self, name):
        """The person tapped Join with `name`: remembered for next time. Returns the hello to send now, which
        is also sent when the link opens (opened()): a tap before the link is up is not lost."""
        name = name.strip()
        if name:
            self.store.set(NAME_KEY, name)
        return self.guest.join(name)

    def remembered_name(self):
        return self.store.get(NAME_KEY)

    # --- link events ----------------------------------------------------------------------------

    def opened(self, now_ms, said=None):
        """A connection to the host opened: the texts to send on it (hello, then every unacknowledged move; said:
        the name of a hello the page already sent on it, GuestSession.greeting).
        At a later epoch's id the search is not over until that host proves itself (a welcome): whoever holds the
        id may be a stranger, and if it never proves itself the phone goes back to its own host (issue 39)."""
        self.old_host = False
        self.opened_ms = now_ms
        self.waited = False
        if self.try_epoch == self.epoch:
            self._found()
        self.guest.last_heard_ms = now_ms
        self.guest.own_host = self.try_epoch == self.epoch
        self.guest.dialled = self.try_epoch
        return self.guest.greeting(said)

    def _found(self):
        self.lost_since = None
        self.closing_ms = None
        self.host_gone = False
        self.gone_tries = {}
        self.tries = {}  # an answer for an attempt before this says nothing now
        self.looks = 0
        self.waited = False  # this link's host answered "waiting": found, as far as this phone can tell

    def unproved(self, now_ms):
        """True when the open link reached a later epoch's id whose holder has not welcomed this phone (nor, to a
        phone with nothing more to ask of it, said "waiting") within PROOF_MS: silence, "wait", a welcome it could
        not prove, a bye... it is no host of this room's."""
        return (
            self.opened_ms is not None
            and self.try_epoch > self.epoch
            and not self.waited
            and now_ms - self.opened_ms >= protocol.PROOF_MS
        )

    def received(self, text, now_ms):
        """One message from the host; keeps storage in step with it. Returns its kind (None when ignored).
        After a "bye" the page hangs up for good (removed, or left)."""
        epoch = self.guest.epoch
        kind = self.guest.receive(text, now_ms)
        if kind == "welcome":
            self._found()
            self.store.set(seat_key(self.code), self.guest.token)
            if self.guest.epoch != epoch:  # the room moved to a new host: remember where, for good
                self.store.set(epoch_key(self.code), str(self.guest.epoch))
        elif kind == "closing":
            self.closing_ms = now_ms
        elif kind == "waiting" and self.guest.status == "waiting" and (self.guest.token is None or self.guest.proved):
            # a latecomer, or a request for an away seat, waits there with its name kept (issue 47, bug 6). A phone
            # with no token has nothing a host could prove and takes it at its word, as it takes a welcome
            # (docs/trust.md); one whose seat's token this host proved has its proof. Either way the search is over.
            # A phone that keeps a token no host proved (it asked by name after a bad_token) is not held here past
            # PROOF_MS: its seat may be at its own epoch's host
            self._found()
            self.waited = True
        elif kind == "replica" and self.guest.replica is not None:
            self.store.set(replica_key(self.code), text)
        elif kind in ("error", "bye") and self.guest.token is None:
            self.store.remove(seat_key(self.code))
        if kind == "error" and (self.guest.error or {}).get("code") == "old_host" or kind in ("impostor", ELSEWHERE):
            # look further: the next tick tries again (an impostor, at a later epoch's id, could not prove it
            # knows this phone's seat and learnt nothing of it: issue 31)
            self.old_host = self.host_gone = True
        if self.guest.replica_dropped:  # not (or no longer) the successor: every seat's token goes
            self.guest.replica_dropped = False
            self.store.remove(replica_key(self.code))
        return kind

    def outbox(self):
        """What the page sends now in answer to what arrived (the seat's proof, moves held for the welcome)."""
        return self.guest.take_outbox()

    def closed(self, now_ms):
        if self.lost_since is None:
            self.lost_since = now_ms

    def unavailable(self, now_ms, peer_id=None, ended=True):
        """The signalling server says nobody holds peer_id (None: the current attempt's), which an attempt of this
        phone's dialled. `ended`: that ended the current attempt (GuestLink dropped it). Otherwise it answers an
        earlier attempt (the server answers 5-6 s after the offer, a phone tries again after RETRY_MS): it records
        when that id was found gone and touches neither the current attempt nor a live link, and an id not tried
        since a host was last found says nothing (issue 47). True when this phone, the successor, should take
        over now: the host has been gone TAKEOVER_MS, and since then its own id was tried again and found gone,
        after a try of the next epoch's found nobody there either (no other successor)."""
        if peer_id is None:
            peer_id = self.host_id()
        if not ended and peer_id == self.host_id():
            return False  # the current attempt at that id opened, or is over: the answer was an earlier one's
        tried = self.tries.get(peer_id)
        if tried is None:
            return False
        if ended:
            self.host_gone = True
            if self.lost_since is None:
                self.lost_since = now_ms
        self.gone_tries[tried[0]] = tried[1]
        return self._take_over_due()

    def _take_over_due(self):
        if self.lost_since is None or not self.is_successor():
            return False
        mine = self.gone_tries.get(self.epoch)
        if self.closing_ms is not None and mine is not None and mine >= self.closing_ms:
            # the host said its tab was going, and an attempt at its id made since found nobody: the signalling
            # server holds an offer for an id nobody holds (about 5 s) and hands it to a page that takes the id
            # meanwhile, so a reload would have answered it. No second look at the next epoch: a successor that
            # was there first keeps the id, and this page then joins it (room/fence.py moved_on)
            return True
        nxt = self.gone_tries.get(self.epoch + 1)
        return mine is not None and nxt is not None and nxt >= self.lost_since and mine - self.lost_since >= TAKEOVER_MS

    def hands_over_now(self):
        """True when this phone should open the host page at once: its proved host said its tab is going, and this
        phone holds the replica of its term (the successor). That page (host.html?closing=1) boots its rules while it
        makes sure nobody answers at the old host's id, and opens the room under the next epoch only then: the same
        rule as _take_over_due's after "closing", with the boot's seconds spent while the signalling server makes up
        its mind (host-room.js confirmTakeover; a reload that answers sends it back here to its own host)."""
        return self.closing_ms is not None and self.is_successor()

    def is_successor(self):
        """This phone holds the replica of its host's current term: it is the one that takes over."""
        return self.replica_epoch() == self.epoch

    def replica_epoch(self):
        saved = self.store.get(replica_key(self.code))
        if not saved:
            return None
        try:
            return json.loads(saved).get("epoch")
        except Exception:
            return None

    # --- the page's clock -------------------------------------------------------------------------

    def tick(self, now_ms, connected):
        """Every half second or so: None, PING (send ping()), CONNECT (a fresh attempt at host_id()) or
        TAKE_OVER (open the host page: this phone becomes the host)."""
        if self.guest.status in ("removed", "left", "moved"):
            return None
        if connected:
            if self.unproved(now_ms):
                self.old_host = self.host_gone = True  # back to its own epoch's host: retry() turns there
            if self.guest.host_silent(now_ms) or self.old_host:
                return self.retry(now_ms, connected)
            if now_ms - self.last_ping >= protocol.PING_MS:
                self.last_ping = now_ms
                return PING
            return None
        if now_ms >= self.retry_due():
            return self.retry(now_ms, connected)
        return None

    def retry_due(self):
        """When the next attempt is due while unconnected: soon after one the server answered "gone", else once
        the current one has had RETRY_MS to open."""
        found_gone = self.gone_tries.get(self.try_epoch) == self.tried_ms
        return self.last_retry + (GONE_RETRY_MS if found_gone else RETRY_MS)

    def retry(self, now_ms, connected):
        """Reconnect now unless the link is demonstrably alive (the page calls this on waking and on
        network return too). After the host's id has gone, every other attempt goes back to this phone's
        epoch (its host may be reloading) and the others look further: mostly at the next epoch (a takeover
        is one epoch on, and its host may still be booting), and every NEXT_FIRST-th look one epoch further
        than the last such look, up to LOOK_AHEAD: a phone that slept through two takeovers finds the third
        host. That holds whatever the phone was doing: joined, mid-hello, or just reloaded."""
        if connected and not self.guest.host_silent(now_ms) and not self.old_host:
            return PING
        self.last_retry = now_ms
        if self.lost_since is None:
            self.lost_since = now_ms
        if self.host_gone and self._take_over_due():
            return TAKE_OVER
        if self.host_gone and self.try_epoch != self.epoch:
            self.try_epoch = self.epoch
        elif self.host_gone:
            self.looks += 1
            far = self.looks // NEXT_FIRST
            ahead = 1 if self.looks % NEXT_FIRST else 2 + (far - 1) % (LOOK_AHEAD - 1)
            self.try_epoch = self.epoch + ahead
        self.tried_ms = now_ms
        self.tries[self.host_id()] = (self.try_epoch, now_ms)
        return CONNECT

    def ping(self):
        self.ping_n += 1
        return self.guest.ping(self.ping_n)
