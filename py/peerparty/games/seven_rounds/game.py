"""Seven Rounds: the Game object (setup, check, apply, copy, result). Views live in views.py."""

from ...i18n import N_
from ...engine.core import AWAY_GRACE_MS, HOST, SYSTEM, IllegalMove, away_field, can, move_type, str_field, standings
from .rules import (
    GAME_ID,
    TITLE,
    MIN_PLAYERS,
    MAX_PLAYERS,
    ROUNDS,
    TIMER_S,
    ADD_TIME_MS,
    MISSIONS,
    READY,
    CHOOSING,
    RESULTS,
    FINAL,
    ACTIONS,
    TARGETED,
    GUESSES,
    PREDICT,
    SWIPE,
)
from .scoring import resolve_round
from . import views

PLAYER_MOVES = frozenset(["lock"])
HOST_MOVES = frozenset(["next_round", "add_time", "reveal", "end_game", "remove", "away"])
SYSTEM_MOVES = frozenset(["timeout"])
ALL_MOVES = PLAYER_MOVES | HOST_MOVES | SYSTEM_MOVES


def _setup_missions(players, rng, given):
    """Options' missions where given, the rest dealt from rng without repeats (D0-02)."""
    if not isinstance(given, dict):
        raise ValueError("options['missions'] must map player id -> mission number 1..12")
    missions = {}
    for p, n in given.items():
        if p not in players:
            raise ValueError("options['missions'] names an unknown player: %r" % (p,))
        if isinstance(n, bool) or not isinstance(n, int) or n not in MISSIONS:
            raise ValueError("mission numbers are 1..12, got %r" % (n,))
        missions[p] = n
    if len(set(missions.values())) != len(missions):
        raise ValueError("two players were given the same mission (D0-02: no repeats)")
    missing = [p for p in players if p not in missions]
    if missing:
        free = [n for n in sorted(MISSIONS) if n not in missions.values()]
        for p, n in zip(missing, rng.sample(free, len(missing))):
            missions[p] = n
    return missions


