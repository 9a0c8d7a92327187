"""PeerJS driven from Python through JS interop; runs on Pyodide (host) and MicroPython (phones).

PeerJS options are always passed explicitly, so nothing falls back to the public cloud server by
accident. Messages are JSON text over a reliable data channel with "raw" serialization.
"""
import json

import js
from pyscript.ffi import create_proxy

PUBLIC_SIGNAL = {"host": "0.peerjs.com", "port": 443, "path": "/", "secure": True}
PUBLIC_ICE = [{"urls": "stun:stun.l.google.com:19302"}]

_alive = []   # every proxy JS may still call: dropping one would break a live handler


def proxy(fn):
    p = create_proxy(fn)
    _alive.append(p)
    return p


def parse_signal(text):
    """'host:port/path', optionally led by wss:// or https:// (secure) or ws:// / http://."""
    secure = False
    if "://" in text:
        scheme, text = text.split("://", 1)
        secure = scheme in ("wss", "https")
    hostport, _, path = text.partition("/")
    host, _, port = hostport.partition(":")
    if not host:
        raise ValueError("no host in signal")
    return {"host": host, "port": int(port) if port else (443 if secure else 80),
            "path": "/" + path, "secure": secure}


def peer_options(signal=None, ice=None):
    """PeerJS options: the public server with STUN by default; a given server (a LAN or a local
    PeerServer) with no ICE servers, since host candidates suffice on one network."""
    server = parse_signal(signal) if signal else dict(PUBLIC_SIGNAL)
    if ice:
        servers = [{"urls": url} for url in ice.split(",") if url]
    else:
        servers = [] if signal else PUBLIC_ICE
    server["key"] = "peerjs"
    server["debug"] = 1
    server["config"] = {"iceServers": servers}
    return server


def js_object(value):
    """A plain JS object from JSON-safe Python data. to_js is avoided on purpose: under Pyodide it
    turns nested dicts into Maps, and RTCPeerConnection then refuses PeerJS's config."""
    return js.JSON.parse(json.dumps(value))


def _error_type(err):
    try:
        return str(err.type)
    except Exception:
        return "unknown"


class HostLink:
    """The host's PeerJS peer under the room's id, and its data connections by connection id."""

    def __init__(self, peer_id, options, events):
        self.peer_id = peer_id
        self.options = options
        self.events = events          # object with on_peer_open/on_connect/on_data/on_close/on_peer_error
        self.conns = {}
        self.peer = None

    def start(self):
        self.peer = js.Peer.new(self.peer_id, js_object(self.options))
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
        conn.on("open", proxy(lambda *a: self.events.on_connect(cid)))
        conn.on("data", proxy(lambda data: self.events.on_data(cid, str(data))))
        conn.on("close", proxy(lambda *a: self._closed(cid)))
        conn.on("error", proxy(lambda *a: self._closed(cid)))

    def _closed(self, cid):
        if self.conns.pop(cid, None) is not None:
            self.events.on_close(cid)

    def probe(self, other_id, on_found):
        """Is another peer holding `other_id`? on_found() runs if a connection to it opens."""
        conn = self.peer.connect(other_id, js_object({"reliable": True, "serialization": "raw"}))

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
            conn.close()


class GuestLink:
    """A phone's PeerJS peer (random id) and its one data connection to the room's host."""

    def __init__(self, host_id, options, events):
        self.host_id = host_id
        self.options = options
        self.events = events          # on_open/on_data/on_close/on_peer_error
        self.peer = None
        self.conn = None
        self.generation = 0           # handlers of an abandoned connection are ignored

    def start(self):
        # An id of our own: PeerJS then skips asking the server for one, a round trip before the phone can join.
        self.peer = js.Peer.new(js.pp.peerId(), js_object(self.options))
        self.peer.on("open", proxy(lambda _id: self.connect()))
        self.peer.on("error", proxy(self._peer_error))
        self.peer.on("disconnected", proxy(lambda *a: self.events.on_peer_error("disconnected", "")))

    def _peer_error(self, err):
        kind = _error_type(err)
        if kind == "peer-unavailable":
            self._drop()
        self.events.on_peer_error(kind, str(err))

    def connected(self):
        return self.conn is not None and bool(self.conn.open)

    def connect(self):
        self._drop()
        self.generation += 1
        gen = self.generation
        conn = self.peer.connect(self.host_id, js_object({"reliable": True, "serialization": "raw"}))
        self.conn = conn
        conn.on("open", proxy(lambda *a: gen == self.generation and self.events.on_open()))
        conn.on("data", proxy(lambda data: gen == self.generation and self.events.on_data(str(data))))
        conn.on("close", proxy(lambda *a: gen == self.generation and self._lost()))
        conn.on("error", proxy(lambda *a: gen == self.generation and self._lost()))

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
