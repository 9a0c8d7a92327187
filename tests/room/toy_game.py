"""A tiny turn game for room tests: players take turns adding 1 or 2; first to reach 5 wins.

Each player also holds a secret word, so tests can check views never carry another's secret.
"""

from peerparty.engine import HOST, IllegalMove, move_type, standings


class Race:
    id = "race"
    title = "Race to Five"
    min_players = 2
    max_players = 4
    host_is_player = False
    spectators = False
    host_moves = frozenset(["end_game", "remove"])

    def setup(self, players, rng, options):
        return {
            "players": list(players),
            "turn": 0,
            "scores": dict((p, 0) for p in players),
            "secret": dict((p, "word%d" % rng.randrange(10**6)) for p in players),
            "over": False,
            "removed": [],
        }

    def check(self, s, p, move):
        kind = move_type(move)
        if s["over"]:
            raise IllegalMove("game_over", "The race is over.")
        if kind in ("end_game", "remove"):
            if p != HOST:
                raise IllegalMove("not_your_turn", "Only the host can do that.")
            if kind == "remove" and move.get("player") not in s["players"]:
                raise IllegalMove("invalid_move", "No such player.")
            return
        if kind != "add":
            raise IllegalMove("unknown_move", "Unknown move.")
        if p not in s["players"] or s["players"][s["turn"]] != p:
            raise IllegalMove("not_your_turn", "Wait for your turn.")
        if move.get("n") not in (1, 2) or isinstance(move.get("n"), bool):
            raise IllegalMove("invalid_move", "Add 1 or 2.")

    def legal_moves(self, s, p):
        out = []
        for move in ({"type": "add", "n": 1}, {"type": "add", "n": 2}):
            try:
                self.check(s, p, move)
                out.append(move)
            except IllegalMove:
                pass
        return out

    def apply(self, s, p, move, ctx):
        if move["type"] == "end_game":
            s["over"] = True
            return []
        if move["type"] == "remove":
            s["players"].remove(move["player"])
            del s["scores"][move["player"]]
            s["turn"] %= max(1, len(s["players"]))
            s["over"] = len(s["players"]) < 2
            return []
        s["scores"][p] += move["n"]
        if s["scores"][p] >= 5:
            s["over"] = True
        s["turn"] = (s["turn"] + 1) % len(s["players"])
        return [{"type": "added", "by": p}]

    def view(self, s, viewer):
        out = {
            "phase": "over" if s["over"] else "racing",
            "scores": dict(s["scores"]),
            "turn": s["players"][s["turn"]] if s["players"] else None,
            "players": list(s["players"]),
        }
        if viewer in s["secret"]:
            out["my_secret"] = s["secret"][viewer]
            out["act"] = not s["over"] and out["turn"] == viewer
        return out

    def result(self, s):
        return standings(s["scores"], s["players"]) if s["over"] else None


GAME = Race()
