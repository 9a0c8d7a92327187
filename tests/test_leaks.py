"""Leaks, over every game (the hub's REGISTRY and the examples: tests/games_under_test.py): thousands of
random seeded playouts, and after every step every seat's view and the table view are searched for the other seats' secrets, computed from the state.

Two checks per (state, viewer), both from this module (e2e/test_leaks.py uses them on what phones received):
  fragments(game_id, state, viewer)  the secrets as they would read in canonical JSON (sorted keys, no
                                     spaces), each with how often it may legitimately appear (the viewer's own
                                     copy of an equal value); searched in the text
  perturbed(game_id, state, viewer)  the same state with the others' secrets changed: the viewer's view must
                                     not change, so the secret cannot be in it in any encoding

Secrets: Seven Rounds: others' missions before they complete or the game ends, others' locked choices before
the reveal. Bank or Bust: the deck order. Someone Else's Problem: others' hands, the draw pile order. Hint Hunt:
others' boards (words, hint) before they are played, the current board's unclaimed roles until it ends for
everyone but its writer. Rock, Paper, Scissors: the other player's throw before the round is settled. A new
game lists its secrets in SECRETS below (test_every_game_has_its_secrets_listed fails until it does).
"""
import copy
import json
import os
from random import Random

import pytest

from peerparty.engine import HOST, SYSTEM, IllegalMove, Match
from peerparty.engine.playout import random_playout

from .games_under_test import GAMES

# Playouts per game. Bank or Bust and Hint Hunt games run 100-300 steps with every view checked at each: they
# cost ~0.3 s a playout here, so the default run keeps them lower; PEERPARTY_LEAK_SCALE=8 gives thousands of
# every game (docs/reliability.md has the figures of such a run). A game not named here gets DEFAULT_PLAYOUTS.
SCALE = float(os.environ.get("PEERPARTY_LEAK_SCALE", "1"))
PLAYOUTS = dict((g, int(n * SCALE)) for g, n in {"seven_rounds": 600, "someone_elses_problem": 600,
                                                   "bank_or_bust": 150, "hint_hunt": 150}.items())
DEFAULT_PLAYOUTS = int(600 * SCALE)
FULL_EVERY = 10          # every 10th playout also checks the perturbations at every step
MAX_STEPS = 3000


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def quoted(text):
    if text.isalnum() and text.isascii():
        return '"' + text + '"'       # board words, names: their JSON form, without the encoder's cost
    return json.dumps(text)


def hint_marker(p):
    """The hint a playout's player p writes in Hint Hunt: unique, so a search for it means something."""
    return "Qx%sHint" % p


# --- secrets, per game ------------------------------------------------------------------------------------

def _seven_rounds(s, viewer):
    from peerparty.games.seven_rounds.rules import MISSIONS
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


def _bank_or_bust(s, viewer):
    deck = s["deck"]
    out = [("the deck", '"deck":', 0)]
    if len(deck) >= 5:
        out.append(("the deck order (next 5)", canonical(deck[:5])[1:-1], 0))
    return out


def _someone_elses_problem(s, viewer):
    out = [("every hand", '"hands":', 0), ("the draw pile", '"draw":', 0)]
    for p in s["players"]:
        if p != viewer and s["hands"][p]:
            out.append(("hand of %s" % p, '"%s":%s' % (p, canonical(s["hands"][p])), 0))
            out.append(("hand of %s" % p, '"%s":%s' % (p, canonical(sorted(s["hands"][p]))), 0))
    return out


def _hint_hunt(s, viewer, hints_unquoted=False):
    out = []
    own = viewer if isinstance(viewer, str) and viewer in s["boards"] and viewer not in s["removed"] else None
    if s["phase"] == "hint_writing":
        started = set()
    elif s["phase"] == "guessing":
        started = set(s["order"][:s["turn"] + 1])
    else:
        return out
    for q, board in s["boards"].items():
        if q == own or q in started:
            continue
        for w in board["words"]:
            out.append(("board of %s" % q, quoted(w), 0))
        if board["hint"]:
            out.append(("hint of %s" % q, board["hint"] if hints_unquoted else quoted(board["hint"]), 0))
    if s["phase"] == "guessing" and not s["ended"]:
        writer = s["order"][s["turn"]]
        board = s["boards"][writer]
        if own != writer:
            from peerparty.games.hint_hunt import boards as B
            for w in board["words"]:
                if w not in s["claimed"]:
                    out.append(("unclaimed role on %s's board" % writer,
                                '%s:%s' % (quoted(w), quoted(B.role_of(board, w))), 0))
            # the board before this one has ended: its roles are everyone's (D3-08), once
            out.append(("the roles of the current board", '"roles":', 0 if s["last_board"] is None else 1))
            out.append(("the assassin", '"assassin":', 0))
            out.append(("the locked words", '"civilians":', 0))
    return out


