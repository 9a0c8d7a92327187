"""Seven Rounds: resolve one revealed round (rule steps 4-6) into scores, missions and a reveal record.

resolve_round(s) mutates a draft state and returns the reveal record: the public account of the round
that the table walks through and that each phone reads "what happened to me and why" from.
"""

from .rules import (
    BANK,
    TEAM_UP,
    SWIPE,
    PREDICT,
    DOUBLE_DOWN,
    GUESSES,
    SWIPEABLE,
    MISSION_BONUS,
    MISSIONS,
    SWIPE_OK,
    SWIPE_TARGET_SKIPPED,
    SWIPE_TARGET_IMMUNE,
    SWIPE_NO_POINTS,
    SWIPE_ALREADY_LOST,
    SOLO_BANKER,
    TRUST_BUILDER,
    CLEAN_SWIPE,
    SHARP_EYE,
    LONE_DOUBLER,
    BIG_TURN,
    NARROW_ESCAPE,
    STEADY_SAVER,
    TWO_GOOD_GUESSES,
    TRUSTED_PARTNER,
    COMEBACK,
    VERSATILE,
    captain_of,
)


def _step4(s, counts):
    """Score BANK, TEAM UP, PREDICT and DOUBLE DOWN at one moment. Returns per-player facts."""
    players, locks, scores = s["players"], s["locks"], s["scores"]
    top = max(counts[a] for a in GUESSES)  # D0-07: PREDICT choices are not counted
    facts = {}
    for p in players:
        lock = locks.get(p)
        action = lock["action"] if lock else None
        ap = 0  # D0-12: action points, the gross award of one's own action
        mutual = None
        correct = False
        if action == BANK:
            ap = 2 if counts[BANK] == 1 else 1
        elif action == TEAM_UP:
            partner = locks.get(lock["target"])
            if partner and partner["action"] == TEAM_UP and partner["target"] == p:
                ap = 3
                mutual = lock["target"]
        elif action == PREDICT:
            if top == 0:
                ap = 1  # D0-08/D0-09: everyone who locked chose PREDICT: +1, not a correct guess
            elif counts[lock["guess"]] == top:
                ap = 2
                correct = True
        elif action == DOUBLE_DOWN:
            if counts[DOUBLE_DOWN] == 1:
                ap = 3
            else:
                ap = -1 if scores[p] >= 1 else 0  # D0-10: never below a total of 0; AP -1, or 0 if floored
        facts[p] = {
            "action": action,
            "ap": ap,
            "step4": ap,
            "mutual": mutual,
            "correct": correct,
            "gained": 0,
            "lost": 0,
            "swiped_by": [],
            "swipe_ok": False,
        }
    for p in players:
        scores[p] += facts[p]["step4"]
    return facts


def _swipes(s, facts, captain):
    """Rule step 5: SWIPEs in seat order from the captain, clockwise (DX-01)."""
    players, locks, scores = s["players"], s["locks"], s["scores"]
    start = players.index(captain)
    record = []
    for i in range(len(players)):
        swiper = players[(start + i) % len(players)]
        if facts[swiper]["action"] != SWIPE:
            continue
        target = locks[swiper]["target"]
        victim = facts.get(target)  # None: the host removed the target this round (as if skipped)
        if victim is not None:
            victim["swiped_by"].append(swiper)
        if victim is None or victim["action"] is None:
            why = SWIPE_TARGET_SKIPPED
        elif victim["action"] not in SWIPEABLE:
            why = SWIPE_TARGET_IMMUNE
        elif scores[target] < 1:
            why = SWIPE_NO_POINTS  # D0-19: the running total, after step 4 and earlier swipes
        elif victim["lost"]:
            why = SWIPE_ALREADY_LOST
        else:
            why = SWIPE_OK
            scores[target] -= 1
            scores[swiper] += 1
            victim["lost"] = 1
            facts[swiper]["gained"] = 1
            facts[swiper]["ap"] += 1  # D0-12: a successful own SWIPE is 1 AP
            facts[swiper]["swipe_ok"] = True
        record.append(
            {
                "swiper": swiper,
                "target": target,
                "success": why == SWIPE_OK,
                "reason": why,
                "target_action": victim and victim["action"],
                "target_score": scores.get(target, 0),
            }
        )
    return record


