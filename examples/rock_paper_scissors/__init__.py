"""Rock, Paper, Scissors (id `rock_paper_scissors`): the worked example of docs/add-a-game.md, not offered in
the hub's picker. Two players throw at once, in secret; the first to win two rounds wins (best of three).

Files: game.py (the rules: a Game object, engine/core.py's protocol), screens.py (the TV and the phone),
moments.py (the replay's marks), secrets.py (what the leak tests search views for), autoplay.py (how the
simulated people play it). tests/games_under_test.py registers it for every shared test suite.
"""

from .game import GAME
from .moments import moment

# What the hub reads besides the rules (docs/add-a-game.md). What the rules must not import is named, not
# imported: the screens (drawn from views, on the TV and the phones) and what only the tests read.
GAME.screens = __name__ + ".screens"  # table(), phone(), rules()
GAME.stylesheet = "examples/rock_paper_scissors/rock_paper_scissors.css"  # its styles, from the site's root
GAME.moment = moment  # the replay's marks: (event, names) -> a sentence or None
GAME.secrets = __name__ + ".secrets"  # the leak tests: fragments(), perturbed(), PLAYOUTS
GAME.autoplay = __name__ + ".autoplay"  # the simulated people: phone(), host()
GAME.tv_counts = (2,)  # players at which its table is fullest (e2e/test_tv_fit.py)
GAME.removal = "The game ends, and the other player wins."  # the Remove beside an away player says so

__all__ = ["GAME"]
