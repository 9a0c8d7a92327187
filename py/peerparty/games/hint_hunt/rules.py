"""Hint Hunt's rules: setup, the one validation path (check), apply, result. Views live in views.py.

The state is a plain dict. copy_state() copies only the containers apply() changes in place;
boards, claims and the frozensets are replaced, never mutated, so they can be shared.
"""
from ...engine.core import HOST, SYSTEM, IllegalMove, move_type, standings, str_field
from . import boards as B
from .constants import (ABANDONED, ABANDONED_NOTE, ALL_TARGETS, ASSASSIN, ASSASSIN_FOUND, CIVILIAN,
                        DELTAS, DONE, GAME_ID, GONE, GUESSING, HINT_MAX, HINT_RAW_MAX, HOST_MOVED_ON,
                        HOST_MOVES, MAX_PLAYERS, MAX_TARGETS, MIN_PLAYERS, MIN_TARGETS, NO_GUESSERS,
                        OUT, PLACEHOLDER_HINT, PLAYER_MOVES, SCOREBOARD, SCOREBOARD_NOTE, STILL_GUESSING,
                        STOPPED, TARGET, TITLE, WORD_RAW_MAX, WRITING)
from . import views


def normalise_hint(text):
    """D3-04: trim and collapse internal whitespace; the length is then counted in code points."""
    return " ".join(text.split())


def current_players(s):
    """Players still in the game (not removed), in seat order."""
    removed = s["removed"]
    return [p for p in s["seats"] if p not in removed]


def is_player(s, p):
    try:
        return p in s["scores"] and p not in s["removed"]
    except TypeError:   # an unhashable "player" from a broken caller
        return False


def writer_of(s):
    return s["order"][s["turn"]] if s["turn"] >= 0 else None


def later_boards(s):
    """Writers whose boards are still to come, skipping removed writers (D3-10)."""
    removed = s["removed"]
    return [w for w in s["order"][s["turn"] + 1:] if w not in removed]


def still_guessing(s):
    return [q for q, st in s["guessers"].items() if st == STILL_GUESSING]


def _bad(detail):
    return IllegalMove("invalid_move", detail)


def _confirm(move):
    value = move.get("confirm", False)
    if not isinstance(value, bool):
        raise _bad("Confirm must be true or false.")
    return value


def _player_field(s, move):
    who = str_field(move, "player", "The player")
    if not is_player(s, who):
        raise _bad("There is no such player in this game.")
    return who


