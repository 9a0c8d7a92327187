"""Each game's how-to-play is illustrated: small pictures drawn in our own HTML/CSS/SVG, each with a label a
screen reader speaks and a visible caption, meaning carried by words and shapes. The same pictures are in
the lobby (host and phone) and on every phone during play."""

import re

import pytest

from peerparty.engine import HOST, Match
from peerparty.ui import illustrations, room
from peerparty.ui.screens import screens_for

from ..games_under_test import GAMES, draw_every_game, screens
from .helpers import assert_micropython_subset, pictures

NAMES = {"p1": "<b>Ann</b>", "p2": "Ben", "p3": "Cat"}
SCREENS = dict((game_id, screens(game_id)) for game_id in GAMES)


def started(game_id):
    game = GAMES[game_id]
    players = sorted(NAMES)[: game.max_players]
    m = Match(game, players, "how-to", {"host": "p1"} if game.host_is_player else {})
    if getattr(game, "start_move", None):
        m.play(HOST, dict(game.start_move), 0)
    return m


def ctx(me):
    return {"names": NAMES, "me": me, "is_host": False, "now_ms": 0, "connected": dict((p, True) for p in NAMES)}


def details_how_to_play(html):
    """The contents of every folded 'How to play ...' on a screen. Each has an id, so once opened it stays
    open while the screen re-renders (glue.js keeps a details element's open state by its id)."""
    return re.findall(
        r'<details class="how-to-play" id="[^"]+"><summary>How to play[^<]*</summary>(.*?)</details>', html, re.S
    )


@pytest.mark.parametrize("game_id", sorted(SCREENS))
def test_every_game_explains_itself_in_labelled_pictures_with_captions(game_id):
    rules = SCREENS[game_id].rules()
    found = pictures(rules)
    assert len(found) >= 3, "a how-to-play picture strip has at least three steps"
    for label, art, caption in found:
        assert len(label.split()) >= 5, "the label says what the picture shows: %r" % label
        assert len(caption.split()) >= 5, "the caption explains the step: %r" % caption
        assert art.strip() and "<" in art
    strip = re.search(r'<ol class="ill" aria-label="([^"]+)">', rules)
    assert strip and len(strip.group(1).split()) >= 3, "the strip has a name of its own"
    # drawn here, not fetched: no image files, links or CSS images inside the pictures
    for asset in ("<img", "src=", "href=", "url(", "http"):
        assert asset not in rules
    # the words of the rules still follow the pictures
    assert rules.index('<ol class="ill"') < rules.index("<p>")


@pytest.mark.parametrize("game_id", sorted(SCREENS))
def test_the_lobby_and_every_phone_during_play_show_the_pictures(game_id, monkeypatch):
    module = SCREENS[game_id]
    expected = pictures(module.rules())
    draw_every_game(monkeypatch)
    lobby = room.how_to_play(game_id, "A game")
    assert pictures(lobby) == expected and "How to play A game" in lobby
    # the phone's lobby, once the host has picked the game
    people = [{"id": p, "name": NAMES[p], "present": True, "host": False, "spectator": False} for p in NAMES]
    state = {
        "status": "joined",
        "code": "ABCD",
        "link": "open",
        "view": {
            "room": {"phase": "lobby", "game": game_id, "game_title": "A game", "people": people, "code": "ABCD"},
            "me": "p2",
        },
    }
    assert pictures(room.phone_screen(state)) == expected
    # every phone during play: folded under "How to play", one tap away
    m = started(game_id)
    for p in m.players:
        folded = details_how_to_play(module.phone(m.view(p), ctx(p)))
        assert len(folded) == 1 and pictures(folded[0]) == expected, p


def test_seven_rounds_shows_hidden_choices_then_locks_then_the_reveal():
    labels = [label for label, _, _ in pictures(screens_for("seven_rounds").rules())]
    arts = [art for _, art, _ in pictures(screens_for("seven_rounds").rules())]
    assert arts[0].count('class="ill-card ill-back">?<') == 3 and "ill-icon" in arts[0]  # three people
    assert arts[1].count(">locked<") == 3 and arts[1].count("<rect") == 3  # three padlocks
    assert ">BANK<" in arts[2] and ">DOUBLE DOWN<" in arts[2] and "ill-back" not in arts[2]
    assert "plus 3" in labels[3] and ">+3<" in arts[3]


def test_bank_or_bust_shows_a_mini_card_row_a_fit_a_bust_and_a_bank():
    found = pictures(screens_for("bank_or_bust").rules())
    rows = found[0][1]
    assert [int(v) for v in re.findall(r'class="ill-card">(\d+)<', rows)] == [100, 72, 40, 1, 23, 55]
    assert 'ill-card ill-drawn">30<' in found[1][1] and "&#10003; fits" in found[1][1]  # a tick, in words
    assert 'ill-card ill-bust">47<' in found[2][1] and ">BUST<" in found[2][1] and "&#10007;" in found[2][1]
    assert ">BANKED<" in found[3][1]


def test_hint_hunt_shows_a_board_with_roles_in_words_and_a_hint():
    found = pictures(screens_for("hint_hunt").rules())
    board = found[0][1]
    assert board.count("ill-tile-word") == 6 and "BEACH 2" in board
    assert board.count(">TARGET<") == 2 and board.count(">ASSASSIN<") == 1 and board.count(">CIVILIAN<") == 3
    guessers = found[1][1]
    assert "BEACH 2" in guessers and ">tapped<" in guessers and "TARGET" not in guessers  # no roles for guessers
    assert "+3" in found[2][1] and "&minus;1" in found[2][1] and "&minus;5" in found[2][1]


def test_someone_elses_problem_shows_an_object_passing_between_players():
    module = screens_for("someone_elses_problem")
    found = pictures(module.rules())
    gift = found[0][1]
    assert gift.index(">Ann<") < gift.index(">GIFT<") < gift.index(">Ben<") and "&rarr;" in gift
    assert module.SCANDAL_SHAPE + " Diary" in gift  # scandalous by a shape and a word
    answers = found[1][1]
    assert [w for w in ("Accept", "DENY", "REDIRECT") if ">%s<" % w in answers] == ["Accept", "DENY", "REDIRECT"]
    assert "&larr;" in answers  # DENY: back to the sender
    assert module.ALIBI_SHAPE + " ALIBI" in found[3][1] and module.SCANDAL_SHAPE not in found[3][1]


def test_pictures_escape_names_and_keep_to_the_micropython_subset():
    assert "&lt;i&gt;" in illustrations.person("<i>x</i>") and "<i>" not in illustrations.person("<i>x</i>")
    assert pictures(illustrations.steps("t", [("a <b> label", "<span>x</span>", "cap")])) == [
        ("a <b> label", "<span>x</span>", "cap")
    ]
    assert_micropython_subset(illustrations)