def _rock_paper_scissors(s, viewer):
    # a throw as the state keys it; the settled rounds, public, may hold the same pair
    return [("the throw of %s" % p, canonical({p: hand})[1:-1], sum(1 for r in s["rounds"] if r["throws"][p] == hand))
            for p, hand in s["throws"].items() if p != viewer]


def fragments(game_id, s, viewer, hints_unquoted=False):
    """[(what, fragment, allowed count)]: a fragment of canonical JSON the viewer's text may hold at most
    `allowed` times (its own equal copy)."""
    if game_id == "hint_hunt":
        return _hint_hunt(s, viewer, hints_unquoted)
    if game_id not in SECRETS:
        raise AssertionError("no secrets known for %s: add them to SECRETS" % game_id)
    return SECRETS[game_id][0](s, viewer)


def _seven_rounds_perturbed(game, s, viewer):
    out = []
    if s["phase"] == "choosing" and any(p != viewer for p in s["locks"]):
        t = game.copy_state(s)
        for p in list(t["locks"]):
            if p != viewer:
                old = t["locks"][p]
                t["locks"][p] = ({"action": "bank", "target": None, "guess": None} if old["action"] != "bank"
                                 else {"action": "predict", "target": None, "guess": "swipe"})
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


def _bank_or_bust_perturbed(game, s, viewer):
    if len(set(map(str, s["deck"]))) < 2:
        return []
    t = game.copy_state(s)
    t["deck"] = list(reversed(s["deck"]))
    if t["deck"] == s["deck"]:
        t["deck"] = t["deck"][1:] + t["deck"][:1]
    return [t]


def _someone_elses_problem_perturbed(game, s, viewer):
    t = game.copy_state(s)
    for p in t["players"]:
        if p != viewer:
            t["hands"][p] = ["SECRET-%s-%d" % (p, i) for i in range(len(t["hands"][p]))]
    t["draw"] = ["SECRET-draw-%d" % i for i in range(len(t["draw"]))]
    return [t]


def _hint_hunt_perturbed(game, s, viewer):
    if s["phase"] != "guessing" or s["ended"]:
        return []
    writer = s["order"][s["turn"]]
    own = viewer if viewer in s["boards"] and viewer not in s["removed"] else None
    board = s["boards"][writer]
    unclaimed = [w for w in board["words"] if w not in s["claimed"]]
    if own == writer or len(unclaimed) < 2:
        return []
    # the unclaimed words' roles, rotated: same counts, other words
    from peerparty.games.hint_hunt import boards as B
    roles = [B.role_of(board, w) for w in unclaimed]
    moved = dict(zip(unclaimed, roles[1:] + roles[:1]))
    if moved == dict(zip(unclaimed, roles)):
        return []

    def role(w):
        return moved.get(w) or B.role_of(board, w)
    t = game.copy_state(s)
    t["boards"][writer] = dict(
        board, targets=[w for w in board["words"] if role(w) == "target"],
        civilians=[w for w in board["civilians"] if role(w) == "civilian"],
        assassin=[w for w in board["words"] if role(w) == "assassin"][0])
    return [t]


def _rock_paper_scissors_perturbed(game, s, viewer):
    others = [p for p in s["throws"] if p != viewer]
    if not others:
        return []
    t = copy.deepcopy(s)
    for p in others:                       # another hand: rock -> paper -> scissors -> rock
        t["throws"][p] = {"rock": "paper", "paper": "scissors", "scissors": "rock"}[s["throws"][p]]
    return [t]


# per game: (the secrets as fragments of canonical JSON, states that differ only in those secrets)
SECRETS = {
    "seven_rounds": (_seven_rounds, _seven_rounds_perturbed),
    "bank_or_bust": (_bank_or_bust, _bank_or_bust_perturbed),
    "someone_elses_problem": (_someone_elses_problem, _someone_elses_problem_perturbed),
    "hint_hunt": (_hint_hunt, _hint_hunt_perturbed),
    "rock_paper_scissors": (_rock_paper_scissors, _rock_paper_scissors_perturbed),
}


def perturbed(game_id, s, viewer):
    """States that differ from s only in what the viewer may not see."""
    return SECRETS[game_id][1](GAMES[game_id], s, viewer)


def count_problems(game_id, s, viewer, text):
    problems = []
    for what, fragment, allowed in fragments(game_id, s, viewer):
        n = text.count(fragment)
        if n > allowed:
            problems.append("%s: %s found %d time(s) (allowed %d)" % (what, fragment, n, allowed))
    return problems


def check_view(game_id, s, viewer, deep):
    game = GAMES[game_id]
    view = game.view(s, viewer)
    text = canonical(view)
    problems = count_problems(game_id, s, viewer, text)
    assert not problems, "viewer %r, phase %s:\n%s" % (viewer, s.get("phase"), "\n".join(problems))
    if deep:
        for t in perturbed(game_id, s, viewer):
            assert canonical(game.view(t, viewer)) == text, \
                "viewer %r: the view changed when only others' secrets changed (phase %s)" % (viewer, s.get("phase"))


