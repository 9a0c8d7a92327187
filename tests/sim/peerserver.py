"""The signalling server as npm `peer` 1.0.2 (node_modules/peer, default options) behaves, on the world's clock.

Each rule below names the source it follows (the package ships its TypeScript in dist/index.cjs.map):

- src/services/webSocketServer/index.ts `_onSocketConnection`: a peer opening a socket with an id another socket
  holds under another token is sent ID-TAKEN and closed; otherwise it is registered (`_registerClient`) and sent
  OPEN. Its socket's close removes the id at once (`_configureWS`, "close": only if that socket still holds it).
- src/messageHandler/handlers/transmission/index.ts: an OFFER (and every CANDIDATE after it) to an id a client
  holds goes to that client's socket, whatever state the device behind it is in; to an id nobody holds it is kept
  in that id's queue (src/models/realm.ts `addMessageToQueue`). EXPIRE and LEAVE to an absent id are dropped.
- src/instance.ts, wss "connection": a client that registers an id is handed that id's whole queue, in order.
- src/services/messagesExpire/index.ts `pruneOutstanding`, every `cleanup_out_msgs` (1,000 ms): a queue whose last
  read (src/models/messageQueue.ts: its creation, as nobody read it) is `expire_timeout` (5,000 ms) old or more is
  dropped, and each sender with a message in it is sent one EXPIRE naming the id (`src` = the absent id). So an
  offer to an absent id is answered 5-6 s after the first offer that made its queue, not at once, and a later
  offer joining that queue is answered with it, sooner.
- src/services/checkBrokenConnections/index.ts, every 300 ms: a client whose last HEARTBEAT (PeerJS sends one every
  `pingInterval`, 5,000 ms: node_modules/peerjs lib/socket.ts) is `alive_timeout` old is dropped: 60,000 ms as the
  `peerjs` command runs it (dist/bin/peerjs.js's own default; the library's defaultConfig says 90,000). A device
  that vanishes without closing its socket (power, Wi-Fi) keeps its id that long, and offers to it are swallowed:
  no answer, no EXPIRE.
- a socket that opens with the token that holds its id takes the id over (`_configureWS`) and is sent nothing: no
  OPEN.

tests/net/test_peerserver_model.py drives the real server over its WebSocket and checks these figures against the
constants here, so the two cannot drift apart unnoticed.
"""

EXPIRE_TIMEOUT_MS = 5000  # src/config/index.ts defaultConfig.expire_timeout
CLEANUP_OUT_MSGS_MS = 1000  # defaultConfig.cleanup_out_msgs: how often queues are pruned
ALIVE_TIMEOUT_MS = 60000  # dist/bin/peerjs.js: the command's --alive_timeout default
CHECK_BROKEN_MS = 300  # checkBrokenConnections DEFAULT_CHECK_INTERVAL
HEARTBEAT_MS = 5000  # PeerJS lib/socket.ts pingInterval

OPEN, ID_TAKEN, EXPIRE = "OPEN", "ID-TAKEN", "EXPIRE"  # src/enums.ts MessageType


