"""What no view may show before its time (tests/test_leaks.py): others' missions before they complete or the
game ends, others' locked choices before the reveal. Read by the tests only, never shipped to a page."""

from ...engine.leaks import canonical, quoted
from .rules import MISSIONS

PLAYOUTS = 600  # the leak test's random playouts (short games: many)


def fragments(s, viewer):
    """[(what, fragment of canonical JSON, how often the viewer's text may hold it)]."""
    out = []
    if s["phase"] != "final":
        for p in s["players"]:
            if p != viewer and not s["completed"][p]:
                name, description = MISSIONS[s["missions"][p]]
                out.append(("mission of %s" % p, quoted(name), 0))
                out.append(("mission of %s" % p, quoted(description), 0))
    if s["phase"] == "choosing":
        own = s["locks"].get(viewer)
        for p, lock in s["locks"].items():
            if p != viewer:
                legit = 1 if own is not None and canonical(own) == canonical(lock) else 0
                out.append(("unrevealed choice of %s" % p, canonical(lock), legit))
        for key in ('"action":', '"guess":', '"target":'):
            out.append(("a choice field before the reveal", key, 1 if own is not None else 0))
        out.append(("the locks", '"locks":', 0))
    return out


def perturbed(game, s, viewer):
    """States that differ from s only in what the viewer may not see: others' locks, others' missions."""
    out = []
    if s["phase"] == "choosing" and any(p != viewer for p in s["locks"]):
        t = game.copy_state(s)
        for p in list(t["locks"]):
            if p != viewer:
                old = t["locks"][p]
                t["locks"][p] = (
                    {"action": "bank", "target": None, "guess": None}
                    if old["action"] != "bank"
                    else {"action": "predict", "target": None, "guess": "swipe"}
                )
        out.append(t)
    hidden = [p for p in s["players"] if p != viewer and not s["completed"][p]]
    if s["phase"] != "final" and len(hidden) >= 2:
        t = game.copy_state(s)
        t["missions"] = dict(s["missions"])
        numbers = [s["missions"][p] for p in hidden]
        for p, n in zip(hidden, numbers[1:] + numbers[:1]):
            t["missions"][p] = n
        out.append(t)
    return out
