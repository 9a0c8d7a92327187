"""The table: which game, starting it, the moves, its end, and back to the lobby.

The room's phase goes lobby -> playing -> over, and from over to playing again (Play again) or to the lobby.
A phone's move passes these checks before the match steps (boardgame.io's master, in short): not a resent
duplicate, a game is on, the seat plays it, not a host's move, and made for the decision the game stands at now
(its ref; another is refused `stale`, and the phone is sent the view it missed). The match steps on a copy, so a
refused move changes nothing. The controls (room/controls.py) and, in a game whose rulebook has a host (Hint
Hunt: set_host), that role follow the seat holding them.

Every function takes the room (room/state.py) and the event's Turn; a refused host action raises
protocol.ProtocolError or IllegalMove and changes nothing.
"""

from ..engine import HOST, SYSTEM, IllegalMove, Match
from ..engine.record import final_of
from ..i18n import NAMES, N_, SHIPPED
from ..i18n import kept_ngettext as ngettext  # extracted as a plural; kept in English, shown where drawn
from . import away, protocol, seating
from .replay import keep_records

ANY = object()  # a host move that names no decision (the screen and its answer share a thread)


# --- the lobby: pick and start ------------------------------------------------------------------------------


def pick(room, game_id):
    if room.phase != "lobby":
        raise protocol.ProtocolError("game_running", N_("Finish or leave the current game first."))
    if game_id not in room.games:
        raise protocol.ProtocolError("bad_message", N_("That game is not offered."))
    room.game_id = game_id


def language(room, lang):
    """The room's language (issue 49): the big screen's words, and the option of the games that take it. A lobby
    decision, like the game: a game under way keeps what it was set up with."""
    if room.phase != "lobby":
        raise protocol.ProtocolError("game_running", N_("Finish or leave the current game first."))
    if lang not in SHIPPED:
        # the languages' own names are values, never translated (i18n.NAMES)
        offered = ", ".join(NAMES[tag] for tag in SHIPPED)
        raise protocol.ProtocolError(
            "bad_message", N_("That language is not offered here (%(offered)s are)."), offered=offered
        )
    room.lang = lang


# what the room can tell a game at its setup: a game names in `room_options` which it takes, under the option
# name it reads ({"words_lang": "lang"}: Hint Hunt deals its words in the room's language). docs/add-a-game.md
ROOM_FACTS = {"lang": lambda room: room.lang}


def room_options(game, room):
    """The setup options the game asks the room for (its `room_options`); nothing for a game that declares none."""
    wanted = getattr(game, "room_options", None) or {}
    return dict((option, ROOM_FACTS[fact](room)) for option, fact in wanted.items())


def can_start(room):
    """(ok, reason): Start is enabled only for a valid player count. The reason is kept in English with its values
    (a message of the catalogs, or {"msg", "plural", "values"}): the TV draws it in the room's language, the
    controls phone in its own (i18n.sentence)."""
    if room.phase != "lobby":
        return False, N_("A game is under way.")
    if room.game_id is None:
        return False, N_("Pick a game.")
    return fits(room, room.lobby.players())  # the host tab's own seat ("I play on this screen") plays too


def fits(room, players):
    """(ok, reason) for starting the picked game with these seats."""
    game = room.game()
    count = len(players)
    if count < game.min_players:
        return False, ngettext(
            "This game needs at least %(n)s player.", "This game needs at least %(n)s players.", game.min_players
        )
    if count > game.max_players:
        return False, ngettext(
            "This game takes at most %(n)s player: %(over)s too many.",
            "This game takes at most %(n)s players: %(over)s too many.",
            game.max_players,
            over=count - game.max_players,
        )
    return True, ""


def start(room, turn, now_ms):
    ok, reason = can_start(room)
    if not ok:
        raise protocol.ProtocolError("bad_message", reason)
    game = room.game()
    players = room.lobby.players()
    options = room_options(game, room)
    if game.host_is_player:
        # the rulebook's host is the seat holding the controls (its phone has the host's buttons), or none: the TV
        # alone, as for a spectator host (D3-21)
        settle_controls(room)
        holder = room.controls.holder
        options["host"] = holder if holder in [s.id for s in players] else None
    seed = "%s:%d" % (room.seed, len(room.history)) if room.seed else room._token()
    room.match = Match(game, [s.id for s in players], seed, options)
    room.replay = None  # a new game ends any replay on the TV
    room._fired_deadline = None
    room.phase = "playing"
    start_move = getattr(game, "start_move", None)
    if start_move:
        room.match.play(HOST, dict(start_move), now_ms)
    after_step(room, turn)


