"""How a simulated person plays Rock, Paper, Scissors (tests/sim/people.py), from their own screen's view."""


def phone(view, rng, me=None):
    """A throw from the hands the phone offers, or None when it offers none."""
    hands = view.get("hands") or []
    return {"type": "throw", "hand": rng.choice(hands)} if view.get("act") and hands else None


def host(view, me, rng, waited_s):
    """The host only ends a game that has stood still for ten minutes (the room plays Start by itself)."""
    if view.get("phase") == "throwing" and waited_s > 600:
        return {"type": "end_game"}
    return None
