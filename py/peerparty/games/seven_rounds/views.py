"""Seven Rounds: what each viewer may see, built from an allow-list (DX-07).

Before FINAL nobody sees another player's Secret Mission unless it was completed (D0-11 announces
completions by name), and before the reveal nobody, the table included, sees anyone's choice.
"""

from ...engine.core import HOST, can, shared_winners
from .rules import ROUNDS, ACTIONS, GUESSES, CHOOSING, RESULTS, FINAL, MISSIONS, captain_of, mission_card


def _public(game, s):
    players, scores, phase = s["players"], s["scores"], s["phase"]
    out = {
        "phase": phase,
        "round": s["round"],
        "rounds": ROUNDS,
        "scored_rounds": s["scored_rounds"],
        "players": list(players),
        "captain": captain_of(players, s["round"], s.get("passed", ())),  # D0-22
        "scores": dict(scores),
        "standings": [
            {"player": p, "score": scores[p]} for p in sorted(players, key=lambda q: -scores[q])
        ],  # stable: seat order on ties
        "completed_missions": [
            {"player": p, "round": s["completed"][p], "number": s["missions"][p], "name": MISSIONS[s["missions"][p]][0]}
            for p in players
            if s["completed"][p]
        ],  # D0-11: public once completed
    }
    if phase == CHOOSING:
        out["deadline_ms"] = s["deadline_ms"]
        out["expired"] = s["expired"]
        # who has locked, never what (DX-07)
        out["locked"] = [p for p in players if p in s["locks"]]
        out["waiting"] = [p for p in players if p not in s["locks"]]
        out["grace_ms"] = s.get("grace_ms")  # D0-22: when the round stops waiting for the away seats
    if phase == RESULTS:
        out["next_captain"] = captain_of(players, s["round"] + 1, s.get("away", ()))  # D0-22: as things stand
    if phase in (RESULTS, FINAL) and s["last"] is not None:
        out["reveal"] = s["last"]
    if phase == FINAL:
        out["final"] = {
            "winners": shared_winners(scores),  # D0-20
            "ended_early": s["ended_early"],
            "after_round": s["scored_rounds"],
            "note": "ended early after round %d" % s["scored_rounds"] if s["ended_early"] else "",
            # D0-11: every mission is revealed at the end
            "missions": [dict(mission_card(s["missions"][p], s["completed"][p]), player=p) for p in players],
        }
    return out


def _table(game, s):
    out = _public(game, s)
    controls = {
        "next_round": can(game, s, HOST, {"type": "next_round"}),
        "add_time": can(game, s, HOST, {"type": "add_time"}),
        "reveal": can(game, s, HOST, {"type": "reveal"}),
        "reveal_skip": False,
        "end_game": can(game, s, HOST, {"type": "end_game"}),
    }
    if not controls["reveal"]:
        controls["reveal_skip"] = can(game, s, HOST, {"type": "reveal", "skip_ok": True})
    out["host"] = controls
    out["act"] = False
    return out


def _mine(s, p):
    """What happened to me in the last revealed round, and why."""
    last = s["last"]
    row = None
    for r in last["breakdown"]:
        if r["player"] == p:
            row = dict(r)
    row["round"] = last["round"]
    row["swipes_by_me"] = [w for w in last["swipes"] if w["swiper"] == p]
    row["swipes_on_me"] = [w for w in last["swipes"] if w["target"] == p]
    row["skipped"] = p in last["skipped"]
    return row


def _player(game, s, p):
    out = _public(game, s)
    out["me"] = p
    out["mission"] = mission_card(s["missions"][p], s["completed"][p])
    out["total"] = s["scores"][p]
    lock = s["locks"].get(p) if s["phase"] == CHOOSING else None
    out["is_locked"] = lock is not None
    out["choice"] = dict(lock) if lock else None
    act = game.lock_refusal(s, p) is None  # the same gate check() uses for every lock
    out["act"] = act
    if act:
        # every action is open once the gate is; targets are the other players only (D0-03)
        out["actions"] = list(ACTIONS)
        out["targets"] = [q for q in s["players"] if q != p]
        out["guesses"] = list(GUESSES)
    if s["phase"] in (RESULTS, FINAL) and s["last"] is not None:
        out["mine"] = _mine(s, p)
    return out


def view(game, s, viewer):
    if isinstance(viewer, str) and viewer in s["players"]:
        return _player(game, s, viewer)
    return _table(game, s)