def again(room, turn, now_ms):
    if room.phase != "over":
        raise protocol.ProtocolError("bad_message", N_("The game is not over yet."))
    # the same game with everyone in the room now: last game's players, its watchers and whoever joined at the
    # results. Checked before anything changes, so a refusal leaves the results on every screen.
    ok, reason = fits(room, room.lobby.active())
    if not ok:
        raise protocol.ProtocolError("bad_message", reason)
    to_lobby(room)
    start(room, turn, now_ms)


def to_lobby(room):
    if room.phase == "playing":
        raise protocol.ProtocolError("game_running", N_("End the game first."))
    room.phase = "lobby"
    room.match = None
    for seat in room.lobby.seats:
        if not seat.removed:
            seat.spectator = False  # between games, watchers become players (room cap applies at Start)


# --- moves ----------------------------------------------------------------------------------------------------


def move(room, turn, conn, seat, message, now_ms):
    """A phone's move (see the module's docstring for its checks). Returns True when the phone missed the view
    the game stands at (a stale move): the caller sends it again."""
    msg_id = message["id"]
    if msg_id <= seat.last_move_id:
        # a resent move after a reconnect: it was handled already, never apply it twice
        return turn.say(conn, {"t": "ack", "id": msg_id})
    if room.phase != "playing" or room.match is None:
        return turn.refuse(conn, "no_game", msg_id=msg_id)
    if seat.spectator or seat.id not in room.match.players:
        return turn.refuse(conn, "not_a_player", msg_id=msg_id)
    body = message["move"]
    if body["type"] in room.game().host_moves:
        return turn.refuse(conn, "not_your_turn", "Only the host can do that.", msg_id)
    if message["ref"] != room.match.ref(seat.id):
        # made for a decision that is over (a tap as the host moved on, a move resent after a reconnect): refuse
        # it, and send this phone the view it missed, if it missed one
        room._sent.pop(conn, None)
        turn.refuse(conn, "stale", msg_id=msg_id)
        return True
    try:
        room.match.play(seat.id, body, now_ms)
    except IllegalMove as refused:
        return turn.refuse(conn, refused.code, refused.detail, msg_id, refused.values)
    seat.last_move_id = msg_id
    after_step(room, turn)
    turn.say(conn, {"t": "ack", "id": msg_id})
    turn.change()


def host_move(room, turn, body, now_ms, ref=ANY):
    """A move of the TV's (a host move, or the host's own seat's when it plays here)."""
    if room.phase != "playing" or not isinstance(body, dict):
        raise protocol.ProtocolError("no_game")
    game = room.game()
    local = room._local_seat()
    if not isinstance(body.get("type"), str):
        raise protocol.ProtocolError("bad_message", N_("A move needs a type."))
    if body["type"] == "set_host":  # the room's own, following the controls (hand_rulebook_host)
        raise protocol.ProtocolError("bad_message", N_("The host's seat follows the controls: give them instead."))
    if body["type"] == away.AWAY_MOVE:  # the room's own, from each seat's presence (room/away.py)
        raise protocol.ProtocolError("bad_message", N_("Who is away is what the room sees, not a button."))
    if body["type"] in game.host_moves:
        actor = HOST
    elif local is not None and local.id in room.match.players:
        actor = local.id
    else:
        raise protocol.ProtocolError("not_a_player")
    if ref is not ANY and ref != room.match.ref(actor):
        raise IllegalMove("stale", protocol.ROOM_ERRORS["stale"])
    if body["type"] == "remove" and actor == HOST:
        remove_from_game(room, body.get("player"), body, now_ms)
    else:
        room.match.play(actor, body, now_ms)
    removed = room.lobby.by_id(body.get("player")) if body.get("type") == "remove" else None
    if removed is not None:
        seating.remove_for_good(room, turn, removed)  # the game accepted the removal: the seat goes too
    after_step(room, turn)


def tell_away(room, turn):
    """The game hears who of its players is away now (DX-11, room/away.py); its step may end it. True if told."""
    if not away.tell(room, room._now):
        return False
    after_step(room, turn)
    return True


