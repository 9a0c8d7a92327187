"""A Match is (seed, players, options, log): the state is always what replaying the log gives.

Each step gets its own Random(f"{seed}:{n}"), so replay is exact on any Python, and the host can
persist a match as a small JSON record and rebuild it after a reload or on a successor's tab.
"""
from random import Random

from .core import Ctx, step


class Match:
    def __init__(self, game, players, seed, options=None):
        self.game = game
        self.players = list(players)
        self.seed = str(seed)
        self.options = dict(options or {})
        self.log = []   # [player, move, now_ms] per accepted step
        self.state = game.setup(self.players, Random(self.seed + ":setup"), self.options)

    def play(self, player, move, now_ms=0):
        """Apply one move; raises IllegalMove (and changes nothing) when it is refused."""
        ctx = Ctx(Random("%s:%d" % (self.seed, len(self.log))), now_ms)
        state, events = step(self.game, self.state, player, move, ctx)
        self.state = state
        self.log.append([player, move, now_ms])
        return events

    def view(self, viewer):
        return self.game.view(self.state, viewer)

    def sent_view(self, viewer):
        """view() as the room sends it: with "ref", the decision a move made from it answers."""
        view = self.game.view(self.state, viewer)
        ref = self.ref(viewer)
        if ref is not None:
            view["ref"] = ref
        return view

    def ref(self, player):
        """The decision `player` is answering now (game.ref: a round, a board, a turn...), or None for a
        game without one. A move carries the ref of the view it was made from; the room refuses it as
        stale when the game has moved on, so a late tap never lands on a decision its player never saw."""
        ref = getattr(self.game, "ref", None)
        return ref(self.state, player) if ref else None

    def result(self):
        return self.game.result(self.state)

    def deadline(self):
        deadline = getattr(self.game, "deadline", None)
        return deadline(self.state) if deadline else None

    def to_record(self):
        return {"game": self.game.id, "players": list(self.players), "seed": self.seed,
                "options": self.options, "log": [list(entry) for entry in self.log]}

    @classmethod
    def from_record(cls, games, record):
        """Rebuild a match by replaying its log; `games` maps id -> game (the REGISTRY)."""
        match = cls(games[record["game"]], record["players"], record["seed"], record["options"])
        for player, move, now_ms in record["log"]:
            match.play(player, move, now_ms)
        return match