class HintHunt:
    id = GAME_ID
    title = TITLE
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    host_is_player = True        # DX-02
    spectators = True            # D3-01
    host_moves = HOST_MOVES

    # --- setup ------------------------------------------------------------------------------

    def setup(self, players, rng, options):
        players = tuple(players)
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS or len(set(players)) != len(players):
            raise ValueError("Hint Hunt needs 2 to 12 distinct players")
        options = options or {}
        host = options.get("host", players[0])
        if host is not None and host not in players:
            raise ValueError("options.host must be one of the players or None")
        given = options.get("boards") or {}
        boards, used = {}, frozenset()
        for p in players:
            if p in given:
                boards[p] = B.board_from_option(given[p], p)
                used = used | frozenset(boards[p]["words"])
        for p in players:     # D3-03: random boards never reuse a word already dealt
            if p not in boards:
                live = [w for b in boards.values() for w in b["words"]]
                boards[p], used = B.deal_board(rng, used, live)
        replacements = {}
        for p, specs in (options.get("replacement_boards") or {}).items():
            replacements[p] = tuple(B.board_from_option(spec, p) for spec in specs)
        return {
            "phase": WRITING,
            "seats": players,                  # DX-01: join order, never changes
            "removed": frozenset(),
            "host": host,                      # the host's own seat, or None (D3-21)
            "scores": dict((p, 0) for p in players),   # D3-15: a new game starts at zero
            "boards": boards,
            "replacements": replacements,
            "used": used,
            "order": (),                       # writers, fixed when guessing starts (D3-06)
            "turn": -1,
            "number": 0,
            "claims": [],
            "claimed": {},
            "guessers": {},
            "ended": False,
            "end_reason": None,
        }

    def copy_state(self, s):
        d = dict(s)
        d["scores"] = dict(s["scores"])
        d["boards"] = dict(s["boards"])
        d["replacements"] = dict(s["replacements"])
        d["claims"] = list(s["claims"])
        d["claimed"] = dict(s["claimed"])
        d["guessers"] = dict(s["guessers"])
        return d

    def deadline(self, s):
        return None   # D3-17: no timer

    # --- check: the one validation path ------------------------------------------------------

    def check(self, s, p, move):
        if not isinstance(move, dict):
            raise _bad("A move must be an object.")
        t = move_type(move)
        if t not in HOST_MOVES and t not in PLAYER_MOVES:
            raise IllegalMove("unknown_move", "Hint Hunt has no such move.")
        if s["phase"] in (SCOREBOARD, ABANDONED):
            raise IllegalMove("game_over", "This game is over.")
        if t in HOST_MOVES:
            if p != HOST:
                raise IllegalMove("not_your_turn", "Only the host can do that.")
            _HOST_CHECKS[t](s, move)
            return
        if p == HOST or p == SYSTEM:
            raise IllegalMove("not_your_turn", "Host controls cannot write hints or claim words.")
        try:
            seated = p in s["scores"]
        except TypeError:
            seated = False
        if not seated:
            # D3-01 / D3-21: spectators (even a spectator host) watch; they never write or claim.
            raise IllegalMove("not_your_turn", "Only players in this game can do that; spectators watch.")
        if p in s["removed"]:
            raise IllegalMove("not_your_turn", "You were removed from this game.")
        _PLAYER_CHECKS[t](s, p, move)

    def can(self, s, p, move):
        try:
            self.check(s, p, move)
        except IllegalMove:
            return False
        return True

    def legal_moves(self, s, p):
        if p == SYSTEM:
            return []
        out = []
        if p == HOST:
            players = current_players(s)
            for q in players:
                out.append({"type": "reject", "player": q})
                out.append({"type": "remove", "player": q, "confirm": False})
                out.append({"type": "remove", "player": q, "confirm": True})
                out.append({"type": "set_host", "player": q})
            out.append({"type": "set_host", "player": None})
            out.append({"type": "start_guessing"})
            out.append({"type": "next_board", "confirm": False})
            out.append({"type": "next_board", "confirm": True})
            moves = [m for m in out if self.can(s, p, m)]
            # a confirmed variant only when the plain one is refused, so there are no duplicates
            plain = set((m["type"], m.get("player")) for m in moves if m.get("confirm") is False)
            return [m for m in moves if not (m.get("confirm") is True and (m["type"], m.get("player")) in plain)]
        if not is_player(s, p):
            return []
        if s["phase"] == WRITING:
            choosable = B.unlocked(s["boards"][p])
            for k in range(MIN_TARGETS, MAX_TARGETS + 1):
                out.append({"type": "submit", "targets": choosable[:k], "hint": PLACEHOLDER_HINT})
            out.append({"type": "edit"})
        elif s["phase"] == GUESSING and s["turn"] >= 0:
            for w in s["boards"][writer_of(s)]["words"]:
                out.append({"type": "claim", "word": w})
            out.append({"type": "done_guessing"})
        return [m for m in out if self.can(s, p, m)]

    # --- apply -------------------------------------------------------------------------------

    def apply(self, d, p, move, ctx):
        t = move["type"]
        if t == "submit":
            board = d["boards"][p]
            picked = set(move["targets"])
            d["boards"][p] = dict(board, targets=tuple(w for w in board["words"] if w in picked),
                                  hint=normalise_hint(move["hint"]), submitted=True)
            return [{"type": "submitted", "player": p}]
        if t == "edit":
            # D3-05: same board, same locked roles; the old targets and hint stay as a draft
            d["boards"][p] = dict(d["boards"][p], submitted=False)
            return [{"type": "editing", "player": p}]
        if t == "claim":
            return _claim(d, p, move["word"])
        if t == "done_guessing":
            d["guessers"][p] = DONE
            events = [{"type": "done_guessing", "player": p}]
            if not still_guessing(d):
                events.append(_end_board(d, NO_GUESSERS))   # D3-09 (c)
            return events
        if t == "reject":
            return _reject(d, move["player"], ctx.rng)
        if t == "remove":
            return _remove(d, move["player"])
        if t == "start_guessing":
            d["phase"] = GUESSING
            d["order"] = tuple(current_players(d))   # D3-06: seat order of the writers
            return [{"type": "guessing_started"}] + _advance(d)
        if t == "next_board":
            events = []
            if not d["ended"]:
                events.append(_end_board(d, HOST_MOVED_ON))   # D3-09 (d): no score change
            return events + _advance(d)
        if t == "set_host":
            d["host"] = move.get("player")     # D3-12 / D3-21: the room's choice on migration
            return [{"type": "host_changed", "player": d["host"]}]
        return []

    # --- result and views --------------------------------------------------------------------

    def result(self, s):
        if s["phase"] == ABANDONED:
            return {"abandoned": True, "note": ABANDONED_NOTE}   # D3-11: no scoreboard
        if s["phase"] != SCOREBOARD:
            return None
        players = current_players(s)   # D3-10: removed players leave the standings
        scores = dict((p, s["scores"][p]) for p in players)
        return standings(scores, players, note=SCOREBOARD_NOTE)   # D3-16: ties share first

    def view(self, s, viewer):
        return views.view(self, s, viewer)


