"""HostSession: the room's authority, sans-I/O. Transport events in, (conn, text) messages out.

Pipeline for a phone's message (boardgame.io's master, in short): size and rate check, decode
and validate, authenticate the seat, ignore a resent duplicate, refuse a move made for another
decision (`stale`: its ref is not the game's current one), step the match, send every connection
its own full view (and, in a game whose host plays, the whole room to the successor).
Nothing a phone sends can raise out of here or change anything when it is refused: the match
steps on a copy, and every refusal is an `error` reply.
"""

import secrets

from ..engine import HOST, SYSTEM, IllegalMove, Match
from ..engine.record import RecordRefused, final_of, fingerprint
from . import away, proof, protocol
from .claims import Claims
from .controls import Controls
from .latecomers import WAIT_FOR_GAME, Latecomers
from .lobby import ROOM_CAP, Lobby, clean_name
from .replay import Replay, game_file, keep_records
from .screens import Screens

_ANY = object()  # a host move that names no decision (the screen and its answer share a thread)
RATE_PER_S = 15  # sustained messages per second per connection
RATE_BURST = 30  # and the burst it may spend at once
KEPT_CHALLENGES = 4  # open challenges per link: a phone may answer any (a hello sent twice, issue 39)


class _Bucket:
    __slots__ = ("tokens", "at_ms", "warned_ms")

    def __init__(self, now_ms):
        self.tokens = RATE_BURST
        self.at_ms = now_ms
        self.warned_ms = -(10**9)

    def take(self, now_ms):
        self.tokens = min(RATE_BURST, self.tokens + (now_ms - self.at_ms) * RATE_PER_S / 1000.0)
        self.at_ms = now_ms
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class HostSession:
    def __init__(self, code, games, epoch=0, token_source=None, seed=None, room_key=None):
        self.code = code
        # the room's secret: only this tab and the successor's replica hold it; a later epoch's host proves it
        # holds the room by it (proof.room_proof), so a stranger at that id cannot depose this host (issue 31)
        self.room_key = room_key or secrets.token_hex(16)
        self.epoch = epoch
        self.games = games
        self.lobby = Lobby()
        self.game_id = None
        self.phase = "lobby"  # lobby | playing | over
        self.match = None
        self.history = []  # [{"game", "result", "names", "record"}] of finished games (keep_records)
        self.replay = None  # the TV's replay of a game of the history: a screen state, not a phase
        self.screens = Screens()  # remote screens (screen.html): not seats, they watch the big screen
        self.controls = Controls()  # which seat's phone holds the controls (room/controls.py)
        self.seq = 0
        self.dirty = True
        self._token = token_source or (lambda: secrets.token_urlsafe(18))
        self.seed = seed  # fixed (?seed= on the host page): games replay exactly, for tests
        self._conns = {}  # conn -> _Bucket, for every open connection
        self._sent = {}  # conn -> last payload sent, to skip identical views
        self._fired_deadline = None
        self._last_presence = None  # the presence marks the last views carried (on_timer)
        self._replicated = None  # (conn, seq) of the last replica sent to the successor
        self._gone = {}  # conn -> "removed" | "left": told again whatever it sends next
        self._notices = []  # (conn, text) to send before the next views (e.g. a removal)
        self._challenges = {}  # conn -> [(seat id, phone's nonce, host's nonce)]: rejoins awaiting a proof
        self._nonce = lambda: secrets.token_hex(16)
        self._now = 0
        self.claims = Claims()  # new phones asking for an away seat back: the host decides (claims.py)
        self.latecomers = Latecomers()  # phones waiting for the game to end to join (latecomers.py)
        self.refused = None  # the code of host_action's last refusal

    # --- transport events -------------------------------------------------------------------

    def on_connect(self, conn, now_ms):
        self._now = now_ms
        self._conns[conn] = _Bucket(now_ms)
        return []

    def on_disconnect(self, conn, now_ms):
        self._now = now_ms
        self._conns.pop(conn, None)
        self._sent.pop(conn, None)
        self._gone.pop(conn, None)
        self._challenges.pop(conn, None)
        self.latecomers.drop(conn)
        if self.claims.drop(conn):
            return self._changed()  # the TV's "A new phone asks to be Ann" goes (and the controls phone's)
        if self.screens.disconnected(conn):
            self.dirty = True  # the TV lists the screens watching
        seat = self.lobby.by_conn(conn)
        if seat is None:
            return []
        seat.conn = None
        return self._changed()

    def on_message(self, conn, text, now_ms):
        self._now = now_ms
        try:
            return self._on_message(conn, text, now_ms)
        except Exception:  # a bug of ours must not take the room down: refuse, change nothing
            return [(conn, protocol.encode(protocol.error("internal")))]

    def on_timer(self, now_ms):
        """Call at next_timer_ms() and about once a second: game deadlines and presence (a seat silent
        longer than AWAY_MS shows away). A second in which neither changed costs nothing: no views are
        built and the screen is not redrawn, so a tap never waits behind an idle tick."""
        self._now = now_ms
        if self.replay is not None and self.replay.on_timer(now_ms):
            self.dirty = True  # the TV's replay stepped: a redraw, nothing for the phones
        deadline = self.match.deadline() if self.phase == "playing" else None
        if deadline is not None and now_ms >= deadline and self._fired_deadline != deadline:
            self._fired_deadline = deadline
            try:
                self.match.play(SYSTEM, {"type": "timeout"}, now_ms)
                self._after_step()
                return self._changed()
            except IllegalMove:
                pass
        presence = self._presence()
        if presence == self._last_presence:
            return []
        self.dirty = True
        self._settle_controls()
        return self._broadcast() + self._replicate()  # the successor may have changed with presence

    def _presence(self):
        return tuple(s.present(self._now) for s in self.lobby.seats if not s.removed)

    def next_timer_ms(self):
        deadline = self.match.deadline() if self.phase == "playing" and self.match else None
        if deadline == self._fired_deadline:
            deadline = None
        due = [t for t in (deadline, self.replay.next_timer_ms() if self.replay else None) if t is not None]
        return min(due) if due else None

    # --- the host's own screen ----------------------------------------------------------------

    def host_action(self, action, now_ms):
        """An action from the host screen. Returns (messages, error sentence or None); a refusal's code is left
        in self.refused (room/races.py tells a harmless race from a real refusal by it)."""
        self._now = now_ms
        self.refused = None
        kind = action.get("t")
        if kind in ("watch", "replay", "close_replay"):
            error = self._replay_action(kind, action, now_ms)
            if error is None:
                self.dirty = True
            return [], error
        if kind == "drop_screen":
            try:
                out = self.screens.drop(action.get("screen"))
            except protocol.ProtocolError as refused:
                return [], refused.detail
            self.dirty = True
            return out, None
        try:
            if kind == "pick":
                self._pick(action.get("game"))
            elif kind == "start":
                self._start(now_ms)
            elif kind == "remove":
                self._remove(action.get("seat"), now_ms)
            elif kind == "join_local":
                self._join_local(action.get("name"))
            elif kind == "move":
                self._host_move(action.get("move"), now_ms, action.get("ref", _ANY))
            elif kind == "again":
                self._again(now_ms)
            elif kind == "lobby":
                self._to_lobby()
            elif kind in ("let_in", "refuse"):
                return self._answer_claim(action.get("claim"), kind == "let_in", now_ms)
            elif kind == "give_controls":
                self.controls.give(self.lobby.seats, action.get("seat"), now_ms)
                self._hand_rulebook_host(now_ms)
            else:
                return [], "Unknown action."
        except IllegalMove as refused:
            self.refused = refused.code
            return [], refused.detail or refused.code
        except protocol.ProtocolError as refused:
            self.refused = refused.code
            return [], refused.detail
        return self._changed(), None

    def screen(self):
        """What the host screen shows: the room, and the table's view, which is what every player may see; only
        a host who said "I play on this screen" (a local seat in the game) gets that seat's own view. The table
        is drawn from view(s, HOST): a game's table view plus the host's controls, nothing private
        (tests/test_big_screen_leaks.py holds every game to it)."""
        local = self._local_seat()
        view = None
        if self.match is not None:
            if local is not None and local.id in self.match.players:
                view = self.match.sent_view(local.id)
            else:
                view = self.match.sent_view(HOST)
        controls = None
        if local is not None and view is not None and local.id in self.match.players:
            # the table (its view has the host's buttons): beside the seat during play, and on the remote screens
            # of a successor who hosts from its own phone (app/rules.py draw)
            controls = self.match.sent_view(HOST)
        return {
            "room": self._room_summary(),
            "view": view,
            "me": local.id if local else None,
            "controls": controls,
            "now_ms": self._now,
            "seq": self.seq,
            # the results reveal the seed on the TV (phones keep to its fingerprint: the seed never goes out)
            "seed": self.match.seed if self.phase == "over" and self.match is not None else None,
            "replay": self.replay.screen() if self.replay is not None else None,
        }

    def screen_info(self):
        """What the host screen needs beside screen() that the room knows: the games to pick from, whether
        Start is allowed, whether the host plays. The page adds its own (QR code, join address, errors)."""
        game = self.games.get(self.game_id) if self.game_id else None
        return {
            "games": [(g.id, g.title, g.min_players, g.max_players) for g in self.games.values()],
            "titles": dict((g.id, g.title) for g in self.games.values()),
            "can_start": self.can_start(),
            "host_plays": self.plays_here(),
            "took_over": self.plays_here() and self.epoch > 0,
            "spectators": bool(game and game.spectators and self.phase == "playing"),
            "screens": self.screens.watching(),
        }

    def plays_here(self):
        """Whether the host tab is a seat's own screen ("I play on this screen"): it then shows that seat's view
        and takes no remote screen."""
        local = self._local_seat()
        if local is None:
            return False
        return self.match is None or self.phase == "lobby" or local.id in self.match.players

    def takes_screens(self):
        """Remote screens watch the table. A host tab that plays here takes none (docs/decisions.md); a successor
        that took over (a later epoch, D3-12) hosts from its player's phone and sends its screens the table, the
        room's TV among them (it comes back as one: room/fence.py step_aside)."""
        return not self.plays_here() or self.epoch > 0

    def can_start(self):
        """(ok, reason): Start is enabled only for a valid player count."""
        if self.phase != "lobby":
            return False, "A game is under way."
        if self.game_id is None:
            return False, "Pick a game."
        return self._fits(self._starting_players())

    def _fits(self, players):
        """(ok, reason) for starting the picked game with these seats."""
        game = self.games[self.game_id]
        count = len(players)
        if count < game.min_players:
            return False, "%s needs at least %d players." % (game.title, game.min_players)
        if count > game.max_players:
            return False, "%s takes at most %d players: %d too many." % (
                game.title,
                game.max_players,
                count - game.max_players,
            )
        return True, ""

    # --- persistence ----------------------------------------------------------------------------

    def snapshot(self, records=True):
        """The room as JSON-safe data. Without `records` (the successor's replica, sent after every change)
        the history leaves out the finished games' records: the new host then offers no replay of them."""
        history = self.history if records else [dict(h, record=None) for h in self.history]
        return {
            "code": self.code,
            "epoch": self.epoch,
            "lobby": self.lobby.to_record(),
            "game_id": self.game_id,
            "phase": self.phase,
            "seq": self.seq,
            "seed": self.seed,
            "match": self.match.to_record() if self.match else None,
            "history": history,
            "room_key": self.room_key,
            "screens": self.screens.to_record(),
            "controls": self.controls.to_record(),
        }

    # --- the room's history: replays and game records ---------------------------------------------

    def _replay_action(self, kind, action, now_ms):
        """Open, drive or close the TV's replay. The phones see nothing of it: no seq, no broadcast."""
        if kind == "close_replay":
            self.replay = None
            return None
        if kind == "watch":
            index = self._finished(action.get("game"))
            if isinstance(index, str):
                return index
            try:
                self.replay = Replay(self.games, index, self.history[index])
            except RecordRefused as refused:  # kept by an older version whose rules differ
                return "This game cannot be replayed by this version (%s)." % refused
            return None
        if self.replay is None:
            return "No replay is open."
        return self.replay.control(action.get("do"), action.get("at"), now_ms)

    def _finished(self, index):
        """The history index of a game that can be replayed or saved, or an error sentence."""
        if self.phase == "playing":
            return "Finish this game first."
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.history):
            return "That game is not in tonight's history."
        if not self.history[index].get("record"):
            return "Only the last few games can be watched again."
        return index

    def game_file(self, index):
        """("peerparty-<game>-<room>-<n>.json", the record's JSON text) for the Save button, or (None, error)."""
        index = self._finished(index)
        if isinstance(index, str):
            return None, index
        try:
            return game_file(self.games, self.code, index, self.history[index])
        except RecordRefused as refused:
            return None, "This game cannot be saved by this version (%s)." % refused

    @classmethod
    def restore(cls, record, games, token_source=None):
        session = cls(record["code"], games, record["epoch"], token_source, record.get("seed"), record.get("room_key"))
        session.lobby = Lobby.from_record(record["lobby"])
        session.game_id = record["game_id"]
        session.phase = record["phase"]
        session.seq = record["seq"]
        session.history = record["history"]
        session.screens = Screens.from_record(record.get("screens"))
        session.controls = Controls.from_record(record.get("controls"))
        if record["match"] is not None:
            session.match = Match.from_record(games, record["match"])
        return session

    # --- phone messages -------------------------------------------------------------------------

    def _on_message(self, conn, text, now_ms):
        bucket = self._conns.get(conn)
        if bucket is None:
            bucket = self._conns[conn] = _Bucket(now_ms)
        if not bucket.take(now_ms):
            if now_ms - bucket.warned_ms >= 1000:
                bucket.warned_ms = now_ms
                return [self._error(conn, "rate_limited")]
            return []
        try:
            message = protocol.parse_client(text)
        except protocol.ProtocolError as bad:
            return [self._error(conn, bad.code, bad.detail)]
        if conn in self._gone:  # removed or left: it hears that again, whatever it sends, until it closes
            return self._goodbye(conn, self._gone[conn])
        if conn in self.screens.gone:
            return [self.screens.bye(conn)]
        seat = self.lobby.by_conn(conn)
        if seat is not None:
            seat.last_seen_ms = now_ms
        kind = message["t"]
        if kind == "ping":
            return [(conn, protocol.encode({"t": "pong", "n": message["n"]}))]
        if kind == "watch":
            return self._watch(conn, message)
        if self.screens.is_screen(conn) and kind not in ("prove", "ping"):
            return [self._error(conn, "bad_message", "A screen watches: it cannot join or move.")]
        if kind == "hello":
            return self._hello(conn, message, now_ms)
        if kind == "prove" and self.screens.challenged(conn):
            self.dirty = True
            return self.screens.proved(conn, message["proof"], self.code, self.epoch)
        if kind == "prove":
            return self._proved(conn, message["proof"], now_ms)
        if kind == "probe":
            return self._probe(conn, message)
        if seat is None:
            return [self._error(conn, "not_joined")]
        if kind == "leave":
            return self._leave(seat)
        if kind == "control":
            return self._control(conn, seat, message, now_ms)
        return self._move(conn, seat, message, now_ms)

    def _not_ours(self, conn, message):
        """A hello's or a watch's room and term: another room's, or a later host's, is refused and changes nothing
        (issue 31: anyone can name a later term, so it is no evidence; the shell finds a successor only by
        probing, fence.later_epochs). None when it is this room under this host."""
        if message["room"] and message["room"].upper() != self.code:
            return [self._error(conn, "wrong_room")]
        if message["epoch"] > self.epoch:
            return [self._error(conn, "old_host")]
        return None

    def _hello(self, conn, message, now_ms):
        refused = self._not_ours(conn, message)
        if refused:
            return refused
        if message["seat"]:
            seat = self._by_tag(message["seat"])
            if seat is None:
                # a token this room never issued (another host's, one that stepped aside): no new seat under the
                # hello's name, which the phone would never take up (a ghost, issue 39); it joins again by name
                return [self._error(conn, "bad_token")]
            return self._challenge(conn, seat, message["nonce"])
        if message["name"] is None:
            return [self._error(conn, "bad_token")]
        name, why = clean_name(message["name"])
        if name is None:
            return [self._error(conn, "bad_name", why)]
        if self.lobby.name_taken(name):
            return self._ask_for_seat(conn, self.lobby.by_name(name))
        if self.lobby.name_barred(name):
            return [self._error(conn, "name_removed")]
        spectator = False
        if self.phase == "playing":
            game = self.games[self.game_id]
            if not game.spectators:  # DX-05: no new player mid-game; it waits for the results (latecomers.py)
                self.latecomers.wait(conn, name)
                return [(conn, protocol.encode({"t": "waiting", "why": "game", "msg": WAIT_FOR_GAME}))]
            spectator = True
        elif len(self.lobby.active()) >= ROOM_CAP:
            # in the lobby or at game over (a seat for the next game): everyone still in the room plays
            # next, this game's watchers too (_to_lobby), so they all count against the cap
            return [self._error(conn, "room_full")]
        seat = self.lobby.add(name, self._token(), spectator=spectator)
        return self._bind(conn, seat, now_ms)

    def _watch(self, conn, message):
        """A remote screen (room/screens.py): this room and this host's term only, as for a phone's hello. Not
        while this tab is a seat's own screen ("I play on this screen"): it would show that seat to the room."""
        refused = self._not_ours(conn, message)
        if refused:
            return refused
        if not self.takes_screens():
            return [self._error(conn, "no_screens")]
        if self.lobby.by_conn(conn) is not None:
            return [self._error(conn, "bad_message", "A player's phone cannot be a screen too.")]
        self.dirty = True
        made = self.screens.next_id
        out = self.screens.watch(conn, message, self.code, self.epoch, self._token, self._nonce)
        if self.screens.next_id != made:
            # a new screen's key is a secret of the room: saved and replicated as soon as it exists, so a reloaded
            # host or a Hint Hunt successor answers that screen (both follow seq; issue 39)
            out += self._changed()
        return out

    # --- proving a seat without its token crossing the link (proof.py, docs/trust.md) -----------------------

    def _by_tag(self, tag):
        for seat in self.lobby.seats:
            if not seat.local and proof.same(proof.seat_tag(seat.token), tag):
                return seat
        return None

    def peer(self):
        """This host's peer id: what every proof it makes or checks is bound to (proof.py, issue 39)."""
        return protocol.peer_id(self.code, self.epoch)

    def _challenge(self, conn, seat, phone_nonce):
        """The host proves first (it knows the token: the phone learns it reached its own room, not someone
        at a later epoch's id) and asks the phone to prove it in turn: one round trip more than a bare hello.
        A hello that arrives twice on a link is answered with the same challenge, and a phone may prove any
        challenge still open on it: a duplicated or reordered hello never strands the phone (issue 39)."""
        asked = self._challenges.get(conn, [])
        host_nonce = None
        for seat_id, nonce, ours in asked:
            if seat_id == seat.id and nonce == phone_nonce:
                host_nonce = ours
        if host_nonce is None:
            host_nonce = self._nonce()
            self._challenges[conn] = (asked + [(seat.id, phone_nonce, host_nonce)])[-KEPT_CHALLENGES:]
        answer = proof.host_seat_proof(seat.token, self.code, self.epoch, self.peer(), phone_nonce, host_nonce)
        return [(conn, protocol.encode({"t": "challenge", "nonce": host_nonce, "proof": answer}))]

    def _proved(self, conn, answer, now_ms):
        # A wrong answer changes nothing, the challenges included; a right one spends every challenge of the link.
        seat = None
        for seat_id, phone_nonce, host_nonce in self._challenges.get(conn, []):
            candidate = self.lobby.by_id(seat_id)
            if candidate is not None and proof.same(
                answer,
                proof.phone_seat_proof(candidate.token, self.code, self.epoch, self.peer(), phone_nonce, host_nonce),
            ):
                seat = candidate
        if seat is None:
            return [self._error(conn, "bad_proof")]
        del self._challenges[conn]
        if seat.removed:
            return self._goodbye(conn, "removed")
        return self._bind(conn, seat, now_ms, rejoined=True)

    def _probe(self, conn, message):
        """Another host page asks whether this one holds the room at an epoch: answered only for this room
        and this epoch, with the room key's proof of its nonce (fence.py checks it)."""
        if message["room"].upper() != self.code:
            return [self._error(conn, "wrong_room")]
        if message["epoch"] != self.epoch:
            return [self._error(conn, "old_host")]
        answer = proof.room_proof(self.room_key, self.code, self.epoch, self.peer(), message["nonce"])
        return [(conn, protocol.encode({"t": "proof", "epoch": self.epoch, "proof": answer}))]

    def _bind(self, conn, seat, now_ms, rejoined=False):
        return self._welcome(conn, seat, now_ms, rejoined) + self._changed()

    def _welcome(self, conn, seat, now_ms, rejoined=False):
        """Bind the seat to this connection and welcome it; the views follow (the caller's _changed)."""
        out = []
        for asking in self.claims.void(seat.id):  # the seat's own phone is back: nobody else gets it
            self.dirty = True
            out.append(
                self._error(asking, "claim_void", "%s is back on their own phone. Join with another name." % seat.name)
            )
        if seat.conn is not None and seat.conn != conn:
            self._sent.pop(seat.conn, None)  # the old connection is stale: it gets nothing more
        seat.conn = conn
        seat.last_seen_ms = now_ms
        self._sent.pop(conn, None)
        successor = self.successor()
        welcome = {
            "t": "welcome",
            "seat": seat.id,
            "next_id": seat.last_move_id + 1,
            "room": self.code,
            "epoch": self.epoch,
            "successor": successor is not None and successor.id == seat.id,
        }
        if not rejoined:
            welcome["token"] = seat.token  # a new seat's: a rejoined phone proved it has it
        out.append((conn, protocol.encode(welcome)))
        return out

    def _leave(self, seat):
        if self.phase == "playing":
            return [self._error(seat.conn, "game_running", "You can leave once this game ends.")]
        self._revoke(seat, "left")
        return self._changed()

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

    def _move(self, conn, seat, message, now_ms):
        msg_id = message["id"]
        if msg_id <= seat.last_move_id:
            # A resent move after a reconnect: it was handled already, never apply it twice.
            return [(conn, protocol.encode({"t": "ack", "id": msg_id}))]
        if self.phase != "playing" or self.match is None:
            return [self._error(conn, "no_game", msg_id=msg_id)]
        if seat.spectator or seat.id not in self.match.players:
            return [self._error(conn, "not_a_player", msg_id=msg_id)]
        move = message["move"]
        game = self.games[self.game_id]
        if move["type"] in game.host_moves:
            return [self._error(conn, "not_your_turn", "Only the host can do that.", msg_id)]
        if message["ref"] != self.match.ref(seat.id):
            # made for a decision that is over (a tap as the host moved on, a move resent after a
            # reconnect): refuse it, and send this phone the view it missed, if it missed one
            self._sent.pop(conn, None)
            return [self._error(conn, "stale", msg_id=msg_id)] + self._broadcast()
        try:
            self.match.play(seat.id, move, now_ms)
        except IllegalMove as refused:
            return [self._error(conn, refused.code, refused.detail, msg_id)]
        seat.last_move_id = msg_id
        self._after_step()
        return [(conn, protocol.encode({"t": "ack", "id": msg_id}))] + self._changed()

    # --- host actions -------------------------------------------------------------------------

    def _pick(self, game_id):
        if self.phase != "lobby":
            raise protocol.ProtocolError("game_running", "Finish or leave the current game first.")
        if game_id not in self.games:
            raise protocol.ProtocolError("bad_message", "That game is not offered.")
        self.game_id = game_id

    def _starting_players(self, seats=None):
        # the host tab's own seat ("I play on this screen") plays like any other
        return list(self.lobby.players() if seats is None else seats)

    def _start(self, now_ms):
        ok, reason = self.can_start()
        if not ok:
            raise protocol.ProtocolError("bad_message", reason)
        game = self.games[self.game_id]
        players = self._starting_players()
        options = {}
        if game.host_is_player:
            # the rulebook's host is the seat holding the controls (its phone has the host's buttons), or none:
            # the TV alone, as for a spectator host (D3-21)
            self._settle_controls()
            holder = self.controls.holder
            options["host"] = holder if holder in [s.id for s in players] else None
        seed = "%s:%d" % (self.seed, len(self.history)) if self.seed else self._token()
        self.match = Match(game, [s.id for s in players], seed, options)
        self.replay = None  # a new game ends any replay on the TV
        self._fired_deadline = None
        self.phase = "playing"
        start_move = getattr(game, "start_move", None)
        if start_move:
            self.match.play(HOST, dict(start_move), now_ms)
        self._after_step()

    def _remove(self, pid, now_ms):
        seat = self.lobby.by_id(pid) if isinstance(pid, str) else None
        if seat is None or seat.removed or seat.local:
            raise protocol.ProtocolError("bad_message", "That player is not in the room.")
        if self.phase == "playing" and pid in self.match.players:
            game = self.games[self.game_id]
            if "remove" not in game.host_moves:
                raise protocol.ProtocolError("bad_message", "%s has no removal during play." % game.title)
            self._remove_from_game(pid, {"type": "remove", "player": pid, "confirm": True}, now_ms)
            self._after_step()
        self._remove_for_good(seat)

    def _revoke(self, seat, reason="removed"):
        """The seat is gone for good: its token no longer opens it, and its phone is told (again whenever
        that connection speaks) so it stops, forgets the room and says so."""
        seat.removed = True
        if seat.conn is not None:
            self._sent.pop(seat.conn, None)
            self._gone[seat.conn] = reason
            self._notices.extend(self._goodbye(seat.conn, reason))
        seat.conn = None

    def _goodbye(self, conn, reason):
        out = [(conn, protocol.encode({"t": "bye", "reason": reason}))]
        if reason in ("removed", "seat_moved"):
            out.insert(0, self._error(conn, reason))
        return out

    def _remove_for_good(self, seat):
        # "A removed player cannot rejoin the room" (Hint Hunt's text, and every Remove's confirm): their token
        # is revoked, and their name is refused for the rest of the room (docs/decisions.md). Leaving by
        # oneself (_leave) only gives the seat up.
        self._revoke(seat)
        self.lobby.bar(seat.name)

    def _join_local(self, raw_name):
        if self._local_seat() is not None:
            raise protocol.ProtocolError("bad_message", "You already have a seat.")
        name, why = clean_name(raw_name)
        if name is None:
            raise protocol.ProtocolError("bad_name", why)
        if self.lobby.name_taken(name):
            raise protocol.ProtocolError("name_taken")
        if self.phase != "playing" and len(self.lobby.active()) >= ROOM_CAP:
            raise protocol.ProtocolError("room_full")  # the host's seat counts like any other
        self.lobby.add(name, self._token(), spectator=self.phase != "lobby", local=True)

    def _host_move(self, move, now_ms, ref=_ANY):
        if self.phase != "playing" or not isinstance(move, dict):
            raise protocol.ProtocolError("no_game")
        game = self.games[self.game_id]
        local = self._local_seat()
        if not isinstance(move.get("type"), str):
            raise protocol.ProtocolError("bad_message", "A move needs a type.")
        if move["type"] == "set_host":  # the room's own, following the controls (_hand_rulebook_host)
            raise protocol.ProtocolError("bad_message", "The host's seat follows the controls: give them instead.")
        if move["type"] in game.host_moves:
            actor = HOST
        elif local is not None and local.id in self.match.players:
            actor = local.id
        else:
            raise protocol.ProtocolError("not_a_player")
        if ref is not _ANY and ref != self.match.ref(actor):
            raise IllegalMove("stale", protocol.ROOM_ERRORS["stale"])
        if move["type"] == "remove" and actor == HOST:
            self._remove_from_game(move.get("player"), move, now_ms)
        else:
            self.match.play(actor, move, now_ms)
        removed = self.lobby.by_id(move.get("player")) if move.get("type") == "remove" else None
        if removed is not None:
            self._remove_for_good(removed)  # the game accepted the removal: the seat goes too
        self._after_step()

    def _again(self, now_ms):
        if self.phase != "over":
            raise protocol.ProtocolError("bad_message", "The game is not over yet.")
        # the same game with everyone in the room now: last game's players, its watchers and whoever joined
        # at the results. Checked before anything changes, so a refusal leaves the results on every screen.
        ok, reason = self._fits(self._starting_players(self.lobby.active()))
        if not ok:
            raise protocol.ProtocolError("bad_message", reason)
        self._to_lobby()
        self._start(now_ms)

    def _to_lobby(self):
        if self.phase == "playing":
            raise protocol.ProtocolError("game_running", "End the game first.")
        self.phase = "lobby"
        self.match = None
        for seat in self.lobby.seats:
            if not seat.removed:
                seat.spectator = False  # between games, watchers become players (room cap applies at Start)

    def _after_step(self):
        result = self.match.result()
        if result is None:
            return
        if result.get("abandoned"):  # e.g. D3-11: below two players, back to the lobby
            self.phase = "over"
            self._to_lobby()
            self._seat_latecomers()
            return
        self.phase = "over"
        names = dict((s.id, s.name) for s in self.lobby.seats)
        names = dict((p, names.get(p, "?")) for p in self.match.players)
        faces = dict((s.id, s.face) for s in self.lobby.seats if s.id in names)  # the replay wears them too
        record = self.match.to_record()
        self.history.append(
            {
                "game": self.game_id,
                "result": result,
                "names": names,
                "faces": faces,
                "record": record,
                "final": final_of(self.games, record, names),
            }
        )  # shown on every results screen
        keep_records(self.history)
        self._seat_latecomers()

    # --- a seat asked back from a new phone, a late guest (claims.py, latecomers.py) -----------------

    def _ask_for_seat(self, conn, seat):
        """A hello names a seat that is in the room. Connected (or the host's own): the name is taken, as ever.
        Away: the host is asked (docs/trust.md: the host's decision proves it, never the name alone)."""
        if seat is None or seat.local or seat.present(self._now) or self.lobby.by_conn(conn) is not None:
            return [self._error(conn, "name_taken")]
        if self.claims.ask(conn, seat.id) is None:
            return [
                self._error(
                    conn,
                    "claim_pending",
                    "Another phone is already asking to be %s. Wait for the "
                    "host, or join with another name." % seat.name,
                )
            ]
        return [
            (
                conn,
                protocol.encode(
                    {
                        "t": "waiting",
                        "why": "claim",
                        "msg": "The host is asked to let this phone "
                        "into %s's seat: score and all. Look at the big screen…" % seat.name,
                    }
                ),
            )
        ] + self._changed()

    def _answer_claim(self, number, yes, now_ms):
        """Let in (yes) or Refuse a phone asking for an away seat. Yes moves the seat, its score, hand and secrets
        with it: a NEW token for the new phone, the old one no longer opens it, the old phone is told and let go.
        Refused, or the seat's phone is back: nothing changes, and the new phone is told why."""
        asked = self.claims.take(number)
        if asked is None:
            return [], "That request is no longer open."
        conn, pid = asked
        seat = self.lobby.by_id(pid)
        if seat is None or seat.removed:
            return [
                self._error(conn, "claim_refused", "That seat is closed. Join with another name.")
            ] + self._changed(), None
        if not yes:
            return [
                self._error(
                    conn,
                    "claim_refused",
                    "The host did not let this phone in as %s. Join with another name." % seat.name,
                )
            ] + self._changed(), None
        if seat.present(now_ms):
            return (
                [self._error(conn, "claim_void", "%s is back on their own phone. Join with another name." % seat.name)]
                + self._changed(),
                "%s is back on their own phone: nothing changed." % seat.name,
            )
        old = seat.conn
        if old is not None:
            self._gone[old] = "seat_moved"  # it hears that whatever it sends, until it closes
            self._notices.extend(self._goodbye(old, "seat_moved"))
        seat.conn = None
        seat.token = self._token()  # the old phone's token opens nothing any more
        return self._welcome(conn, seat, now_ms) + self._changed(), None

    def _seat_latecomers(self):
        """The game is over: the phones that waited for it join now (their welcomes go out before the views)."""
        for conn, name in self.latecomers.take_all():
            if conn not in self._conns:
                continue
            if self.lobby.name_taken(name) or self.lobby.name_barred(name):
                self._notices.append(self._error(conn, "name_taken"))
            elif len(self.lobby.active()) >= ROOM_CAP:
                self._notices.append(self._error(conn, "room_full"))
            else:
                seat = self.lobby.add(name, self._token())
                self._notices.extend(self._welcome(conn, seat, self._now))

    # --- views ----------------------------------------------------------------------------------

    def _local_seat(self):
        for seat in self.lobby.seats:
            if seat.local and not seat.removed:
                return seat
        return None

    def _room_summary(self):
        now = self._now
        holder = self.controls.holder
        people = [
            {
                "id": s.id,
                "name": s.name,
                "present": s.present(now),
                "spectator": s.spectator,
                "host": s.local,
                "face": s.face,
                "controls": s.id == holder,
            }
            for s in self.lobby.seats
            if not s.removed
        ]
        summary = {
            "code": self.code,
            "epoch": self.epoch,
            "phase": self.phase,
            "game": self.game_id,
            "game_title": self.games[self.game_id].title if self.game_id else None,
            "people": people,
            "history": [
                {
                    "game": h["game"],
                    "winners": [h["names"].get(w, "?") for w in h["result"]["winners"]],
                    "replay": bool(h.get("record")),
                }
                for h in self.history
            ],
        }
        if self.match is not None and self.phase != "lobby":
            summary["deal"] = fingerprint(self.match.seed)  # shown from the game's first view on
            # the game's removed players, by name: its log and last reveal still tell what they did
            summary["former"] = dict(
                (s.id, s.name) for s in self.lobby.seats if s.removed and s.id in self.match.players
            )
            summary["removal"] = away.removal(self.games[self.game_id], self.phase)
        successor = self.successor()
        summary["successor"] = successor.id if successor is not None else None
        summary["claims"] = [
            {"claim": n, "seat": pid, "name": self.lobby.by_id(pid).name} for n, pid in self.claims.listed()
        ]
        if self.phase == "over" and self.history:
            summary["result"] = self.history[-1]["result"]
            summary["result_names"] = self.history[-1]["names"]
            summary["final"] = self.history[-1].get("final")
        return summary

    def _changed(self):
        self._settle_controls()
        self.seq += 1
        self.dirty = True
        notices, self._notices = self._notices, []
        return notices + self._broadcast() + self._replicate()

    # --- the controls (room/controls.py) ----------------------------------------------------------

    def _settle_controls(self):
        if self.controls.settle(self.lobby.seats, self._now):
            self._hand_rulebook_host(self._now)

    def _hand_rulebook_host(self, now_ms):
        """A game whose rulebook has a host (Hint Hunt: set_host) gives that role to the controls' holder, or to
        nobody when the holder does not play it (D3-12, D3-21: the TV's buttons still work)."""
        game = self.games[self.game_id] if self.game_id else None
        if self.phase != "playing" or game is None or "set_host" not in game.host_moves:
            return
        holder = self.lobby.by_id(self.controls.holder) if self.controls.holder else None
        player = holder.id if holder is not None and holder.id in self.match.players else None
        try:
            self.match.play(HOST, {"type": "set_host", "player": player}, now_ms)
        except IllegalMove:
            pass  # already that seat, or one the game no longer counts (removed)

    def _remove_from_game(self, pid, move, now_ms):
        """The TV removes a player from the game. When that seat holds the controls in a game whose rulebook host
        they are (Hint Hunt: "the host cannot remove their own seat"), the controls pass on first, as if it had
        left: tried on a copy of the match, so a removal the game refuses changes nothing."""
        game = self.games[self.game_id]
        if pid != self.controls.holder or "set_host" not in game.host_moves:
            self.match.play(HOST, move, now_ms)
            return
        trial = Match.from_record(self.games, self.match.to_record())
        holder = self.controls.holder
        self.controls.settle(self.lobby.seats, now_ms, leaving=pid)
        heir = self.controls.holder
        self.controls.holder = holder
        successor = heir if heir in self.match.players else None
        try:
            trial.play(HOST, {"type": "set_host", "player": successor}, now_ms)
        except IllegalMove:
            pass
        trial.play(HOST, move, now_ms)  # raises, and nothing has changed, if the game refuses it
        self.controls.holder = heir
        self._hand_rulebook_host(now_ms)
        self.match.play(HOST, move, now_ms)

    def _controls_for(self, seat):
        """What the holder's phone needs to draw the TV's buttons (ui/room.py controls_band): the view the
        game's host buttons are drawn from, the game's host moves, and what the lobby's picker and Start show."""
        game = self.games.get(self.game_id) if self.game_id else None
        ok, reason = self.can_start()
        return {
            "view": self.match.sent_view(HOST) if self.match is not None and self.phase == "playing" else None,
            "moves": sorted(m for m in (game.host_moves if game else ()) if m != "set_host"),
            "games": [[g.id, g.title, g.min_players, g.max_players] for g in self.games.values()],
            "can_start": [ok, reason],
            "screens": self.screens.watching(),
        }

    # --- host migration (games whose host is a player, e.g. Hint Hunt) --------------------------

    def successor(self):
        """Who takes over if this tab goes away: the present player who joined first, else the
        present spectator who joined first (D3-12). None when no game that needs migration is running:
        a replica (every seat's token) lives only as long as its purpose."""
        if self.phase != "playing" or not self.games[self.game_id].host_is_player:
            return None
        present = [s for s in self.lobby.active() if not s.local and s.present(self._now)]
        players = [s for s in present if s.id in self.match.players]
        return (players or present or [None])[0]

    def _replicate(self):
        # The successor's tab gets the whole room (match, seed, every token): the trust trade-off
        # docs/trust.md describes. Nobody else ever receives it.
        seat = self.successor()
        conn = seat.conn if seat is not None else None
        if self._replicated is not None and self._replicated[0] == conn and self._replicated[1] == self.seq:
            return []
        out = []
        if self._replicated is not None and self._replicated[0] not in (None, conn):
            out.append((self._replicated[0], protocol.encode({"t": "replica", "drop": True})))
        self._replicated = (conn, self.seq)
        if conn is not None:
            out.append(
                (conn, protocol.encode({"t": "replica", "epoch": self.epoch, "snapshot": self.snapshot(records=False)}))
            )
        return out

    def take_over(self, my_token, now_ms):
        """On the successor's tab: become the host under the next epoch's peer id. The departed
        host's seat stays a (disconnected) player who can come back by token (D3-12)."""
        me = self.lobby.by_token(my_token)
        if me is None or me.removed:
            raise protocol.ProtocolError("bad_token")
        self._now = now_ms
        self.epoch += 1
        for seat in self.lobby.seats:
            seat.local = False
            seat.conn = None
        me.local = True
        self.controls.holder = me.id  # D3-12: the successor hosts, its buttons on its own screen
        game = self.games[self.game_id] if self.game_id else None
        if self.match is not None and game is not None and "set_host" in game.host_moves:
            player = me.id if me.id in self.match.players else None
            try:
                self.match.play(HOST, {"type": "set_host", "player": player}, now_ms)
            except IllegalMove:
                pass  # already that seat
        self.seq += 1
        self.dirty = True

    def _broadcast(self):
        out = []
        self._last_presence = self._presence()
        # what every seat is sent alike (the room, the table a watcher sees) is encoded once per change and
        # spliced into each seat's message: with twelve phones, JSON was most of the host's time per move
        room = protocol.dumps(self._room_summary())
        table = None
        for seat in self.lobby.seats:
            conn = seat.conn
            if conn is None or seat.removed or seat.local:
                continue
            view = "null"
            if self.match is not None and seat.id in self.match.players:
                view = protocol.dumps(self.match.sent_view(seat.id))
            elif self.match is not None and (seat.spectator or self.phase == "playing"):
                if table is None:
                    table = protocol.dumps(self.match.sent_view(None))  # a watcher: the table, as on the big screen
                view = table
            # else: joined at the results for the next game; the room's result is all they need
            controls = ""
            if seat.id == self.controls.holder:
                controls = ',"controls":' + protocol.dumps(self._controls_for(seat))
            body = '{"t":"view","me":%s,"room":%s,"view":%s%s,"v":%d}' % (
                protocol.dumps(seat.id),
                room,
                view,
                controls,
                protocol.VERSION,
            )
            if self._sent.get(conn) == body:
                continue
            self._sent[conn] = body
            # encoded once: the sequence number and clock are spliced into the closing brace
            out.append((conn, '%s,"seq":%d,"now_ms":%d}' % (body[:-1], self.seq, self._now)))
        return out

    def _error(self, conn, code, detail=None, msg_id=None):
        return (conn, protocol.encode(protocol.error(code, detail, msg_id)))
