"""GuestSession: a phone's side of the room, sans-I/O, in the Python subset MicroPython runs.

It remembers the seat token (the shell keeps it in localStorage per room), says hello on every
new connection, numbers moves so the host can recognise one resent after a reconnect, resends
moves not yet acknowledged, and keeps only the last view it was sent (and, on the host's successor,
the last replica of the room). Each move names the decision it answers (the ref of the view it was
made from). Sequence numbers count within one host's epoch: a welcome starts the count afresh, and a
view from an earlier epoch is ignored.

A phone with a token never sends it (issue 31): its hello names the seat by a tag and a fresh nonce, and it
proves the token only to a host that proved it first (proof.py). Until then it heeds nothing from that host
but its challenge, "wait", and refusals that cost it nothing; it resends its moves only once welcomed.
"""

import json

from . import proof, protocol, races

RECENT = 8  # the moves a phone remembers it sent, to know a double tap's refusal (room/races.py)

# what a host that has not proved itself may tell a rejoining phone (a "removed" or "bye" would cost it its seat)
_UNPROVEN = ("challenge", "wait", "pong", "error")
_UNPROVEN_ERRORS = (
    "old_host",
    "wrong_room",
    "rate_limited",
    "bad_message",
    "bad_json",
    "too_large",
    "bad_proof",
    "internal",
    "not_joined",
    "bad_token",
)
# what receive() returns for an answer that says this phone's seat is not here (a later epoch's host that does not
# know it, or another room at that id): hang up and look further, as from an impostor, though nobody lied
ELSEWHERE = "elsewhere"
REPROVE = 3  # a proof the host refused while joining is tried again this often on one link (issue 39)


