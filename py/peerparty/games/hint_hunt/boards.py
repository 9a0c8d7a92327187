"""Board dealing from the word banks (banks.py, D3-03): 12 distinct words, 3 locked civilians, 1 assassin.

A board is a dict that is never changed in place once it sits in the state (copy_state shares it):
    {"words": (12 words), "civilians": (3 locked words), "assassin": word,
     "targets": (chosen targets), "hint": normalised hint, "submitted": bool}
"""

from .banks import DEFAULT_LANG, word_bank
from .constants import ASSASSIN, BOARD_SIZE, CIVILIAN, CIVILIANS_LOCKED, TARGET


def new_board(words, civilians, assassin):
    return {
        "words": tuple(words),
        "civilians": tuple(civilians),
        "assassin": assassin,
        "targets": (),
        "hint": "",
        "submitted": False,
    }


def board_from_option(spec, who):
    """A board given in options ({"words": [12], "civilians": [3], "assassin": w}); trusted but checked."""
    if not isinstance(spec, dict):
        raise ValueError("board for %r must be an object" % (who,))
    words = list(spec.get("words") or ())
    civilians = list(spec.get("civilians") or ())
    assassin = spec.get("assassin")
    if len(words) != BOARD_SIZE or len(set(words)) != BOARD_SIZE or not all(isinstance(w, str) and w for w in words):
        raise ValueError("board for %r needs %d distinct words" % (who, BOARD_SIZE))
    if (
        len(civilians) != CIVILIANS_LOCKED
        or len(set(civilians)) != CIVILIANS_LOCKED
        or not all(w in words for w in civilians)
    ):
        raise ValueError("board for %r needs %d locked civilians from its words" % (who, CIVILIANS_LOCKED))
    if assassin not in words or assassin in civilians:
        raise ValueError("board for %r needs an assassin among its other words" % (who,))
    return new_board(words, civilians, assassin)


def deal_board(rng, used, live_words, lang=DEFAULT_LANG):
    """Deal a random board from the bank of `lang` (banks.py), of words not yet used in this game (D3-03).

    Returns (board, used'). When fewer than 12 unused words remain the bank is exhausted: a new
    cycle starts, and only the words on boards still in play stay off limits.
    """
    bank = word_bank(lang)
    pool = [w for w in bank if w not in used]
    if len(pool) < BOARD_SIZE:
        used = frozenset(live_words)
        pool = [w for w in bank if w not in used]
    words = rng.sample(pool, BOARD_SIZE)  # the pool is in bank order, so a seed replays exactly
    locked = rng.sample(range(BOARD_SIZE), CIVILIANS_LOCKED + 1)
    civilians = [words[i] for i in locked[:CIVILIANS_LOCKED]]
    assassin = words[locked[CIVILIANS_LOCKED]]
    return new_board(words, civilians, assassin), used | frozenset(words)


def role_of(board, word):
    if word == board["assassin"]:
        return ASSASSIN
    if word in board["targets"]:
        return TARGET
    return CIVILIAN


def roles(board):
    """{word: role} for the whole board (only for those allowed to see it)."""
    return dict((w, role_of(board, w)) for w in board["words"])


def unlocked(board):
    """The 8 words a writer may pick targets from, in board order."""
    return [w for w in board["words"] if w != board["assassin"] and w not in board["civilians"]]


def hint_text(board):
    """The hint as everyone sees it: "ORBIT 2"."""
    return "%s %d" % (board["hint"], len(board["targets"]))
