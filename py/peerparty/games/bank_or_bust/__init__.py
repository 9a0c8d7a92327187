"""Bank or Bust (id `bank_or_bust`): push your luck on two rows of Number cards, bank or bust.

Its rules and rulings: docs/rules/bank-or-bust.md (A.2, D2-01..D2-27). The host screen is the table, not a
player (DX-02); 2-6 players; nothing is hidden (D2-22) except the deck ORDER, which no view
carries (only counts). Files: cards.py (constants, row model, scoring), game.py (rules),
views.py (what leaves the host).

Options (JSON): {"deck": [card, ...], "first_player": pid}, both optional.
  card = int 2..99 (a Number card) or "mod10" | "mod20" | "cover" | "double" (Power cards).
  deck: the draw pile, top card first, any length (duplicates allowed); without it the 116-card
  deck (98 Numbers, 2 mod20, 6 mod10, 6 Cover, 4 Double) is shuffled with setup's rng.
  first_player: the round-1 starter (D2-02); without it, picked with setup's rng (after the
  shuffle). Bad options raise ValueError. Reshuffles of the discard pile use ctx.rng (D2-16).

Moves. Player (only the player whose turn it is):
  {"type": "draw"}                      no card pending; needs a card to draw (D2-17)
  {"type": "bank"}                      no card pending
  {"type": "place", "row": "top"|"bottom"}       pending Number card that fits that row
  {"type": "use_discard"}               pending Number card, holding a Discard card (D2-06)
  {"type": "bust"}                      pending Number card that fits nowhere, holding a Discard
                                        card, choosing to bust and keep it (D2-07)
  {"type": "play", "row": "top"|"bottom", "sign": "+"|"-"}   pending Power card; "sign" only
                                        (and required) for Modify (D2-03)
  {"type": "discard_power"}             pending Power card: discard it, redraw at once (D2-05)
  Host (player HOST): {"type": "remove", "player": pid} (D2-25), {"type": "end_game"} (ends the
  game at once with NO winner: standings of the totals so far, winners []).
  No timers: no deadline(), no SYSTEM moves.

Automatic resolution on a draw: a Number card that fits nowhere busts at once when no Discard
card is held (D2-07); one that fits exactly one row, with no Discard card held, is placed there
for the player (D2-26) (event "placed" with "auto": true); a Power card no row can take is discarded and
the engine draws again (event "auto_discarded"). Otherwise the card waits as "pending".

Events (also kept, the last 12, as the view's "log"), each {"type": ..., "player": pid, ...}:
  drew{card} placed{card,row,auto} played{card,row[,sign]} discarded_power{card}
  auto_discarded{card} used_discard{card} bust{card,took_discard} banked no_cards
  reshuffled{cards: count} round_over{round} round_started{round,player} removed
  game_over{reason: score|host|too_few, winners}

View (same public table for everyone):
  phase "playing"|"game_over", round, starter, turn (pid|None), target 50, winners, ended,
  players: [{id, status playing|banked|busted, holds_discard, total,
             top/bottom: {start, cards: [{value, modifiers, effective, covered}], doubled,
                          reference, count}}] in seat order (removed players left out),
  removed: [pid], pending: None | {card, kind number|modify|cover|double, player,
  fits: [rows] (Number) | rows: [rows], amount (Modify)}, deck_count, discard_count,
  discard_pile: {numbers: [its Number cards, ascending], power: {Power card: count, those it holds}}
  (D2-22: the pile is public, its order is not kept), supply_count, log, summary: None | {round, lines: [{player, status, cards_top, cards_bottom,
  doubled_top, doubled_bottom, tally_top, tally_bottom, tally, pairs, longest_row, round_score,
  total}]}.
  A player's view adds me, act (their input is awaited) and moves (their legal moves now).

Decisions beyond the rulings (docs/rules/):
  - D2-17 extended: Draw is also unavailable when the deck is empty and the discard pile holds
    only Power cards none of the player's rows can take (a reshuffle could only feed them cards
    the engine must discard, forever). A forced redraw in that case ends the turn, as in D2-17.
  - A Number card that fits one row while a Discard card is held waits for the player (they may
    use the Discard card instead, D2-06); it is only auto-placed when no choice exists.
  - Removing the player whose turn it is sends their pending card to the discard pile and passes
    the turn; if nobody is left playing, the round is scored at once.
  - A Modify card's sign is always the player's choice (D2-03); fixed-sign cards are not offered.
"""

from ...i18n import N_
from .game import GAME, BankOrBust
from .moments import moment

# What the hub reads besides the rules (docs/add-a-game.md). What the rules must not import is named, not
# imported: the screens (drawn from views, on the TV and the phones) and what only the tests read.
GAME.screens = __name__ + ".screens"  # table(), phone(), rules()
GAME.stylesheet = "static/css/games/bank_or_bust.css"  # its styles, from the site's root
GAME.moment = moment  # the replay's marks: (event, names) -> a sentence or None
GAME.secrets = __name__ + ".secrets"  # the leak tests: fragments(), perturbed(), PLAYOUTS
GAME.autoplay = __name__ + ".autoplay"  # the simulated people: phone(), host()
GAME.tv_counts = (3, 6)  # players at which its table is fullest (e2e/test_tv_fit.py)
GAME.removal = N_(
    "Their cards go to the discard pile, their points leave the standings, and their turns are skipped."
)  # D2-25; the room shows it with _()

__all__ = ["GAME", "BankOrBust"]
