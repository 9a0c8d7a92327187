"""A phone's PeerJS link, driven from Python through JS interop (MicroPython). The host's side of the link is
JS on the host page's main thread (static/js/host-room.js: WebRTC does not exist in the rules worker).

PeerJS options are always passed explicitly (static/js/link.js), so nothing falls back to the public
cloud server by accident. Messages are JSON text over a reliable data channel with "raw" serialization.
"""

import js
from jsffi import create_proxy  # MicroPython's own: pyscript.ffi would import all of PyScript's Python package

_alive = []  # every proxy JS may still call: dropping one would break a live handler


def proxy(fn):
    p = create_proxy(fn)
    _alive.append(p)
    return p


def peer_options(query):
    """PeerJS options from the page's ?signal=, ?ice=, ?turn= and ?force_relay= (static/js/link.js builds
    them, for both pages and for a phone's early link alike); of several signalling servers, the room's."""
    return js.pp.peerOptions(
        query.get("signal") or "",
        query.get("ice") or "",
        query.get("turn") or "",
        query.get("force_relay") == "1",
        (query.get("room") or "").strip().upper(),
    )


def has_relay(options):
    return bool(js.pp.hasRelay(options))


def _error_type(err):
    try:
        return str(err.type)
    except Exception:
        return "unknown"


# PeerJS 1.5 (lib/peer.ts, _handleMessage) words the PeerServer's EXPIRE as this Peer-wide "peer-unavailable"
UNAVAILABLE = "Could not connect to peer "


def unavailable_id(err):
    """The id a "peer-unavailable" names, or None. It names an id, not a connection: the server held an offer of
    this peer's for that id (about 5 s) and nobody took it (tests/net/test_peerserver_model.py)."""
    try:
        text = str(err.message)
    except Exception:
        return None
    return text[len(UNAVAILABLE) :] if text.startswith(UNAVAILABLE) else None


def _knock_said(conn):
    """The name of a hello that rode in this connection's knock and the host took (static/js/link.js
    pp.knockSaid), or None: that hello is not said again."""
    said = js.pp.knockSaid(conn)
    return str(said) if said else None


class GuestLink:
    """A phone's PeerJS peer (random id) and its one data connection to the room's host."""

    def __init__(self, host_id, options, events):
        self.host_id = host_id
        self.options = options
        # on_attempt/on_open/on_data/on_close/on_path_failed/on_peer_error/on_unavailable
        self.events = events
        self.peer = None
        self.conn = None
        self.generation = 0  # handlers of an abandoned connection are ignored

    def start(self):
        if not js.pp.hasWebRTC():
            self.events.on_peer_error("browser-incompatible", "")
            return
        early = js.pp.takeEarlyLink(self.host_id)
        if early:
            self._adopt(early)
            return
        # An id of our own: PeerJS then skips asking the server for one, a round trip before the phone can join.
        self.peer = js.Peer.new(js.pp.peerId(), self.options)
        self._listen()

    def _listen(self, dialled=False):
        # dialled: the early link's attempt went out before its peer's socket opened (pp.prelink, whose offer
        # pp.holdUntilOpen sends on OPEN): that first "open" dials nothing more
        self.dialled_early = dialled
        self.peer.on("open", proxy(self._peer_open))
        self.peer.on("error", proxy(self._peer_error))
        self.peer.on("disconnected", proxy(lambda *a: self.events.on_peer_error("disconnected", "")))

    def _peer_open(self, *args):
        if self.dialled_early and self.conn is not None:
            self.dialled_early = False
            return
        self.connect()

    def _adopt(self, early):
        """The link join.html started before Python ran (pp.prelink): carry on with it where it stands. A hello
        it said for a Join tapped meanwhile is not said again (early.said), and what the host answered before
        Python listened is handled now, in order (early.inbox)."""
        self.peer = early.peer
        self._listen(dialled=bool(early.conn) and not early.peer.open)
        if early.conn:
            self._watch(early.conn)
            self.events.on_attempt()
            if early.conn.open:
                said = early.said or js.pp.knockSaid(early.conn)
                self._opened(early.conn, str(said) if said else None)
                for i in range(early.inbox.length):
                    self.events.on_data(str(early.inbox[i]))
        for i in range(early.errors.length):
            kind = str(early.errors[i])
            if kind == "peer-unavailable":
                self._unavailable(self.host_id)  # the early link dialled this id only (pp.takeEarlyLink)
            else:
                self._peer_error_kind(kind)

    def _peer_error(self, err):
        kind = _error_type(err)
        if kind == "peer-unavailable":
            self._unavailable(unavailable_id(err))
        else:
            self._peer_error_kind(kind, str(err))

    def _peer_error_kind(self, kind, text=""):
        if kind == "webrtc":  # an offer or answer WebRTC refused: this attempt is dead
            self.events.on_path_failed()
        self.events.on_peer_error(kind, text)

    def _unavailable(self, peer_id):
        """Nobody took peer_id while the signalling server held an offer of ours for it. That ends the current
        attempt only if the attempt dialled peer_id and has not opened: the answer may be for an earlier attempt
        (it comes about 5 s after its offer, and a phone tries again after 4), and a link that opened is no
        business of it (issue 47: a late answer for a look at the next epoch dropped the welcomed link)."""
        conn = self.conn
        ended = peer_id is not None and conn is not None and not conn.open and str(conn.peer) == peer_id
        if ended:
            self._drop()
        self.events.on_unavailable(peer_id, ended)

    def connected(self):
        return self.conn is not None and bool(self.conn.open)

    def connect(self):
        self._drop()
        self._watch(self.peer.connect(self.host_id, js.pp.dataOptions()))
        self.events.on_attempt()

    def _watch(self, conn):
        self.generation += 1
        gen = self.generation
        self.conn = conn
        conn.on("open", proxy(lambda *a: gen == self.generation and self._opened(conn, _knock_said(conn))))
        conn.on("data", proxy(lambda data: gen == self.generation and self.events.on_data(str(data))))
        conn.on("close", proxy(lambda *a: gen == self.generation and self._lost()))
        conn.on("error", proxy(lambda *a: gen == self.generation and self._conn_error(a[0] if a else None)))

    def _opened(self, conn, said=None):
        js.pp.hostConn = conn  # pp.linkPath(pp.hostConn): which path it took (tests, the bench)
        self.events.on_open(said)

    def _conn_error(self, err):
        if _error_type(err) == "negotiation-failed":  # ICE found no path (PeerJS closes it next)
            self.events.on_path_failed()
        self._lost()

    def _lost(self):
        self._drop()
        self.events.on_close()

    def _drop(self):
        if self.conn is not None:
            old = self.conn
            self.conn = None
            self.generation += 1
            try:
                old.close()
            except Exception:
                pass

    def close(self):
        """Hang up for good (this phone was removed, or left): no close event follows."""
        self._drop()

    def reconnect(self):
        """A fresh connection to the host, re-registering with the signalling server if needed."""
        self.dialled_early = False  # the early attempt, if it is still waiting for its socket, is given up
        if self.peer is None or self.peer.destroyed:
            self.start()
        elif self.peer.disconnected:
            self.peer.reconnect()  # "open" fires again and connects
        else:
            self.connect()

    def send(self, text):
        if self.connected():
            self.conn.send(text)
            return True
        return False
