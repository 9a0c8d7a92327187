"""Rock, Paper, Scissors (id `rock_paper_scissors`): the worked example of docs/add-a-game.md, not offered in
the hub's picker. Two players throw at once, in secret; the first to win two rounds wins (best of three).

Files: game.py (the rules: a Game object, engine/core.py's protocol), screens.py (the TV and the phone).
"""
from .game import GAME

__all__ = ["GAME"]
