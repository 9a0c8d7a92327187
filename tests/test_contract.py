"""The contract every game in REGISTRY keeps, checked by random seeded playouts (OpenSpiel's
random_sim_test in spirit): legal moves apply, views are JSON-safe, replay is exact, games end."""
import json
from random import Random

import pytest

from peerparty.engine import HOST, SYSTEM, IllegalMove, Match
from peerparty.engine.playout import random_playout
from peerparty.games import REGISTRY

SEEDS = range(12)
MAX_STEPS = 3000


def playout(game, seed):
    rng = Random(seed)
    count = rng.randint(game.min_players, min(game.max_players, 6))
    players = ["p%d" % i for i in range(1, count + 1)]
    match = random_playout(game, players, "seed-%d" % seed, rng, host_rate=0.15, max_steps=MAX_STEPS)
    assert match.result() is not None, "%s did not end in %d steps (seed %d)" % (game.id, MAX_STEPS, seed)
    return match


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_random_games_end_replay_exactly_and_views_are_json(game_id):
    game = REGISTRY[game_id]
    for seed in SEEDS:
        match = playout(game, seed)
        again = Match.from_record(REGISTRY, json.loads(json.dumps(match.to_record())))
        for viewer in [None] + match.players:
            view = match.view(viewer)
            assert json.loads(json.dumps(view)) == view
            assert again.view(viewer) == view
        assert again.result() == match.result()
        result = match.result()
        assert set(result) >= {"scores", "winners", "ranking"} or result.get("abandoned")


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_every_game_declares_what_the_room_needs(game_id):
    game = REGISTRY[game_id]
    assert game.id == game_id and game.title
    assert 1 <= game.min_players <= game.max_players <= 12
    assert isinstance(game.host_is_player, bool) and isinstance(game.spectators, bool)
    assert all(isinstance(t, str) for t in game.host_moves)


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_refused_move_changes_nothing(game_id):
    game = REGISTRY[game_id]
    players = ["p1", "p2", "p3"]
    match = Match(game, players, "s", {"host": "p1"} if game.host_is_player else {})
    before = json.dumps([match.view(v) for v in [None] + players], sort_keys=True)
    for who in players + [HOST, SYSTEM, "stranger"]:
        for move in [{}, {"type": 3}, {"type": "nope"}, {"type": "claim", "word": ["x"]}, {"type": "lock"}]:
            with pytest.raises(IllegalMove):
                match.play(who, move, 0)
    assert json.dumps([match.view(v) for v in [None] + players], sort_keys=True) == before
    assert match.log == []