# --- random playouts ------------------------------------------------------------------------------------

def _pick(game, match, players, rng):
    s = match.state
    actors = [(p, m) for p in players for m in game.legal_moves(s, p)]
    host_moves = [m for m in game.legal_moves(s, HOST) if m.get("type") != "end_game" or rng.random() < 0.02]
    calm = [m for m in host_moves if m.get("type") not in ("remove", "reject", "set_host")]
    if rng.random() < 0.01:
        calm = host_moves
    if not actors or rng.random() < 0.15:
        actors = actors + [(HOST, m) for m in calm]
    if not actors:
        return None
    p, m = rng.choice(actors)
    if m.get("type") == "submit" and "hint" in m:
        m = dict(m, hint=hint_marker(p))
    return p, m


def playout(game_id, seed, deep):
    game = GAMES[game_id]
    rng = Random("leaks:%s:%d" % (game_id, seed))
    count = rng.randint(game.min_players, min(game.max_players, 12 if seed % 5 == 0 else 6))
    players = ["p%d" % i for i in range(1, count + 1)]
    options = {"host": players[0] if seed % 3 else None} if game.host_is_player else {}
    match = Match(game, players, "seed-%d" % seed, options)
    viewers = [None] + players + (["watcher"] if game.spectators else [])
    now = 0
    if getattr(game, "start_move", None):
        match.play(HOST, dict(game.start_move), now)
    steps = 0
    for _ in range(MAX_STEPS):
        for viewer in viewers:
            check_view(game_id, match.state, viewer, deep)
        if match.result() is not None:
            return steps
        now += rng.randint(0, 4000)
        deadline = match.deadline()
        if deadline is not None and now >= deadline and rng.random() < 0.5:
            try:
                match.play(SYSTEM, {"type": "timeout"}, now)
                steps += 1
                continue
            except IllegalMove:
                pass
        picked = _pick(game, match, players, rng)
        if picked is None:
            now += 60000
            continue
        try:
            match.play(picked[0], picked[1], now)
        except IllegalMove:
            continue          # a rewritten hint the game refuses: pick again
        steps += 1
    raise AssertionError("%s seed %d did not end" % (game_id, seed))


CHUNKS = 4


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_view_holds_another_seats_secret_over_random_playouts(game_id, chunk):
    steps = 0
    for seed in range(chunk, PLAYOUTS.get(game_id, DEFAULT_PLAYOUTS), CHUNKS):
        steps += playout(game_id, seed, deep=seed % FULL_EVERY == 0)
    assert steps > PLAYOUTS.get(game_id, DEFAULT_PLAYOUTS) // CHUNKS
    print("%s chunk %d: %d playouts, %d steps, every view checked at each" % (
        game_id, chunk, len(range(chunk, PLAYOUTS.get(game_id, DEFAULT_PLAYOUTS), CHUNKS)), steps))


def test_every_game_has_its_secrets_listed():
    """Every game names its secrets, and a game's own playout reaches a state that has some to keep."""
    for game_id in GAMES:
        game = GAMES[game_id]
        players = ["p%d" % i for i in range(1, min(game.min_players + 1, game.max_players) + 1)]
        found = []
        random_playout(game, players, "s", Random(0),
                       seen=lambda match, now: found.extend(fragments(game_id, match.state, players[0])))
        assert found, game_id


def test_the_search_finds_a_planted_secret():
    """The check is not vacuous: a view that carried another seat's mission, hand or the deck fails."""
    sr = Match(GAMES["seven_rounds"], ["a", "b", "c"], "s")
    view = GAMES["seven_rounds"].view(sr.state, "a")
    from peerparty.games.seven_rounds.rules import mission_card
    view["leak"] = mission_card(sr.state["missions"]["b"])
    assert count_problems("seven_rounds", sr.state, "a", canonical(view))
    bob = Match(GAMES["bank_or_bust"], ["a", "b"], "s")
    assert count_problems("bank_or_bust", bob.state, "a", canonical({"x": bob.state["deck"][:9]}))
    sep = Match(GAMES["someone_elses_problem"], ["a", "b", "c"], "s")
    assert count_problems("someone_elses_problem", sep.state, "a", canonical({"hands": sep.state["hands"]}))
    hh = Match(GAMES["hint_hunt"], ["a", "b"], "s", {"host": "a"})
    assert count_problems("hint_hunt", hh.state, "a", canonical(GAMES["hint_hunt"].view(hh.state, "b")))
    rps = Match(GAMES["rock_paper_scissors"], ["a", "b"], "s")
    rps.play(HOST, {"type": "start"})
    rps.play("b", {"type": "throw", "hand": "scissors"})
    assert count_problems("rock_paper_scissors", rps.state, "a", canonical({"x": rps.state["throws"]}))
