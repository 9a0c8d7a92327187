"""The Game protocol, IllegalMove and step(): check, copy, apply, so a rejected move leaves no trace.

A game is a plain object with these members (see games/ for four of them, docs/add-a-game.md for a guide):

    id: str; title: str; min_players: int; max_players: int
    host_is_player: bool        # Hint Hunt: the host's own seat plays (DX-02)
    spectators: bool            # people who join a running game may watch it (D3-01)
    host_moves: set[str]        # move types only HOST may make; the room refuses them from phones. Every game
                                # lists "away": the room's {"type": "away", "players": [...]} (DX-11)
    start_move: Move            # optional: a HOST move the room plays when the game starts
    setup(players, rng, options) -> S
    legal_moves(s, p) -> list[Move]         # candidates filtered through check()
    check(s, p, move) -> None               # raises IllegalMove; the one validation path
    apply(draft, p, move, ctx) -> list[Event]
    view(s, viewer) -> dict                 # JSON-safe, allow-listed; viewer None = the table
    result(s) -> Standings | None           # None while the game runs
    deadline(s) -> int | None               # optional: when the shell must feed {"type": "timeout"}
    ref(s, p) -> str | int                  # optional: the decision p answers now (a round, a board, a
                                            # turn); a move made for another is refused as stale
    copy_state(s) -> S                      # optional: a cheaper copy than deepcopy for step()

A game's package declares beside its GAME what the hub reads besides the rules (docs/add-a-game.md): screens
(a module name), stylesheet, moment(event, names), secrets and autoplay (module names, read by the tests only)
and tv_counts.

Players are opaque ids in seat order. Host controls arrive from the pseudo-player HOST, clock
expiries from SYSTEM. Rules never read the clock: ctx.now_ms is an input, and randomness comes
only from ctx.rng, which Match derives from the seed and the step number.
"""

import copy

from ..i18n import N_

HOST = "@host"  # the host's controls (reveal, next round, end game, remove)
SYSTEM = "@system"  # moves the shell feeds, e.g. {"type": "timeout"} at a deadline

ERROR_CODES = ("unknown_move", "not_your_turn", "invalid_move", "stale", "game_over")

# DX-11: a game does not wait for a seat that is away longer than this once it needs only away seats (every
# present player has acted, or the turn or answer is an away player's). The room tells every game who is away with
# the host move {"type": "away", "players": [...]} (room/away.py), which each game lists in host_moves.
AWAY_GRACE_MS = 12000


class IllegalMove(Exception):
    """A move the rules refuse. `code` is one of ERROR_CODES; `detail` a sentence for the player, a message of the
    catalogs in English (marked N_) with named placeholders, and `values` what fills them. The phone that made the
    move shows it in its own language (i18n.sentence), so the host never translates a refusal."""

    def __init__(self, code, detail="", **values):
        if code not in ERROR_CODES:
            raise ValueError("unknown IllegalMove code %r" % (code,))
        self.code = code
        self.detail = detail
        self.values = values
        Exception.__init__(self, "%s: %s" % (code, self.english()))

    def english(self):
        """The sentence as English reads it (logs, replay refusals)."""
        return (self.detail % self.values) if self.values else self.detail


class Ctx:
    """What a step may know about the world: its own random stream and the time it happened."""

    __slots__ = ("rng", "now_ms")

    def __init__(self, rng, now_ms):
        self.rng = rng
        self.now_ms = now_ms


def step(game, state, player, move, ctx):
    """Check `move`, then apply it to a copy of `state`. Returns (new_state, events).

    Raises IllegalMove, and only that, when the move is refused; `state` is never touched.
    """
    if not isinstance(move, dict):
        raise IllegalMove("invalid_move", N_("A move must be an object."))
    game.check(state, player, move)
    copier = getattr(game, "copy_state", None)
    draft = copier(state) if copier else copy.deepcopy(state)
    events = game.apply(draft, player, move, ctx)
    return draft, list(events or [])


def can(game, state, player, move):
    """check() as a yes/no (pokerkit's can_x): what views and legal_moves use to enable a move,
    so the buttons a phone shows and the host's validation cannot drift apart."""
    try:
        game.check(state, player, move)
    except IllegalMove:
        return False
    return True


# --- helpers every game's check() uses to read untrusted move fields ------------------------


def move_type(move):
    t = move.get("type")
    if not isinstance(t, str):
        raise IllegalMove("unknown_move", N_("That move has no type."))
    return t


def field(move, name, kinds):
    value = move.get(name)
    if isinstance(value, bool) and bool not in kinds:
        raise IllegalMove("invalid_move", N_("The move's field %(field)s is missing or of the wrong kind."), field=name)
    if not isinstance(value, kinds):
        raise IllegalMove("invalid_move", N_("The move's field %(field)s is missing or of the wrong kind."), field=name)
    return value


def int_field(move, name):
    return field(move, name, (int,))


def str_field(move, name, max_len=64):
    value = field(move, name, (str,))
    if len(value) > max_len:
        raise IllegalMove("invalid_move", N_("The move's field %(field)s is too long."), field=name)
    return value


# --- standings ----------------------------------------------------------------------------


def away_field(move, seats, now):
    """The seats an {"type": "away", "players": [...]} move names (DX-11): distinct seats of `seats`, in seat order.
    Refused as stale when it says what the game knows already (`now`), so the room's news is logged only when it
    changed."""
    named = move.get("players")
    if not isinstance(named, list) or not all(isinstance(q, str) and q in seats for q in named):
        raise IllegalMove("invalid_move", "Name the seats of this game that are away.")
    away = [q for q in seats if q in named]
    if len(away) != len(named):
        raise IllegalMove("invalid_move", "Name each seat once.")
    if away == list(now):
        raise IllegalMove("stale", "That is who is away already.")
    return away


def shared_winners(scores):
    """Every player with the highest score (DX-06: ties share the win)."""
    if not scores:
        return []
    best = max(scores.values())
    return [p for p, v in scores.items() if v == best]


def standings(scores, order, winners=None, note=""):
    """The JSON-safe result every game returns: scores, seat-ordered ranking, winners, a note."""
    ranked = sorted(order, key=lambda p: (-scores[p], order.index(p)))
    return {
        "scores": dict(scores),
        "ranking": ranked,
        "winners": list(shared_winners(scores) if winners is None else winners),
        "note": note,
    }
