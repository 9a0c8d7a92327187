"""A Match is (seed, players, options, log): the state is always what replaying the log gives.

Each step gets its own Random(f"{seed}:{n}"), so replay is exact on any Python, and the host can
persist a match as a small JSON record and rebuild it after a reload or on a successor's tab.
"""

import hashlib
from random import Random

from .core import Ctx, step


class Match:
    def __init__(self, game, players, seed, options=None):
        self.game = game
        self.players = list(players)
        self.seed = str(seed)
        self.options = dict(options or {})
        # names this deal in every ref (below): seeds differ from game to game and room to room
        self.deal = hashlib.sha256(self.seed.encode("utf-8")).hexdigest()[:8]
        self.log = []  # [player, move, now_ms] per accepted step
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
        """The decision `player` is answering now, or None for a game without one: "<deal>:<game.ref>" (a round,
        a board, a turn... of this deal). A move carries the ref of the view it was made from; the room refuses it
        as stale when the game has moved on, so a late tap never lands on a decision its player never saw. The
        game's own ref counts within one game (round 1 comes again in the next); the deal's name makes a ref
        unique across games and rooms, so a move resent after Play again can never land in the new game."""
        return self.ref_in(self.state, player)

    def ref_in(self, state, player):
        """ref() as it was (or would be) in `state`, a state of this match."""
        ref = getattr(self.game, "ref", None)
        decision = ref(state, player) if ref else None
        return None if decision is None else "%s:%s" % (self.deal, decision)

    def result(self):
        return self.game.result(self.state)

    def deadline(self):
        deadline = getattr(self.game, "deadline", None)
        return deadline(self.state) if deadline else None

    def to_record(self):
        return {
            "game": self.game.id,
            "players": list(self.players),
            "seed": self.seed,
            "options": self.options,
            "log": [list(entry) for entry in self.log],
        }

    @classmethod
    def from_record(cls, games, record):
        """Rebuild a match by replaying its log; `games` maps id -> game (the REGISTRY)."""
        match = cls(games[record["game"]], record["players"], record["seed"], record["options"])
        for player, move, now_ms in record["log"]:
            match.play(player, move, now_ms)
        return match
