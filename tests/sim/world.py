"""The simulated world: a virtual clock with its event queue, the signalling server (peerserver.py, npm `peer`'s
behaviour), and the data connections between phone pages and host pages (MemoryNetwork per host page, one FIFO
pair per connection).

Nothing here knows the room's rules; pages.py runs the project's own code on top of it.
"""

import heapq
from random import Random

from peerparty.net.memory import MemoryNetwork

from .peerserver import PeerServer


class Failure(AssertionError):
    """An invariant broke. The evening adds its seed and the events that led here."""


class Storage(dict):
    """A browser's localStorage: what survives a reload of a page on that device."""

    def set(self, key, value):
        self[key] = value

    def remove(self, key):
        self.pop(key, None)


class World:
    def __init__(self, seed):
        self.rng = Random(seed)  # one seed drives everything
        self.now = 0
        self._heap = []
        self._n = 0
        self.events = []  # what happened, for the failure report
        self.after_event = None  # called after every event (the evening's invariants)
        self.jitter_until = -1  # a reorder fault: latencies vary wildly until then
        self.server = PeerServer(self)

    @property
    def signal(self):
        """peer id -> the page whose socket holds it (the PeerServer's table, lingering ids included)."""
        return {pid: client.holder for pid, client in self.server.clients.items()}

    def at(self, when, fn, *args):
        self._n += 1
        heapq.heappush(self._heap, (when, self._n, fn, args))

    def after(self, ms, fn, *args):
        self.at(self.now + ms, fn, *args)

    def note(self, text):
        self.events.append("%9.3fs %s" % (self.now / 1000.0, text))

    def run_until(self, until_ms, stop=None):
        """Run events up to until_ms, or until stop() is true (checked after each event)."""
        while self._heap and self._heap[0][0] <= until_ms:
            when, _, fn, args = heapq.heappop(self._heap)
            self.now = when
            fn(*args)
            if self.after_event is not None:
                self.after_event()
            if stop is not None and stop():
                return True
        self.now = max(self.now, until_ms)
        return stop is not None and stop()

    def latency(self):
        """One message's trip on a healthy connection, in ms; during a jitter, anything up to 3 s, so the
        messages of different connections overtake each other (each connection keeps its own order)."""
        if self.now < self.jitter_until:
            return self.rng.randint(0, 3000)
        return self.rng.randint(5, 80)


class Link:
    """One data connection between a phone page and a host page (the memory network's Phone): two FIFO
    queues, each message delivered after its own latency, in order, as a reliable ordered data channel does."""

    def __init__(self, world, page, host):
        self.world = world
        self.page = page  # the PhonePage at this end
        self.endpoint = None  # its PeerJS DataConnection (peerjs.py), on a phone page
        self.host = host  # the HostPage at the other
        self.session = page.guest  # what MemoryNetwork reads
        self.conn = None
        self.dead = False  # the path broke: whatever is in flight or sent later is lost
        self.closed = False
        self.hanging_up = False  # the host's tab is going: it still delivers what it sent, and takes nothing more
        self.slow_until = -1  # a delay fault: seconds per message until then
        self.dup_until = -1  # a duplicate fault: messages may arrive twice until then
        self.dup_rate = 0.3  # how often, then
        self.due = {"up": 0, "down": 0}  # when the last queued message of each direction arrives
        self.pumping = {"up": False, "down": False}
        self.queued = {"up": 0, "down": 0}  # messages of this connection in the network's queues

    def receive(self, text, now_ms):
        if self.endpoint is not None:
            if self.page.alive:
                self.endpoint.data(text)
        elif self.page.link is self and self.page.alive:
            self.page.on_data(text)

    def latency(self):
        w = self.world
        if w.now < self.slow_until:
            return w.rng.randint(500, 6000)
        return w.latency()


class SimNetwork(MemoryNetwork):
    """A host page's MemoryNetwork whose deliveries the world's clock schedules, one connection at a time."""

    def __init__(self, world, host, seed):
        MemoryNetwork.__init__(self, host, seed)
        self.world = world
        self.links = {}  # conn -> Link

    def add(self, link):
        self.now_ms = self.world.now
        conn = self.open(link)
        self.links[conn] = link
        return conn

    def send(self, link, text):
        if link.conn is not None and not link.closed and not link.hanging_up:
            self.to_host.append((link.conn, text))
            link.queued["up"] += 1
            self.pump(link, "up")

    def _host_out(self, messages):
        MemoryNetwork._host_out(self, messages)
        for conn, _ in messages:
            link = self.links.get(conn)
            if link is not None:
                link.queued["down"] += 1
                self.pump(link, "down")

    def pump(self, link, way):
        """Make sure the oldest message of this direction is on its way."""
        if link.pumping[way] or link.closed or not link.queued[way]:
            return
        link.pumping[way] = True
        when = max(self.world.now + link.latency(), link.due[way])
        link.due[way] = when
        self.world.at(when, self._arrive, link, way)

    def _arrive(self, link, way):
        link.pumping[way] = False
        if link.closed or (way == "up" and link.hanging_up):
            return
        w = self.world
        if way == "up" and self.host.stalled(w.now):
            link.pumping[way] = True
            w.at(self.host.stall_until, self._arrive, link, way)  # a frozen tab reads it when it thaws
            return
        if way == "down" and link.page.asleep:
            link.pumping[way] = True
            link.page.held.append((self, link))  # delivered when the phone wakes
            return
        self.now_ms = w.now
        self.drop_rate = 1.0 if link.dead else 0.0
        self.duplicate_rate = link.dup_rate if w.now < link.dup_until else 0.0
        link.queued[way] -= 1
        if way == "up":
            self.deliver_to_host(link.conn)
        else:
            self.deliver_to_phone(link.conn)
        self.pump(link, way)

    def close_link(self, link):
        """The host learns the connection closed."""
        if link.closed:
            return
        link.closed = True
        self.links.pop(link.conn, None)
        self.now_ms = self.world.now
        self.close(link.conn)
