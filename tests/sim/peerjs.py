"""PeerJS 1.5 (node_modules/peerjs) as a phone page's GuestLink (py/peerparty/net/peerjs.py) meets it, over the
simulated PeerServer (peerserver.py) and the world's links, so the simulator runs the phone's own link code.

What follows PeerJS's source (the package ships its TypeScript in dist/peerjs.js.map):
- lib/peer.ts: `new Peer(id)` opens its socket; the server's OPEN emits "open"; ID-TAKEN aborts with the Peer's
  error "unavailable-id" (and destroys a peer that never opened); EXPIRE emits the *Peer's* error
  "peer-unavailable", message "Could not connect to peer <id>": it names the id, not a connection, and closes
  nothing. `connect()` on a disconnected peer emits "disconnected" and returns nothing.
- lib/dataconnection/DataConnection.ts: "open" once the data channel opens; `close()` emits "close" only if it was
  open, and after it nothing more is emitted; a channel that closes from the far end emits "close".
- lib/peerError.ts: a PeerError is an Error with a `type`; its text is its message.

The `js` and `jsffi` modules GuestLink imports are stood in for here (what it calls of js.pp is static/js/link.js's:
no early link in the simulator, a fresh id per peer).
"""

import importlib
import sys
import types
from itertools import count

from . import peerserver
from .world import Link

UNAVAILABLE = "Could not connect to peer "  # lib/peer.ts _handleMessage, ServerMessageType.Expire
_ids = count()
_tokens = count()


def fresh_token():
    """PeerJS's randomToken(), one per Peer: no two Peers share one."""
    return "t%d" % next(_tokens)


def fresh_id():
    """static/js/link.js peerId(): a page's own id, new for each page."""
    return "pp-%x" % next(_ids)


class PeerError(Exception):
    def __init__(self, kind, message):
        Exception.__init__(self, message)
        self.type = kind
        self.message = message

    def __str__(self):
        return "Error: " + self.message  # JS Error.prototype.toString


class _Emitter:
    def __init__(self):
        self._handlers = {}

    def on(self, event, fn):
        self._handlers.setdefault(event, []).append(fn)
        return self

    def emit(self, event, *args):
        for fn in list(self._handlers.get(event, [])):
            fn(*args)


class Options:
    """The PeerJS options GuestLink passes through to `new Peer`: here, the page it runs on."""

    def __init__(self, page):
        self.page = page


class Peer(_Emitter):
    """lib/peer.ts, as far as a phone uses it."""

    def __init__(self, peer_id, options):
        _Emitter.__init__(self)
        self.page = options.page
        self.world = self.page.world
        self.server = self.world.server
        self.id = peer_id
        self.token = fresh_token()
        self.open = False
        self.destroyed = False
        self.disconnected = False
        self.ever_open = False  # _lastServerId
        self.connections = []
        self.server.connect(peer_id, self.token, self, self._server_message)

    @classmethod
    def new(cls, peer_id, options):
        return cls(peer_id, options)

    def _server_message(self, kind, src):
        """lib/peer.ts _handleMessage, on the page's event loop (held while the phone sleeps)."""
        if self.destroyed or self.disconnected:
            return
        self.page.event(self._handle, kind, src)

    def _handle(self, kind, src):
        if self.destroyed or self.disconnected:
            return
        if kind == peerserver.OPEN:
            self.open = self.ever_open = True
            self.emit("open", self.id)
        elif kind == peerserver.ID_TAKEN:
            self.emit("error", PeerError("unavailable-id", 'ID "%s" is taken' % self.id))
            if self.ever_open:
                self.disconnect()
            else:
                self.destroy()
        elif kind == peerserver.EXPIRE:
            self.emit("error", PeerError("peer-unavailable", UNAVAILABLE + src))

    def connect(self, peer_id, options=None):
        if self.disconnected:
            self.emit("error", PeerError("disconnected", "Cannot connect to new Peer after disconnecting from server."))
            return None
        conn = DataConnection(self, peer_id)
        self.connections.append(conn)
        return conn

    def disconnect(self):
        if self.disconnected:
            return
        self.disconnected = True
        self.open = False
        self.server.close(self.id, self)
        self.emit("disconnected", self.id)

    def reconnect(self):
        if self.disconnected and not self.destroyed:
            self.disconnected = False
            self.server.connect(self.id, self.token, self, self._server_message)

    def destroy(self):
        if self.destroyed:
            return
        self.disconnect()
        for conn in list(self.connections):
            conn.close()
        self.destroyed = True
        self.emit("close")

    def gone(self):
        """The page is gone (a reload, a tab closed): the browser closes its socket and its connections; no event
        reaches a page that no longer runs."""
        self.destroyed = True
        if not self.disconnected:
            self.server.close(self.id, self)
        for conn in list(self.connections):
            conn.hang_up()


