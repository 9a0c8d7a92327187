"""The engine benchmark, one file for both runtimes: CPython (bench/engine.py imports it) and Pyodide
(bench/pages/engine.html maps it beside the rules worker's zip (static/build/rules.zip)). Keep it to what both run: no third-party imports.

For each game in REGISTRY: a table of 12 players (the game's max where it caps lower) is played out at random
from a fixed seed; a mid-game state where a player has a legal move is kept; then, timed per iteration:
    step   one move (check + copy + apply) and every view (the table's and each player's)
    json   the same plus json.dumps of every view (what the host sends)
Returns {game_id: {"players", "step_ms": [...], "json_ms": [...], "view_bytes": total bytes of all views}}.
"""

import json
import time
from random import Random

from peerparty.engine.playout import random_playout
from peerparty.engine.core import Ctx, step
from peerparty.games import REGISTRY

TABLE = 12


def _table(game, seed):
    """(players, [(state, now_ms)]) along one seeded random playout of `game`."""
    count = min(TABLE, game.max_players)
    players = ["p%d" % i for i in range(1, count + 1)]
    trail = []
    random_playout(game, players, seed, Random(seed), seen=lambda match, now: trail.append((match.state, now)))
    return players, trail


def pick(game, seed="bench"):
    """(players, state, player, move, now_ms): a mid-game position and one legal player move in it."""
    players, trail = _table(game, seed)
    for state, now in trail[len(trail) // 3 :] + trail:
        for p in players:
            moves = game.legal_moves(state, p)
            if moves:
                return players, state, p, moves[0], now
    raise RuntimeError("%s: no player move found" % game.id)


def one(game, players, state, player, move, now, encode):
    s2, _ = step(game, state, player, move, Ctx(Random("bench:1"), now))
    views = [game.view(s2, None)] + [game.view(s2, p) for p in players]
    if encode:
        return [json.dumps(v, separators=(",", ":")) for v in views]
    return views


def run(reps=200, warmup=20):
    clock = time.perf_counter
    out = {}
    for game_id in sorted(REGISTRY):
        game = REGISTRY[game_id]
        players, state, player, move, now = pick(game)
        texts = one(game, players, state, player, move, now, True)
        row = {
            "players": len(players),
            "move": move,
            "views": len(texts),
            "view_bytes": sum(len(t.encode("utf-8")) for t in texts),
            "largest_view_bytes": max(len(t.encode("utf-8")) for t in texts),
        }
        for key, encode in (("step_ms", False), ("json_ms", True)):
            for _ in range(warmup):
                one(game, players, state, player, move, now, encode)
            times = []
            for _ in range(reps):
                t0 = clock()
                one(game, players, state, player, move, now, encode)
                times.append((clock() - t0) * 1000.0)
            row[key] = times
        out[game_id] = row
    return out
