"""Hint Hunt's rules: setup, the one validation path (check), apply, result. Views live in views.py.

The state is a plain dict. copy_state() copies only the containers apply() changes in place;
boards, claims and the frozensets are replaced, never mutated, so they can be shared.
"""

from random import Random

from ...engine.core import HOST, SYSTEM, IllegalMove, can, move_type, standings
from ...i18n import N_
from . import boards as B
from . import views
from .banks import DEFAULT_LANG, words_lang
from .checks import HOST_CHECKS, PLAYER_CHECKS, bad, normalise_hint
from .constants import (
    ABANDONED,
    ABANDONED_NOTE,
    ALL_TARGETS,
    ASSASSIN,
    ASSASSIN_FOUND,
    CIVILIAN,
    DELTAS,
    DONE,
    GAME_ID,
    GONE,
    GUESSING,
    HOST_MOVED_ON,
    HOST_MOVES,
    MAX_PLAYERS,
    MAX_TARGETS,
    MIN_PLAYERS,
    MIN_TARGETS,
    NO_GUESSERS,
    OUT,
    PLACEHOLDER_HINT,
    PLAYER_MOVES,
    SCOREBOARD,
    SCOREBOARD_NOTE,
    STILL_GUESSING,
    STOPPED,
    TARGET,
    TITLE,
    WRITING,
)
from .queries import current_players, is_player, player_count, still_guessing, writer_of


