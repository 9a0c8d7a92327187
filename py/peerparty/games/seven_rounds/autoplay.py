"""How a simulated person plays Seven Rounds (tests/sim/people.py), from the view their own screen draws from.
Read by the tests only, never shipped to a page."""


def phone(view, rng, me=None):
    """The move a player would tap on their phone's view, or None when it offers nothing."""
    if not view.get("act"):
        return None
    action = rng.choice(view["actions"])
    move = {"type": "lock", "action": action}
    if action in ("team_up", "swipe"):
        move["target"] = rng.choice(view["targets"])
    if action == "predict":
        move["guess"] = rng.choice(view["guesses"])
    return move


def host(view, me, rng, waited_s):
    """The control the host would press on the table's view; waited_s: how long the screen has stood still."""
    h = view.get("host") or {}
    if rng.random() < 0.002 and h.get("end_game"):
        return {"type": "end_game"}
    if h.get("reveal") and (view["phase"] != "choosing" or not view.get("waiting") or waited_s > 20):
        return {"type": "reveal"}
    if view.get("expired") and h.get("reveal_skip") and rng.random() < 0.7:
        return {"type": "reveal", "skip_ok": True}
    if view.get("expired") and h.get("add_time") and rng.random() < 0.5:
        return {"type": "add_time"}
    if h.get("next_round") and view["phase"] == "results":
        return {"type": "next_round"}
    return None
