"""PeerJS driven from Python through JS interop; runs on Pyodide (host) and MicroPython (phones).

PeerJS options are always passed explicitly (static/js/link.js), so nothing falls back to the public
cloud server by accident. Messages are JSON text over a reliable data channel with "raw" serialization.
"""
import js
from pyscript.ffi import create_proxy

_alive = []   # every proxy JS may still call: dropping one would break a live handler


def proxy(fn):
    p = create_proxy(fn)
    _alive.append(p)
    return p


def peer_options(query):
    """PeerJS options from the page's ?signal=, ?ice=, ?turn= and ?force_relay= (static/js/link.js builds
    them, for both pages and for a phone's early link alike)."""
    return js.pp.peerOptions(query.get("signal") or "", query.get("ice") or "", query.get("turn") or "",
                             query.get("force_relay") == "1")


def has_relay(options):
    return bool(js.pp.hasRelay(options))


def _error_type(err):
    try:
        return str(err.type)
    except Exception:
        return "unknown"


class HostLink:
    """The host's PeerJS peer under the room's id, and its data connections by connection id."""

    def __init__(self, peer_id, options, events):
        self.peer_id = peer_id
        self.options = options        # a JS object: peer_options(query)
        self.events = events          # on_peer_open/on_knock/on_connect/on_data/on_close/on_peer_error
        self.conns = {}
        self.peer = None

    def start(self):
        if not js.pp.hasWebRTC():     # PeerJS would say so, then also report a "disconnected" server
            self.events.on_peer_error("browser-incompatible", "")
            return
        self.peer = js.Peer.new(self.peer_id, self.options)
        self.peer.on("open", proxy(lambda _id: self.events.on_peer_open()))
        self.peer.on("connection", proxy(self._connection))
        self.peer.on("error", proxy(lambda err: self.events.on_peer_error(_error_type(err), str(err))))
        self.peer.on("disconnected", proxy(lambda *a: self.events.on_peer_error("disconnected", "")))

    def reconnect_signal(self):
        """Back to the signalling server after it went away; open data channels keep working."""
        if self.peer is not None and not self.peer.destroyed and self.peer.disconnected:
            self.peer.reconnect()

    def restart(self):
        if self.peer is not None:
            self.peer.destroy()
        self.start()

    def _connection(self, conn):
        cid = str(conn.connectionId)
        self.conns[cid] = conn
        self.events.on_knock(cid, str(conn.peer), str(js.pp.knockLabel(conn)))
        conn.on("open", proxy(lambda *a: self.events.on_connect(cid)))
        conn.on("data", proxy(lambda data: self.events.on_data(cid, str(data))))
        conn.on("close", proxy(lambda *a: self._closed(cid)))
        conn.on("error", proxy(lambda *a: self._closed(cid)))

    def _closed(self, cid):
        if self.conns.pop(cid, None) is not None:
            self.events.on_close(cid)

    def probe(self, other_id, on_found):
        """Is another peer holding `other_id`? on_found() runs if a connection to it opens."""
        conn = self.peer.connect(other_id, js.pp.DATA_OPTIONS)

        def opened(*args):
            conn.close()
            on_found()
        conn.on("open", proxy(opened))

    def send(self, cid, text):
        conn = self.conns.get(cid)
        if conn is not None and conn.open:
            conn.send(text)

    def close(self, cid):
        conn = self.conns.get(cid)
        if conn is not None:
            if not conn.open:         # PeerJS says nothing when an unopened connection closes
                del self.conns[cid]
            conn.close()


class GuestLink:
    """A phone's PeerJS peer (random id) and its one data connection to the room's host."""

    def __init__(self, host_id, options, events):
        self.host_id = host_id
        self.options = options
        self.events = events          # on_attempt/on_open/on_data/on_close/on_path_failed/on_peer_error
        self.peer = None
        self.conn = None
        self.generation = 0           # handlers of an abandoned connection are ignored

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

    def _listen(self):
        self.peer.on("open", proxy(lambda _id: self.connect()))
        self.peer.on("error", proxy(self._peer_error))
        self.peer.on("disconnected", proxy(lambda *a: self.events.on_peer_error("disconnected", "")))

    def _adopt(self, early):
        """The link join.html started before Python ran (pp.prelink): carry on with it where it stands."""
        self.peer = early.peer
        self._listen()
        if early.conn:
            self._watch(early.conn)
            self.events.on_attempt()
            if early.conn.open:
                self._opened(early.conn)
        for i in range(early.errors.length):
            self._peer_error_kind(str(early.errors[i]))

    def _peer_error(self, err):
        self._peer_error_kind(_error_type(err), str(err))

    def _peer_error_kind(self, kind, text=""):
        if kind == "peer-unavailable":
            self._drop()
        elif kind == "webrtc":        # an offer or answer WebRTC refused: this attempt is dead
            self.events.on_path_failed()
        self.events.on_peer_error(kind, text)

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
        conn.on("open", proxy(lambda *a: gen == self.generation and self._opened(conn)))
        conn.on("data", proxy(lambda data: gen == self.generation and self.events.on_data(str(data))))
        conn.on("close", proxy(lambda *a: gen == self.generation and self._lost()))
        conn.on("error", proxy(lambda *a: gen == self.generation and self._conn_error(a[0] if a else None)))

    def _opened(self, conn):
        js.pp.hostConn = conn         # pp.linkPath(pp.hostConn): which path it took (tests, the bench)
        self.events.on_open()

    def _conn_error(self, err):
        if _error_type(err) == "negotiation-failed":    # ICE found no path (PeerJS closes it next)
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
        if self.peer is None or self.peer.destroyed:
            self.start()
        elif self.peer.disconnected:
            self.peer.reconnect()      # "open" fires again and connects
        else:
            self.connect()

    def send(self, text):
        if self.connected():
            self.conn.send(text)
            return True
        return False
