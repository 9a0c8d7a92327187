"""GuestSession: a phone's side of the room, sans-I/O, in the Python subset MicroPython runs.

It remembers the seat token (the shell keeps it in localStorage per room), says hello on every
new connection, numbers moves so the host can recognise one resent after a reconnect, resends
moves not yet acknowledged, and keeps only the last view it was sent.
"""
import json

from . import protocol


class GuestSession:
    def __init__(self, room, token=None, name=None):
        self.room = room
        self.token = token
        self.name = name
        self.seat = None
        self.view = None          # the last "view" message, as sent
        self.seq = -1
        self.status = "connecting"   # connecting | joining | joined | removed | refused
        self.error = None         # the last error message dict, for the screen
        self.next_id = 0
        self.pending = []         # [(id, move)] sent but not acknowledged
        self.last_heard_ms = 0
        self.replica = None       # the room, if this phone is the host's successor (host migration)

    # --- what to send -----------------------------------------------------------------------

    def hello(self):
        """The first message on every new connection; None until there is a token or a name."""
        if self.token is None and self.name is None:
            return None
        self.status = "joining"
        return protocol.encode({"t": "hello", "room": self.room, "name": self.name, "token": self.token})

    def join(self, name):
        self.name = name
        return self.hello()

    def move(self, move):
        msg_id = self.next_id
        self.next_id += 1
        self.pending.append((msg_id, move))
        return protocol.encode({"t": "move", "id": msg_id, "move": move})

    def ping(self, n):
        return protocol.encode({"t": "ping", "n": n})

    def resend(self):
        """After a reconnect: every move the host has not acknowledged, with its original id."""
        return [protocol.encode({"t": "move", "id": i, "move": m}) for i, m in self.pending]

    # --- what arrives -----------------------------------------------------------------------

    def receive(self, text, now_ms=0):
        """Handle one host message; returns its kind ("view", "welcome", "error", ...) or None."""
        try:
            message = json.loads(text)
        except Exception:
            return None
        if not isinstance(message, dict):
            return None
        self.last_heard_ms = now_ms
        kind = message.get("t")
        if kind == "welcome":
            self.seat = message.get("seat")
            self.token = message.get("token")
            self.status = "joined"
            self.error = None
            next_id = message.get("next_id", 0)
            # ids the host has already handled are acknowledged by definition
            self.pending = [(i, m) for i, m in self.pending if i >= next_id]
            if next_id > self.next_id:
                self.next_id = next_id
        elif kind == "view":
            seq = message.get("seq", 0)
            if seq < self.seq:
                return None          # an older view overtaken by a newer one
            self.seq = seq
            self.view = message
        elif kind == "ack":
            self._acked(message.get("id"))
        elif kind == "error":
            self.error = message
            self._acked(message.get("id"))   # a refused move is done with, too
            code = message.get("code")
            if code == "removed":
                self.status = "removed"
                self.token = None
            elif code in ("bad_token",):
                self.token = None
                self.status = "connecting" if self.name is None else "joining"
            elif self.status == "joining" and code in ("bad_name", "name_taken", "name_removed", "room_full",
                                                        "game_running", "wrong_room"):
                self.status = "refused"
                self.name = None
        elif kind == "replica":
            self.replica = None if message.get("drop") else message
        elif kind == "bye":
            if message.get("reason") in ("removed", "left"):
                self.status = "removed" if message.get("reason") == "removed" else "left"
                self.token = None
        return kind

    def _acked(self, msg_id):
        if msg_id is None:
            return
        self.pending = [(i, m) for i, m in self.pending if i != msg_id]

    def host_silent(self, now_ms):
        return self.status == "joined" and now_ms - self.last_heard_ms > protocol.HOST_LOST_MS
