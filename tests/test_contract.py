"""The contract every game keeps (the hub's REGISTRY and the examples: tests/games_under_test.py), checked by
random seeded playouts (OpenSpiel's random_sim_test in spirit): legal moves apply, views are JSON-safe, replay
is exact, games end, a refused move changes nothing. tests/test_leaks.py checks that views keep secrets."""

import json
import os
import subprocess
import sys
from pathlib import Path
from random import Random

import pytest

from peerparty.engine import HOST, SYSTEM, IllegalMove, Match
from peerparty.engine.playout import random_playout
from peerparty.games import part

from .games_under_test import GAMES

REPO = Path(__file__).resolve().parents[1]
SEEDS = range(12)
MAX_STEPS = 3000


def playout(game, seed):
    rng = Random(seed)
    count = rng.randint(game.min_players, min(game.max_players, 6))
    players = ["p%d" % i for i in range(1, count + 1)]
    match = random_playout(game, players, "seed-%d" % seed, rng, host_rate=0.15, max_steps=MAX_STEPS)
    assert match.result() is not None, "%s did not end in %d steps (seed %d)" % (game.id, MAX_STEPS, seed)
    return match


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_games_end_replay_exactly_and_views_are_json(game_id):
    game = GAMES[game_id]
    for seed in SEEDS:
        match = playout(game, seed)
        again = Match.from_record(GAMES, json.loads(json.dumps(match.to_record())))
        for viewer in [None] + match.players:
            view = match.view(viewer)
            assert json.loads(json.dumps(view)) == view
            assert again.view(viewer) == view
        assert again.result() == match.result()
        result = match.result()
        assert set(result) >= {"scores", "winners", "ranking"} or result.get("abandoned")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_decision_is_named_by_a_small_ref(game_id):
    """ref(state, player), when a game has one, is what a move carries on the wire: an int or a short string
    (room/protocol.py refuses anything else), the same for a replayed match."""
    game = GAMES[game_id]
    refs = []

    def seen(match, now):
        refs.extend(match.ref(p) for p in match.players)

    for seed in SEEDS[:3]:
        random_playout(game, ["p%d" % i for i in range(1, game.min_players + 1)], seed, Random(seed), seen=seen)
    if getattr(game, "ref", None) is None:
        assert set(refs) == {None}
        return
    for ref in refs:
        assert not isinstance(ref, bool) and (isinstance(ref, int) or (isinstance(ref, str) and len(ref) <= 64))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_declares_what_the_room_needs(game_id):
    game = GAMES[game_id]
    assert game.id == game_id and game.title
    assert 1 <= game.min_players <= game.max_players <= 12
    assert isinstance(game.host_is_player, bool) and isinstance(game.spectators, bool)
    assert all(isinstance(t, str) for t in game.host_moves)
    start = getattr(game, "start_move", None)
    assert start is None or start["type"] in game.host_moves  # the room plays it as the host


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_is_one_package_that_names_what_the_hub_reads(game_id):
    """docs/add-a-game.md's declarations: the hub and the shared suites find a game's parts only through them."""
    game = GAMES[game_id]
    screens = part(game, "screens")
    assert callable(screens.table) and callable(screens.phone) and screens.rules()
    assert game.stylesheet.endswith(".css") and (REPO / game.stylesheet).is_file()
    assert callable(game.moment) and game.moment({"type": "no such event"}, {}) is None
    secrets = part(game, "secrets")
    assert callable(secrets.fragments) and callable(secrets.perturbed) and secrets.PLAYOUTS > 0
    autoplay = part(game, "autoplay")
    assert callable(autoplay.phone) and callable(autoplay.host)
    assert game.tv_counts and all(game.min_players <= n <= game.max_players for n in game.tv_counts)
    assert game.max_players in game.tv_counts, "the TV must fit the game's most players"
    # importing the package (the rules) pulls in none of what it only names: the screens, the tests' modules
    package = type(game).__module__.rpartition(".")[0]
    named = [getattr(game, name) for name in ("screens", "secrets", "autoplay")]
    code = "import sys, %s; print([n for n in %r if n in sys.modules])" % (package, named)
    run = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO / "py"), str(REPO)])),
    )
    assert run.stdout.strip() == "[]", run.stdout + run.stderr


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_host_removal_during_play_is_the_rooms_move(game_id):
    """The room's Remove button, during play, plays {"type": "remove", "player": pid, "confirm": True} as the
    host when the game lists "remove" in host_moves (room/host.py), and refuses it otherwise: a game that lists
    it takes that exact move, from a running game, and the removed seat has nothing left to do."""
    game = GAMES[game_id]
    if "remove" not in game.host_moves:
        pytest.skip("%s has no removal during play: the room says so" % game_id)
    players = ["p%d" % i for i in range(1, min(max(3, game.min_players), game.max_players) + 1)]
    match = Match(game, players, "s", {"host": "p1"} if game.host_is_player else {})
    if getattr(game, "start_move", None):
        match.play(HOST, dict(game.start_move), 0)
    match.play(HOST, {"type": "remove", "player": players[-1], "confirm": True}, 0)
    assert game.legal_moves(match.state, players[-1]) == []


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_refused_move_changes_nothing(game_id):
    game = GAMES[game_id]
    players = ["p%d" % i for i in range(1, min(max(3, game.min_players), game.max_players) + 1)]
    match = Match(game, players, "s", {"host": "p1"} if game.host_is_player else {})
    before = json.dumps([match.view(v) for v in [None] + players], sort_keys=True)
    for who in players + [HOST, SYSTEM, "stranger"]:
        for move in [{}, {"type": 3}, {"type": "nope"}, {"type": "claim", "word": ["x"]}, {"type": "lock"}]:
            with pytest.raises(IllegalMove):
                match.play(who, move, 0)
    assert json.dumps([match.view(v) for v in [None] + players], sort_keys=True) == before
    assert match.log == []
