"""An in-memory link between a HostSession and GuestSessions, for tests and fault injection.

Nothing is delivered until flush(); a test can drop, duplicate or reorder what is queued, and
cut a phone's connection, so the room is exercised against the faults a real network has.
The simulator (tests/sim) opens connections itself (open) and delivers one message of one
connection at a time (deliver_to_host, deliver_to_phone), each after its own latency.
"""

from random import Random


class MemoryNetwork:
    def __init__(self, host, seed=0):
        self.host = host
        self.now_ms = 0
        self.rng = Random(seed)
        self.to_host = []  # (conn, text)
        self.to_phone = []  # (conn, text)
        self.phones = {}  # conn -> Phone
        self.drop_rate = 0.0
        self.duplicate_rate = 0.0
        self.reorder = False
        self._next_conn = 1

    def open(self, phone):
        """A new connection for phone, as the host sees it open; the phone says nothing yet."""
        conn = "c%d" % self._next_conn
        self._next_conn += 1
        phone.conn = conn
        self.phones[conn] = phone
        self._host_out(self.host.on_connect(conn, self.now_ms))
        return conn

    def connect(self, phone):
        """open(), then the phone's greeting: hello and every move not yet acknowledged (GuestSession.greeting)."""
        conn = self.open(phone)
        for text in phone.session.greeting():
            self.to_host.append((conn, text))
        return conn

    def disconnect(self, phone):
        conn = phone.conn
        phone.conn = None
        self.close(conn)

    def close(self, conn):
        """The connection is gone: what it still had in flight is lost, and the host is told."""
        self.phones.pop(conn, None)
        self.to_host = [(c, t) for c, t in self.to_host if c != conn]
        self.to_phone = [(c, t) for c, t in self.to_phone if c != conn]
        self._host_out(self.host.on_disconnect(conn, self.now_ms))

    def send(self, phone, text):
        if phone.conn is not None:
            self.to_host.append((phone.conn, text))

    def advance(self, ms):
        self.now_ms += ms
        self._host_out(self.host.on_timer(self.now_ms))

    def flush(self, limit=10000):
        """Deliver until both queues are empty, applying the configured faults."""
        for _ in range(limit):
            if not self.to_host and not self.to_phone:
                return
            if self.to_host:
                conn, text = self._take(self.to_host)
                if self._delivered():
                    self._host_out(self.host.on_message(conn, text, self.now_ms))
                    if self.rng.random() < self.duplicate_rate:
                        self._host_out(self.host.on_message(conn, text, self.now_ms))
            if self.to_phone:
                conn, text = self._take(self.to_phone)
                phone = self.phones.get(conn)
                if phone is not None and self._delivered():
                    phone.receive(text, self.now_ms)
        raise RuntimeError("the network did not settle")

    def deliver_to_host(self, conn):
        """The oldest message this connection has in flight reaches the host (or is lost, or arrives twice,
        at the configured rates). Returns False when it had none."""
        index = _first(self.to_host, conn)
        if index is None:
            return False
        text = self.to_host.pop(index)[1]
        if self._delivered():
            self._host_out(self.host.on_message(conn, text, self.now_ms))
            if self.rng.random() < self.duplicate_rate:
                self._host_out(self.host.on_message(conn, text, self.now_ms))
        return True

    def deliver_to_phone(self, conn):
        """The oldest message in flight to this connection's phone reaches it. Returns False when none."""
        index = _first(self.to_phone, conn)
        if index is None:
            return False
        text = self.to_phone.pop(index)[1]
        phone = self.phones.get(conn)
        if phone is not None and self._delivered():
            phone.receive(text, self.now_ms)
            if self.rng.random() < self.duplicate_rate:
                phone.receive(text, self.now_ms)
        return True

    def _take(self, queue):
        index = self.rng.randrange(len(queue)) if self.reorder else 0
        return queue.pop(index)

    def _delivered(self):
        return not (self.drop_rate and self.rng.random() < self.drop_rate)

    def _host_out(self, messages):
        self.to_phone.extend(messages)


def _first(queue, conn):
    for i in range(len(queue)):
        if queue[i][0] == conn:
            return i
    return None


class Phone:
    """A test phone: a GuestSession plus everything it was sent."""

    def __init__(self, network, session):
        self.network = network
        self.session = session
        self.conn = None
        self.received = []

    def receive(self, text, now_ms):
        self.received.append(text)
        self.session.receive(text, now_ms)
        for answer in self.session.take_outbox():  # the seat's proof, moves held for the welcome
            self.network.send(self, answer)

    def send_move(self, move):
        self.network.send(self, self.session.move(move))

    def send_raw(self, text):
        self.network.send(self, text)