class HintHunt:
    id = GAME_ID
    title = TITLE
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    host_is_player = True  # DX-02
    spectators = True  # D3-01
    host_moves = HOST_MOVES
    # what the room sets besides the host: the bank of the room's language (D3-03), as words_lang (room/table.py
    # room_options; a record file may carry no other option: engine/record.py allowed_options)
    room_options = {"words_lang": "lang"}

    # --- setup ------------------------------------------------------------------------------

    def setup(self, players, rng, options):
        players = tuple(players)
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS or len(set(players)) != len(players):
            raise ValueError("Hint Hunt needs 2 to 12 distinct players")
        options = options or {}
        lang = words_lang(options)  # D3-03: the room's language's bank; a record carries it in its options
        host = options.get("host", players[0])
        if host is not None and host not in players:
            raise ValueError("options.host must be one of the players or None")
        given = options.get("boards") or {}
        boards, used = {}, frozenset()
        for p in players:
            if p in given:
                boards[p] = B.board_from_option(given[p], p)
                used = used | frozenset(boards[p]["words"])
        for p in players:  # D3-03: random boards never reuse a word already dealt
            if p not in boards:
                live = [w for b in boards.values() for w in b["words"]]
                boards[p], used = B.deal_board(rng, used, live, lang)
        replacements = {}
        for p, specs in (options.get("replacement_boards") or {}).items():
            replacements[p] = tuple(B.board_from_option(spec, p) for spec in specs)
        redeal_key = rng.getrandbits(64)  # after the deal, so the boards a seed deals stay as they were
        return {
            "phase": WRITING,
            "seats": players,  # DX-01: join order, never changes
            "removed": frozenset(),
            "host": host,  # the host's own seat, or None (D3-21)
            "scores": dict((p, 0) for p in players),  # D3-15: a new game starts at zero
            "boards": boards,
            "replacements": replacements,
            "redeal_key": redeal_key,  # a rejected writer's k-th board: Random(key:writer:k), see _reject
            "rejections": {},  # writer -> boards rejected so far
            "used": used,
            "words_lang": lang,  # re-deals (Reject) draw from the same bank
            "order": (),  # writers, fixed when guessing starts (D3-06)
            "turn": -1,
            "number": 0,
            "claims": [],
            "claimed": {},
            "guessers": {},
            "ended": False,
            "end_reason": None,
            "last_board": None,  # the board before this one, revealed (D3-08): see _advance
            "away": (),  # D3-22: the players the room says are away (DX-11)
        }

    def copy_state(self, s):
        d = dict(s)
        d["scores"] = dict(s["scores"])
        d["boards"] = dict(s["boards"])
        d["replacements"] = dict(s["replacements"])
        d["rejections"] = dict(s["rejections"])
        d["claims"] = list(s["claims"])
        d["claimed"] = dict(s["claimed"])
        d["guessers"] = dict(s["guessers"])
        return d

    def deadline(self, s):
        return None  # D3-17: no timer

    # --- check: the one validation path ------------------------------------------------------

    def check(self, s, p, move):
        if not isinstance(move, dict):
            raise bad(N_("A move must be an object."))
        t = move_type(move)
        if t not in HOST_MOVES and t not in PLAYER_MOVES:
            raise IllegalMove("unknown_move", N_("Hint Hunt has no such move."))
        if s["phase"] in (SCOREBOARD, ABANDONED):
            raise IllegalMove("game_over", N_("This game is over."))
        if t in HOST_MOVES:
            if p != HOST:
                raise IllegalMove("not_your_turn", N_("Only the host can do that."))
            HOST_CHECKS[t](s, move)
            return
        if p == HOST or p == SYSTEM:
            raise IllegalMove("not_your_turn", N_("Host controls cannot write hints or claim words."))
        try:
            seated = p in s["scores"]
        except TypeError:
            seated = False
        if not seated:
            # D3-01 / D3-21: spectators (even a spectator host) watch; they never write or claim.
            raise IllegalMove("not_your_turn", N_("Only players in this game can do that; spectators watch."))
        if p in s["removed"]:
            raise IllegalMove("not_your_turn", N_("You were removed from this game."))
        PLAYER_CHECKS[t](s, p, move)

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
            out.append({"type": "away", "players": []})
            out.extend({"type": "away", "players": [q]} for q in players)
            out.append({"type": "start_guessing"})
            out.append({"type": "next_board", "confirm": False})
            out.append({"type": "next_board", "confirm": True})
            moves = [m for m in out if can(self, s, p, m)]
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
            # claim and done_guessing share their gate: when "done" is refused, so is every claim
            if not can(self, s, p, {"type": "done_guessing"}):
                return []
            for w in s["boards"][writer_of(s)]["words"]:
                out.append({"type": "claim", "word": w})
            out.append({"type": "done_guessing"})
        return [m for m in out if can(self, s, p, m)]

    # --- apply -------------------------------------------------------------------------------

    def apply(self, d, p, move, ctx):
        t = move["type"]
        if t == "submit":
            board = d["boards"][p]
            picked = set(move["targets"])
            d["boards"][p] = dict(
                board,
                targets=tuple(w for w in board["words"] if w in picked),
                hint=normalise_hint(move["hint"]),
                submitted=True,
            )
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
                events.append(_end_board(d, NO_GUESSERS))  # D3-09 (c)
            return events
        if t == "reject":
            return _reject(d, move["player"])
        if t == "remove":
            return _remove(d, move["player"])
        if t == "away":
            d["away"] = tuple(move["players"])
            return []
        if t == "start_guessing":
            d["phase"] = GUESSING
            # D3-06: seat order of the writers; D3-22: a writer away with no hint in is left out
            d["order"] = tuple(q for q in current_players(d) if d["boards"][q]["submitted"])
            return [{"type": "guessing_started"}] + _advance(d)
        if t == "next_board":
            events = []
            if not d["ended"]:
                events.append(_end_board(d, HOST_MOVED_ON))  # D3-09 (d): no score change
            return events + _advance(d)
        if t == "set_host":
            d["host"] = move.get("player")  # D3-12 / D3-21: the room's choice on migration
            return [{"type": "host_changed", "player": d["host"]}]
        return []

    # --- result and views --------------------------------------------------------------------

    def result(self, s):
        if s["phase"] == ABANDONED:
            return {"abandoned": True, "note": ABANDONED_NOTE}  # D3-11: no scoreboard
        if s["phase"] != SCOREBOARD:
            return None
        players = current_players(s)  # D3-10: removed players leave the standings
        scores = dict((p, s["scores"][p]) for p in players)
        return standings(scores, players, note=SCOREBOARD_NOTE)  # D3-16: ties share first

    def ref(self, s, p):
        """The decision a move answers: the board being guessed (-1 while hints are written), so a claim or
        "done guessing" sent as the host moved on never lands on the next board."""
        return s["turn"]

    def view(self, s, viewer):
        return views.view(self, s, viewer)


# --- changes ----------------------------------------------------------------------------------


