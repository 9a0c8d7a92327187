"""Bank or Bust: the rules (setup, check, apply, result). Views live in views.py."""

from ...engine.core import AWAY_GRACE_MS, HOST, SYSTEM, IllegalMove, away_field, can, move_type, standings, str_field
from ...i18n import N_
from . import cards as C
from .views import build_view

PLAYER_MOVES = ("draw", "bank", "place", "use_discard", "bust", "play", "discard_power")
HOST_MOVES = ("remove", "end_game", "away")
LOG_KEEP = 12


def _seat_after(s, pid, wanted):
    """The next seat clockwise from `pid` (DX-01) that is still in the game and `wanted`."""
    seats = s["seats"]
    i = seats.index(pid)
    n = len(seats)
    for k in range(1, n + 1):
        q = seats[(i + k) % n]
        if q in s["status"] and wanted(q):
            return q
    return None


class BankOrBust:
    id = "bank_or_bust"
    title = N_("Bank or Bust")
    min_players = 2  # D2-01
    max_players = 6
    host_is_player = False  # DX-02
    spectators = False  # DX-05
    host_moves = frozenset(HOST_MOVES)

    # --- setup ----------------------------------------------------------------------------

    def setup(self, players, rng, options):
        players = list(players)
        if not (self.min_players <= len(players) <= self.max_players):
            raise ValueError("Bank or Bust needs 2 to 6 players.")
        options = options or {}
        if "deck" in options:
            deck = options["deck"]
            if not isinstance(deck, list) or not all(C.is_card(c) for c in deck):
                raise ValueError("options.deck must be a list of cards: 2..99 or mod10/mod20/cover/double.")
            deck = list(deck)
        else:
            deck = C.full_deck()
            rng.shuffle(deck)
        if "first_player" in options:
            first = options["first_player"]
            if first not in players:
                raise ValueError("options.first_player must be one of the players.")
        else:
            first = players[rng.randrange(len(players))]  # D2-02: random by default
        return {
            "seats": players,
            "deck": deck,  # top card first; never shown, only counted
            "discard": [],
            "supply": C.DISCARD_SUPPLY,
            "rows": {p: C.new_rows() for p in players},
            "status": {p: "playing" for p in players},  # keys = players still in the game
            "holds": {p: False for p in players},  # holds a Discard card
            "totals": {p: 0 for p in players},
            "round": 1,
            "starter": first,
            "turn": first,
            "pending": None,
            "phase": "playing",
            "ended": None,  # "score" | "host" | "too_few"
            "winners": [],
            "summary": None,  # the last round's scoring (never mutated once made)
            "log": [],
            "decision": 0,  # counts the players' accepted moves: a move's ref (stale taps)
            "away": [],  # D2-28: the seats the room says are away (DX-11)
            "grace_ms": None,  # D2-28: when the turn of an away player passes over them
        }

    def copy_state(self, s):
        return {
            "seats": s["seats"],  # never mutated
            "deck": list(s["deck"]),
            "discard": list(s["discard"]),
            "supply": s["supply"],
            "rows": {p: C.copy_rows(r) for p, r in s["rows"].items()},
            "status": dict(s["status"]),
            "holds": dict(s["holds"]),
            "totals": dict(s["totals"]),
            "round": s["round"],
            "starter": s["starter"],
            "turn": s["turn"],
            "pending": s["pending"],
            "phase": s["phase"],
            "ended": s["ended"],
            "winners": list(s["winners"]),
            "summary": s["summary"],
            "log": list(s["log"]),
            "decision": s["decision"],
            "away": s["away"],  # replaced, never mutated
            "grace_ms": s["grace_ms"],
        }

    # --- validation: the one path ---------------------------------------------------------

    def check(self, s, p, move):
        if not isinstance(move, dict):
            raise IllegalMove("invalid_move", N_("A move must be an object."))
        t = move_type(move)
        if t not in PLAYER_MOVES and t not in HOST_MOVES and t != "timeout":
            raise IllegalMove("unknown_move", N_("Bank or Bust has no move called that."))
        if s["phase"] != "playing":
            raise IllegalMove("game_over", N_("The game is over."))
        if t == "timeout":
            if not (isinstance(p, str) and p == SYSTEM):
                raise IllegalMove("not_your_turn", N_("Only the clock passes a turn."))
            if s["grace_ms"] is None:
                raise IllegalMove("stale", N_("Nobody's turn is waiting on an away player."))
            return
        if isinstance(p, str) and p == HOST:
            if t not in HOST_MOVES:
                raise IllegalMove("not_your_turn", N_("The table screen does not play cards; players do."))
            if t == "away":
                away_field(move, [q for q in s["seats"] if q in s["status"]], s["away"])  # DX-11: the room's news
                return
            if t == "remove":
                who = str_field(move, "player", 128)
                if who not in s["status"]:
                    raise IllegalMove("invalid_move", N_("That player is not in this game."))
            return
        if not isinstance(p, str) or p not in s["status"]:
            raise IllegalMove("not_your_turn", N_("You are not playing in this game."))
        if t in HOST_MOVES:
            raise IllegalMove("not_your_turn", N_("Only the host can do that."))
        if s["turn"] != p:
            if s["status"][p] != "playing":
                raise IllegalMove("not_your_turn", N_("You are out of this round: wait for the next one."))
            raise IllegalMove("not_your_turn", N_("It is not your turn."))
        pending = s["pending"]
        rows = s["rows"][p]
        if t in ("draw", "bank"):
            if pending is not None:
                raise IllegalMove("invalid_move", N_("First deal with the card you drew."))
            if t == "draw" and not self._can_draw(s, p):
                # D2-17: nothing left to draw, the player must Bank.
                raise IllegalMove("invalid_move", N_("There are no cards left to draw: you must Bank."))
            return
        if t in ("place", "use_discard", "bust"):
            if not C.is_number(pending):
                raise IllegalMove("invalid_move", N_("You have no Number card to place."))
            fit = C.rows_for_number(rows, pending)
            if t == "place":
                row = str_field(move, "row")
                if row not in C.ROWS:
                    raise IllegalMove("invalid_move", N_("Choose the top or the bottom row."))
                if row not in fit:
                    if row == "top":
                        raise IllegalMove("invalid_move", N_("%(card)s does not fit on your top row."), card=pending)
                    raise IllegalMove("invalid_move", N_("%(card)s does not fit on your bottom row."), card=pending)
            elif t == "use_discard":
                if not s["holds"][p]:
                    raise IllegalMove("invalid_move", N_("You do not hold a Discard card."))
            elif fit:
                if fit[0] == "top":
                    raise IllegalMove(
                        "invalid_move", N_("%(card)s fits on your top row: you cannot bust."), card=pending
                    )
                raise IllegalMove(
                    "invalid_move", N_("%(card)s fits on your bottom row: you cannot bust."), card=pending
                )
            return
        # play / discard_power
        if pending is None or C.is_number(pending):
            raise IllegalMove("invalid_move", N_("You have no Power card to play."))
        if t == "play":
            row = str_field(move, "row")
            if row not in C.ROWS:
                raise IllegalMove("invalid_move", N_("Choose the top or the bottom row."))
            if not C.can_take_power(rows[row], pending):
                if row == "top":
                    raise IllegalMove("invalid_move", N_("Your top row cannot take that card."))
                raise IllegalMove("invalid_move", N_("Your bottom row cannot take that card."))
            if pending in C.MODIFY_AMOUNT:
                sign = str_field(move, "sign")
                if sign not in C.SIGNS:
                    raise IllegalMove("invalid_move", N_("Choose + or - for the Modify card."))

    def _can_draw(self, s, p):
        if s["deck"]:
            return True
        # D2-17 (and its extension, see the docstring): a reshuffle must be able to give a card
        # the player can keep, else the draw would only discard Power cards forever.
        rows = s["rows"][p]
        for card in s["discard"]:
            if C.keepable(rows, card):
                return True
        return False

    def legal_moves(self, s, p):
        if s["phase"] != "playing":
            return []
        if isinstance(p, str) and p == HOST:
            candidates = [{"type": "end_game"}, {"type": "away", "players": []}] + [
                {"type": "remove", "player": q} for q in s["seats"] if q in s["status"]
            ]
            candidates += [{"type": "away", "players": [q]} for q in s["seats"] if q in s["status"]]
        elif p == SYSTEM:
            candidates = [{"type": "timeout"}]
        elif s["turn"] != p:
            return []  # a shortcut: check() refuses every move of a player out of turn
        else:
            candidates = [
                {"type": "draw"},
                {"type": "bank"},
                {"type": "place", "row": "top"},
                {"type": "place", "row": "bottom"},
                {"type": "use_discard"},
                {"type": "bust"},
                {"type": "discard_power"},
            ]
            for row in C.ROWS:
                if s["pending"] in C.MODIFY_AMOUNT:
                    candidates.append({"type": "play", "row": row, "sign": "+"})
                    candidates.append({"type": "play", "row": row, "sign": "-"})
                else:
                    candidates.append({"type": "play", "row": row})
        return [move for move in candidates if can(self, s, p, move)]

    # --- apply ----------------------------------------------------------------------------

    def apply(self, s, p, move, ctx):
        ev = []
        t = move["type"]
        if p != HOST:
            s["decision"] += 1
        if p == HOST:
            if t == "end_game":
                self._game_over(s, "host", [], ev)
            elif t == "away":
                s["away"] = move["players"]
                ev.append({"type": "away", "players": list(s["away"])})
            else:
                self._remove(s, move["player"], ev)
        elif t == "timeout":
            self._pass_over(s, ev)
        elif t == "bank":
            s["status"][p] = "banked"
            ev.append({"type": "banked", "player": p})
            self._end_turn(s, ev)
        elif t == "draw":
            self._draw(s, p, ctx, ev)
        elif t == "place":
            self._place(s, p, move["row"], False, ev)
        elif t == "use_discard":
            # D2-06: the drawn card is discarded, the Discard card returns to the supply, draw again.
            card = s["pending"]
            s["pending"] = None
            s["discard"].append(card)
            s["holds"][p] = False
            s["supply"] += 1
            ev.append({"type": "used_discard", "player": p, "card": card})
            self._draw(s, p, ctx, ev)
        elif t == "bust":
            self._bust(s, p, ev)  # D2-07: they chose to bust and keep their Discard card
        elif t == "play":
            card = s["pending"]
            sign = move.get("sign") if card in C.MODIFY_AMOUNT else None
            C.play_power(s["rows"][p][move["row"]], card, sign)
            s["pending"] = None
            entry = {"type": "played", "player": p, "card": card, "row": move["row"]}
            if sign:
                entry["sign"] = sign
            ev.append(entry)
            self._end_turn(s, ev)  # D2-04: playing a Power card ends the turn
        else:  # discard_power
            card = s["pending"]
            s["pending"] = None
            s["discard"].append(card)
            ev.append({"type": "discarded_power", "player": p, "card": card})
            self._draw(s, p, ctx, ev)  # D2-05: the redraw is immediate and mandatory
        self._grace(s, ctx.now_ms)
        s["log"].extend(e for e in ev if e["type"] != "away")  # the room's news is no line of the game's story
        if len(s["log"]) > LOG_KEEP:
            del s["log"][: len(s["log"]) - LOG_KEEP]
        return ev

    def _grace(self, s, now_ms):
        """D2-28: the turn of a player who is away waits AWAY_GRACE_MS (DX-11), counted from when the turn came to
        them or from when they went away on it; a turn of a player who is here waits as long as it takes."""
        if s["phase"] != "playing" or s["turn"] not in s["away"]:
            s["grace_ms"] = None
        elif s["grace_ms"] is None:
            s["grace_ms"] = now_ms + AWAY_GRACE_MS

    def _pass_over(self, s, ev):
        """D2-28: the grace is over: the away player on turn banks their rows as they stand (a card they drew and
        left goes to the discard pile, as at a removal: D2-25), and the turn passes on."""
        p = s["turn"]
        s["grace_ms"] = None
        here = _seat_after(s, p, lambda q: s["status"][q] == "playing" and q not in s["away"])
        if p == s["starter"] and here is not None and self._round_untouched(s):
            # the round's first turn goes to the next seat clockwise who is here; the starter's comes after
            s["turn"] = here
            ev.append({"type": "passed_over", "player": p, "first": True})
            return
        if s["pending"] is not None:
            s["discard"].append(s["pending"])
            s["pending"] = None
        s["status"][p] = "banked"
        ev.append({"type": "passed_over", "player": p})
        self._end_turn(s, ev)

    def _round_untouched(self, s):
        """Nobody has drawn, banked or busted yet this round."""
        return (
            all(st == "playing" for st in s["status"].values())
            and all(not s["rows"][q][name]["cards"] for q in s["status"] for name in C.ROWS)
            and s["pending"] is None
        )

    def _draw(self, s, p, ctx, ev):
        """Draw and resolve until a card waits for the player's choice or the turn ends."""
        rows = s["rows"][p]
        while True:
            if not s["deck"]:
                if not self._can_draw(s, p):
                    # D2-17: nothing to draw during a forced redraw: the turn ends, still in the round.
                    ev.append({"type": "no_cards", "player": p})
                    self._end_turn(s, ev)
                    return
                # D2-16: only the discard pile is reshuffled, with the rng of this step.
                s["deck"] = s["discard"]
                s["discard"] = []
                ctx.rng.shuffle(s["deck"])
                ev.append({"type": "reshuffled", "cards": len(s["deck"])})
            card = s["deck"].pop(0)
            if C.is_number(card):
                fit = C.rows_for_number(rows, card)
                if not fit and not s["holds"][p]:
                    s["pending"] = card
                    self._bust(s, p, ev)  # D2-07: no Discard card held, the bust is immediate
                    return
                if len(fit) == 1 and not s["holds"][p]:
                    s["pending"] = card
                    self._place(s, p, fit[0], True, ev)  # D2-26: the only row it fits, no choice
                    return
                s["pending"] = card
                ev.append({"type": "drew", "player": p, "card": card})
                return
            if not C.rows_for_power(rows, card):
                # D2-26: a Power card no row can take is discarded by the engine, then draw again.
                s["discard"].append(card)
                ev.append({"type": "auto_discarded", "player": p, "card": card})
                continue
            s["pending"] = card
            ev.append({"type": "drew", "player": p, "card": card})
            return

    def _place(self, s, p, row, auto, ev):
        card = s["pending"]
        s["rows"][p][row]["cards"].append({"value": card, "mods": [], "covered": False})
        s["pending"] = None
        ev.append({"type": "placed", "player": p, "card": card, "row": row, "auto": auto})
        self._end_turn(s, ev)

    def _bust(self, s, p, ev):
        # D2-14: both rows with their Power cards, and the card that did not fit, go to the pile.
        rows = s["rows"][p]
        # what the card had to be, for the table to see why it busted (the TV's bust moment)
        lower_than, higher_than = C.reference(rows["top"], "top"), C.reference(rows["bottom"], "bottom")
        for name in C.ROWS:
            s["discard"].extend(C.row_discards(rows[name]))
        s["discard"].append(s["pending"])
        card = s["pending"]
        s["pending"] = None
        s["rows"][p] = C.new_rows()
        s["status"][p] = "busted"
        took = not s["holds"][p]
        if took:  # D2-06/D2-07: at most one Discard card held
            s["holds"][p] = True
            s["supply"] -= 1
        ev.append(
            {
                "type": "bust",
                "player": p,
                "card": card,
                "took_discard": took,
                "lower_than": lower_than,
                "higher_than": higher_than,
            }
        )
        self._end_turn(s, ev)

    def _end_turn(self, s, ev):
        s["pending"] = None
        nxt = _seat_after(s, s["turn"], lambda q: s["status"][q] == "playing")
        if nxt is None:
            self._end_round(s, ev)
        else:
            s["turn"] = nxt

    def _end_round(self, s, ev):
        order = [q for q in s["seats"] if q in s["status"]]
        lines = C.score_round(order, s["rows"], s["status"])
        for line in lines:
            s["totals"][line["player"]] += line["round_score"]
            line["total"] = s["totals"][line["player"]]
        s["summary"] = {"round": s["round"], "lines": lines}
        ev.append({"type": "round_over", "round": s["round"]})
        best = max(s["totals"][q] for q in order)
        if best >= C.WINNING_TOTAL:  # D2-23, D2-24: highest total wins, ties share
            # The final rows stay on the table to be admired; nothing is drawn any more.
            self._game_over(s, "score", [q for q in order if s["totals"][q] == best], ev)
            return
        for q in order:  # D2-15: rows to the discard pile, no reshuffle; Discard cards stay held
            for name in C.ROWS:
                s["discard"].extend(C.row_discards(s["rows"][q][name]))
            s["rows"][q] = C.new_rows()
            s["status"][q] = "playing"
        s["round"] += 1
        s["starter"] = _seat_after(s, s["starter"], lambda q: True)  # D2-02: rotate clockwise
        s["turn"] = s["starter"]  # D2-28: an away starter's turn waits the grace, as any turn does
        ev.append({"type": "round_started", "round": s["round"], "player": s["turn"]})

    def _game_over(self, s, why, winners, ev):
        s["phase"] = "game_over"
        s["ended"] = why
        s["winners"] = winners
        s["turn"] = None
        if s["pending"] is not None:
            s["discard"].append(s["pending"])
            s["pending"] = None
        ev.append({"type": "game_over", "reason": why, "winners": list(winners)})

    def _remove(self, s, q, ev):
        # D2-25: rows to the discard pile, Discard card to the supply, out of the standings.
        for name in C.ROWS:
            s["discard"].extend(C.row_discards(s["rows"][q][name]))
        if s["holds"][q]:
            s["supply"] += 1
        for key in ("rows", "status", "holds", "totals"):
            del s[key][q]
        s["away"] = [a for a in s["away"] if a != q]
        ev.append({"type": "removed", "player": q})
        if len(s["status"]) < 2:
            self._game_over(s, "too_few", [], ev)  # D2-25: no winner
            return
        if s["turn"] == q:
            if s["pending"] is not None:
                s["discard"].append(s["pending"])
            self._end_turn(s, ev)

    # --- output ---------------------------------------------------------------------------

    def deadline(self, s):
        """D2-28: when the turn of an away player passes over them."""
        return s["grace_ms"] if s["phase"] == "playing" else None

    def ref(self, s, p):
        """The decision a move answers: one player acts at a time, each move is the next decision."""
        return s["decision"]

    def view(self, s, viewer):
        return build_view(self, s, viewer)

    def result(self, s):
        if s["phase"] != "game_over":
            return None
        order = [q for q in s["seats"] if q in s["status"]]
        notes = {
            "score": N_("First to 50 points."),  # D2-23: C.WINNING_TOTAL (the room shows the note with _())
            "host": N_("The host ended the game: no winner."),
            "too_few": N_("Fewer than 2 players remained: no winner."),
        }
        return standings(dict(s["totals"]), order, winners=list(s["winners"]), note=notes[s["ended"]])


GAME = BankOrBust()
