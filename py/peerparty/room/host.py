"""HostSession: the room's authority, sans-I/O. Transport events in, (conn, text) messages out.

This is the facade the host page (app/rules.py) and the tests drive; the room's state is room/state.py's Room,
which HostSession is, and each concern is a module of its own that reads and changes that one object:

    admission.py    hello, challenge, prove, welcome; a remote screen's watch; another host page's probe
    seating.py      claims on an away seat, latecomers, a closed link, leaving, removal, the host's own seat
    table.py        pick, start, moves, the game's end, Play again, back to the lobby; the controls' rulebook host
    replication.py  the successor, its replica and when the others' may go; a takeover
    broadcast.py    every seat's view, a waiting latecomer's table, the room's summary, the TV's screen()
    record.py       the room's record: snapshot, restore, and its mark

An event runs in three steps: the link's state says what the message may be (room/state.py's Link), a part does
it and says what it answers on the event's Turn, and _commit ends every event: the one path by which a change
of the room's record is numbered (seq), saved (the page saves the record whenever seq moves) and replicated.
Nothing a phone sends can raise out of here or change anything when it is refused: every refusal is an `error`
reply (Room._error), made before anything changed, and the match steps on a copy.
"""

from ..engine import IllegalMove
from ..i18n import N_
from . import admission, broadcast, protocol, record, replay, replication, seating, table
from .state import CHALLENGED, GONE, SEATED, RATE_BURST, RATE_PER_S, Bucket, Link, Room, Turn  # noqa: F401

# RATE_BURST and RATE_PER_S: the rate limit, named here for the tests that measure it


def _part(function):
    """A method of HostSession that is a part's function of the room (`function(room, ...)`), with its docstring."""

    def method(self, *args, **kwargs):
        return function(self, *args, **kwargs)

    method.__name__ = function.__name__
    method.__doc__ = function.__doc__
    return method