# --- checks per move --------------------------------------------------------------------------

def _check_submit(s, p, move):
    if s["phase"] != WRITING:
        raise IllegalMove("not_your_turn", "Hint writing is over.")
    board = s["boards"][p]
    if board["submitted"]:
        raise _bad("You already submitted. Tap Edit to change your hint.")
    targets = move.get("targets")
    if not isinstance(targets, list):
        raise _bad("Choose your targets by tapping words on your board.")
    if not MIN_TARGETS <= len(targets) <= MAX_TARGETS:
        raise _bad("Choose 1 to 5 targets.")
    for w in targets:
        if not isinstance(w, str) or w not in board["words"]:
            raise _bad("Targets must be words from your board.")
        if w == board["assassin"] or w in board["civilians"]:
            raise _bad("Locked words cannot be targets.")
    if len(set(targets)) != len(targets):
        raise _bad("Each target can be chosen only once.")
    hint = normalise_hint(str_field(move, "hint", "The hint", HINT_RAW_MAX))
    if not 1 <= len(hint) <= HINT_MAX:   # D3-04: 1-24 code points, any characters
        raise _bad("A hint must be 1 to 24 characters long.")


def _check_edit(s, p, move):
    if s["phase"] != WRITING:
        raise IllegalMove("not_your_turn", "Hints can only be edited before guessing starts.")  # D3-13
    if not s["boards"][p]["submitted"]:
        raise _bad("You have not submitted a hint yet.")


def _check_guesser(s, p):
    if s["phase"] != GUESSING:
        raise IllegalMove("not_your_turn", "Guessing has not started yet.")
    if s["ended"]:
        raise IllegalMove("stale", "This board has ended; wait for the next hint.")
    if p == writer_of(s):
        raise IllegalMove("not_your_turn", "This is your own board: you watch while the others guess.")
    status = s["guessers"].get(p)
    if status == OUT:
        raise IllegalMove("not_your_turn", "You claimed a civilian, so you are done on this board.")
    if status != STILL_GUESSING:
        raise IllegalMove("not_your_turn", "You have stopped guessing on this board.")


def _check_claim(s, p, move):
    _check_guesser(s, p)
    word = str_field(move, "word", "The word", WORD_RAW_MAX)
    if word not in s["boards"][writer_of(s)]["words"]:
        raise _bad("That word is not on this board.")
    if word in s["claimed"]:
        raise IllegalMove("stale", "Someone claimed that word first.")   # DX-04: first claim wins


def _check_done(s, p, move):
    _check_guesser(s, p)


def _check_reject(s, move):
    if s["phase"] != WRITING:
        raise IllegalMove("not_your_turn", "Hints can only be rejected during hint writing.")  # D3-13
    who = _player_field(s, move)
    if who == s["host"]:
        raise _bad("You cannot reject your own hint; use Edit instead.")
    if not s["boards"][who]["submitted"]:
        raise _bad("That player has not submitted a hint to reject.")


def _check_remove(s, move):
    who = _player_field(s, move)
    if who == s["host"]:
        raise _bad("The host cannot remove themselves.")
    confirm = _confirm(move)
    if len(current_players(s)) - 1 < 2 and not confirm:   # D3-11, in writing and in guessing
        raise _bad("Removing this player leaves fewer than two players and ends the game; "
                   "confirm to go back to the lobby.")


def _check_start(s, move):
    if s["phase"] != WRITING:
        raise IllegalMove("not_your_turn", "Guessing has already started.")
    for p in current_players(s):   # D3-14 / D3-20: every current player, connected or not
        if not s["boards"][p]["submitted"]:
            raise _bad("Not every player has submitted a hint yet.")


