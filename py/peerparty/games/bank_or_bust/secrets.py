"""What no view may show (tests/test_leaks.py): the deck order (D2-22: only counts are public). Read by the
tests only, never shipped to a page."""

from ...engine.leaks import canonical

PLAYOUTS = 150  # 100-300 steps a game, every view checked at each: ~0.3 s a playout


def fragments(s, viewer):
    """[(what, fragment of canonical JSON, how often the viewer's text may hold it)]."""
    deck = s["deck"]
    out = [("the deck", '"deck":', 0)]
    if len(deck) >= 5:
        out.append(("the deck order (next 5)", canonical(deck[:5])[1:-1], 0))
    return out


def perturbed(game, s, viewer):
    """The same state with the deck in another order."""
    if len(set(map(str, s["deck"]))) < 2:
        return []
    t = game.copy_state(s)
    t["deck"] = list(reversed(s["deck"]))
    if t["deck"] == s["deck"]:
        t["deck"] = t["deck"][1:] + t["deck"][:1]
    return [t]