def _mission_met(s, p, number, f, counts, round_no, start_scores):
    if number == SOLO_BANKER:
        return f["action"] == BANK and counts[BANK] == 1
    if number == TRUST_BUILDER:
        return f["mutual"] is not None
    if number == CLEAN_SWIPE:
        return f["swipe_ok"]
    if number == SHARP_EYE:
        return f["correct"]  # D0-09: the all-PREDICT +1 is not a correct PREDICT
    if number == LONE_DOUBLER:
        return f["action"] == DOUBLE_DOWN and counts[DOUBLE_DOWN] == 1
    if number == BIG_TURN:
        return f["ap"] >= 3  # D0-12: swipes suffered do not reduce AP
    if number == NARROW_ESCAPE:
        return len(f["swiped_by"]) > 0 and f["lost"] == 0  # D0-13: whatever their own action
    if number == STEADY_SAVER:
        return s["bank_rounds"][p] >= 3  # D0-18: every scored round counts
    if number == TWO_GOOD_GUESSES:
        return s["good_guesses"][p] >= 2
    if number == TRUSTED_PARTNER:
        return f["mutual"] is not None and s["partners"][p].count(f["mutual"]) >= 2
    if number == COMEBACK:
        # D0-14: at the lowest score at the start of the round, alone or shared
        return round_no >= 2 and start_scores[p] == min(start_scores.values()) and f["ap"] >= 2
    if number == VERSATILE:
        return len(s["earned_from"][p]) >= 3
    return False


def resolve_round(s):
    """Score the revealed round of draft `s` and return its public reveal record."""
    players, locks, scores = s["players"], s["locks"], s["scores"]
    round_no = s["round"]
    captain = captain_of(players, round_no, s.get("passed", ()))  # D0-22
    start_scores = dict(scores)
    counts = {BANK: 0, TEAM_UP: 0, SWIPE: 0, PREDICT: 0, DOUBLE_DOWN: 0}
    for lock in locks.values():
        counts[lock["action"]] += 1

    facts = _step4(s, counts)
    after_step4 = [{"player": p, "points": facts[p]["step4"], "score": scores[p]} for p in players]
    swipes = _swipes(s, facts, captain)

    # D0-18: progress missions count every scored round, this one included
    for p in players:
        f = facts[p]
        if f["action"] == BANK:
            s["bank_rounds"][p] += 1
        if f["correct"]:
            s["good_guesses"][p] += 1
        if f["mutual"] is not None:
            s["partners"][p] = s["partners"][p] + [f["mutual"]]
        if f["ap"] >= 1 and f["action"] not in s["earned_from"][p]:
            s["earned_from"][p] = s["earned_from"][p] + [f["action"]]

    completions = []
    for p in players:
        number = s["missions"][p]
        f = facts[p]
        f["bonus"] = 0
        if s["completed"][p] == 0 and _mission_met(s, p, number, f, counts, round_no, start_scores):
            s["completed"][p] = round_no
            scores[p] += MISSION_BONUS
            f["bonus"] = MISSION_BONUS
            # D0-11: a completion is announced by name
            completions.append(
                {
                    "player": p,
                    "number": number,
                    "name": MISSIONS[number][0],
                    "description": MISSIONS[number][1],
                    "bonus": MISSION_BONUS,
                }
            )

    choices = []
    breakdown = []
    for p in players:
        lock = locks.get(p)
        choice = {
            "player": p,
            "action": lock["action"] if lock else None,
            "target": lock["target"] if lock else None,
            "guess": lock["guess"] if lock else None,
        }
        choices.append(choice)
        f = facts[p]
        row = dict(choice)
        row.update(
            {
                "start": start_scores[p],
                "step4_points": f["step4"],
                "action_points": f["ap"],
                "swipe_gained": f["gained"],
                "swipe_lost": f["lost"],
                "mission_bonus": f["bonus"],
                "correct_predict": f["correct"],
                "mutual_with": f["mutual"],
                "total": scores[p],
            }
        )
        breakdown.append(row)
    return {
        "round": round_no,
        "captain": captain,
        "choices": choices,
        "skipped": [p for p in players if p not in locks],
        "counts": counts,
        "step4": after_step4,
        "swipes": swipes,
        "missions": completions,
        "breakdown": breakdown,
    }