class HostSession(Room):
    # --- transport events -------------------------------------------------------------------------------------

    def on_connect(self, conn, now_ms):
        self._now = now_ms
        self._conns[conn] = Bucket(now_ms)
        self.links[conn] = Link()
        return self._commit(Turn(self))

    def on_disconnect(self, conn, now_ms):
        self._now = now_ms
        turn = Turn(self)
        seating.disconnected(self, turn, conn)
        if table.tell_away(self, turn):  # a seat's link closed: away at once (DX-11)
            turn.change()
        return self._commit(turn)

    def on_message(self, conn, text, now_ms):
        self._now = now_ms
        try:
            return self._on_message(conn, text, now_ms)
        except Exception:  # a bug of ours must not take the room down: refuse, change nothing
            return [(conn, protocol.encode(protocol.error("internal")))]

    def on_timer(self, now_ms):
        """Call at next_timer_ms() and about once a second: game deadlines and presence (a seat silent longer
        than AWAY_MS shows away). A second in which neither changed costs nothing: no views are built and the
        screen is not redrawn, so a tap never waits behind an idle tick."""
        self._now = now_ms
        turn = Turn(self)
        if self.replay is not None and self.replay.on_timer(now_ms):
            self.dirty = True  # the TV's replay stepped: a redraw, nothing for the phones
        if table.timeout(self, turn, now_ms):
            turn.change()
            return self._commit(turn)
        if table.tell_away(self, turn):  # who is away changed: the game hears it (DX-11, room/away.py)
            turn.change()
            return self._commit(turn, views=True, replicate=True)
        if self._presence() == self._last_presence:
            table.settle_controls(self)  # a restored room's holder who did not come back within the grace
            return self._commit(turn)
        self.dirty = True
        table.settle_controls(self)  # the holder went away: the controls pass on (and _commit saves that)
        return self._commit(turn, views=True, replicate=True)  # the successor may have changed with presence

    def next_timer_ms(self):
        deadline = self.match.deadline() if self.phase == "playing" and self.match else None
        if deadline == self._fired_deadline:
            deadline = None
        due = [t for t in (deadline, self.replay.next_timer_ms() if self.replay else None) if t is not None]
        return min(due) if due else None

    def _on_message(self, conn, text, now_ms):
        bucket = self._conns.get(conn)
        if bucket is None:
            bucket = self._conns[conn] = Bucket(now_ms)
        if not bucket.take(now_ms):
            if now_ms - bucket.warned_ms >= 1000:
                bucket.warned_ms = now_ms
                return [self._error(conn, "rate_limited")]
            return []
        try:
            message = protocol.parse_client(text)
        except protocol.ProtocolError as bad:
            return [self._error(conn, bad.code, bad.detail, values=bad.values)]
        link = self.links.get(conn) or Link()  # one that spoke before its open event: NEW (a refusal keeps no trace)
        if link.state == GONE:  # removed, left or dropped: it hears that again, whatever it sends, until it closes
            if link.reason == "dropped":
                return [self.screens.bye(conn)]
            return admission.goodbye(self, conn, link.reason)
        seat = self.lobby.by_conn(conn) if link.state == SEATED else None
        if seat is not None:
            seat.last_seen_ms = now_ms
        kind = message["t"]
        turn = Turn(self)
        stale = False
        if kind == "ping":
            turn.say(conn, {"t": "pong", "n": message["n"]})
        elif kind == "watch":
            admission.watch(self, turn, conn, message)
        elif link.screen and kind != "prove":
            turn.refuse(conn, "bad_message", "A screen watches: it cannot join or move.")
        elif kind == "hello":
            admission.hello(self, turn, conn, message)
        elif kind == "prove" and link.screen and link.state == CHALLENGED:
            admission.screen_proved(self, turn, conn, message["proof"])
        elif kind == "prove":
            admission.proved(self, turn, conn, message["proof"])
        elif kind == "probe":
            admission.probe(self, turn, conn, message)
        elif seat is None:
            turn.refuse(conn, "not_joined")
        elif kind == "control":
            return self._control(conn, seat, message, now_ms)  # host_action commits
        elif kind == "leave":
            seating.leave(self, turn, seat)
        elif kind == "kept":
            replication.kept(self, turn, seat, message)
        else:
            stale = table.move(self, turn, conn, seat, message, now_ms)
        return self._commit(turn, views=bool(stale))

    def _control(self, conn, seat, message, now_ms):
        """A control from a phone (room/controls.py): only from the seat holding the controls, on the connection
        it proved; then exactly the TV's own action, refused as the TV's would be, changing nothing."""
        msg_id = message["id"]
        action = message["action"]
        refused = self.controls.refusal(seat, action)
        if refused is not None:
            return [self._error(conn, refused[0], refused[1], msg_id)]
        out, error = self.host_action(action, now_ms)
        if error is not None:
            return [self._error(conn, "refused", error, msg_id)] + out
        return [(conn, protocol.encode({"t": "ack", "id": msg_id}))] + out

    # --- the one path: every event ends here --------------------------------------------------------------------

    def _commit(self, turn, views=False, replicate=False):
        """What the event said, then, if the room changed, the views, the record and the replica. The room changed
        when a part said so (turn.change()) or when its record did, whichever part changed it: `seq` then moves,
        the page saves the record because it moved (app/rules.py), and the successor is sent it. So a change
        to the record cannot go unsaved (issue 47: the controls passing on at a tick, a dropped screen's key)."""
        if turn.changed:
            table.settle_controls(self)
        mark = record.mark(self)
        changed = turn.changed or mark != self.saved
        if changed:
            self.seq += 1
            self.saved = mark
            self.dirty = True
        out = turn.out + turn.notices
        if changed or views:
            out += broadcast.views(self)
        if changed or replicate:
            out += replication.replicate(self)
        return out

    # --- the host's own screen ------------------------------------------------------------------------------------

    def host_action(self, action, now_ms):
        """An action from the host screen. Returns (messages, error or None: protocol.said(), drawn with i18n.sentence); a refusal's code is left
        in self.refused (room/races.py tells a harmless race from a real refusal by it)."""
        self._now = now_ms
        self.refused = None
        kind = action.get("t")
        turn = Turn(self)
        error = None
        try:
            if kind in ("watch", "replay", "close_replay"):
                error = replay.act(self, kind, action, now_ms)
                self.dirty = self.dirty or error is None
            elif kind == "drop_screen":
                for conn in self.screens.drop(action.get("screen")):
                    self.link(conn).go("dropped")
                    turn.out.append(self.screens.bye(conn))
                self.dirty = True
            elif kind in ("let_in", "refuse"):
                error = seating.answer_claim(self, turn, action.get("claim"), kind == "let_in")
            elif kind in _ROOM_ACTIONS:
                _ROOM_ACTIONS[kind](self, turn, action, now_ms)
                turn.change()
            else:
                error = N_("Unknown action.")
        except (IllegalMove, protocol.ProtocolError) as refused:
            self.refused = refused.code
            return self._commit(Turn(self)), protocol.said(refused.detail or refused.code, refused.values)
        return self._commit(turn), error

    screen = _part(broadcast.screen)
    screen_info = _part(broadcast.screen_info)
    plays_here = _part(admission.plays_here)
    takes_screens = _part(admission.takes_screens)
    can_start = _part(table.can_start)
    game_file = _part(replay.saved_game)

    # --- the record, and host migration -----------------------------------------------------------------------

    snapshot = _part(record.snapshot)

    @classmethod
    def restore(cls, saved, games, token_source=None):
        session = cls(saved["code"], games, saved["epoch"], token_source, saved.get("seed"), saved.get("room_key"))
        return record.restore(session, saved, games)

    successor = _part(replication.successor)

    def take_over(self, my_token, now_ms):
        """On the successor's tab: the replica becomes the room under the next epoch (replication.take_over)."""
        replication.take_over(self, my_token, now_ms)
        self.seq += 1
        self.saved = record.mark(self)
        self.dirty = True

    # --- the parts' own functions under the names the tests reach them by --------------------------------------

    _broadcast = _part(broadcast.views)
    _room_summary = _part(broadcast.summary)  # broadcast.views and screen() reach it through the room
    _latecomer_tables = _part(broadcast.latecomer_tables)  # admission's hello sends a latecomer the table
    _by_tag = _part(admission.by_tag)

    def _after_step(self):
        table.after_step(self, Turn(self))


def _remove(room, turn, action, now_ms):
    table.remove(room, turn, action.get("seat"), now_ms)


def _move(room, turn, action, now_ms):
    table.host_move(room, turn, action.get("move"), now_ms, action.get("ref", table.ANY))


_ROOM_ACTIONS = {  # the TV's actions that change the room (a phone with the controls asks for the same)
    "pick": lambda room, turn, action, now_ms: table.pick(room, action.get("game")),
    "language": lambda room, turn, action, now_ms: table.language(room, action.get("lang")),
    "start": lambda room, turn, action, now_ms: table.start(room, turn, now_ms),
    "again": lambda room, turn, action, now_ms: table.again(room, turn, now_ms),
    "lobby": lambda room, turn, action, now_ms: table.to_lobby(room),
    "remove": _remove,
    "move": _move,
    "join_local": lambda room, turn, action, now_ms: seating.join_local(room, action.get("name")),
    "give_controls": lambda room, turn, action, now_ms: table.give_controls(room, action.get("seat"), now_ms),
}
