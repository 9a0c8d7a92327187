"""What no view may show (tests/test_leaks.py): the other player's throw before its round is settled."""

import copy

from peerparty.engine.leaks import canonical

PLAYOUTS = 600  # short games: many


def fragments(s, viewer):
    """[(what, fragment of canonical JSON, how often the viewer's text may hold it)]: a throw as the state keys
    it; the settled rounds, public, may hold the same pair."""
    return [
        ("the throw of %s" % p, canonical({p: hand})[1:-1], sum(1 for r in s["rounds"] if r["throws"][p] == hand))
        for p, hand in s["throws"].items()
        if p != viewer
    ]


def perturbed(game, s, viewer):
    """The same state with the other's throw changed: rock -> paper -> scissors -> rock."""
    others = [p for p in s["throws"] if p != viewer]
    if not others:
        return []
    t = copy.deepcopy(s)
    for p in others:
        t["throws"][p] = {"rock": "paper", "paper": "scissors", "scissors": "rock"}[s["throws"][p]]
    return [t]
