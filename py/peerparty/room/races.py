"""Which refusals are a harmless race, and how long a real one stays on screen (docs/decisions.md, "A harmless
race shows nothing").

A double click, a tap on a moment that has just passed, Start pressed twice: the host refuses the second one,
but what the person wanted has already happened, so saying "There is nothing to reveal right now." would only
alarm them. Those refusals change nothing and show nothing. Any other refusal is real, and is shown for
SHOWN_MS (or until the game moves to another decision), never for a whole phase.

Used by the host page (app/rules.py, the TV's own actions) and by phones (room/guest.py, a phone's moves), so it
stays in the Python subset MicroPython runs.
"""

SHOWN_MS = 5000  # how long a real refusal stays on the TV or a phone

# a move refused only because its moment is over: the game went on (the host sends where it stands now)
MOMENT_PASSED = ("stale", "no_game", "game_over")


def phone_race(code, move, ref, earlier, passed=False):
    """Is the refusal (`code`) of a phone's `move`, made for decision `ref`, a harmless race? `earlier`: the
    [(move, ref)] this phone sent before it; `passed`: the phone has been sent a newer view since it made the move
    (its screen already shows where the game stands). A race: the moment passed, or the same move for the same
    decision was sent before (a double tap: the first one was applied, or is refused itself)."""
    if passed or code in MOMENT_PASSED:
        return True
    for move_before, ref_before in earlier:
        if move_before == move and ref_before == ref:
            return True
    return False


def host_race(kind, code, phase):
    """Is the refusal (`code`) of the TV's action `kind` ("start", "again", "move", ...) a harmless race, the room
    now in `phase`? Its effect already holds: Start or Play again while a game is on (the first press started
    it), a host move whose moment has passed (the first press made it)."""
    if kind == "start":
        return phase != "lobby"
    if kind == "again":
        return phase == "playing"
    if kind == "move":
        return code in MOMENT_PASSED
    return False


def still_shown(since_ms, ref_then, now_ms, ref_now):
    """Does a real refusal shown at `since_ms`, when the game stood at decision `ref_then`, still show? Until
    SHOWN_MS have passed, and only while the game is at that decision (after it, the sentence is about a moment
    that is over)."""
    return now_ms - since_ms < SHOWN_MS and ref_now == ref_then
