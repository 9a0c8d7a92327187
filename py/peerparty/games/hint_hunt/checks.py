"""Hint Hunt's validation: one check per move type, each raising IllegalMove with a player's sentence.

rules.HintHunt.check() routes every move here after the common gates (type, game over, who).
"""

import unicodedata  # the rules run on the host (Pyodide); no phone imports this module

from ...engine.core import IllegalMove, away_field, str_field
from ...i18n import N_
from .constants import (
    GUESSING,
    HINT_MAX,
    HINT_RAW_MAX,
    MAX_TARGETS,
    MIN_TARGETS,
    OUT,
    STILL_GUESSING,
    WORD_RAW_MAX,
    WRITING,
)
from .queries import current_players, is_player, player_count, still_guessing, writer_of


# Overrides, embeddings and isolates turn the text around them on every screen that shows the hint. Joiners and
# the direction marks stay: Persian, the Indic scripts and emoji sequences are written with them.
DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def normalise_hint(text):
    """D3-04: trim and collapse internal whitespace, then NFC (an accent typed as a combining mark is one
    character with its letter, as the writer sees it); the length is then counted in code points."""
    return unicodedata.normalize("NFC", " ".join(text.split()))


def hint_problem(text):
    """Why a raw hint cannot be written, as (a catalog message, its values), or None. Any script is welcome
    (D3-04): only control characters, lone surrogates and direction overrides are refused (whitespace is
    collapsed), and a hint needs one character a person can see."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cs") and not ch.isspace():
            return N_("Hints cannot hold control characters."), {}
        if ch in DIRECTION_CONTROLS:
            # i18n: %(point)s is a Unicode code point, such as U+202E
            return N_("Hints cannot hold direction-changing characters (%(point)s)."), {"point": "U+%04X" % ord(ch)}
    if not any(unicodedata.category(ch)[0] in "LMNPS" for ch in text):
        return N_("A hint needs at least one letter, number or symbol."), {}
    return None


def bad(detail, **values):
    """An invalid move: `detail` a catalog message (marked N_), shown in the phone's language (i18n.sentence)."""
    return IllegalMove("invalid_move", detail, **values)


def _confirm(move):
    value = move.get("confirm", False)
    if not isinstance(value, bool):
        raise bad(N_("Confirm must be true or false."))
    return value


def _player_field(s, move):
    who = str_field(move, "player")
    if not is_player(s, who):
        raise bad(N_("There is no such player in this game."))
    return who


# --- checks per move --------------------------------------------------------------------------


def _check_submit(s, p, move):
    if s["phase"] != WRITING:
        raise IllegalMove("not_your_turn", N_("Hint writing is over."))
    board = s["boards"][p]
    if board["submitted"]:
        raise bad(N_("You already submitted. Tap Edit to change your hint."))
    targets = move.get("targets")
    if not isinstance(targets, list):
        raise bad(N_("Choose your targets by tapping words on your board."))
    if not MIN_TARGETS <= len(targets) <= MAX_TARGETS:
        raise bad(N_("Choose %(low)s to %(high)s targets."), low=MIN_TARGETS, high=MAX_TARGETS)
    for w in targets:
        if not isinstance(w, str) or w not in board["words"]:
            raise bad(N_("Targets must be words from your board."))
        if w == board["assassin"] or w in board["civilians"]:
            raise bad(N_("Locked words cannot be targets."))
    if len(set(targets)) != len(targets):
        raise bad(N_("Each target can be chosen only once."))
    raw = str_field(move, "hint", HINT_RAW_MAX)
    hint = normalise_hint(raw)
    if not 1 <= len(hint) <= HINT_MAX:  # D3-04: 1-24 code points, in any script
        raise bad(N_("A hint must be 1 to %(max)s characters long."), max=HINT_MAX)
    problem = hint_problem(raw)
    if problem:
        raise bad(problem[0], **problem[1])


def _check_edit(s, p, move):
    if s["phase"] != WRITING:
        raise IllegalMove("not_your_turn", N_("Hints can only be edited before guessing starts."))  # D3-13
    if not s["boards"][p]["submitted"]:
        raise bad(N_("You have not submitted a hint yet."))


def _check_guesser(s, p):
    if s["phase"] != GUESSING:
        raise IllegalMove("not_your_turn", N_("Guessing has not started yet."))
    if s["ended"]:
        raise IllegalMove("stale", N_("This board has ended; wait for the next hint."))
    if p == writer_of(s):
        raise IllegalMove("not_your_turn", N_("This is your own board: you watch while the others guess."))
    status = s["guessers"].get(p)
    if status == OUT:
        raise IllegalMove("not_your_turn", N_("You claimed a civilian, so you are done on this board."))
    if status != STILL_GUESSING:
        raise IllegalMove("not_your_turn", N_("You have stopped guessing on this board."))


def _check_claim(s, p, move):
    _check_guesser(s, p)
    word = str_field(move, "word", WORD_RAW_MAX)
    if word not in s["boards"][writer_of(s)]["words"]:
        raise bad(N_("That word is not on this board."))
    if word in s["claimed"]:
        raise IllegalMove("stale", N_("Someone claimed that word first."))  # DX-04: first claim wins


def _check_done(s, p, move):
    _check_guesser(s, p)


def _check_reject(s, move):
    if s["phase"] != WRITING:
        raise IllegalMove("not_your_turn", N_("Hints can only be rejected during hint writing."))  # D3-13
    who = _player_field(s, move)
    if who == s["host"]:
        raise bad(N_("You cannot reject your own hint; use Edit instead."))
    if not s["boards"][who]["submitted"]:
        raise bad(N_("That player has not submitted a hint to reject."))


def _check_remove(s, move):
    who = _player_field(s, move)
    if who == s["host"]:
        raise bad(N_("The host cannot remove themselves."))
    confirm = _confirm(move)
    if player_count(s) - 1 < 2 and not confirm:  # D3-11, in writing and in guessing
        raise bad(
            N_("Removing this player leaves fewer than two players and ends the game; confirm to go back to the lobby.")
        )


def _check_start(s, move):
    if s["phase"] != WRITING:
        raise IllegalMove("not_your_turn", N_("Guessing has already started."))
    away = s.get("away", ())
    for p in current_players(s):  # D3-14 / D3-20: every current player; D3-22: but for one who is away
        if not s["boards"][p]["submitted"] and p not in away:
            raise bad(N_("Not every player has submitted a hint yet."))
    if not any(s["boards"][p]["submitted"] for p in current_players(s)):
        raise bad(N_("Nobody has submitted a hint yet."))


def _check_away(s, move):
    away_field(move, current_players(s), s.get("away", ()))  # DX-11: the room's news


def _check_next(s, move):
    if s["phase"] != GUESSING:
        raise IllegalMove("not_your_turn", N_("Guessing has not started yet."))
    confirm = _confirm(move)
    if not s["ended"] and still_guessing(s) and not confirm:  # D3-09 (d)
        raise bad(N_("Some players are still guessing; confirm to move on."))


def _check_set_host(s, move):
    if "player" not in move:
        raise bad(N_("Name the new host's seat, or null for a spectator host."))
    if move["player"] is not None:
        _player_field(s, move)
    if move["player"] == s["host"]:
        raise bad(N_("That seat already holds the host controls."))


PLAYER_CHECKS = {"submit": _check_submit, "edit": _check_edit, "claim": _check_claim, "done_guessing": _check_done}
HOST_CHECKS = {
    "reject": _check_reject,
    "remove": _check_remove,
    "start_guessing": _check_start,
    "next_board": _check_next,
    "set_host": _check_set_host,
    "away": _check_away,
}