def _next_tick(phase, period, at_least):
    """The first moment of a timer started at `phase` (repeating every `period`) that is >= at_least."""
    if at_least <= phase:
        return phase
    return phase + -(-(at_least - phase) // period) * period


class Client:
    """One registered id (src/models/client.ts) and the socket that holds it."""

    def __init__(self, peer_id, token, holder, on_message, now):
        self.id = peer_id
        self.token = token
        self.holder = holder  # the page behind the socket: what an offer reaches
        self.on_message = on_message  # the socket's onmessage: (type, src)
        self.opened_at = now
        self.vanished_at = None  # the device went without closing its socket: the id lingers


class PeerServer:
    def __init__(self, world):
        self.world = world
        self.clients = {}  # id -> Client (Realm.clients)
        self.queues = {}  # absent id -> [created, [(src, reached)]] (Realm.messageQueues)
        # the server was started some time before the evening: where its timers stand
        self.prune_phase = world.rng.randint(0, CLEANUP_OUT_MSGS_MS - 1)
        self.check_phase = world.rng.randint(0, CHECK_BROKEN_MS - 1)

    def ws_ms(self):
        """One message's trip between a page and the server over its WebSocket."""
        return self.world.rng.randint(10, 150)

    def holder(self, peer_id):
        """Whom an offer to peer_id reaches now: the page behind the socket that holds it (which may be a device
        that has gone, its id lingering), or None."""
        client = self.clients.get(peer_id)
        return client.holder if client is not None else None

    # --- a page's socket -------------------------------------------------------------------------------------

    def connect(self, peer_id, token, holder, on_message):
        """A page opens its socket for peer_id (PeerJS `new Peer(id)`); on_message(type, src) hears OPEN or ID-TAKEN,
        then EXPIREs, each after the socket's latency."""
        self.world.after(self.ws_ms(), self._connected, peer_id, token, holder, on_message)

    def _connected(self, peer_id, token, holder, on_message):
        w = self.world
        client = self.clients.get(peer_id)
        if client is not None and client.token != token:
            w.after(self.ws_ms(), on_message, ID_TAKEN, None)  # _onSocketConnection: "ID is taken"
            return
        if client is None:
            client = self.clients[peer_id] = Client(peer_id, token, holder, on_message, w.now)
            w.after(self.ws_ms(), on_message, OPEN, None)
        else:  # the same token: this socket takes the id over (_configureWS), and is told nothing
            client.holder, client.on_message, client.vanished_at = holder, on_message, None
        queue = self.queues.pop(peer_id, None)  # instance.ts: the queue handed over, in order, behind OPEN
        if queue is not None:
            for src, reached in queue[1]:
                w.after(self.ws_ms(), reached, holder)

    def close(self, peer_id, holder):
        """The page's socket closes (a tab closed or reloaded, peer.destroy()): the close frame reaches the server
        and frees the id, if that page's socket still holds it."""
        self.world.after(self.ws_ms(), self._closed, peer_id, holder)

    def _closed(self, peer_id, holder):
        client = self.clients.get(peer_id)
        if client is not None and client.holder is holder:
            del self.clients[peer_id]

    def vanish(self, peer_id, holder):
        """The device is gone without closing its socket: the id stays until alive_timeout has passed since its last
        heartbeat, checked every CHECK_BROKEN_MS."""
        client = self.clients.get(peer_id)
        if client is None or client.holder is not holder:
            return
        now = self.world.now
        client.vanished_at = now
        last_ping = client.opened_at + (now - client.opened_at) // HEARTBEAT_MS * HEARTBEAT_MS
        gone = _next_tick(self.check_phase, CHECK_BROKEN_MS, last_ping + ALIVE_TIMEOUT_MS)
        self.world.at(max(gone, now), self._closed, peer_id, holder)

    # --- an offer ----------------------------------------------------------------------------------------------

    def offer(self, src, dst, reached):
        """Page src's offer to dst leaves (PeerJS `peer.connect(dst)`): reached(holder) when it reaches the page that
        holds dst, at once or when it registers within the queue's window; else src's socket hears EXPIRE."""
        self.world.after(self.ws_ms(), self._offered, src, dst, reached)

    def _offered(self, src, dst, reached):
        w = self.world
        client = self.clients.get(dst)
        if client is not None:
            if client.vanished_at is None:
                w.after(self.ws_ms(), reached, client.holder)
            return  # a socket with no device behind it: the offer goes nowhere, and nothing says so
        queue = self.queues.get(dst)
        if queue is None:
            queue = self.queues[dst] = [w.now, []]
            due = _next_tick(self.prune_phase, CLEANUP_OUT_MSGS_MS, w.now + EXPIRE_TIMEOUT_MS)
            w.at(due, self._prune, dst, queue)
        queue[1].append((src, reached))

    def _prune(self, dst, queue):
        """pruneOutstanding for one queue: one EXPIRE per sender, naming dst, then the queue is gone."""
        if self.queues.get(dst) is not queue:
            return  # handed over to a page that registered dst meanwhile
        del self.queues[dst]
        seen = []
        for src, _ in queue[1]:
            if src in seen:
                continue
            seen.append(src)
            client = self.clients.get(src)
            if client is not None and client.vanished_at is None:  # to an absent sender, dropped
                self.world.after(self.ws_ms(), client.on_message, EXPIRE, dst)
