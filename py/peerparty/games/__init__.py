"""REGISTRY: every game the hub offers, by id. A game is listed here once it is complete."""
REGISTRY = {}


def register(game):
    REGISTRY[game.id] = game
    return game
