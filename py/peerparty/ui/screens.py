"""Which screen module draws which game: the one the game's package names (its `screens`, a module path), and
which stylesheet styles it (its `stylesheet`, a path from the site's root).

A game's screens are imported the first time that game is drawn: a phone joining a lobby does not load four
games' screens (66 KB of bytecode) before its Join form works. The names come from the registry on the host and
under pytest; the phone (MicroPython) carries no rules, so the build writes the registry's names into the
phone's bundle as ui/screen_names.py (scripts/build.py: screen_names_source), and bundles the modules they name.
A game's stylesheet is loaded the same way, when the game is picked: the screens link it (ui/room.py).
"""

import sys

_tables = None


def _read():
    """({game id: its screens module's dotted name}, {game id: its stylesheet}), from the phone's bundle or else
    the registry."""
    global _tables
    if _tables is None:
        try:
            from .screen_names import NAMES, STYLESHEETS  # the phone's bundle only
        except ImportError:
            # __import__, not an import statement: the build's import follower must not pull the rules into the
            # phone's bundle through this line (only the host and pytest come here)
            registry = __import__("peerparty.games", None, None, ["REGISTRY"]).REGISTRY
            NAMES = dict((game_id, game.screens) for game_id, game in registry.items())
            STYLESHEETS = dict((game_id, game.stylesheet) for game_id, game in registry.items())
        _tables = (NAMES, STYLESHEETS)
    return _tables


def names():
    """{game id: its screens module's dotted name}."""
    return _read()[0]


def stylesheet_for(game_id):
    """The path of a game's stylesheet from the site's root, or None for an unknown game."""
    return _read()[1].get(game_id) if isinstance(game_id, str) else None


def screens_for(game_id):
    """The screen module of a game id, or None for an unknown one (after its first time, the import is a
    lookup in sys.modules)."""
    name = names().get(game_id) if isinstance(game_id, str) else None
    if name is None:
        return None
    __import__(name)
    return sys.modules[name]