def _check_next(s, move):
    if s["phase"] != GUESSING:
        raise IllegalMove("not_your_turn", "Guessing has not started yet.")
    confirm = _confirm(move)
    if not s["ended"] and still_guessing(s) and not confirm:   # D3-09 (d)
        raise _bad("Some players are still guessing; confirm to move on.")


def _check_set_host(s, move):
    if "player" not in move:
        raise _bad("Name the new host's seat, or null for a spectator host.")
    if move["player"] is not None:
        _player_field(s, move)


_PLAYER_CHECKS = {"submit": _check_submit, "edit": _check_edit, "claim": _check_claim,
                  "done_guessing": _check_done}
_HOST_CHECKS = {"reject": _check_reject, "remove": _check_remove, "start_guessing": _check_start,
                "next_board": _check_next, "set_host": _check_set_host}


# --- changes ----------------------------------------------------------------------------------

def _claim(d, p, word):
    writer = writer_of(d)
    board = d["boards"][writer]
    role = B.role_of(board, word)
    delta = DELTAS[role]
    d["scores"][p] += delta
    if writer not in d["removed"]:      # D3-10: a removed writer's deltas are not recorded
        d["scores"][writer] += delta    # D3-19: the same delta, to exactly these two
    claim = {"word": word, "player": p, "role": role, "delta": delta}
    d["claims"].append(claim)
    d["claimed"][word] = p
    events = [dict(claim, type="claimed", writer=writer)]
    if role == CIVILIAN:
        d["guessers"][p] = OUT
    if role == ASSASSIN:
        events.append(_end_board(d, ASSASSIN_FOUND))   # D3-09 (b): ends for everyone
    elif role == TARGET and all(w in d["claimed"] for w in board["targets"]):
        events.append(_end_board(d, ALL_TARGETS))      # D3-09 (a)
    elif not still_guessing(d):
        events.append(_end_board(d, NO_GUESSERS))      # D3-09 (c)
    return events


def _end_board(d, reason):
    """D3-08: the board closes and every role is revealed to all; remaining guessers stop."""
    d["ended"] = True
    d["end_reason"] = reason
    for q in still_guessing(d):
        d["guessers"][q] = STOPPED
    writer = writer_of(d)
    return {"type": "board_ended", "writer": writer, "reason": reason,
            "roles": B.roles(d["boards"][writer])}


def _advance(d):
    """Start the next board in seat order, skipping removed writers; after the last, the scoreboard."""
    removed = d["removed"]
    for i in range(d["turn"] + 1, len(d["order"])):
        writer = d["order"][i]
        if writer in removed:
            continue
        d["turn"] = i
        d["number"] += 1
        d["claims"] = []
        d["claimed"] = {}
        d["guessers"] = dict((q, STILL_GUESSING) for q in current_players(d) if q != writer)
        d["ended"] = False
        d["end_reason"] = None
        board = d["boards"][writer]
        events = [{"type": "board_started", "writer": writer, "hint": B.hint_text(board)}]
        if not d["guessers"]:
            events.append(_end_board(d, NO_GUESSERS))
        return events
    d["phase"] = SCOREBOARD
    return [{"type": "scoreboard"}]


def _reject(d, who, rng):
    """A new board (new words, new locked positions), unsubmitted; options may fix it."""
    queue = d["replacements"].get(who) or ()
    if queue:
        board, rest = queue[0], queue[1:]
        d["replacements"][who] = rest
        d["used"] = d["used"] | frozenset(board["words"])
    else:
        live = [w for q, b in d["boards"].items() if q != who for w in b["words"]]
        board, d["used"] = B.deal_board(rng, d["used"], live)   # D3-03: fresh words only
    d["boards"][who] = board
    return [{"type": "rejected", "player": who}]


def _remove(d, who):
    if len(current_players(d)) - 1 < 2:     # D3-11: confirmed; everyone goes back to the lobby
        d["removed"] = d["removed"] | frozenset([who])
        d["phase"] = ABANDONED
        return [{"type": "removed", "player": who}, {"type": "abandoned"}]
    d["removed"] = d["removed"] | frozenset([who])
    events = [{"type": "removed", "player": who}]
    if d["phase"] == WRITING:
        del d["boards"][who]                # the board and hint go with them
        return events
    # D3-10: their claims and the deltas they caused for others stay; a started board continues
    if who in d["guessers"]:
        was_guessing = d["guessers"][who] == STILL_GUESSING
        d["guessers"][who] = GONE
        if was_guessing and not d["ended"] and not still_guessing(d):
            events.append(_end_board(d, NO_GUESSERS))   # D3-09 (c)
    return events
