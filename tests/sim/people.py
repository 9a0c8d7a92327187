"""What people do: a player taps what their own phone's view offers; the host presses what the host screen
offers. Nobody reads the host's state: a choice is made from the same view the person's screen draws from, so
a choice can be stale, as a real tap can (the view changed on the way).

Every game in the REGISTRY needs a chooser here; test_sim checks that.
"""


def _seven_rounds(view, rng):
    if not view.get("act"):
        return None
    action = rng.choice(view["actions"])
    move = {"type": "lock", "action": action}
    if action in ("team_up", "swipe"):
        move["target"] = rng.choice(view["targets"])
    if action == "predict":
        move["guess"] = rng.choice(view["guesses"])
    return move


def _bank_or_bust(view, rng):
    moves = view.get("moves") or []
    return dict(rng.choice(moves)) if view.get("act") and moves else None


def _hint_hunt(view, rng, me=None):
    board = view.get("board") or {}
    if view.get("phase") == "hint_writing" and board:
        if view.get("can_submit"):
            choosable = board["choosable"]
            targets = rng.sample(choosable, rng.randint(1, min(3, len(choosable))))
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


def _someone_elses_problem(view, rng):
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
        options.append({"type": "gift2", "object": rng.choice(mine), "to": rng.choice(targets),
                        "cards": list(rng.choice(can["gift2_pairs"]))})
    if can.get("exchange") and mine:
        others = [q for q in targets if any(view["objects"][q].values())]
        if others:
            q = rng.choice(others)
            theirs = [k for k, n in sorted(view["objects"][q].items()) if n]
            options.append({"type": "exchange", "give": rng.choice(mine), "take": rng.choice(theirs), "from": q})
    if can.get("pass"):
        options.append({"type": "pass"})
    return rng.choice(options) if options else None


PHONE_CHOOSERS = {"seven_rounds": _seven_rounds, "bank_or_bust": _bank_or_bust, "hint_hunt": _hint_hunt,
                  "someone_elses_problem": _someone_elses_problem}


def phone_choice(game_id, view, rng):
    """A move a player would tap on this view (the phone's own), or None when the screen offers nothing."""
    if view is None or game_id not in PHONE_CHOOSERS:
        return None
    return PHONE_CHOOSERS[game_id](view, rng)


# --- the host screen --------------------------------------------------------------------------------

def host_game_choice(game_id, view, me, rng, waited_s):
    """A game control (or, in Hint Hunt, the host's own seat's move) the host would press now, as a host
    action; waited_s is how long the current screen has stood still (a host confirms Next after a while)."""
    if view is None:
        return None
    if game_id == "seven_rounds":
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
    if game_id == "hint_hunt":
        c = view.get("controls") or {}
        if me is not None and rng.random() < 0.6:
            move = _hint_hunt(view, rng, me)
            if move is not None:
                return move
        if c.get("can_start_guessing"):
            return {"type": "start_guessing"}
        if c.get("can_next") and (not c.get("next_needs_confirm") or waited_s > 25):
            return {"type": "next_board", "confirm": bool(c.get("next_needs_confirm"))}
        if c.get("rejectable") and rng.random() < 0.02:
            return {"type": "reject", "player": rng.choice(c["rejectable"])}
        return None
    if game_id in ("bank_or_bust", "someone_elses_problem"):
        if rng.random() < 0.001 or waited_s > 600:
            return {"type": "end_game"}
    return None
