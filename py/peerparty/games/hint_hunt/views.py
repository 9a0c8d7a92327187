"""What each person may see (DX-07), built from an allow-list; see the package docstring for the shapes.

Secrets: a writer's words, locked roles, targets and hint during writing are only in that writer's
own view; during guessing an unclaimed role is only in the current writer's view until the board
ends (D3-08). Spectators, removed players and the table get the guesser's view (D3-01).
"""

from ...engine.core import HOST, can
from ...i18n import N_
from . import boards as B
from .queries import current_players, is_player, later_boards, writer_of
from .constants import (
    ABANDONED,
    ABANDONED_NOTE,
    ASSASSIN,
    CIVILIAN,
    GONE,
    GUESSING,
    HINT_MAX,
    MAX_TARGETS,
    MIN_TARGETS,
    PLACEHOLDER_HINT,
    SCOREBOARD,
    STILL_GUESSING,
    WRITING,
)

SPECTATOR = "spectator"
REMOVED = "removed"
WRITER = "writer"
SUBMITTED = "submitted"
WRITING_STATUS = "writing"
PLAYING = "player"


def view(game, s, viewer):
    phase = s["phase"]
    players = current_players(s)
    seated = is_player(s, viewer)
    try:
        was_removed = viewer in s["removed"]
    except TypeError:
        was_removed = False
    v = {
        "phase": phase,
        "players": players,
        "host": s["host"],
        "me": viewer if seated else None,
        "status": REMOVED if was_removed else SPECTATOR,
        "act": False,
    }
    if phase == ABANDONED:
        if seated:
            v["status"] = PLAYING
        v["abandoned"] = True
        v["note"] = ABANDONED_NOTE
        return v
    v["scores"] = dict((p, s["scores"][p]) for p in players)
    if phase == WRITING:
        _writing(game, s, viewer, seated, v)
    elif phase == GUESSING:
        _guessing(game, s, viewer, seated, v)
    elif phase == SCOREBOARD:
        v["standings"] = game.result(s)
        _last_board(s, v)
        if seated:
            v["status"] = PLAYING
    if phase != SCOREBOARD and (viewer == HOST or (seated and viewer == s["host"])):
        v["controls"] = _controls(game, s, players)
    return v


def _writing(game, s, viewer, seated, v):
    # Only who has submitted: never anyone else's board, targets or hint.
    v["submitted"] = dict((p, s["boards"][p]["submitted"]) for p in v["players"])
    if not seated:
        return
    board = s["boards"][viewer]
    locked = dict((w, CIVILIAN) for w in board["civilians"])
    locked[board["assassin"]] = ASSASSIN
    choosable = B.unlocked(board)
    mine = {
        "words": list(board["words"]),
        "locked": locked,
        "choosable": choosable,
        "targets": list(board["targets"]),
        "hint": board["hint"],
        "submitted": board["submitted"],
        "min_targets": MIN_TARGETS,
        "max_targets": MAX_TARGETS,
        "hint_max": HINT_MAX,
    }
    if board["submitted"]:
        mine["hint_text"] = B.hint_text(board)
    v["board"] = mine
    v["status"] = SUBMITTED if board["submitted"] else WRITING_STATUS
    v["can_submit"] = can(game, s, viewer, {"type": "submit", "targets": choosable[:1], "hint": PLACEHOLDER_HINT})
    v["can_edit"] = can(game, s, viewer, {"type": "edit"})
    v["act"] = v["can_submit"]


def _guessing(game, s, viewer, seated, v):
    writer = writer_of(s)
    board = s["boards"][writer]
    shown = {
        "writer": writer,
        "words": list(board["words"]),
        "hint": board["hint"],
        "count": len(board["targets"]),
        "hint_text": B.hint_text(board),
        "claims": [dict(c) for c in s["claims"]],
        "ended": s["ended"],
        "end_reason": s["end_reason"],
        "number": s["number"],
        "boards_left": len(later_boards(s)),
    }
    shown["final"] = shown["boards_left"] == 0
    if s["ended"] or (seated and viewer == writer):
        shown["roles"] = B.roles(board)  # D3-08: at board end, or always for its own writer
    v["board"] = shown
    _last_board(s, v)
    v["guessers"] = dict((q, st) for q, st in s["guessers"].items() if st != GONE)
    if seated:
        v["status"] = WRITER if viewer == writer else s["guessers"].get(viewer, SPECTATOR)
    claimable = []
    unclaimed = [w for w in board["words"] if w not in s["claimed"]]
    # One check() decides whether this viewer may claim at all; the rest differ only by word.
    if seated and unclaimed and can(game, s, viewer, {"type": "claim", "word": unclaimed[0]}):
        claimable = unclaimed
    v["claimable"] = claimable
    v["can_done"] = bool(claimable) and can(game, s, viewer, {"type": "done_guessing"})
    v["act"] = v["can_done"]


def _last_board(s, v):
    """The previous board, ended, so every role on it is public (D3-08); a copy, never the state's own."""
    last = s["last_board"]
    if last is not None:
        v["last_board"] = {
            "writer": last["writer"],
            "number": last["number"],
            "hint_text": last["hint_text"],
            "words": list(last["words"]),
            "roles": dict(last["roles"]),
            "claims": [dict(c) for c in last["claims"]],
            "end_reason": last["end_reason"],
        }


def _controls(game, s, players):
    """The host's buttons, each decided by check() (D3-21: the same for a spectator host)."""
    c = {"host_seat": s["host"]}
    removable = [p for p in players if can(game, s, HOST, {"type": "remove", "player": p, "confirm": True})]
    # whether a confirm is needed depends only on how many players remain, so one check decides
    needed = bool(removable) and not can(game, s, HOST, {"type": "remove", "player": removable[0], "confirm": False})
    c["removable"] = [{"player": p, "confirm_needed": needed} for p in removable]
    if s["phase"] == WRITING:
        away = s.get("away", ())
        c["waiting_for"] = [p for p in players if not s["boards"][p]["submitted"] and p not in away]
        c["left_out"] = [p for p in players if not s["boards"][p]["submitted"] and p in away]  # D3-22
        c["rejectable"] = [p for p in players if can(game, s, HOST, {"type": "reject", "player": p})]
        c["can_start_guessing"] = can(game, s, HOST, {"type": "start_guessing"})
    elif s["phase"] == GUESSING:
        c["still_guessing"] = [q for q, st in s["guessers"].items() if st == STILL_GUESSING]
        # English the screen shows with _(): the button's word, language-neutral in the view
        c["next_label"] = N_("Next hint") if later_boards(s) else N_("View scoreboard")
        c["can_next"] = can(game, s, HOST, {"type": "next_board", "confirm": True})
        c["next_needs_confirm"] = not can(game, s, HOST, {"type": "next_board", "confirm": False})
    return c
