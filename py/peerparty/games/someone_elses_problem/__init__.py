"""Your Secret. Someone Else's Problem. (id `someone_elses_problem`, docs/rules/someone-elses-problem.md, A.4, D4-01..D4-21)

3-6 players get rid of their scandalous objects by gifting whole groups and exchanging one for
one; the first to hold none wins. The host screen is the table, not a player (DX-02).

Files: cards.py (every deck count and name, D4-01/D4-02), table.py (dealing), game.py (rules),
views.py (what each viewer sees).

Ids. Objects: secret_photo, spare_key, love_letter, burner_phone, hotel_receipt, diary (scandalous)
and alibi (not scandalous). Actions: gift, exchange, deny, redirect. The UI owns display names.

Options (all optional, JSON-safe; what is left out comes from the rng):
    {"objects":    {pid: [object ids]},     # a player's face-up objects (normally 5)
     "hands":      {pid: [action ids]},     # a player's private hand (normally 4)
     "draw_pile":  [action ids],            # the whole draw pile, top first
     "first_player": pid}
  Explicit cards are taken out of the deck when it has them; the rest is shuffled and dealt.
  D4-03: dealt objects are redealt until every dealt player holds a scandalous object; an
  explicit table is used exactly as given (so tests can build any position).

Moves (player ids are opaque strings; every field is checked by check()):
    {"type": "gift", "object": obj, "to": pid}                  spends a GIFT
    {"type": "gift2", "object": obj, "to": pid, "cards": [a, b]} spends two cards; only with no GIFT (D4-04)
    {"type": "exchange", "give": obj, "take": obj, "from": pid}  spends an EXCHANGE; swaps at once
    {"type": "pass"}                                            only with no legal move (D4-07)
    {"type": "respond", "answer": "accept"|"deny"|"redirect", "to": pid}   "to" for redirect only
    HOST: {"type": "end_game"}                                   ends with no winner (D4-15)
          {"type": "remove", "player": pid}                      their objects leave play, their hand goes under
                                                                 the draw pile, the turn or gift passes on; below 3
                                                                 players no winner (D4-15)
          {"type": "away", "players": [pid]}                     the room's news of who is away (DX-11, D4-21)
    SYSTEM: {"type": "timeout"}                                  at deadline(): the grace for an away player is
                                                                 over: their turn is a pass, a gift to them is
                                                                 accepted (D4-21)
  A gift offers ALL the sender's objects of that type. The only clock is D4-21's grace.

Views (every view; ids only, names are the UI's business):
    {"phase": "turn"|"respond"|"over", "players": [pid], "objects": {pid: {obj: n}},
     "scandalous": {pid: n}, "hand_sizes": {pid: n}, "draw_count": n, "discard": [action],
     "current": pid, "awaiting": pid|None, "pending": None|{"by", "to", "object", "count", "cards"},
     "log": [narration], "winners": [pid], "end": None|"win"|"host"|"stalemate"|"too_few", "turn_no": n,
     "away": [pid], "grace_ms": None|ms (D4-21), "me": None}
  A player's view adds "me": pid, "hand": [own actions], "act": bool, and "can" (when act):
    turn:    {"gift", "gift2", "exchange", "pass": bool, "gift2_pairs": [[a, b]], "targets": [pid]}
    respond: {"accept", "deny", "redirect": bool, "redirect_to": [pid]}
  D4-12: other hands appear only as sizes, the draw pile only as a count. D4-05: the table
  and the other players see the same thing whatever the recipient holds.
  Narration entries: {"kind": "gift", "by", "to", "object", "count", "cards"}, {"kind": "accept"|"deny",
  "by", "from", "object", "count"}, {"kind": "redirect", "by", "from", "to", "object", "count"},
  {"kind": "exchange", "by", "gave", "took", "from"}, {"kind": "pass", "by", "away" (D4-21, set when the grace passed the turn)}, {"kind": "draw", "by",
  "count", "short"}, {"kind": "reshuffle", "count"}, {"kind": "win", "winners"}, {"kind": "end", "by"},
  {"kind": "stalemate"}, {"kind": "removed", "by": "host", "player", "count" (their objects)}. The same dicts are the events apply() returns.

Result: standings with score 1 per winner, 0 otherwise; winners is a list (D4-16), empty after
End game (D4-15), a stalemate (D4-07) or a removal that leaves fewer than 3 players.

Decisions beyond the rulings (docs/rules/):
- A redirect's "to" and a deny/accept's extra fields: "to" is read only for redirect; other
  extra fields are ignored.
- PASS (D4-07) is legal when no gift, substitute gift or exchange can be made; a player owning no
  object (only possible in an explicit test table) has no move.
- Stalemate (D4-07): as many consecutive passes as there are players; any other move resets it.
- Moves by someone not seated are refused as not_your_turn; SYSTEM's timeout with no grace running as stale.
- An accept the grace settled (D4-21) carries "away": true in its narration entry.
"""

from ...i18n import N_
from .game import GAME, SomeoneElsesProblem, scandalous_count
from .moments import moment

# What the hub reads besides the rules (docs/add-a-game.md). What the rules must not import is named, not
# imported: the screens (drawn from views, on the TV and the phones) and what only the tests read.
GAME.screens = __name__ + ".screens"  # table(), phone(), rules()
GAME.stylesheet = "static/css/games/someone_elses_problem.css"  # its styles, from the site's root
GAME.moment = moment  # the replay's marks: (event, names) -> a sentence or None
GAME.secrets = __name__ + ".secrets"  # the leak tests: fragments(), perturbed(), PLAYOUTS
GAME.autoplay = __name__ + ".autoplay"  # the simulated people: phone(), host()
GAME.tv_counts = (4, 6)  # players at which its table is fullest (e2e/test_tv_fit.py)
GAME.removal = N_(
    "Their objects leave the game, their cards go under the draw pile, and the turn passes on."
)  # D4-15; the room's screens translate it

__all__ = ["GAME", "SomeoneElsesProblem", "scandalous_count"]
