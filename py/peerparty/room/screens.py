"""The room's remote screens (issue 29): screen.html pages anywhere, each showing what the TV shows, live.

A screen is not a seat. It never counts toward the room's cap, never gets a seat's token or view, cannot move;
it is sent the big screen's HTML, exactly what the host page's own screen thread draws (host-room.js sends it:
the rules only say which connections watch). At most MAX_SCREENS watch at once.

A screen holds one secret of its own, its key (not a token: it opens no seat). It proves nothing about the
game; it lets a screen that comes back (a reload, a lost link) take its own place again, and lets a host that
restarted or took over (Hint Hunt) prove it is this room's host before the screen shows what it sends. The
handshake is a seat's (proof.py), under the screen's own labels:

screen -> host
  {"v":1,"t":"watch","room":CODE,"epoch":int}                                a new screen
  {"v":1,"t":"watch","room":CODE,"epoch":int,"screen":tag,"nonce":hex}     one coming back: the host proves
                                                                             its key first (a "challenge")
  {"v":1,"t":"prove","proof":hex}                                            then the screen proves it
host -> screen
  {"v":1,"t":"challenge","nonce":hex,"proof":hex}
  {"v":1,"t":"watching","screen":n,"room":CODE,"epoch":int,"key":hex|absent}   the key only to a new screen
  {"v":1,"t":"frame",...} / {"v":1,"t":"patch",...}   the big screen (host-room.js, docs/second-screen.md)
  {"v":1,"t":"bye","reason":"dropped"}               the host dropped this screen: it stops
  errors: screens_full, no_screens (a host tab that is a seat's own screen), old_host, wrong_room,
          bad_proof (a key this host does not know; static/js/screen-terms.js says when the screen forgets it)

The keys go into the room's record, so a reloaded host and a Hint Hunt successor (its replica) know them.
"""

from . import proof, protocol
from ..i18n import N_
from .protocol import MAX_SCREENS

KEPT = 16  # keys kept for screens that may come back; past that the oldest are forgotten


class Screens:
    def __init__(self, keys=None, next_id=1):
        self.keys = dict(keys or {})  # screen number -> its key (the record keeps them)
        self.next_id = next_id
        self.live = {}  # conn -> screen number, for every screen watching now
        self._challenges = {}  # conn -> (screen number, its nonce, ours)

    # --- the record ----------------------------------------------------------------------------

    def to_record(self):
        return {"next": self.next_id, "keys": [[n, key] for n, key in sorted(self.keys.items())]}

    @classmethod
    def from_record(cls, record):
        if not record:
            return cls()
        return cls(dict((n, key) for n, key in record["keys"]), record["next"])

    # --- what a screen says --------------------------------------------------------------------

    def watching(self):
        """The numbers of the screens watching now, in the order they came."""
        return sorted(self.live.values())

    def conns(self):
        """The connections the big screen goes to."""
        return [conn for conn, _n in sorted(self.live.items(), key=lambda item: item[1])]

    def is_screen(self, conn):
        return conn in self.live or conn in self._challenges

    def watch(self, conn, message, code, epoch, new_key, new_nonce):
        """A screen's "watch": a known screen is challenged, any other is a new one (if there is room)."""
        if message["screen"]:
            number = self._by_tag(message["screen"])
            if number is None:
                return [(conn, protocol.encode(protocol.error("bad_proof")))]
            host_nonce = new_nonce()
            self._challenges[conn] = (number, message["nonce"], host_nonce)
            answer = proof.host_screen_proof(
                self.keys[number], code, epoch, protocol.peer_id(code, epoch), message["nonce"], host_nonce
            )
            return [(conn, protocol.encode({"t": "challenge", "nonce": host_nonce, "proof": answer}))]
        if conn in self.live:
            return self._welcome(conn, self.live[conn], code, epoch, None)
        if len(self.live) >= MAX_SCREENS:
            return [(conn, protocol.encode(protocol.error("screens_full")))]
        number = self.next_id
        self.next_id += 1
        self.keys[number] = new_key()
        while len(self.keys) > KEPT:  # forget the oldest screen that is not watching
            oldest = min(n for n in self.keys if n not in self.live.values() and n != number)
            del self.keys[oldest]
        return self._welcome(conn, number, code, epoch, self.keys[number])

    def proved(self, conn, answer, code, epoch):
        """The screen's answer to the challenge: a right one gives it its place back; a wrong one changes
        nothing (the challenge stays, as for a seat). Returns (messages, the connections it took the place of)."""
        number, screen_nonce, host_nonce = self._challenges[conn]
        key = self.keys.get(number)
        if key is None or not proof.same(
            answer, proof.screen_proof(key, code, epoch, protocol.peer_id(code, epoch), screen_nonce, host_nonce)
        ):
            return [(conn, protocol.encode(protocol.error("bad_proof")))], []
        del self._challenges[conn]
        displaced = [old for old, n in self.live.items() if n == number]
        for old in displaced:
            del self.live[old]  # its stale connection gets nothing more
        if len(self.live) >= MAX_SCREENS:
            return [(conn, protocol.encode(protocol.error("screens_full")))], displaced
        return self._welcome(conn, number, code, epoch, None), displaced

    def challenged(self, conn):
        return conn in self._challenges

    def _welcome(self, conn, number, code, epoch, key):
        self.live[conn] = number
        welcome = {"t": "watching", "screen": number, "room": code, "epoch": epoch}
        if key is not None:
            welcome["key"] = key
        return [(conn, protocol.encode(welcome))]

    def _by_tag(self, tag):
        for number, key in self.keys.items():
            if proof.same(proof.screen_tag(key), tag):
                return number
        return None

    # --- the host ------------------------------------------------------------------------------

    def drop(self, number):
        """The host drops a screen: its key is forgotten (opened again, it is a new screen). Returns the
        connections it watched on, to be told "bye" (and again whatever they send)."""
        if isinstance(number, bool) or not isinstance(number, int) or number not in self.live.values():
            raise protocol.ProtocolError("bad_message", N_("That screen is not connected."))
        del self.keys[number]
        dropped = [conn for conn, n in self.live.items() if n == number]
        for conn in dropped:
            del self.live[conn]
        return dropped

    def bye(self, conn):
        return (conn, protocol.encode({"t": "bye", "reason": "dropped"}))

    def disconnected(self, conn):
        """A connection closed; True if a watching screen went."""
        self._challenges.pop(conn, None)
        return self.live.pop(conn, None) is not None
