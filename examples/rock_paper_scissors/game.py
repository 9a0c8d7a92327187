"""Rock, Paper, Scissors: the rules, as a Game object (the protocol in py/peerparty/engine/core.py).

Each round both players throw rock, paper or scissors in secret; when both have thrown, the round is settled
at once (rock beats scissors, scissors paper, paper rock; the same throw twice wins nobody the round). A round
has a clock: at its deadline, a player who has not thrown loses the round (both silent: nobody wins it). The
first to two round wins wins the game.

Moves:
    player  {"type": "throw", "hand": "rock"|"paper"|"scissors"}   once a round
    HOST    {"type": "start"}      GAME.start_move: the room plays it at Start; opens round 1 and its clock
            {"type": "end_game"}   ends at once with no winner
            {"type": "remove", "player": pid, "confirm": true}   the room's Remove button during play: the
                                   game ends, and the other player wins it
    SYSTEM  {"type": "timeout"}    the room feeds it at deadline()
A guest who leaves (DX-11): the game does not list the room's "away" news; its round clock already settles a round
without a player who is silent (tests/games/test_away_contract.py holds every game to going on without them).
Views (everyone): phase ("ready" | "throwing" | "over"), round, players, wins {pid: n}, target, thrown [pids
who have thrown this round: who, never what], rounds [{round, throws {pid: hand | None}, winner}] (settled
rounds are public), deadline_ms, winners, ended_by_host, removed (pid | None). A player's view adds me, mine (my throw this round
or None), act, hands (what I may throw now); the room adds ref (the round: see ref()). Secret: a throw before
its round is settled.
"""

from peerparty.engine import HOST, SYSTEM, IllegalMove, can, move_type, standings, str_field

HANDS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
TARGET = 2  # round wins: best of three
ROUND_MS = 20000  # the clock of each round
HOST_MOVES = frozenset(["start", "end_game", "remove"])
MOVES = HOST_MOVES | frozenset(["throw", "timeout"])


def round_winner(players, throws):
    """Who wins a round with these throws (a missing throw loses), or None."""
    a, b = players
    ta, tb = throws.get(a), throws.get(b)
    if ta == tb:
        return None
    if ta is None or (tb is not None and BEATS[tb] == ta):
        return b
    return a


