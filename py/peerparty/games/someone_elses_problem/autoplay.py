"""How a simulated person plays Someone Else's Problem (tests/sim/people.py), from the view their own screen
draws from. Read by the tests only, never shipped to a page."""


def phone(view, rng, me=None):
    """The move a player would tap on their phone's view, or None when it offers nothing."""
    if not view.get("act"):
        return None
    can = view.get("can") or {}
    me = view["me"]
    if view["phase"] == "respond":
        answers = ["accept"] + [a for a in ("deny", "redirect") if can.get(a)]
        answer = rng.choice(answers)
        move = {"type": "respond", "answer": answer}
        if answer == "redirect":
            move["to"] = rng.choice(can["redirect_to"])
        return move
    mine = [k for k, n in sorted(view["objects"][me].items()) if n]
    targets = can.get("targets") or []
    options = []
    if can.get("gift") and mine:
        options.append({"type": "gift", "object": rng.choice(mine), "to": rng.choice(targets)})
    if can.get("gift2") and mine:
        options.append(
            {
                "type": "gift2",
                "object": rng.choice(mine),
                "to": rng.choice(targets),
                "cards": list(rng.choice(can["gift2_pairs"])),
            }
        )
    if can.get("exchange") and mine:
        others = [q for q in targets if any(view["objects"][q].values())]
        if others:
            q = rng.choice(others)
            theirs = [k for k, n in sorted(view["objects"][q].items()) if n]
            options.append({"type": "exchange", "give": rng.choice(mine), "take": rng.choice(theirs), "from": q})
    if can.get("pass"):
        options.append({"type": "pass"})
    return rng.choice(options) if options else None


def host(view, me, rng, waited_s):
    """The host ends a game now and then, and always one that has stood still for ten minutes."""
    if rng.random() < 0.001 or waited_s > 600:
        return {"type": "end_game"}
    return None
