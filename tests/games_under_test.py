"""The test registry: the games every shared suite runs over. The hub's REGISTRY, plus games that follow
docs/add-a-game.md but are not offered in the picker (examples/), so they pass exactly the same checks.

More can be added without editing a test: PEERPARTY_EXTRA_GAMES="pkg.module other.module" (each a game package
whose GAME declares what docs/add-a-game.md asks: screens, moment, secrets, autoplay, tv_counts) runs the
contract, leak, replay, room, simulator, how-to-play and TV-fit suites over those games too.
"""

import importlib
import os

from peerparty.games import REGISTRY, part

EXTRA_MODULES = ["examples.rock_paper_scissors"] + os.environ.get("PEERPARTY_EXTRA_GAMES", "").split()

EXTRA = {}
for _name in EXTRA_MODULES:
    _game = importlib.import_module(_name).GAME
    EXTRA[_game.id] = _game

GAMES = dict(REGISTRY)
GAMES.update(EXTRA)


def screens(game_id):
    """The screens module of a game under test (the hub's through ui/screens.py's own lookup)."""
    return part(GAMES[game_id], "screens")


def draw_every_game(monkeypatch):
    """Let the room's screens (ui/screens.py) find every game under test, as they find the hub's: an example is
    in no hub's lobby, but would be in one."""
    from peerparty.ui import screens as lookup

    monkeypatch.setattr(
        lookup,
        "_tables",
        (dict((g, game.screens) for g, game in GAMES.items()), dict((g, game.stylesheet) for g, game in GAMES.items())),
    )
