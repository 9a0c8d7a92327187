"""GuestSession: a phone's side of the room, sans-I/O, in the Python subset MicroPython runs.

It remembers the seat token (the shell keeps it in localStorage per room), says hello on every
new connection, numbers moves so the host can recognise one resent after a reconnect, resends
moves not yet acknowledged, and keeps only the last view it was sent (and, on the host's successor,
the last replica of the room). Each move names the decision it answers (the ref of the view it was
made from). Sequence numbers count within one host's epoch: a welcome starts the count afresh, and a
view from an earlier epoch is ignored.
"""
import json

from . import protocol


class GuestSession:
    def __init__(self, room, token=None, name=None, epoch=0):
        self.room = room
        self.epoch = epoch        # the latest host term this phone has been welcomed by
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
        self.replica_dropped = False   # set when a kept replica must be erased (the shell clears storage)
        self.host_waiting = False  # the host said "wait" (its rules are loading) and nothing else since

    # --- what to send -----------------------------------------------------------------------

    def hello(self):
        """The first message on every new connection; None until there is a token or a name."""
        if self.token is None and self.name is None:
            return None
        self.status = "joining"
        return protocol.encode({"t": "hello", "room": self.room, "name": self.name, "token": self.token,
                                "epoch": self.epoch})

    def join(self, name):
        self.name = name
        return self.hello()

    def move(self, move):
        msg_id = self.next_id
        self.next_id += 1
        view = (self.view or {}).get("view") or {}
        ref = view.get("ref")
        self.pending.append((msg_id, move, ref))
        return protocol.encode({"t": "move", "id": msg_id, "ref": ref, "move": move})

    def ping(self, n):
        return protocol.encode({"t": "ping", "n": n})

    def resend(self):
        """After a reconnect: every move the host has not acknowledged, with its original id."""
        return [protocol.encode({"t": "move", "id": i, "ref": r, "move": m}) for i, m, r in self.pending]

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
        self.host_waiting = kind == "wait"
        if kind == "welcome":
            epoch = message.get("epoch", 0)
            if epoch < self.epoch:
                return None          # a host of an earlier term: never go back to it
            self.epoch = epoch
            self.seq = -1            # this host counts its own views
            self.seat = message.get("seat")
            self.token = message.get("token")
            self.status = "joined"
            self.error = None
            next_id = message.get("next_id", 0)
            # ids the host has already handled are acknowledged by definition
            self.pending = [p for p in self.pending if p[0] >= next_id]
            if next_id > self.next_id:
                self.next_id = next_id
            if not message.get("successor"):
                self._drop_replica()
        elif kind == "view":
            seq = message.get("seq", 0)
            room = message.get("room") or {}
            if room.get("epoch", 0) != self.epoch or seq < self.seq:
                return None          # another host's, or an older view overtaken by a newer one
            self.seq = seq
            self.view = message
            if room.get("successor") != self.seat:
                self._drop_replica()
        elif kind == "ack":
            self._acked(message.get("id"))
        elif kind == "error":
            self.error = message
            self._acked(message.get("id"))   # a refused move is done with, too
            code = message.get("code")
            if code == "removed":
                self.status = "removed"
                self.token = None
                self._drop_replica()
            elif code == "old_host":
                self.status = "connecting"    # a host of an earlier term answered: find the current one
            elif code in ("bad_token",):
                self.token = None
                self.status = "connecting" if self.name is None else "joining"
            elif self.status == "joining" and code in ("bad_name", "name_taken", "name_removed", "room_full",
                                                        "game_running", "wrong_room"):
                self.status = "refused"
                self.name = None
        elif kind == "replica":
            if message.get("drop"):
                self._drop_replica()
            else:
                self.replica = message
        elif kind == "bye":
            if message.get("reason") in ("removed", "left"):
                self.status = "removed" if message.get("reason") == "removed" else "left"
                self.token = None
                self.pending = []
                self._drop_replica()
        return kind

    def _drop_replica(self):
        # every seat's token must not outlive the phone's role as successor: the shell erases its copy
        self.replica = None
        self.replica_dropped = True

    def _acked(self, msg_id):
        if msg_id is None:
            return
        self.pending = [p for p in self.pending if p[0] != msg_id]

    def host_silent(self, now_ms):
        """Nothing from the host for HOST_LOST_MS on an open link, whatever this phone is waiting for (its seat,
        too): the host answers every ping ("wait" while its rules boot), so the link is dead."""
        return self.status not in ("removed", "left") and now_ms - self.last_heard_ms > protocol.HOST_LOST_MS
