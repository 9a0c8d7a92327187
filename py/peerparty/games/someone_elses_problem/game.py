"""The rules of Someone Else's Problem: one validation path (check), apply, and per-viewer views."""

from ...engine.core import AWAY_GRACE_MS, HOST, SYSTEM, IllegalMove, away_field, can, move_type, standings, str_field
from ...i18n import N_
from .cards import (
    ACTION_TYPES,
    DENY,
    EXCHANGE,
    GIFT,
    HAND_SIZE,
    LOG_KEEP,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OBJECT_TYPES,
    REDIRECT,
    holds,
    pairs_in,
    scandalous_count,
)
from .table import deal
from .views import build_view

TURN, RESPOND, OVER = "turn", "respond", "over"
ANSWERS = ("accept", "deny", "redirect")
PLAYER_MOVES = ("gift", "gift2", "exchange", "pass", "respond")
HOST_MOVES = frozenset(["end_game", "remove", "away"])
NOTES = {
    "win": N_("Nobody can pin a scandal on the winner any more."),
    "shared": N_("Several players got rid of every scandalous object at once: they share the win."),
    "host": N_("The host ended the game; nobody wins."),
    "stalemate": N_("Stalemate: every player passed for a full round; nobody wins."),
    "too_few": N_("Fewer than 3 players remained: nobody wins."),
}


def _take(objects, kind, n):
    left = objects[kind] - n
    if left:
        objects[kind] = left
    else:
        del objects[kind]


def _put(objects, kind, n):
    objects[kind] = objects.get(kind, 0) + n