class DataConnection(_Emitter):
    """lib/dataconnection/DataConnection.ts over one of the world's Links (once its channel opens)."""

    def __init__(self, peer, peer_id):
        _Emitter.__init__(self)
        self.provider = peer
        self.peer = peer_id  # the id it dialled
        self.page = peer.page
        self.world = peer.world
        self.open = False
        self.closed = False
        self.link = None
        w = self.world
        # the negotiator makes its offer (createOffer, setLocalDescription) and sends it over the socket
        w.after(w.rng.randint(20, 300), lambda: self.closed or peer.server.offer(peer.id, peer_id, self._reached))

    def _reached(self, host):
        """The offer reached the page holding the id: the answer and ICE take a moment, and the channel opens if
        both ends are still there."""
        self.world.after(self.world.rng.randint(80, 900), self._channel, host)

    def _channel(self, host):
        page, w = self.page, self.world
        if self.closed or not page.alive or not getattr(host, "alive", False) or host.net is None:
            return  # nobody answers: the attempt times out (room/rejoin.py RETRY_MS)
        if page.asleep:
            return  # a sleeping phone misses the handshake
        if host.stalled(w.now):  # a frozen tab answers the offer when it thaws
            w.at(host.stall_until, self._channel, host)
            return
        link = Link(w, page, host)
        link.endpoint = self
        if w.now < page.ev.dup_handshakes_until:  # a fault: this fresh link's first texts may arrive twice
            link.dup_until = w.now + w.rng.randint(300, 3000)
            link.dup_rate = page.ev.dup_handshake_rate
        host.net.add(link)
        self.link = link
        self.open = True
        self.emit("open")

    def send(self, text):
        if not self.open:
            self.emit("error", PeerError("not-open-yet", "Connection is not open."))
            return
        self.link.host.net.send(self.link, text)

    def data(self, text):
        """A message arrived on the channel."""
        if self.open and not self.closed:
            self.emit("data", text)

    def close(self):
        """The page closes it: the far end learns of it a moment later; "close" is emitted if it was open."""
        if self.closed:
            return
        self.hang_up()
        if self.open:
            self.open = False
            self.emit("close")

    def hang_up(self):
        self.closed = True
        if self in self.provider.connections:
            self.provider.connections.remove(self)
        link = self.link
        if link is not None and not link.dead:
            link.host.close_soon(link, self.world.rng.randint(20, 400))

    def remote_closed(self):
        """The data channel closed from the far end, or its path broke and ICE gave up: "close"."""
        if self.closed:
            return
        self.closed = True
        if self in self.provider.connections:
            self.provider.connections.remove(self)
        if self.open:
            self.open = False
            self.emit("close")


def _fake_js():
    pp = types.SimpleNamespace(
        hasWebRTC=lambda: True,
        takeEarlyLink=lambda host_id: False,
        peerId=fresh_id,
        dataOptions=lambda: {"reliable": True, "serialization": "raw"},
        hostConn=None,
        knockSaid=lambda conn: False,  # link.js: a connection Python dials itself carries no knock's hello
    )
    return types.SimpleNamespace(pp=pp, Peer=Peer)


def guest_link_class():
    """GuestLink from py/peerparty/net/peerjs.py, imported against the stand-ins above (the module is the phone's
    own; only what it imports is not the browser's)."""
    name = "peerparty.net.peerjs"
    if name not in sys.modules:
        saved = {m: sys.modules.get(m) for m in ("js", "jsffi")}
        sys.modules["js"] = _fake_js()
        sys.modules["jsffi"] = types.SimpleNamespace(create_proxy=lambda fn: fn)
        try:
            importlib.import_module(name)
        finally:
            for m, module in saved.items():
                if module is None:
                    sys.modules.pop(m, None)
                else:
                    sys.modules[m] = module
    return sys.modules[name].GuestLink


def forget_proxies():
    """GuestLink keeps every handler it hands to JS for the page's life (net/peerjs.py _alive): an evening's end is
    every page's."""
    sys.modules["peerparty.net.peerjs"]._alive.clear()
