"""The games the contract tests run over: the hub's REGISTRY, plus games that follow docs/add-a-game.md but are
not offered in the picker (examples/), so they pass exactly the same checks.

More can be added without editing a test: PEERPARTY_EXTRA_GAMES="pkg.module other.module" (each module has a
GAME, and a sibling `screens` module when it has screens) runs tests/test_contract.py, tests/test_leaks.py, the
room tests and the how-to-play checks over those games too.
"""
import importlib
import os

from peerparty.games import REGISTRY

EXTRA_MODULES = ["examples.rock_paper_scissors"] + os.environ.get("PEERPARTY_EXTRA_GAMES", "").split()

EXTRA = {}
EXTRA_SCREENS = {}      # game id -> its screens module, for the games not in ui/screens.py
for _name in EXTRA_MODULES:
    _game = importlib.import_module(_name).GAME
    EXTRA[_game.id] = _game
    try:
        EXTRA_SCREENS[_game.id] = importlib.import_module(_name + ".screens")
    except ImportError:
        pass

GAMES = dict(REGISTRY)
GAMES.update(EXTRA)