class SevenRounds:
    id = GAME_ID
    title = TITLE
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    host_is_player = False  # DX-02: the host screen is a shared display
    spectators = False  # DX-05/D0-16: no mid-game joins
    host_moves = HOST_MOVES
    start_move = {"type": "next_round"}  # D0-17: pressing Start begins round 1 and its timer

    # --- setup -------------------------------------------------------------------------------
    def setup(self, players, rng, options):
        players = list(players)
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ValueError("Seven Rounds needs 3 to 12 players")  # D0-01
        if len(set(players)) != len(players):
            raise ValueError("player ids must be distinct")
        options = options or {}
        timer_s = options.get("timer_s", TIMER_S)
        if isinstance(timer_s, bool) or not isinstance(timer_s, int) or timer_s < 1:
            raise ValueError("options['timer_s'] must be a positive whole number of seconds")
        missions = _setup_missions(players, rng, options.get("missions") or {})
        zero = dict((p, 0) for p in players)
        return {
            "players": players,
            "missions": missions,
            "timer_ms": timer_s * 1000,
            "phase": READY,
            "round": 0,
            "scored_rounds": 0,
            "ended_early": False,
            "deadline_ms": None,
            "expired": False,
            "locks": {},  # player -> {"action", "target", "guess"}: secret until reveal
            "scores": dict(zero),
            "completed": dict(zero),  # player -> round their mission completed (0 = not yet)
            "bank_rounds": dict(zero),  # D0-18: progress over every scored round
            "good_guesses": dict(zero),
            "partners": dict((p, []) for p in players),  # mutual TEAM UP partner per scored round
            "earned_from": dict((p, []) for p in players),  # action types that earned AP >= 1
            "last": None,  # the latest reveal record (public)
            "away": [],  # D0-22: the seats the room says are away (DX-11)
            "passed": [],  # D0-22: the seats away when this round started: its captaincy passes over them
            "grace_ms": None,  # D0-22: when the round stops waiting for the away seats that have not locked
        }

    def copy_state(self, s):
        # players, missions, lock records and reveal records are never mutated in place: share them
        c = dict(s)
        for key in ("locks", "scores", "completed", "bank_rounds", "good_guesses", "partners", "earned_from"):
            c[key] = dict(s[key])
        return c

    # --- validation: the one path for the host, the buttons and legal_moves --------------------
    def check(self, s, p, move):
        if not isinstance(move, dict):
            raise IllegalMove("invalid_move", N_("A move must be an object."))
        kind = move_type(move)
        if kind not in ALL_MOVES:
            raise IllegalMove("unknown_move", N_("Seven Rounds has no move called that."))
        if s["phase"] == FINAL:
            raise IllegalMove("game_over", N_("The game is over."))
        if kind in HOST_MOVES:
            if not (isinstance(p, str) and p == HOST):
                raise IllegalMove("not_your_turn", N_("Only the host can do that."))
            getattr(self, "_check_" + kind)(s, move)
        elif kind == "timeout":
            if not (isinstance(p, str) and p == SYSTEM):
                raise IllegalMove("not_your_turn", N_("Only the timer can end the time."))
            if s["phase"] != CHOOSING or s["expired"]:
                raise IllegalMove("stale", N_("The timer is not running."))
        else:
            self._check_lock(s, p, move)

    def lock_refusal(self, s, p):
        """Why player p may not lock anything right now, as (code, sentence), or None if they may."""
        if not isinstance(p, str) or p not in s["players"]:
            return ("not_your_turn", N_("You are not playing in this game."))
        if s["phase"] != CHOOSING:
            return ("not_your_turn", N_("No round is open for choices right now."))
        if p in s["locks"]:
            return ("invalid_move", N_("You have already locked in this round; a locked choice cannot change."))
        if s["expired"]:
            # D0-05: after expiry only added time reopens locking
            return ("not_your_turn", N_("Time is up. You can lock in again only if the host adds time."))
        return None

    def _lock_gate(self, s, p):
        refusal = self.lock_refusal(s, p)
        if refusal is not None:
            raise IllegalMove(refusal[0], refusal[1])

    def _check_lock(self, s, p, move):
        self._lock_gate(s, p)
        action = str_field(move, "action", 20)
        if action not in ACTIONS:
            raise IllegalMove("invalid_move", N_("Choose BANK, TEAM UP, SWIPE, PREDICT or DOUBLE DOWN."))
        if action in TARGETED:
            target = str_field(move, "target", 64)
            if target == p:
                # D0-03: another player only
                if action == SWIPE:
                    raise IllegalMove("invalid_move", N_("Name another player to SWIPE, not yourself."))
                raise IllegalMove("invalid_move", N_("Name another player to TEAM UP with, not yourself."))
            if target not in s["players"]:
                raise IllegalMove("invalid_move", N_("That player is not in this game."))
        if action == PREDICT:
            guess = str_field(move, "guess", 20)
            if guess not in GUESSES:
                # D0-03: the four guessable actions only
                raise IllegalMove("invalid_move", N_("Guess BANK, TEAM UP, SWIPE or DOUBLE DOWN."))

    def _check_next_round(self, s, move):
        if s["phase"] not in (READY, RESULTS):
            raise IllegalMove("stale", N_("This round is not finished yet."))

    def _check_add_time(self, s, move):
        if s["phase"] != CHOOSING:
            # D0-04: before the reveal only
            raise IllegalMove("stale", N_("Time can only be added while players are choosing."))

    def _check_reveal(self, s, move):
        if s["phase"] != CHOOSING:
            raise IllegalMove("stale", N_("There is nothing to reveal right now."))
        if len(s["locks"]) == len(s["players"]):
            return
        if not s["expired"]:
            # D0-06: the host reveals; before expiry only once everyone has locked
            raise IllegalMove("invalid_move", N_("Not everyone has locked in, and the timer is still running."))
        if move.get("skip_ok") is not True:
            # D0-05: after expiry, a reveal skips the missing choices, with confirmation
            raise IllegalMove("invalid_move", N_("Some players have not locked in: confirm skipping them."))

    def _check_away(self, s, move):
        away_field(move, s["players"], s["away"])  # DX-11: the room's news

    def _check_end_game(self, s, move):
        return None  # D0-15: allowed in every phase but FINAL (checked above)

    def _check_remove(self, s, move):
        # D0-16: the host may remove a player mid-game
        target = move.get("player")
        if not isinstance(target, str) or target not in s["players"]:
            raise IllegalMove("invalid_move", N_("That player is not in this game."))

    def legal_moves(self, s, p):
        if p == HOST:
            candidates = [
                {"type": "next_round"},
                {"type": "add_time"},
                {"type": "reveal"},
                {"type": "reveal", "skip_ok": True},
                {"type": "end_game"},
            ]
            candidates += [{"type": "remove", "player": q} for q in s["players"]]
            candidates += [{"type": "away", "players": [q]} for q in s["players"]] + [{"type": "away", "players": []}]
        elif p == SYSTEM:
            candidates = [{"type": "timeout"}]
        else:
            if self.lock_refusal(s, p) is not None:  # the part of check() every lock shares
                return []
            candidates = lock_candidates(s["players"], p)
        return [move for move in candidates if can(self, s, p, move)]

    # --- apply ------------------------------------------------------------------------------
    def apply(self, s, p, move, ctx):
        kind = move["type"]
        if kind == "lock":
            action = move["action"]
            s["locks"][p] = {
                "action": action,
                "target": move["target"] if action in TARGETED else None,
                "guess": move["guess"] if action == PREDICT else None,
            }
            self._grace(s, ctx.now_ms)
            return [{"type": "locked", "player": p}]  # never the choice itself (DX-07)
        if kind == "away":
            s["away"] = move["players"]
            self._grace(s, ctx.now_ms)
            return [{"type": "away", "players": list(s["away"])}]
        if kind == "timeout":
            s["expired"] = True
            s["grace_ms"] = None
            return [{"type": "time_up", "round": s["round"]}]
        if kind == "add_time":
            # D0-04: +30 s to the time left; after expiry the timer restarts at 30 s. D0-22: the host chose to
            # wait: the grace for away seats starts again only at the next lock or news of who is away
            s["deadline_ms"] = max(s["deadline_ms"], ctx.now_ms) + ADD_TIME_MS
            s["expired"] = False
            s["grace_ms"] = None
            return [{"type": "time_added", "deadline_ms": s["deadline_ms"]}]
        if kind == "next_round":
            s["round"] += 1
            s["phase"] = CHOOSING
            s["locks"] = {}
            s["expired"] = False
            s["deadline_ms"] = ctx.now_ms + s["timer_ms"]  # D0-17: the timer starts now
            s["passed"] = list(s["away"])  # D0-22: the captaincy passes over who is away now
            self._grace(s, ctx.now_ms)
            return [{"type": "round_started", "round": s["round"], "deadline_ms": s["deadline_ms"]}]
        if kind == "reveal":
            skipped = [q for q in s["players"] if q not in s["locks"]]
            s["last"] = resolve_round(s)
            s["scored_rounds"] = s["round"]
            s["deadline_ms"] = None
            s["expired"] = False
            s["phase"] = FINAL if s["round"] >= ROUNDS else RESULTS
            events = [{"type": "revealed", "round": s["round"], "skipped": skipped}]
            for done in s["last"]["missions"]:
                events.append({"type": "mission_completed", "player": done["player"], "name": done["name"]})
            if s["phase"] == FINAL:
                events.append({"type": "game_over"})
            return events
        if kind == "remove":
            events = self._remove(s, move["player"])
            self._grace(s, ctx.now_ms)
            return events
        # end_game. D0-15: an unfinished round is discarded: no score, no history, no captain pass. The round
        # number stays (the captain is derived from it, and the captain of the discarded round keeps the role);
        # scored_rounds says how many rounds count.
        s["ended_early"] = True
        s["phase"] = FINAL
        s["locks"] = {}
        s["deadline_ms"] = None
        s["expired"] = False
        return [{"type": "game_over", "ended_early_after": s["scored_rounds"]}]

    def _grace(self, s, now_ms):
        """D0-22: once every player still to lock is away, the round waits for them AWAY_GRACE_MS (DX-11), then its
        time is up as when the timer runs out (D0-05): the host reveals, skipping them. A lock or news of who is
        away starts it, or calls it off; a grace already running keeps its end."""
        missing = [q for q in s["players"] if q not in s["locks"]]
        if s["phase"] != CHOOSING or s["expired"] or not missing or any(q not in s["away"] for q in missing):
            s["grace_ms"] = None
        elif s["grace_ms"] is None:
            s["grace_ms"] = min(now_ms + AWAY_GRACE_MS, s["deadline_ms"])

    def _remove(self, s, q):
        """D0-16: the host may remove a player mid-game: the player leaves the game and
        the standings at once. A lock of theirs this round is dropped; a TEAM UP or SWIPE that named them scores as
        one that named a skipped player (D0-13: the others chose without knowing). The Round Captain is counted
        among the players still in. Below three players (D0-01) the game ends as End game ends it (D0-15)."""
        s["players"] = [p for p in s["players"] if p != q]
        s["away"] = [p for p in s["away"] if p != q]
        s["locks"].pop(q, None)
        s["scores"].pop(q)  # out of the standings; their mission record stays (a completion was public)
        s["removed"] = s.get("removed", []) + [q]
        events = [{"type": "removed", "player": q}]
        if len(s["players"]) < MIN_PLAYERS:
            s["ended_early"] = True
            s["phase"] = FINAL
            s["locks"] = {}
            s["deadline_ms"] = None
            s["expired"] = False
            events.append({"type": "game_over", "ended_early_after": s["scored_rounds"], "reason": "too_few"})
        return events

    # --- out ----------------------------------------------------------------------------------
    def deadline(self, s):
        if s["phase"] == CHOOSING and not s["expired"]:
            if s["grace_ms"] is not None:  # D0-22: everyone still to lock is away
                return min(s["grace_ms"], s["deadline_ms"])
            return s["deadline_ms"]
        return None

    def result(self, s):
        if s["phase"] != FINAL:
            return None
        note = "ended early after round %d" % s["scored_rounds"] if s["ended_early"] else ""
        return standings(s["scores"], s["players"], note=note)  # D0-20: ties share the win

    def ref(self, s, p):
        """The decision a lock answers: the round (every player chooses at once, so another's lock never
        makes mine stale; a lock resent after a reconnect never becomes next round's choice)."""
        return s["round"]

    def view(self, s, viewer):
        return views.view(self, s, viewer)


def lock_candidates(players, p):
    out = [{"type": "lock", "action": "bank"}, {"type": "lock", "action": "double_down"}]
    for q in players:
        if q != p:
            out.append({"type": "lock", "action": "team_up", "target": q})
            out.append({"type": "lock", "action": "swipe", "target": q})
    for g in GUESSES:
        out.append({"type": "lock", "action": "predict", "guess": g})
    return out
