"""REGISTRY: every game the hub offers, by id, in the order the host's picker shows them."""
from . import bank_or_bust, hint_hunt, seven_rounds, someone_elses_problem

REGISTRY = {}


def register(game):
    REGISTRY[game.id] = game
    return game


for _module in (seven_rounds, bank_or_bust, hint_hunt, someone_elses_problem):
    register(_module.GAME)
