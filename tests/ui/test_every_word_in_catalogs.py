"""Every word a person reads comes from the message catalogs (issue 49): whole random games of every game, drawn
as the big screen and as each phone draws itself, in the pseudo-locale en-XA (scripts/catalogs.py pseudo(): every
letter of a message accented, between [markers]). A run of plain ASCII letters left on a screen is then English
no catalog gave: a sentence still written into the screen's code. The players' names are in scripts with no ASCII
letter, and what a game deals (Hint Hunt's words, the hints typed) and the room's code are taken out first, so
only the screens' own words are read."""

import json
import re
from html import unescape
from random import Random

import pytest

from peerparty import i18n
from peerparty.games import REGISTRY
from peerparty.ui.room import VERIFIER, phone_screen
from scripts import catalogs

from ..test_host_threads import PAGE, opened, random_step

# players' names with no ASCII letter (Greek, Cyrillic, Georgian, Japanese, Arabic): a name is never a message
NAMES = ["Σοφία", "Жанна", "ნინო", "さくら", "ليلى"]
# words that are names, not messages: the brand, and a letter code people type
# and the example players of the how-to-play pictures (ui/illustrations.py)
ALLOWED = {"PeerParty", "QR", "Ann", "Ben", "Cat", "Dan"}
FINGERPRINT = re.compile(r"\b[0-9a-f]{4}(?: [0-9a-f]{4})+\b")  # the deal's seed fingerprint (Fair deal, shown)
ASCII_WORD = re.compile(r"[A-Za-z]{2,}")
SHOWN_ATTRS = re.compile(r'\b(?:aria-label|title|placeholder|alt|data-confirm|data-ok|data-cancel)="([^"]*)"')


@pytest.fixture(scope="module")
def pseudo():
    catalogs.ensure_babel(install=False)
    bundle = catalogs.pseudo_bundle(catalogs.extract(), "en-XA")
    # a list's "and" is CLDR's list pattern, not a catalog's message (i18n.join): accented here, so a list of names
    # reads as the words the pseudo-locale gave
    bundle["list"] = dict((k, v.replace("and", "\u00e5\u00f1\u00f0")) for k, v in bundle["list"].items())
    return i18n.Language(bundle)


def words_people_read(html):
    """The text of `html` a person reads: its text nodes and the attributes a browser shows or speaks."""
    shown = [unescape(v) for v in SHOWN_ATTRS.findall(html)]
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    text = unescape(re.sub(r"<[^>]+>", "\n", html))
    return [line.strip() for line in text.split("\n") + shown if line.strip()]


def english_left(lines, dealt):
    """The ASCII words in `lines` that are neither dealt values nor ALLOWED: English no catalog gave."""
    out = []
    for line in lines:
        rest = FINGERPRINT.sub(" ", line)
        for value in sorted(dealt, key=len, reverse=True):
            rest = rest.replace(value, " ")
        for word in ASCII_WORD.findall(rest):
            if word not in ALLOWED:
                out.append(line)
                break
    return out


def dealt_values(session):
    """What the room and the game put on screens as data, not words of a catalog: the room's code, the languages'
    own names, and every string the game's state holds (words dealt, hints typed, seat ids)."""
    out = {session.code, VERIFIER} | set(i18n.NAMES.values())  # each language's name in its own words (ui/languages.py)
    # the join page's address, which the join box writes in two parts (a line may break after its slash), and the
    # seed a game was dealt from (the results show it)
    out.update(PAGE["join_hint"].replace("/", "/ ").split())
    for value in (getattr(session, "deal", None), getattr(session, "seed", None)):
        if isinstance(value, str):
            out.add(value)

    def walk(value):
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    if session.match is not None:
        walk(session.match.state)
    return {v for v in out if v and v not in ALLOWED and len(v) >= 2}


def drawings(language, thread, where):
    """The big screen and every phone as drawn now, in `language`: (surface, lines, dealt) each."""
    session = thread.rules.session
    dealt = dealt_values(session)
    yield "big screen " + where, words_people_read(thread.drawn()["html"]), dealt
    before = i18n.swap(language)
    try:
        for conn, phone in thread.phones.items():
            state = {"status": phone.status, "code": session.code, "view": phone.view, "error": phone.error}
            yield "phone %s %s" % (conn, where), words_people_read(phone_screen(state)), dealt
    finally:
        i18n.swap(before)


def whole_game_in(language, game_id, seed, room_too=False):
    """A random whole game with the big screen and every phone drawn in `language` at each step of play (and, with
    `room_too`, in the lobby before and at the results after); yields (surface, lines, dealt) for each drawing."""
    game = REGISTRY[game_id]
    rng = Random("catalogs:%s:%d" % (game_id, seed))
    rules, thread, _ = opened(seed="deal-%d" % seed)
    rules.languages[rules.session.lang] = language  # the big screen draws in the room's language: here en-XA
    count = rng.randint(max(game.min_players, 3), min(game.max_players, 5))
    conns = dict((thread.phones[c].seat, c) for c in [thread.join(n) for n in NAMES[:count]])
    thread.action({"room": "pick", "game": game_id})
    if room_too:
        yield from drawings(language, thread, "in the lobby")
    thread.action({"room": "start"})
    session = rules.session
    for _ in range(3000):
        if session.phase != "playing":
            break
        thread.now += rng.randint(0, 3000)
        thread.take(rules.tick(thread.now))
        if session.phase != "playing":
            break
        if not room_too:
            yield from drawings(language, thread, "in play")
        random_step(thread, game, rng, conns, [])
    assert session.phase == "over"
    if room_too:
        yield from drawings(language, thread, "at the results")


def english_on(surfaces):
    seen = {}
    for surface, lines, dealt in surfaces:
        for line in english_left(lines, dealt):
            seen.setdefault(line, surface)
    return (
        "English outside the catalogs:\n"
        + "\n".join(
            "  %s: %s" % (surface, json.dumps(line, ensure_ascii=False)) for line, surface in sorted(seen.items())
        )
        if seen
        else ""
    )


CASES = [(g, seed) for g in sorted(REGISTRY) for seed in range(2)]


@pytest.mark.parametrize("game_id,seed", CASES)
def test_every_word_on_every_screen_of_a_whole_game_comes_from_the_catalogs(pseudo, game_id, seed):
    assert english_on(whole_game_in(pseudo, game_id, seed)) == ""


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_every_word_of_the_lobby_and_the_results_comes_from_the_catalogs(pseudo, game_id):
    assert english_on(whole_game_in(pseudo, game_id, 0, room_too=True)) == ""


def test_the_check_finds_a_sentence_written_into_a_screen(pseudo):
    before = i18n.swap(pseudo)
    try:
        translated = i18n._("Join the party")
    finally:
        i18n.swap(before)
    lines = words_people_read('<p>%s</p><button aria-label="Close the replay">x</button>' % translated)
    assert english_left(lines, set()) == ["Close the replay"]
    assert english_left(["Σοφία: WXYZ"], {"WXYZ"}) == []
