"""The room as the host holds it: one object every part of the host side reads and changes (room/host.py's
HostSession is this object, with the transport's events on top).

Two kinds of state live here, and the difference matters:
- the room's record (lobby, game, match, history, screens' keys, controls, room key, epoch): what a reload or a
  successor's takeover brings back (room/record.py). It changes only inside an event of HostSession, whose last
  step (HostSession._commit) saves and replicates whatever changed: no part saves anything itself.
- each open link's state (Link), the broadcast's bookkeeping and the clock: gone with the tab.

A link's state is said, not inferred (h11's way): a connection opens NEW; a hello naming a seat leaves it
CHALLENGED until the phone proves the token; then it is SEATED (a seat's phone), WATCHING (a remote screen) or
WAITING (for the host to let it into an away seat, or for the game to end); told to stop, it is GONE, and hears
its goodbye again whatever it sends until it closes.

    NEW --hello (name)--------------------------> SEATED | WAITING
    NEW --hello (seat tag)--> CHALLENGED --prove--> SEATED
    NEW --watch--> WATCHING            NEW --watch (key tag)--> CHALLENGED --prove--> WATCHING
    WAITING --let in / game over--> SEATED     SEATED --removed / left / seat moved--> GONE
    WATCHING --dropped--> GONE         SEATED --its seat taken up on another link--> NEW
"""

import secrets

from . import protocol, record
from .claims import Claims
from .controls import Controls
from .latecomers import Latecomers
from .lobby import Lobby
from .screens import Screens

NEW, CHALLENGED, SEATED, WATCHING, WAITING, GONE = "new", "challenged", "seated", "watching", "waiting", "gone"

RATE_PER_S = 15  # sustained messages per second per connection
RATE_BURST = 30  # and the burst it may spend at once


class Link:
    """One open connection: what it is to the room (`state`) and what that state carries."""

    __slots__ = ("state", "screen", "challenges", "reason")

    def __init__(self):
        self.state = NEW
        self.screen = False  # a remote screen's link (a watch came on it): it joins nothing and moves nothing
        self.challenges = []  # CHALLENGED (a seat): [(seat id, phone's nonce, host's nonce)] still open
        self.reason = None  # GONE: the bye it hears again ("removed", "left", "seat_moved", "dropped")

    def go(self, reason):
        self.state = GONE
        self.reason = reason
        self.challenges = []


class Bucket:
    """A connection's rate budget: RATE_BURST messages at once, RATE_PER_S sustained."""

    __slots__ = ("tokens", "at_ms", "warned_ms")

    def __init__(self, now_ms):
        self.tokens = RATE_BURST
        self.at_ms = now_ms
        self.warned_ms = -(10**9)

    def take(self, now_ms):
        self.tokens = min(RATE_BURST, self.tokens + (now_ms - self.at_ms) * RATE_PER_S / 1000.0)
        self.at_ms = now_ms
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Turn:
    """What one event of the room produced, handed back to HostSession._commit: the replies it says, the notices
    to send before the views (a removed phone's bye, a latecomer's welcome), and whether the room changed (the
    views, the record and the replica follow)."""

    __slots__ = ("room", "out", "notices", "changed")

    def __init__(self, room):
        self.room = room
        self.out = []
        self.notices = []
        self.changed = False

    def say(self, conn, message):
        self.out.append((conn, protocol.encode(message)))

    def refuse(self, conn, code, detail=None, msg_id=None, values=None):
        """An error reply (through Room._error, where every refusal is made)."""
        self.out.append(self.room._error(conn, code, detail, msg_id, values))

    def notice_error(self, conn, code, detail=None):
        self.notices.append(self.room._error(conn, code, detail))

    def tell(self, conn, message):
        self.notices.append((conn, protocol.encode(message)))

    def change(self):
        self.changed = True


class Room:
    def __init__(self, code, games, epoch=0, token_source=None, seed=None, room_key=None, lang="en"):
        # --- the record (room/record.py): saved for a reload, replicated to a Hint Hunt successor
        self.code = code
        self.epoch = epoch  # the host's term: epoch e holds peer_id(code, e); a takeover is e + 1
        # the room's secret: only this tab and the successor's replica hold it; a later epoch's host proves it
        # holds the room by it (proof.room_proof), so a stranger at that id cannot depose this host (issue 31)
        self.room_key = room_key or secrets.token_hex(16)
        self.seed = seed  # fixed (?seed= on the host page): games replay exactly, for tests
        self.lobby = Lobby()  # the seats, in join order (room/lobby.py)
        self.game_id = None
        self.phase = "lobby"  # lobby | playing | over
        self.match = None
        self.history = []  # [{"game", "result", "names", "record", ...}] of finished games (replay.keep_records)
        self.screens = Screens()  # remote screens' keys (and who watches now: not in the record)
        self.controls = Controls()  # which seat's phone holds the controls (room/controls.py)
        self.lang = lang  # the room's language: the big screen's, and games' that take it (room/table.py language)
        self.seq = 0  # moves with every change of the room: the views' number, and the record's
        # --- the room's other state: gone with the tab
        self.games = games
        self.claims = Claims()  # new phones asking for an away seat back: the host decides (claims.py)
        self.latecomers = Latecomers()  # phones waiting for the game to end to join (latecomers.py)
        self.replay = None  # the TV's replay of a game of the history: a screen state, not a phase
        self.replicas = {}  # seat id -> Replica: phones that may hold the room's replica (room/replication.py)
        self.replicas_sent = 0  # replicas sent by this tab: each is numbered, and `kept` names the one it stored
        self.links = {}  # conn -> Link, for every open connection
        self.dirty = True  # the big screen needs a redraw (the page polls and clears it)
        self.refused = None  # the code of host_action's last refusal (room/races.py reads it)
        self.restored_ms = None  # a restored room: when its first event came (room/away.py holds the news till then)
        self.saved = None  # record.mark() of the record as last saved (HostSession._commit): set below
        self._fired_deadline = None  # the game deadline whose timeout was played
        # --- transport bookkeeping (outside the room: tests/room/test_fuzz.py OUTSIDE_THE_ROOM)
        self._conns = {}  # conn -> Bucket, each connection's rate budget
        self._sent = {}  # conn -> (last view body sent, its seq), to skip identical views (room/broadcast.py)
        self._last_presence = None  # the presence marks the last views carried
        self._now = 0
        self._token = token_source or (lambda: secrets.token_urlsafe(18))
        self._nonce = lambda: secrets.token_hex(16)
        self.saved = record.mark(self)

    # --- what every part asks of the room ----------------------------------------------------------

    def link(self, conn):
        """The link of an open connection (one that sends before its open event gets one)."""
        link = self.links.get(conn)
        if link is None:
            link = self.links[conn] = Link()
        return link

    def peer(self):
        """This host's peer id: what every proof it makes or checks is bound to (proof.py, issue 39)."""
        return protocol.peer_id(self.code, self.epoch)

    def game(self):
        return self.games[self.game_id] if self.game_id else None

    def _local_seat(self):
        """The host tab's own seat ("I play on this screen"), if any."""
        for seat in self.lobby.seats:
            if seat.local and not seat.removed:
                return seat
        return None

    def _presence(self):
        return tuple(s.present(self._now) for s in self.lobby.seats if not s.removed)

    def _error(self, conn, code, detail=None, msg_id=None, values=None):
        """A refusal of what `conn` sent: it changes nothing (every refusal of a phone's message is made here)."""
        return (conn, protocol.encode(protocol.error(code, detail, msg_id, values)))
