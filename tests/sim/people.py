"""What people do: a player taps what their own phone's view offers; the host presses what the host screen
offers. Nobody reads the host's state: a choice is made from the same view the person's screen draws from, so
a choice can be stale, as a real tap can (the view changed on the way).

How a person plays a game is the game's own: its package's autoplay module (games/<id>/autoplay.py, named by
GAME.autoplay), with phone(view, rng, me) and host(view, me, rng, waited_s). test_sim checks every game has one.
"""

from peerparty.games import part
from tests.games_under_test import GAMES


def autoplay(game_id):
    """The game's autoplay module, or None for a game the room does not know."""
    game = GAMES.get(game_id) if isinstance(game_id, str) else None
    return part(game, "autoplay") if game is not None else None


def phone_choice(game_id, view, rng):
    """A move a player would tap on this view (the phone's own), or None when the screen offers nothing."""
    module = autoplay(game_id)
    if view is None or module is None:
        return None
    return module.phone(view, rng)


# --- the host screen --------------------------------------------------------------------------------


def host_game_choice(game_id, view, me, rng, waited_s):
    """A game control (or, in a game whose host plays, the host's own seat's move) the host would press now, as a
    host action; waited_s is how long the current screen has stood still (a host confirms Next after a while)."""
    module = autoplay(game_id)
    if view is None or module is None:
        return None
    return module.host(view, me, rng, waited_s)