class GuestSession:
    def __init__(self, room, token=None, name=None, epoch=0, nonce_source=None):
        self.room = room
        self.epoch = epoch  # the latest host term this phone has been welcomed by
        self.token = token
        self.name = name
        self.seat = None
        self.view = None  # the last "view" message, as sent
        self.seq = -1
        self.status = "connecting"  # connecting | joining | waiting | joined | removed | left | moved | refused
        self.waiting = None  # while waiting: the host's sentence (for the game to end, or to be let in)
        self.watching = None  # while waiting for a game to end: its table, as the big screen shows it
        self.error = None  # the last error message dict, for the screen (a real refusal: room/races.py)
        self.error_since = 0  # when it came, and the decision the view stood at: it leaves by itself
        self.error_ref = None
        self.recent = []  # [(id, move, ref, seq of the view it was made from)] of the last RECENT moves
        self.next_id = 0
        self.pending = []  # [(id, move)] sent but not acknowledged
        self.last_heard_ms = 0
        self.replica = None  # the room, if this phone is the host's successor (host migration)
        self.replica_dropped = False  # set when a kept replica must be erased (the shell clears storage)
        self.host_waiting = False  # the host said "wait" (its rules are loading) and nothing else since
        self.nonce_source = nonce_source or proof.fresh_nonce  # 16 random bytes as hex (the page's crypto)
        # whether this connection reached the id of the epoch that welcomed this phone: only there may a
        # host that has not proved itself say the token is unknown (rejoin.py sets it; elsewhere it is ignored)
        self.own_host = True
        self.dialled = None  # the epoch whose host id this connection reached (rejoin.py): the proofs name it
        self.reproved = 0  # fresh hellos sent on this link after a refused proof
        self.by_name = False  # this link's hello gave the name only: the host knew no seat by the token
        self.asked = None  # this connection's nonce while the host has not proved the seat's token
        self.impostor = False  # the host this connection reached failed to prove it: look for the real one
        self.proved = False  # this connection's host proved itself: resend the moves once welcomed
        self.outbox = []  # texts to send now, in answer to what arrived (the proof, then resent moves)

    # --- what to send -----------------------------------------------------------------------

    def hello(self, by_name=False):
        """The first message on every new connection; None until there is a token or a name. by_name: a hello
        with the name only, though a token is kept (the host did not know it)."""
        self.asked = None
        self.proved = False
        self.impostor = False
        self.by_name = by_name
        if self.token is None and self.name is None:
            return None
        self.status = "joining"
        message = {"t": "hello", "room": self.room, "name": self.name, "epoch": self.epoch}
        if self.token is not None and not by_name:
            self.asked = self.nonce_source()
            message["seat"] = proof.seat_tag(self.token)
            message["nonce"] = self.asked
        return protocol.encode(message)

    def greeting(self, said=None):
        """What a new connection starts with: the hello, and the moves not yet acknowledged unless the hello
        asks for a proof first (they wait for the welcome: nothing goes to a host that has not proved itself).
        said: the name of a hello by name the page already sent on this connection (join.html's Join, tapped
        before Python was up, static/js/link.js pp.earlyHello): that hello is not sent again."""
        self.reproved = 0
        hello = self.hello()
        if hello and said is not None and self.asked is None and self.token is None and self.name == said:
            hello = None  # the same hello, already on its way: a second would ask the host for a second seat
        out = [hello] if hello else []
        return out if self.asked is not None else out + self.resend()

    def take_outbox(self):
        out, self.outbox = self.outbox, []
        return out

    def join(self, name):
        self.name = name
        return self.hello()

    def move(self, move):
        msg_id = self.next_id
        self.next_id += 1
        view = (self.view or {}).get("view") or {}
        ref = view.get("ref")
        self.pending.append((msg_id, move, ref))
        self.recent = (self.recent + [(msg_id, move, ref, self.seq)])[-RECENT:]
        return protocol.encode({"t": "move", "id": msg_id, "ref": ref, "move": move})

    def control(self, tapped):
        """A button of the controls band (ui/room.py controls_band) as a control message (room/controls.py), or
        None when this seat does not hold the controls or the button is not one of them. It counts with the
        moves, and is answered but never resent: a host decision is made again by tapping again."""
        controls = (self.view or {}).get("controls")
        if not controls:
            return None
        room_action = tapped.get("room")
        if room_action is None and tapped.get("type") not in controls.get("moves", []):
            return None
        if room_action in ("join", "leave"):
            return None
        ref = (controls.get("view") or {}).get("ref")
        msg_id = self.next_id
        self.next_id += 1
        return protocol.encode({"t": "control", "id": msg_id, "action": protocol.host_action_of(tapped, ref)})

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
        kind = message.get("t")
        if self.asked is not None and (
            kind not in _UNPROVEN or (kind == "error" and message.get("code") not in _UNPROVEN_ERRORS)
        ):
            return None  # not from a host that has proved it knows this seat
        self.last_heard_ms = now_ms
        self.host_waiting = kind == "wait"
        if kind == "challenge":
            return self._challenged(message)
        if kind == "welcome":
            epoch = message.get("epoch", 0)
            if epoch < self.epoch:
                return None  # a host of an earlier term: never go back to it
            newer = epoch > self.epoch
            self.epoch = epoch
            self.seq = -1  # this host counts its own views
            self.seat = message.get("seat")
            self.token = message.get("token") or self.token  # a rejoined seat is not sent its token again
            self.status = "joined"
            self.error = None
            self.waiting = None
            self.watching = None
            next_id = message.get("next_id", 0)
            # ids the host has already handled are acknowledged by definition
            self.pending = [p for p in self.pending if p[0] >= next_id]
            if next_id > self.next_id:
                self.next_id = next_id
            if self.asked is None and self.proved:
                self.proved = False
                self.outbox.extend(self.resend())  # held back until the host proved itself (greeting)
            if not message.get("successor") or newer:
                self._drop_replica()  # a replica of an earlier term takes nobody's room over: only its tokens are left
        elif kind == "view":
            seq = message.get("seq", 0)
            room = message.get("room") or {}
            if room.get("epoch", 0) != self.epoch or seq < self.seq:
                return None  # another host's, or an older view overtaken by a newer one
            self.seq = seq
            self.view = message
        elif kind == "waiting" and self.status in ("joining", "waiting"):
            # the host keeps this phone's name: it seats it when the game ends, or when the host lets it in
            self.status = "waiting"
            # the host's English and its values: the phone draws it in its own language (i18n.sentence)
            self.waiting = (
                {"msg": message["msg"], "values": message.get("values")}
                if isinstance(message.get("msg"), str)
                else None
            )
            self.error = None
            room, table = message.get("room"), message.get("view")
            if isinstance(room, dict) and isinstance(table, dict) and message.get("seq", 0) >= self.seq:
                # the table as the big screen shows it, while the game under way goes on (latecomers.py)
                self.seq = message.get("seq", 0)
                self.watching = {"room": room, "view": table, "now_ms": message.get("now_ms", 0)}
        elif kind == "ack":
            self._acked(message.get("id"))
        elif kind == "error" and message.get("code") == "bad_proof" and self.status == "joined":
            return None  # a proof that arrived twice: the first one seated this phone
        elif kind == "error" and message.get("code") == "bad_proof" and self.proved and self.status == "joining":
            # the host proved itself but refused this proof (it answered another challenge of ours): prove
            # afresh rather than show an error no retry would clear (issue 39)
            if self.reproved < REPROVE:
                self.reproved += 1
                self.outbox.append(self.hello())
            return None
        elif kind == "error" and message.get("code") == "bad_token" and self.status == "joining":
            return self._unknown_seat(message)
        elif kind == "error" and message.get("code") == "wrong_room" and not self.own_host:
            self.asked = None
            self.status = "connecting"
            return ELSEWHERE  # whoever holds a later epoch's id is not this room: look further
        elif kind == "error" and self._race(message):
            self._acked(message.get("id"))
            return "race"  # its effect already holds: nothing to show (docs/decisions.md)
        elif kind == "error":
            self.error = message
            self.error_since, self.error_ref = now_ms, self._ref()
            self._acked(message.get("id"))  # a refused move is done with, too
            code = message.get("code")
            if code == "removed":
                self.status = "removed"
                self.token = None
                self._drop_replica()
            elif code == "old_host":
                self.status = "connecting"  # a host of an earlier term answered: find the current one
            elif code in ("bad_token",):
                self.token = None
                self.status = "connecting" if self.name is None else "joining"
            elif code == "seat_moved":
                self._moved()
            elif self.status in ("joining", "waiting") and code in (
                "bad_name",
                "name_taken",
                "name_removed",
                "room_full",
                "game_running",
                "wrong_room",
                "claim_refused",
                "claim_void",
                "claim_pending",
            ):
                self.status = "refused"
                self.name = None
                self.waiting = None
                self.watching = None
                if self.by_name:
                    self.token = None  # the token no host knew: the person joins afresh
        elif kind == "replica":
            if message.get("drop"):
                self._drop_replica()
            else:
                # kept until the host says drop: it waits for the next successor's "kept", so a TV that dies as
                # the successor changes leaves someone able to take over (room/replication.py, issue 47)
                self.replica = message
                self.outbox.append(protocol.encode({"t": "kept", "epoch": message.get("epoch"), "n": message.get("n")}))
        elif kind == "closing":
            pass  # the host's tab is going: rejoin.py times the takeover from it
        elif kind == "bye":
            if message.get("reason") == "seat_moved":
                self._moved()
            elif message.get("reason") in ("removed", "left"):
                self.status = "removed" if message.get("reason") == "removed" else "left"
                self.token = None
                self.pending = []
                self._drop_replica()
        return kind

    def _unknown_seat(self, message):
        """The host does not know this phone's token (a host that stepped aside issued it, or it was lost). With a
        name, the phone joins again by name on this link and keeps the token until a welcome replaces it: no
        ghost seat holds its name (issue 39). Without one, its own epoch's host is believed (the token goes, the
        person types a name: a lost seat, never a leaked one); anyone else is not its host: look further."""
        self.asked = None
        if self.name is not None:
            self.outbox.append(self.hello(by_name=True))
            return "error"
        if not self.own_host:
            self.status = "connecting"
            return ELSEWHERE
        self.error = message
        self.token = None
        self.status = "connecting"
        return "error"

    def channel(self):
        """(epoch, peer id) of the host this connection dialled: both sides' proofs name it (proof.py), so a
        stranger relaying a handshake from another id proves nothing."""
        epoch = self.epoch if self.dialled is None else self.dialled
        return epoch, protocol.peer_id(self.room, epoch)

    def _challenged(self, message):
        nonce, answer = message.get("nonce"), message.get("proof")
        if self.asked is None or self.token is None or not proof.is_hex(nonce, proof.NONCE_HEX):
            return None
        epoch, peer = self.channel()
        if not proof.same(answer, proof.host_seat_proof(self.token, self.room, epoch, peer, self.asked, nonce)):
            self.asked = None
            self.impostor = True  # it does not know this seat: say nothing more to it
            self.status = "connecting"
            return "impostor"
        self.outbox.append(
            protocol.encode(
                {"t": "prove", "proof": proof.phone_seat_proof(self.token, self.room, epoch, peer, self.asked, nonce)}
            )
        )
        self.asked = None
        self.proved = True
        return "challenge"

    def _moved(self):
        """The host gave this seat to another phone (room/claims.py): this one's token opens nothing now."""
        self.status = "moved"
        self.token = None
        self.pending = []
        self._drop_replica()

    def _drop_replica(self):
        # every seat's token must not outlive the phone's role as successor: the shell erases its copy
        self.replica = None
        self.replica_dropped = True

    def _ref(self):
        return ((self.view or {}).get("view") or {}).get("ref")

    def _race(self, message):
        """Is this refusal of one of this phone's moves a harmless race (a double tap, a tap on a moment that
        just passed)? Only a seated phone's moves are: a refused join is always shown."""
        msg_id = message.get("id")
        if self.status != "joined" or msg_id is None:
            return False
        for sent_id, move, ref, seq in self.recent:
            if sent_id == msg_id:
                earlier = [(m, r) for i, m, r, _ in self.recent if i < msg_id]
                return races.phone_race(message.get("code"), move, ref, earlier, self.seq > seq)
        return False

    def expire_error(self, now_ms):
        """A seated phone's refusal leaves by itself (room/races.py); True when it just did."""
        if self.error is None or self.status != "joined" or self.error.get("code") == "removed":
            return False
        if races.still_shown(self.error_since, self.error_ref, now_ms, self._ref()):
            return False
        self.error = None
        return True

    def _acked(self, msg_id):
        if msg_id is None:
            return
        self.pending = [p for p in self.pending if p[0] != msg_id]

    def host_silent(self, now_ms):
        """Nothing from the host for HOST_LOST_MS on an open link, whatever this phone is waiting for (its seat,
        too): the host answers every ping ("wait" while its rules boot), so the link is dead."""
        return self.status not in ("removed", "left", "moved") and now_ms - self.last_heard_ms > protocol.HOST_LOST_MS
