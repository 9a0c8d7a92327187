"""Small read-only questions about a Hint Hunt state, shared by the rules and the views."""

from .constants import STILL_GUESSING


def current_players(s):
    """Players still in the game (not removed), in seat order."""
    removed = s["removed"]
    return [p for p in s["seats"] if p not in removed]


def player_count(s):
    return len(s["seats"]) - len(s["removed"])  # removed is always a subset of seats


def is_player(s, p):
    try:
        return p in s["scores"] and p not in s["removed"]
    except TypeError:  # an unhashable "player" from a broken caller
        return False


def writer_of(s):
    """The writer of the board being guessed, or None before guessing."""
    return s["order"][s["turn"]] if s["turn"] >= 0 else None


def later_boards(s):
    """Writers whose boards are still to come, skipping removed writers (D3-10)."""
    removed = s["removed"]
    return [w for w in s["order"][s["turn"] + 1 :] if w not in removed]


def still_guessing(s):
    return [q for q, st in s["guessers"].items() if st == STILL_GUESSING]
