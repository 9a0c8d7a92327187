"""Hint Hunt's numbers and names, kept in one place so a later ruling changes one line."""

from ...i18n import N_

GAME_ID = "hint_hunt"  # D3-18
TITLE = N_("Hint Hunt")  # shown with _(TITLE) where it is drawn
MIN_PLAYERS = 2  # 2 are allowed, 3+ recommended (rulebook)
MAX_PLAYERS = 12

BOARD_SIZE = 12  # words on a board
CIVILIANS_LOCKED = 3  # locked civilians per board
MIN_TARGETS = 1
MAX_TARGETS = 5
HINT_MAX = 24  # D3-04: code points after trimming and collapsing whitespace
HINT_RAW_MAX = 200  # longest raw hint text we even look at (untrusted input)
WORD_RAW_MAX = 40  # longest word text we even look at

# Roles on a board and what a claim of each does to the guesser AND the writer (D3-19).
TARGET = "target"
CIVILIAN = "civilian"
ASSASSIN = "assassin"
DELTAS = {TARGET: 3, CIVILIAN: -1, ASSASSIN: -5}

PLACEHOLDER_HINT = "CLUE"  # the fixed text legal_moves() offers for the free-text hint

# Phases (the lobby lives in the room, before setup).
WRITING = "hint_writing"
GUESSING = "guessing"
SCOREBOARD = "scoreboard"
ABANDONED = "abandoned"

# A guesser's standing on the current board.
STILL_GUESSING = "guessing"
OUT = "out"  # claimed a civilian
DONE = "done"  # tapped "I'm done guessing"
STOPPED = "stopped"  # still guessing when the board ended (no score change, D3-09)
GONE = "removed"  # removed from the game mid-board (D3-10)

# Why a board ended (D3-09 (a)-(d)).
ALL_TARGETS = "all_targets"
ASSASSIN_FOUND = "assassin"
NO_GUESSERS = "no_guessers"
HOST_MOVED_ON = "host_moved_on"

PLAYER_MOVES = frozenset(["submit", "edit", "claim", "done_guessing"])
HOST_MOVES = frozenset(["reject", "remove", "start_guessing", "next_board", "set_host", "away"])

# the result's and the abandoned view's note: English a screen shows with _(note)
SCOREBOARD_NOTE = N_("Highest score wins; players tied for the highest score share first place.")
ABANDONED_NOTE = N_("Fewer than two players remained, so the game went back to the lobby.")
