"""Leaks, over every game (the hub's REGISTRY and the examples: tests/games_under_test.py): thousands of
random seeded playouts, and after every step every seat's view and the table view are searched for the other
seats' secrets, computed from the state.

Two checks per (state, viewer), both from this module (e2e/test_leaks.py uses them on what phones received):
  fragments(game_id, state, viewer)  the secrets as they would read in canonical JSON (sorted keys, no
                                     spaces), each with how often it may legitimately appear (the viewer's own
                                     copy of an equal value); searched in the text
  perturbed(game_id, state, viewer)  the same state with the others' secrets changed: the viewer's view must
                                     not change, so the secret cannot be in it in any encoding

What a game's secrets are is the game's own: its package's secrets module (games/<id>/secrets.py, named by
GAME.secrets) has fragments(state, viewer), perturbed(game, state, viewer) and PLAYOUTS; a game without one fails
test_every_game_has_its_secrets_listed.
"""

import json
import os
from random import Random

import pytest

from peerparty.engine import HOST, SYSTEM, IllegalMove, Match
from peerparty.engine.leaks import canonical
from peerparty.engine.playout import random_playout
from peerparty.games import part

from .games_under_test import GAMES

# Playouts per game: its secrets module's PLAYOUTS (long games get fewer: every view is checked at every step),
# times PEERPARTY_LEAK_SCALE (8 gives thousands of every game: docs/reliability.md, "secrets in views").
SCALE = float(os.environ.get("PEERPARTY_LEAK_SCALE", "1"))
FULL_EVERY = 10  # every 10th playout also checks the perturbations at every step
MAX_STEPS = 3000


def hint_marker(p):
    """The hint a playout's player p writes in Hint Hunt: unique, so a search for it means something."""
    return "Qx%sHint" % p


# --- secrets: each game's own (games/<id>/secrets.py, named by GAME.secrets) ----------------------------------


def secrets(game_id):
    return part(GAMES[game_id], "secrets")


def playouts(game_id):
    return int(secrets(game_id).PLAYOUTS * SCALE)


def fragments(game_id, s, viewer):
    """[(what, fragment, allowed count)]: a fragment of canonical JSON the viewer's text may hold at most
    `allowed` times (its own equal copy)."""
    return secrets(game_id).fragments(s, viewer)


def perturbed(game_id, s, viewer):
    """States that differ from s only in what the viewer may not see."""
    return secrets(game_id).perturbed(GAMES[game_id], s, viewer)


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
            assert canonical(game.view(t, viewer)) == text, (
                "viewer %r: the view changed when only others' secrets changed (phase %s)" % (viewer, s.get("phase"))
            )


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
            continue  # a rewritten hint the game refuses: pick again
        steps += 1
    raise AssertionError("%s seed %d did not end" % (game_id, seed))


CHUNKS = 4


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_view_holds_another_seats_secret_over_random_playouts(game_id, chunk):
    steps = 0
    for seed in range(chunk, playouts(game_id), CHUNKS):
        steps += playout(game_id, seed, deep=seed % FULL_EVERY == 0)
    assert steps > playouts(game_id) // CHUNKS
    print(
        "%s chunk %d: %d playouts, %d steps, every view checked at each"
        % (game_id, chunk, len(range(chunk, playouts(game_id), CHUNKS)), steps)
    )


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_its_secrets_listed(game_id):
    """Every game names its secrets, and a game's own playout reaches a state that has some to keep."""
    game = GAMES[game_id]
    players = ["p%d" % i for i in range(1, min(game.min_players + 1, game.max_players) + 1)]
    found = []
    random_playout(
        game, players, "s", Random(0), seen=lambda match, now: found.extend(fragments(game_id, match.state, players[0]))
    )
    assert found, game_id


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_search_finds_a_planted_secret(game_id):
    """The checks are not vacuous: at every step of a game where a seat has secrets kept from it, a view that
    carried the whole state (every hand, deck, lock and board) fails the fragment search or the perturbation."""
    game = GAMES[game_id]
    players = ["p%d" % i for i in range(1, min(game.min_players + 1, game.max_players) + 1)]
    viewer = players[0]
    caught = []

    def leaky_view(s):  # as canonical JSON reads it (a set as a list)
        return json.dumps(dict(game.view(s, viewer), leak=s), sort_keys=True, separators=(",", ":"), default=sorted)

    def plant(match, now):
        s = match.state
        if not any(allowed == 0 for _, _, allowed in fragments(game_id, s, viewer)):
            return
        text = leaky_view(s)
        found = count_problems(game_id, s, viewer, text) or [
            t for t in perturbed(game_id, s, viewer) if leaky_view(t) != text
        ]
        assert found, "a view carrying the whole state passed both checks"
        caught.append(s)

    random_playout(game, players, "plant", Random(0), seen=plant)
    assert caught