class RockPaperScissors:
    id = "rock_paper_scissors"
    title = "Rock, Paper, Scissors"
    min_players = 2
    max_players = 2
    host_is_player = False  # the TV shows the table; the two players use their phones
    spectators = True  # anyone who joins mid-game watches
    host_moves = HOST_MOVES
    start_move = {"type": "start"}

    def setup(self, players, rng, options):
        if len(players) != 2:
            raise ValueError("Rock, Paper, Scissors is for two players")
        return {
            "players": list(players),
            "phase": "ready",
            "round": 0,
            "throws": {},
            "wins": dict((p, 0) for p in players),
            "rounds": [],
            "deadline_ms": None,
            "ended_by_host": False,
            "removed": None,
        }

    def check(self, s, p, move):
        kind = move_type(move)
        if kind not in MOVES:
            raise IllegalMove("unknown_move", "Rock, Paper, Scissors has no move called that.")
        if s["phase"] == "over":
            raise IllegalMove("game_over", "The game is over.")
        if kind in HOST_MOVES:
            if p != HOST:
                raise IllegalMove("not_your_turn", "Only the host can do that.")
            if kind == "start" and s["phase"] != "ready":
                raise IllegalMove("stale", "The game has started already.")
            if kind == "remove":
                # check who before using the field as a key: an id may arrive as a list
                if not isinstance(move.get("player"), str) or move["player"] not in s["players"]:
                    raise IllegalMove("invalid_move", "That player is not in this game.")
                if move.get("confirm") is not True:
                    raise IllegalMove("invalid_move", "Removing a player ends the game: confirm it.")
            return
        if kind == "timeout":
            if p != SYSTEM:
                raise IllegalMove("not_your_turn", "Only the clock can end a round.")
            if s["phase"] != "throwing":
                raise IllegalMove("stale", "No round is running.")
            return
        # a throw: check who before reading the move, and `p in list` before using p as a key
        if not isinstance(p, str) or p not in s["players"]:
            raise IllegalMove("not_your_turn", "You are not playing in this game.")
        if s["phase"] != "throwing":
            raise IllegalMove("not_your_turn", "Wait for the host to start.")
        if p in s["throws"]:
            raise IllegalMove("invalid_move", "You have thrown this round already.")
        if str_field(move, "hand", 10) not in HANDS:
            raise IllegalMove("invalid_move", "Throw rock, paper or scissors.")

    def legal_moves(self, s, p):
        if p == HOST:
            candidates = [{"type": "start"}, {"type": "end_game"}] + [
                {"type": "remove", "player": q, "confirm": True} for q in s["players"]
            ]
        elif p == SYSTEM:
            candidates = [{"type": "timeout"}]
        else:
            candidates = [{"type": "throw", "hand": h} for h in HANDS]
        return [m for m in candidates if can(self, s, p, m)]

    def apply(self, s, p, move, ctx):
        kind = move["type"]
        if kind == "start":
            return self._open_round(s, ctx)
        if kind == "end_game":
            s.update(phase="over", ended_by_host=True, deadline_ms=None)
            return [{"type": "ended", "by": "host"}]
        if kind == "remove":
            s.update(phase="over", removed=move["player"], deadline_ms=None, throws={})
            return [{"type": "removed", "player": move["player"]}]
        events = []
        if kind == "throw":
            s["throws"][p] = move["hand"]
            events.append({"type": "thrown", "player": p})  # who, never what: the throw is secret
            if len(s["throws"]) < 2:
                return events
        return events + self._settle(s, ctx)  # both have thrown, or the clock ran out

    def _open_round(self, s, ctx):
        s.update(phase="throwing", round=s["round"] + 1, throws={})
        s["deadline_ms"] = ctx.now_ms + ROUND_MS
        return [{"type": "round_opened", "round": s["round"]}]

    def _settle(self, s, ctx):
        winner = round_winner(s["players"], s["throws"])
        record = {"round": s["round"], "throws": dict((q, s["throws"].get(q)) for q in s["players"]), "winner": winner}
        s["rounds"] = s["rounds"] + [record]
        if winner is not None:
            s["wins"][winner] += 1
            if s["wins"][winner] == TARGET:
                s.update(phase="over", deadline_ms=None, throws={})
                return [dict(record, type="round_settled")]
        return [dict(record, type="round_settled")] + self._open_round(s, ctx)

    def view(self, s, viewer):
        result = self.result(s)
        out = {
            "phase": s["phase"],
            "round": s["round"],
            "players": list(s["players"]),
            "wins": dict(s["wins"]),
            "target": TARGET,
            "thrown": [q for q in s["players"] if q in s["throws"]],
            "rounds": [dict(r, throws=dict(r["throws"])) for r in s["rounds"]],
            "deadline_ms": s["deadline_ms"],
            "winners": result["winners"] if result else [],
            "ended_by_host": s["ended_by_host"],
            "removed": s["removed"],
        }
        if isinstance(viewer, str) and viewer in s["players"]:
            hands = [m["hand"] for m in self.legal_moves(s, viewer)]
            out.update(me=viewer, mine=s["throws"].get(viewer), act=bool(hands), hands=hands)
        return out

    def result(self, s):
        if s["phase"] != "over":
            return None
        if s["ended_by_host"]:
            return standings(s["wins"], s["players"], winners=[], note="Ended by the host.")
        if s["removed"] is not None:
            return standings(
                s["wins"],
                s["players"],
                winners=[q for q in s["players"] if q != s["removed"]],
                note="A player was removed: the other wins.",
            )
        return standings(s["wins"], s["players"], note="First to %d round wins." % TARGET)

    def deadline(self, s):
        return s["deadline_ms"] if s["phase"] == "throwing" else None

    def ref(self, s, p):
        """The decision a throw answers: the round. Both throw at once, so the other's throw never makes
        mine stale, and a throw that arrives after its round was settled is refused, not thrown again."""
        return s["round"]


GAME = RockPaperScissors()
