"""What each viewer may see of a Someone Else's Problem table: an allow-list per viewer (D4-12, DX-07)."""

from ...engine.core import can
from .cards import ACTION_TYPES, LOG_SHOWN, OBJECT_TYPES, pairs_in, scandalous_count

RESPOND = "respond"


def build_view(game, s, viewer):
    players = s["players"]
    objects = {}
    for q in players:
        mine = s["objects"][q]
        objects[q] = {k: mine[k] for k in OBJECT_TYPES if k in mine}
    gift = s["pending"]
    v = {
        "phase": s["phase"],
        "players": list(players),
        "objects": objects,
        "scandalous": {q: scandalous_count(s["objects"][q]) for q in players},
        "hand_sizes": {q: len(s["hands"][q]) for q in players},
        "draw_count": len(s["draw"]),  # D4-12: the order stays secret
        "discard": list(s["discard"]),  # D4-12: face up
        "current": players[s["current"]],
        "awaiting": game.awaiting(s),
        "pending": None
        if gift is None
        else {
            "by": gift["by"],
            "to": gift["to"],
            "object": gift["object"],
            "count": gift["count"],
            "cards": list(gift["cards"]),
        },
        "log": s["log"][-LOG_SHOWN:],
        "winners": list(s["winners"]),
        "end": s["end"],
        "turn_no": s["turn_no"],
        "away": list(s.get("away", ())),  # D4-21: who the room says is away
        "grace_ms": s.get("grace_ms"),  # D4-21: when the wait for an away player ends
        "me": None,
    }
    if viewer is None or viewer not in players:
        return v
    hand = s["hands"][viewer]
    v["me"] = viewer
    v["hand"] = [k for k in ACTION_TYPES for _ in range(hand.count(k))]  # D4-12: own hand only
    v["act"] = game.awaiting(s) == viewer
    v["can"] = _buttons(game, s, viewer) if v["act"] else {}
    return v


def _buttons(game, s, p):
    """Which kinds of move the buttons may offer, each decided by check() on a sample move."""
    others = [q for q in s["players"] if q != p]
    if s["phase"] == RESPOND:
        sender = s["pending"]["by"]
        thirds = [q for q in others if q != sender]
        return {
            "accept": can(game, s, p, {"type": "respond", "answer": "accept"}),
            "deny": can(game, s, p, {"type": "respond", "answer": "deny"}),
            "redirect": bool(thirds) and can(game, s, p, {"type": "respond", "answer": "redirect", "to": thirds[0]}),
            "redirect_to": thirds,
        }
    mine = [k for k in OBJECT_TYPES if s["objects"][p].get(k)]
    pairs = pairs_in(s["hands"][p])
    some = mine[0] if mine else ""
    exchange = False
    for q in others:
        theirs = [k for k in OBJECT_TYPES if s["objects"][q].get(k)]
        if theirs:
            exchange = can(game, s, p, {"type": "exchange", "give": some, "take": theirs[0], "from": q})
            break
    gift2 = bool(pairs) and can(game, s, p, {"type": "gift2", "object": some, "to": others[0], "cards": pairs[0]})
    return {
        "gift": can(game, s, p, {"type": "gift", "object": some, "to": others[0]}),
        "gift2": gift2,
        "gift2_pairs": pairs if gift2 else [],
        "exchange": exchange,
        "pass": can(game, s, p, {"type": "pass"}),
        "targets": others,
    }
