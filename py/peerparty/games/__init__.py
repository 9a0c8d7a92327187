"""REGISTRY: every game the hub offers, by id, in the order the host's picker shows them.

A game is one package, games/<id>/, whose GAME carries everything the hub reads (docs/add-a-game.md): the rules
(engine/core.py's protocol) and, declared in the package's __init__.py, its screens, its replay moments, its
secrets and simulated people (for the tests) and its TV-fit player counts. Adding a game is its folder and its
id in GAMES below. Listed, not discovered: the picker's order is a choice, and a half-written package in the
folder must not appear in the hub. The packages are imported by name, so the build (scripts/build.py) bundles
what REGISTRY holds, not what an import statement says.
"""

import importlib

GAMES = ("seven_rounds", "bank_or_bust", "hint_hunt", "someone_elses_problem")  # in the picker's order

REGISTRY = {}


def register(game):
    REGISTRY[game.id] = game
    return game


def part(game, name):
    """The module a game's package names for `name` ("screens", "secrets", "autoplay"), imported now."""
    return importlib.import_module(getattr(game, name))


for _id in GAMES:
    register(importlib.import_module("." + _id, __name__).GAME)