def _claim(d, p, word):
    writer = writer_of(d)
    board = d["boards"][writer]
    role = B.role_of(board, word)
    delta = DELTAS[role]
    d["scores"][p] += delta
    if writer not in d["removed"]:  # D3-10: a removed writer's deltas are not recorded
        d["scores"][writer] += delta  # D3-19: the same delta, to exactly these two
    claim = {"word": word, "player": p, "role": role, "delta": delta}
    d["claims"].append(claim)
    d["claimed"][word] = p
    events = [dict(claim, type="claimed", writer=writer)]
    if role == CIVILIAN:
        d["guessers"][p] = OUT
    if role == ASSASSIN:
        events.append(_end_board(d, ASSASSIN_FOUND))  # D3-09 (b): ends for everyone
    elif role == TARGET and all(w in d["claimed"] for w in board["targets"]):
        events.append(_end_board(d, ALL_TARGETS))  # D3-09 (a)
    elif not still_guessing(d):
        events.append(_end_board(d, NO_GUESSERS))  # D3-09 (c)
    return events


def _end_board(d, reason):
    """D3-08: the board closes and every role is revealed to all; remaining guessers stop."""
    d["ended"] = True
    d["end_reason"] = reason
    for q in still_guessing(d):
        d["guessers"][q] = STOPPED
    writer = writer_of(d)
    return {"type": "board_ended", "writer": writer, "reason": reason, "roles": B.roles(d["boards"][writer])}


def _ended_board(d):
    """The board that just ended, as everyone may now see it (D3-08): its words, every role, and who
    claimed what. A board that the host ends with Next hint (D3-09 d) is replaced in the same step, so
    without this record its roles would never reach a screen."""
    writer = writer_of(d)
    board = d["boards"][writer]
    return {
        "writer": writer,
        "number": d["number"],
        "hint_text": B.hint_text(board),
        "words": board["words"],
        "roles": B.roles(board),
        "claims": tuple(d["claims"]),
        "end_reason": d["end_reason"],
    }


def _advance(d):
    """Start the next board in seat order, skipping removed writers; after the last, the scoreboard.
    The board that ended stays on show as last_board beside the next one, and under the scoreboard."""
    if d["turn"] >= 0:
        d["last_board"] = _ended_board(d)
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


def _reject(d, who):
    """A new board (new words, new locked positions), unsubmitted; options may fix it. The writer's k-th
    re-deal draws from Random(key:writer:k), the key dealt with the game from the seed: not from the step's
    own stream, which the host could steer (toggling its own submit moves the step number) until it liked a
    board. Which words are still fresh (D3-03) is all the order of play changes."""
    k = d["rejections"].get(who, 0) + 1
    d["rejections"][who] = k
    queue = d["replacements"].get(who) or ()
    if queue:
        board, rest = queue[0], queue[1:]
        d["replacements"][who] = rest
        d["used"] = d["used"] | frozenset(board["words"])
    else:
        live = [w for q, b in d["boards"].items() if q != who for w in b["words"]]
        rng = Random("%d:%s:%d" % (d["redeal_key"], who, k))
        lang = d.get("words_lang", DEFAULT_LANG)
        board, d["used"] = B.deal_board(rng, d["used"], live, lang)  # D3-03: fresh words only
    d["boards"][who] = board
    return [{"type": "rejected", "player": who}]


def _remove(d, who):
    if player_count(d) - 1 < 2:  # D3-11: confirmed; everyone goes back to the lobby
        d["removed"] = d["removed"] | frozenset([who])
        d["phase"] = ABANDONED
        return [{"type": "removed", "player": who}, {"type": "abandoned"}]
    d["removed"] = d["removed"] | frozenset([who])
    d["away"] = tuple(q for q in d.get("away", ()) if q != who)
    events = [{"type": "removed", "player": who}]
    if d["phase"] == WRITING:
        del d["boards"][who]  # the board and hint go with them
        return events
    # D3-10: their claims and the deltas they caused for others stay; a started board continues
    if who in d["guessers"]:
        was_guessing = d["guessers"][who] == STILL_GUESSING
        d["guessers"][who] = GONE
        if was_guessing and not d["ended"] and not still_guessing(d):
            events.append(_end_board(d, NO_GUESSERS))  # D3-09 (c)
    return events
