"""Hint Hunt (id `hint_hunt`): every player writes one hint for a private board of 12 words, then
everyone else races to claim that board's targets, one board at a time (docs/rules/hint-hunt.md, A.3).

The host is a player (DX-02); spectators may watch (D3-01). No timers (D3-17).

Options (all optional; anything not given is dealt from the rng, D3-03):
    {"host": pid or None,       # the host's own seat (default: the first player); None = the host
                                # holds no seat (a spectator host, D3-21)
     "boards": {pid: {"words": [12 distinct words], "civilians": [3 of them], "assassin": word}},
     "replacement_boards": {pid: [board, ...]},   # same board shape, used in order by each Reject
     "words_lang": "en" | "es" | "de"}  # the bank boards are dealt from: the room's language's (issue 49;
                                # banks.bank_lang_for maps any language tag to one); default "en"; any
                                # other value is refused (ValueError) before a board is dealt
  Dealt boards take 12 words of that built-in bank (../hint_hunt_words.txt, ../hint_hunt_words.<lang>.txt)
  that no other board of this game has used; when the bank runs out a new cycle starts, avoiding only the
  boards in play. The dealt words are in the state and the option in the record: a game replays the same
  boards on a screen in any language.

Phases: "hint_writing" -> "guessing" -> "scoreboard", or "abandoned" (back to the lobby, D3-11).

Player moves (from the player's own id):
    {"type": "submit", "targets": [1-5 unlocked words of my board], "hint": str}
        D3-04: the hint is trimmed, inner whitespace collapsed, NFC, then 1-24 code points, in any script.
    {"type": "edit"}             reopen my submission on the same board (D3-05)
    {"type": "claim", "word": str}   claim an unclaimed word of the current board
    {"type": "done_guessing"}    stop guessing on this board (no score change)
Host moves (player HOST; `confirm` is optional and false by default):
    {"type": "reject", "player": pid}      hint writing only, never the host's own seat (D3-13)
    {"type": "remove", "player": pid, "confirm": bool}   confirm needed when fewer than two players
                                           would remain: the game is then abandoned (D3-11)
    {"type": "start_guessing"}             once every current player has submitted (D3-20), or is away
                                           (D3-22: a board with no hint is not played)
    {"type": "away", "players": [pid]}     the room's news of who is away (DX-11, D3-22)
    {"type": "next_board", "confirm": bool}  "Next hint" / "View scoreboard" on the final board;
                                           confirm needed while anyone is still guessing (D3-09)
    {"type": "set_host", "player": pid or None}  host migration, sent by the room (D3-12, D3-21)

Scoring: each claim gives the same delta to the guesser and the board's writer (D3-19):
target +3 (keep guessing), civilian -1 (that guesser is out), assassin -5 (board ends for all).
A removed writer's deltas are no longer recorded; everything else stays (D3-10).

Views (every view: "phase", "players" (seat order, removed left out), "host", "me", "status", "act"):
  abandoned:     + "abandoned": True, "note"
  all others:    + "scores" {pid: int}
  hint_writing:  + "submitted" {pid: bool}; a player also gets "board" {"words", "locked" {word:
                 "civilian"|"assassin"}, "choosable", "targets", "hint", "submitted", "hint_text"
                 (once submitted), "min_targets", "max_targets", "hint_max"}, "can_submit",
                 "can_edit". status: "writing" | "submitted" | "spectator" | "removed".
  guessing:      + "board" {"writer", "words", "hint", "count", "hint_text" ("ORBIT 2"), "claims"
                 [{"word", "player", "role", "delta"}], "ended", "end_reason", "number",
                 "boards_left", "final", "roles" {word: role} only for its writer or once ended},
                 "guessers" {pid: "guessing"|"out"|"done"|"stopped"}, "claimable" [words],
                 "can_done". status: "writer" | "guessing" | "out" | "done" | "stopped" |
                 "spectator" | "removed".
                 From the second board on, + "last_board": the board before this one, ended, for
                 everyone: {"writer", "number", "hint_text", "words", "roles" {word: role} (all of
                 them: D3-08), "claims" (as above), "end_reason"}.
  scoreboard:    + "standings" (engine.core.standings), "last_board" (the final board, revealed);
                 status "player" for players.
  The host's seat, and view(s, HOST) for a host without a seat, add "controls": {"host_seat",
  "removable" [{"player", "confirm_needed"}], and in writing "waiting_for" (here, no hint yet), "left_out" (away, no hint: D3-22), "rejectable",
  "can_start_guessing"; in guessing "still_guessing", "next_label", "can_next",
  "next_needs_confirm"}.
  view(s, None) is the table and spectators' view: the guesser's view without a seat.

Decisions beyond the rulings (docs/rules/, where the rules are silent): a phase-mismatched move is "not_your_turn", a claim
on an already claimed word or on an ended board is "stale"; the host cannot remove their own seat
("remove another player"); a remove during writing deletes the board, and its words stay used; a hint
holding a control character, a lone surrogate or a direction override (U+202A-E, U+2066-9), or nothing a
person can see, is "invalid_move" (checks.hint_problem; a seat's name is refused for the same), while joiners
stay (Persian, Indic scripts, emoji); a claim names the word exactly as dealt.
"""

from ...i18n import N_
from .rules import HintHunt
from .moments import moment

GAME = HintHunt()

# What the hub reads besides the rules (docs/add-a-game.md). What the rules must not import is named, not
# imported: the screens (drawn from views, on the TV and the phones) and what only the tests read.
GAME.screens = __name__ + ".screens"  # table(), phone(), rules()
GAME.stylesheet = "static/css/games/hint_hunt.css"  # its styles, from the site's root
GAME.moment = moment  # the replay's marks: (event, names) -> a sentence or None
GAME.secrets = __name__ + ".secrets"  # the leak tests: fragments(), perturbed(), PLAYOUTS
GAME.autoplay = __name__ + ".autoplay"  # the simulated people: phone(), host()
GAME.tv_counts = (4, 12)  # players at which its table is fullest (e2e/test_tv_fit.py)
GAME.removal = N_("Their board and hint are deleted; their claims stay claimed.")  # D3-10, shown with _()

__all__ = ["GAME", "HintHunt"]
