"""Hint Hunt's word banks, one a language (D3-03; issue 49): a board's words come from the bank of the room's
language, chosen by the match option "words_lang" and kept in the state, so a record replays the same boards
on a screen in any language. The words are values, never messages: no catalog translates them.

Each bank is a text file beside the games package (hint_hunt_words.txt, hint_hunt_words.<lang>.txt), one word a
line, read by its package (pkgutil), which works from the rules worker's zip (zipimport) as from the tree.
"""

import pkgutil

DEFAULT_LANG = "en"
FILES = {"en": "hint_hunt_words.txt", "es": "hint_hunt_words.es.txt", "de": "hint_hunt_words.de.txt"}
BANK_LANGS = ("en", "es", "de")  # the order a refusal names them in

# The shape every word of every bank has (D3-03): one word of 3 to 10 upper-case letters of its language. German
# writes ß as SS in upper case (Duden's rule for capitals; "STRASSE"), so each word is its own str.upper() and
# every bank's words compare alike on every Python.
WORD_MIN, WORD_MAX = 3, 10
_LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LETTERS = {"en": _LATIN, "es": _LATIN + "ÁÉÍÓÚÜÑ", "de": _LATIN + "ÄÖÜ"}

_BANKS = {}


def word_bank(lang=DEFAULT_LANG):
    """The bank of `lang` (one of BANK_LANGS), read once: its words in file order, each once."""
    bank = _BANKS.get(lang)
    if bank is None:
        text = pkgutil.get_data("peerparty.games", FILES[lang]).decode("utf-8")
        words, seen = [], set()
        for line in text.splitlines():
            word = line.strip()
            if word and word not in seen:
                seen.add(word)
                words.append(word)
        bank = _BANKS[lang] = tuple(words)
    return bank


def words_lang(options):
    """The bank a match deals from: options["words_lang"], English when it is not given. Raises ValueError with
    a sentence for a value that names no bank (setup's way to refuse options, as for a bad board)."""
    lang = options.get("words_lang", DEFAULT_LANG)
    if not isinstance(lang, str) or lang not in FILES:
        raise ValueError("Hint Hunt has no word list in %r: words_lang is one of %s." % (lang, ", ".join(BANK_LANGS)))
    return lang


def bank_lang_for(tag):
    """The bank for a room's language tag ("es", "es-MX", "de_AT", "en-XA"): the tag's own, else its language's,
    else English. Never fails, so a room in a language with no bank still deals (in English)."""
    tag = str(tag or "").replace("_", "-").lower()
    if tag in FILES:
        return tag
    base = tag.split("-")[0]
    return base if base in FILES else DEFAULT_LANG


def word_shape_problem(word, lang):
    """Why `word` cannot stand in the bank of `lang`, as a sentence, or None when it can (D3-03)."""
    if not isinstance(word, str) or not WORD_MIN <= len(word) <= WORD_MAX:
        return "%r is not %d to %d letters long." % (word, WORD_MIN, WORD_MAX)
    strays = [ch for ch in word if ch not in LETTERS[lang]]
    if strays:
        return "%r holds %s, which is no upper-case letter of %s." % (word, "".join(strays), lang)
    return None
