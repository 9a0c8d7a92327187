"""What no view may show (tests/test_leaks.py): others' hands, the draw pile order. Read by the tests only,
never shipped to a page."""

from ...engine.leaks import canonical

PLAYOUTS = 600


def fragments(s, viewer):
    """[(what, fragment of canonical JSON, how often the viewer's text may hold it)]."""
    out = [("every hand", '"hands":', 0), ("the draw pile", '"draw":', 0)]
    for p in s["players"]:
        if p != viewer and s["hands"][p]:
            out.append(("hand of %s" % p, '"%s":%s' % (p, canonical(s["hands"][p])), 0))
            out.append(("hand of %s" % p, '"%s":%s' % (p, canonical(sorted(s["hands"][p]))), 0))
    return out


def perturbed(game, s, viewer):
    """The same state with others' hands and the draw pile replaced."""
    t = game.copy_state(s)
    for p in t["players"]:
        if p != viewer:
            t["hands"][p] = ["SECRET-%s-%d" % (p, i) for i in range(len(t["hands"][p]))]
    t["draw"] = ["SECRET-draw-%d" % i for i in range(len(t["draw"]))]
    return [t]