def timeout(room, turn, now_ms):
    """The game's deadline passed: the game's own timeout move (once per deadline). True when it was played."""
    deadline = room.match.deadline() if room.phase == "playing" else None
    if deadline is None or now_ms < deadline or room._fired_deadline == deadline:
        return False
    room._fired_deadline = deadline
    try:
        room.match.play(SYSTEM, {"type": "timeout"}, now_ms)
    except IllegalMove:
        return False
    after_step(room, turn)
    return True


def after_step(room, turn):
    """After a step: at the game's end, its result goes into the history and the latecomers are seated."""
    result = room.match.result()
    if result is None:
        return
    room.phase = "over"
    if result.get("abandoned"):  # e.g. D3-11: below two players, back to the lobby
        to_lobby(room)
        seating.seat_latecomers(room, turn)
        return
    names = dict((s.id, s.name) for s in room.lobby.seats)
    names = dict((p, names.get(p, "?")) for p in room.match.players)
    faces = dict((s.id, s.face) for s in room.lobby.seats if s.id in names)  # the replay wears them too
    record = room.match.to_record()
    room.history.append(
        {
            "game": room.game_id,
            "result": result,
            "names": names,
            "faces": faces,
            "record": record,
            "final": final_of(room.games, record, names),
        }
    )  # shown on every results screen
    keep_records(room.history)
    seating.seat_latecomers(room, turn)


# --- removal from the game, and the controls ------------------------------------------------------------------


def remove(room, turn, pid, now_ms):
    """The TV's Remove beside a seat: out of the game first when it plays (the game's own remove move, if the game
    takes one during play), then out of the room for good."""
    seat = room.lobby.by_id(pid) if isinstance(pid, str) else None
    if seat is None or seat.removed or seat.local:
        raise protocol.ProtocolError("bad_message", N_("That player is not in the room."))
    if room.phase == "playing" and pid in room.match.players:
        game = room.game()
        if "remove" not in game.host_moves:
            raise protocol.ProtocolError("bad_message", N_("This game has no removal during play."))
        remove_from_game(room, pid, {"type": "remove", "player": pid, "confirm": True}, now_ms)
        after_step(room, turn)
    seating.remove_for_good(room, turn, seat)


def remove_from_game(room, pid, body, now_ms):
    """The TV removes a player from the game. When that seat holds the controls in a game whose rulebook host they
    are (Hint Hunt: "the host cannot remove their own seat"), the controls pass on first, as if it had left: tried
    on a copy of the match, so a removal the game refuses changes nothing."""
    game = room.game()
    if pid != room.controls.holder or "set_host" not in game.host_moves:
        room.match.play(HOST, body, now_ms)
        return
    trial = Match.from_record(room.games, room.match.to_record())
    holder = room.controls.holder
    room.controls.settle(room.lobby.seats, now_ms, leaving=pid)
    heir = room.controls.holder
    room.controls.holder = holder
    successor = heir if heir in room.match.players else None
    try:
        trial.play(HOST, {"type": "set_host", "player": successor}, now_ms)
    except IllegalMove:
        pass
    trial.play(HOST, body, now_ms)  # raises, and nothing has changed, if the game refuses it
    room.controls.holder = heir
    hand_rulebook_host(room, now_ms)
    room.match.play(HOST, body, now_ms)


def give_controls(room, pid, now_ms):
    room.controls.give(room.lobby.seats, pid, now_ms)
    hand_rulebook_host(room, now_ms)


def settle_controls(room):
    """The controls stay with a present holder, else pass on by join order (room/controls.py)."""
    if room.controls.settle(room.lobby.seats, room._now):
        hand_rulebook_host(room, room._now)


def hand_rulebook_host(room, now_ms):
    """A game whose rulebook has a host (Hint Hunt: set_host) gives that role to the controls' holder, or to nobody
    when the holder does not play it (D3-12, D3-21: the TV's buttons still work)."""
    game = room.game()
    if room.phase != "playing" or game is None or "set_host" not in game.host_moves:
        return
    holder = room.lobby.by_id(room.controls.holder) if room.controls.holder else None
    player = holder.id if holder is not None and holder.id in room.match.players else None
    try:
        room.match.play(HOST, {"type": "set_host", "player": player}, now_ms)
    except IllegalMove:
        pass  # already that seat, or one the game no longer counts (removed)
