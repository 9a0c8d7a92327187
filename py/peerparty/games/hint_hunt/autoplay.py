"""How a simulated person plays Hint Hunt (tests/sim/people.py), from the view their own screen draws from.
Read by the tests only, never shipped to a page."""


def phone(view, rng, me=None):
    """The move a player would tap on their phone's view, or None when it offers nothing."""
    board = view.get("board") or {}
    if view.get("phase") == "hint_writing" and board:
        if view.get("can_submit"):
            choosable = board["choosable"]
            targets = rng.sample(choosable, rng.randint(1, min(3, len(choosable))))
            # a hint unique to its writer, so the leak search for it means something (secrets.py)
            return {"type": "submit", "targets": targets, "hint": "Qx%sHint" % (me or view.get("me"))}
        if view.get("can_edit") and rng.random() < 0.05:
            return {"type": "edit"}
        return None
    if view.get("phase") == "guessing":
        claimable = view.get("claimable") or []
        if view.get("can_done") and rng.random() < 0.12:
            return {"type": "done_guessing"}
        if claimable:
            return {"type": "claim", "word": rng.choice(claimable)}
    return None


def host(view, me, rng, waited_s):
    """The host plays its own seat (DX-02) and runs the boards; waited_s: how long the screen has stood still."""
    c = view.get("controls") or {}
    if me is not None and rng.random() < 0.6:
        move = phone(view, rng, me)
        if move is not None:
            return move
    if c.get("can_start_guessing"):
        return {"type": "start_guessing"}
    if c.get("can_next") and (not c.get("next_needs_confirm") or waited_s > 25):
        return {"type": "next_board", "confirm": bool(c.get("next_needs_confirm"))}
    if c.get("rejectable") and rng.random() < 0.02:
        return {"type": "reject", "player": rng.choice(c["rejectable"])}
    return None