class SomeoneElsesProblem:
    id = "someone_elses_problem"
    title = N_("Your Secret. Someone Else's Problem.")  # D4-17; the room's screens translate it
    short_title = N_("Someone Else's Problem")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    host_is_player = False  # DX-02: the host screen is the table
    spectators = False  # DX-05: no mid-game joins
    host_moves = HOST_MOVES  # D4-15: End game (no winner) and removal

    # --- setup and copying ------------------------------------------------------------------

    def setup(self, players, rng, options):
        objects, hands, draw, seat = deal(players, rng, options or {})
        return {
            "players": list(players),
            "objects": objects,
            "hands": hands,
            "draw": draw,  # top first; secret order (D4-12)
            "discard": [],  # face up, last discarded last
            "current": seat,
            "phase": TURN,
            "pending": None,  # {"by", "to", "object", "count", "cards"}
            "spenders": [],  # who spent action cards this turn (D4-10)
            "passes": 0,  # consecutive passes (D4-07)
            "winners": [],
            "end": None,  # "win" | "host" | "stalemate" | "too_few"
            "log": [],
            "turn_no": 1,
            "decision": 0,  # counts the players' accepted moves: a move's ref (stale taps)
            "away": [],  # D4-21: the players the room says are away (DX-11)
            "grace_ms": None,  # D4-21: when the input awaited from an away player is settled without them
        }

    def copy_state(self, s):
        c = dict(s)
        c["objects"] = {p: dict(o) for p, o in s["objects"].items()}
        c["hands"] = {p: list(h) for p, h in s["hands"].items()}
        c["draw"] = list(s["draw"])
        c["discard"] = list(s["discard"])
        c["spenders"] = list(s["spenders"])
        c["winners"] = list(s["winners"])
        c["log"] = list(s["log"])  # entries are never mutated once written
        c["away"] = list(s.get("away", ()))
        return c

    # --- validation: the one path -----------------------------------------------------------

    def awaiting(self, s):
        """The player whose input is awaited now (D4-20), or None once the game is over."""
        if s["phase"] == RESPOND:
            return s["pending"]["to"]
        if s["phase"] == TURN:
            return s["players"][s["current"]]
        return None

    def check(self, s, p, move):
        if not isinstance(move, dict):
            raise IllegalMove("invalid_move", N_("A move must be an object."))
        kind = move_type(move)
        if kind not in PLAYER_MOVES and kind not in HOST_MOVES and kind != "timeout":
            raise IllegalMove("unknown_move", N_("There is no such move in this game."))
        if s["phase"] == OVER:
            raise IllegalMove("game_over", N_("The game is over."))
        if kind == "timeout":
            if p != SYSTEM:
                raise IllegalMove("not_your_turn", N_("Only the clock settles a wait."))
            if s.get("grace_ms") is None:
                raise IllegalMove("stale", N_("Nobody away is awaited."))
            return
        if p == HOST:
            if kind not in HOST_MOVES:
                raise IllegalMove("not_your_turn", N_("The table screen only ends the game; players make the moves."))
            if kind == "away":
                away_field(move, s["players"], s.get("away", []))  # DX-11: the room's news
                return
            if kind == "remove" and (not isinstance(move.get("player"), str) or move["player"] not in s["players"]):
                raise IllegalMove("invalid_move", N_("That player is not in this game."))
            return
        if p == SYSTEM or p not in s["players"]:
            raise IllegalMove("not_your_turn", N_("You are not playing in this game."))
        if kind in HOST_MOVES:
            raise IllegalMove("not_your_turn", N_("Only the host can end the game."))
        # D4-20: only the player whose input is awaited may act.
        if p != self.awaiting(s):
            if s["phase"] == RESPOND:
                raise IllegalMove("not_your_turn", N_("Wait: another player is answering a gift."))
            raise IllegalMove("not_your_turn", N_("It is not your turn."))
        if s["phase"] == RESPOND:
            if kind != "respond":
                raise IllegalMove("invalid_move", N_("Answer the gift offered to you first."))
            return self._check_respond(s, p, move)
        if kind == "respond":
            raise IllegalMove("invalid_move", N_("Nobody is offering you a gift right now."))
        if kind == "pass":
            if self._has_move(s, p):
                raise IllegalMove("invalid_move", N_("You can still make a move; you may only pass without one."))
            return
        if kind == "exchange":
            return self._check_exchange(s, p, move)
        return self._check_gift(s, p, move, kind)

    def _object(self, move, name, owner_objects, missing):
        kind = str_field(move, name)
        if kind not in OBJECT_TYPES:
            raise IllegalMove("invalid_move", N_("There is no such object in this game."))
        if not owner_objects.get(kind):
            raise IllegalMove("invalid_move", missing)
        return kind

    def _other_player(self, s, p, move, name, not_a_player):
        target = str_field(move, name)
        if target not in s["players"]:
            raise IllegalMove("invalid_move", not_a_player)
        if target == p:
            raise IllegalMove("invalid_move", N_("You cannot target yourself."))
        return target

    def _check_gift(self, s, p, move, kind):
        hand = s["hands"][p]
        if kind == "gift":
            if GIFT not in hand:
                raise IllegalMove("invalid_move", N_("You hold no GIFT card."))
        else:
            # D4-04: the two-card substitute gift only without a GIFT in hand.
            if GIFT in hand:
                raise IllegalMove("invalid_move", N_("You hold a GIFT: play it instead of two other cards."))
            cards = move.get("cards")
            if not isinstance(cards, list) or len(cards) != 2:
                raise IllegalMove("invalid_move", N_("Choose exactly two action cards to discard."))
            for card in cards:
                if not isinstance(card, str) or card not in ACTION_TYPES:
                    raise IllegalMove("invalid_move", N_("Those are not action cards."))
            if not holds(hand, cards):
                raise IllegalMove("invalid_move", N_("You do not hold those two cards."))
        self._object(move, "object", s["objects"][p], N_("You own no object of that type to give."))
        self._other_player(s, p, move, "to", N_("The gift's recipient is not a player in this game."))

    def _check_exchange(self, s, p, move):
        if EXCHANGE not in s["hands"][p]:
            raise IllegalMove("invalid_move", N_("You hold no EXCHANGE card."))
        self._object(move, "give", s["objects"][p], N_("You own no object of that type to give away."))
        other = self._other_player(s, p, move, "from", N_("The player you exchange with is not in this game."))
        self._object(move, "take", s["objects"][other], N_("That player owns no object of that type."))

    def _check_respond(self, s, p, move):
        answer = str_field(move, "answer")
        if answer not in ANSWERS:
            raise IllegalMove("invalid_move", N_("Answer with accept, deny or redirect."))
        hand = s["hands"][p]
        # D4-05: accept is always possible; deny and redirect need the card.
        if answer == "deny" and DENY not in hand:
            raise IllegalMove("invalid_move", N_("You hold no DENY card."))
        if answer == "redirect":
            if REDIRECT not in hand:
                raise IllegalMove("invalid_move", N_("You hold no REDIRECT card."))
            target = self._other_player(s, p, move, "to", N_("The redirect target is not a player in this game."))
            if target == s["pending"]["by"]:
                # D4-06: a third player, neither yourself nor the sender.
                raise IllegalMove("invalid_move", N_("Redirect to a third player, not back to the sender."))

    def _has_move(self, s, p):
        # D4-07: a move exists with a GIFT, an EXCHANGE, or two cards and no GIFT (given objects).
        hand = s["hands"][p]
        if not s["objects"][p]:
            return False
        if GIFT in hand or (len(hand) >= 2):
            return True
        if EXCHANGE in hand:
            return any(s["objects"][q] for q in s["players"] if q != p)
        return False

    def legal_moves(self, s, p):
        if s["phase"] == OVER:
            return []
        if p == HOST:
            cands = [{"type": "end_game"}, {"type": "away", "players": []}]
            cands += [{"type": "remove", "player": q} for q in s["players"]]
            cands += [{"type": "away", "players": [q]} for q in s["players"]]
            return [m for m in cands if can(self, s, p, m)]
        if p == SYSTEM:
            return [{"type": "timeout"}] if s.get("grace_ms") is not None else []
        if p not in s["players"] or p != self.awaiting(s):
            return []
        others = [q for q in s["players"] if q != p]
        if s["phase"] == RESPOND:
            cands = [{"type": "respond", "answer": "accept"}, {"type": "respond", "answer": "deny"}]
            cands += [{"type": "respond", "answer": "redirect", "to": q} for q in others]
        else:
            # Candidates are only generated for cards in hand (check() still decides each one).
            hand = s["hands"][p]
            mine = [k for k in OBJECT_TYPES if s["objects"][p].get(k)]
            pairs = [] if GIFT in hand else pairs_in(hand)
            cands = []
            for kind in mine:
                for q in others:
                    if GIFT in hand:
                        cands.append({"type": "gift", "object": kind, "to": q})
                    for pair in pairs:
                        cands.append({"type": "gift2", "object": kind, "to": q, "cards": pair})
                    if EXCHANGE in hand:
                        for theirs in OBJECT_TYPES:
                            if s["objects"][q].get(theirs):
                                cands.append({"type": "exchange", "give": kind, "take": theirs, "from": q})
            cands.append({"type": "pass"})
        return [m for m in cands if can(self, s, p, m)]

    # --- applying -----------------------------------------------------------------------------

    def _note(self, s, entry, events):
        s["log"].append(entry)
        if len(s["log"]) > LOG_KEEP:
            del s["log"][:-LOG_KEEP]
        events.append(entry)

    def _spend(self, s, p, cards):
        for card in cards:
            s["hands"][p].remove(card)
            s["discard"].append(card)
        if p not in s["spenders"]:
            s["spenders"].append(p)

    def apply(self, s, p, move, ctx):
        events = self._apply(s, p, move, ctx)
        self._grace(s, ctx.now_ms)
        return events

    def _grace(self, s, now_ms):
        """D4-21: the input awaited from a player who is away waits AWAY_GRACE_MS (DX-11), counted from when it
        came to them or from when they went away on it; from a player who is here, as long as it takes."""
        awaited = self.awaiting(s)
        if awaited is None or awaited not in s.get("away", ()):
            s["grace_ms"] = None
        elif s.get("grace_ms") is None:
            s["grace_ms"] = now_ms + AWAY_GRACE_MS

    def _settle(self, s, ctx, events):
        """D4-21: the grace is over. A gift awaiting an away player's answer is accepted (the answer that needs no
        card, D4-05); an away player's turn is passed, as a pass (D4-07: a full round of passes is a stalemate)."""
        p = self.awaiting(s)
        s["grace_ms"] = None
        return self._apply(s, p, {"type": "respond" if s["phase"] == RESPOND else "pass", "away": True}, ctx, events)

    def _apply(self, s, p, move, ctx, events=None):
        kind = move["type"]
        events = [] if events is None else events
        if kind == "away":
            s["away"] = list(move["players"])
            return events
        if kind == "timeout":
            return self._settle(s, ctx, events)
        if p not in (HOST, SYSTEM):
            s["decision"] += 1
        if kind == "end_game":
            s["phase"], s["end"], s["winners"] = OVER, "host", []  # D4-15: no winner
            s["pending"] = None
            self._note(s, {"kind": "end", "by": "host"}, events)
            return events
        if kind == "remove":
            self._remove(s, move["player"], ctx, events)
            return events
        if kind == "pass":
            # D4-07: nothing happens and nothing is drawn; a full round of passes is a stalemate.
            s["passes"] += 1
            self._note(s, dict({"kind": "pass", "by": p}, **({"away": True} if move.get("away") else {})), events)
            if s["passes"] >= len(s["players"]):
                s["phase"], s["end"], s["winners"] = OVER, "stalemate", []
                self._note(s, {"kind": "stalemate"}, events)
            else:
                self._next_turn(s)
            return events
        if kind in ("gift", "gift2"):
            cards = [GIFT] if kind == "gift" else list(move["cards"])
            self._spend(s, p, cards)
            obj = move["object"]
            s["pending"] = {"by": p, "to": move["to"], "object": obj, "count": s["objects"][p][obj], "cards": cards}
            s["phase"] = RESPOND
            self._note(
                s,
                {
                    "kind": "gift",
                    "by": p,
                    "to": move["to"],
                    "object": obj,
                    "count": s["objects"][p][obj],
                    "cards": cards,
                },
                events,
            )
            return events
        if kind == "exchange":
            other, give, take = move["from"], move["give"], move["take"]
            self._spend(s, p, [EXCHANGE])
            _take(s["objects"][p], give, 1)
            _take(s["objects"][other], take, 1)
            _put(s["objects"][p], take, 1)
            _put(s["objects"][other], give, 1)
            self._note(s, {"kind": "exchange", "by": p, "gave": give, "took": take, "from": other}, events)
            self._resolve(s, ctx, events)
            return events
        # respond
        gift = s["pending"]
        answer = move.get("answer", "accept")  # D4-21: an away player's answer is settled as accept
        sender, obj, n = gift["by"], gift["object"], gift["count"]
        if answer == "deny":
            # The objects stay; the sender's card(s) stay spent.
            self._spend(s, p, [DENY])
            self._note(s, {"kind": "deny", "by": p, "from": sender, "object": obj, "count": n}, events)
        else:
            receiver = p
            if answer == "redirect":
                # D4-06/D4-18: the third player must take it, answers nothing and spends nothing.
                receiver = move["to"]
                self._spend(s, p, [REDIRECT])
                self._note(
                    s, {"kind": "redirect", "by": p, "from": sender, "to": receiver, "object": obj, "count": n}, events
                )
            else:
                entry = {"kind": "accept", "by": p, "from": sender, "object": obj, "count": n}
                if move.get("away"):
                    entry["away"] = True
                self._note(s, entry, events)
            _take(s["objects"][sender], obj, n)
            _put(s["objects"][receiver], obj, n)
        s["pending"] = None
        self._resolve(s, ctx, events)
        return events

    def _remove(self, s, q, ctx, events):
        """D4-15: the host may remove a player mid-game. Their
        objects leave play with them, their hand goes under the draw pile unseen (D4-12: hands stay private), and
        the game goes on: a gift waiting on their answer is void, as if denied (the sender's cards stay spent and
        are refilled, D4-10); their own turn or their gift passes to the next player clockwise. Below three
        players (D4-06 needs a third) the game ends with no winner, as End game does (D4-15)."""
        before = s["players"]
        mover = before[s["current"]]
        gift = s["pending"]
        s["draw"].extend(s["hands"].pop(q))
        objects = s["objects"].pop(q)
        s["players"] = [x for x in before if x != q]
        s["spenders"] = [x for x in s["spenders"] if x != q]
        s["away"] = [x for x in s.get("away", ()) if x != q]
        s["passes"] = 0
        self._note(s, {"kind": "removed", "by": "host", "player": q, "count": sum(objects.values())}, events)
        if len(s["players"]) < MIN_PLAYERS:
            s["phase"], s["end"], s["winners"], s["pending"] = OVER, "too_few", [], None
            s["current"] = 0
            return
        if mover == q:  # their turn (or their gift awaiting an answer): the next player clockwise plays
            s["pending"] = None
            s["current"] = (before.index(q) - 1) % len(s["players"])  # _next_turn steps on to q's place
            self._next_turn(s)
            return
        s["current"] = s["players"].index(mover)
        if gift is not None and gift["to"] == q:
            s["pending"] = None  # void, as a DENY leaves it: the objects stay with the sender
            self._resolve(s, ctx, events)

    def _resolve(self, s, ctx, events):
        """After a gift or exchange fully resolves: win check for everyone, else refill, next turn."""
        s["passes"] = 0
        # D4-08: run the check after every resolution, a DENY included. D4-16: a set of winners.
        winners = [q for q in s["players"] if scandalous_count(s["objects"][q]) == 0]
        if winners:
            # D4-09: the game ends at once, no refill, no further turns.
            s["phase"], s["end"], s["winners"] = OVER, "win", winners
            s["pending"] = None
            self._note(s, {"kind": "win", "winners": list(winners)}, events)
            return
        # D4-10: only those who spent cards draw, the mover first, then clockwise from the mover.
        n = len(s["players"])
        seat = {q: i for i, q in enumerate(s["players"])}
        order = sorted(s["spenders"], key=lambda q: (seat[q] - s["current"]) % n)
        for q in order:
            self._refill(s, q, ctx, events)
        self._next_turn(s)

    def _refill(self, s, q, ctx, events):
        hand = s["hands"][q]
        drawn = 0
        while len(hand) < HAND_SIZE:
            if not s["draw"]:
                # D4-11: lazily, the whole discard pile (this turn's cards included) becomes the pile.
                if not s["discard"]:
                    break
                s["draw"], s["discard"] = s["discard"], []
                ctx.rng.shuffle(s["draw"])
                self._note(s, {"kind": "reshuffle", "count": len(s["draw"])}, events)
            hand.append(s["draw"].pop(0))
            drawn += 1
        if drawn or len(hand) < HAND_SIZE:
            self._note(s, {"kind": "draw", "by": q, "count": drawn, "short": len(hand) < HAND_SIZE}, events)

    def _next_turn(self, s):
        # The next player clockwise plays, even if they just answered a gift.
        s["current"] = (s["current"] + 1) % len(s["players"])
        s["phase"] = TURN
        s["spenders"] = []
        s["turn_no"] += 1

    # --- views and result -------------------------------------------------------------------

    def ref(self, s, p):
        """The decision a move answers: one player acts at a time (the current player, or the one a gift
        awaits), and each of their moves is the next decision."""
        return s["decision"]

    def view(self, s, viewer):
        return build_view(self, s, viewer)

    def deadline(self, s):
        """D4-21: when the clock settles the input awaited from an away player."""
        return s.get("grace_ms") if s["phase"] != OVER else None

    def result(self, s):
        if s["phase"] != OVER:
            return None
        winners = list(s["winners"])
        scores = {q: (1 if q in winners else 0) for q in s["players"]}
        if s["end"] == "win":
            note = NOTES["shared"] if len(winners) > 1 else NOTES["win"]
        else:
            note = NOTES[s["end"]]
        return standings(scores, s["players"], winners=winners, note=note)


GAME = SomeoneElsesProblem()
