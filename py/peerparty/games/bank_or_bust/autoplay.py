"""How a simulated person plays Bank or Bust (tests/sim/people.py), from the view their own screen draws from.
Read by the tests only, never shipped to a page."""


def phone(view, rng, me=None):
    """The move a player would tap on their phone's view, or None when it offers nothing."""
    moves = view.get("moves") or []
    return dict(rng.choice(moves)) if view.get("act") and moves else None


def host(view, me, rng, waited_s):
    """The host ends a game now and then, and always one that has stood still for ten minutes."""
    if rng.random() < 0.001 or waited_s > 600:
        return {"type": "end_game"}
    return None
