"""The big screen shows only what every player may see (issue 37): at every step of random whole games of every
game, the HTML host.html draws (ui/room.py host_screen over HostSession.screen(), through the rules worker's
draw()) holds none of the game's declared secrets (games/<id>/secrets.py). Remote screens are sent exactly that
HTML (static/js/host-room.js showOn), and one watches every game here, so this is what they show too.

Two checks per step, as tests/test_leaks.py makes them on the phones' views:
  perturbed  the same state with the secrets changed: the drawn HTML must not change, in any encoding
  fragments  a secret that is a word or a name (a quoted JSON string) must not be in the HTML's text
Only a host who said "I play on this screen" sees a seat on the host tab: then the secrets are that seat's
others', and no remote screen is let in (it would show the seat to the room).
"""

import json
import re
from html import unescape
from random import Random

import pytest

from peerparty.app.rules import draw
from peerparty.engine import HOST
from peerparty.games import REGISTRY
from peerparty.ui.room import how_to_play

from .test_host_threads import PAGE, opened, random_step
from .test_leaks import fragments, perturbed

WATCH = json.dumps({"v": 1, "t": "watch", "room": "WXYZ", "epoch": 0})


def words_of(fragment):
    """The text a canonical-JSON fragment is, when it is one quoted string ('"LAMP"' -> 'LAMP'), else None."""
    try:
        value = json.loads(fragment)
    except ValueError:
        return None
    return value if isinstance(value, str) and len(value) >= 3 else None


def page_text(html):
    return unescape(re.sub(r"<[^>]+>", " ", html))


def check_big_screen(game_id, rules, html):
    """Assert the HTML shows nothing of the game the host tab's viewer may not see; returns the checks made."""
    session = rules.session
    state = session.match.state
    local = session._local_seat()
    viewer = local.id if local is not None and local.id in session.match.players else None
    text = page_text(html)
    # the game's how-to-play pictures show example words (a board's PIANO): the same on every screen, no secret
    examples = page_text(how_to_play(game_id, REGISTRY[game_id].title, True))
    for what, fragment, allowed in fragments(game_id, state, viewer):
        word = words_of(fragment)
        if word is not None and allowed == 0 and not re.search(r"(?<!\w)%s(?!\w)" % re.escape(word), examples):
            assert not re.search(r"(?<!\w)%s(?!\w)" % re.escape(word), text), (
                "%s: %s is on the big screen (viewer %r)" % (game_id, what, viewer)
            )
    checks = 1
    html = draw(rules.screen(), PAGE)["html"]  # drawn again now: a countdown moved since the last frame
    for other in perturbed(game_id, state, viewer):
        session.match.state = other
        try:
            changed = draw(rules.screen(), PAGE)["html"]
        finally:
            session.match.state = state
        assert changed == html, "%s: the big screen changed when only secrets changed (viewer %r, phase %s)" % (
            game_id,
            viewer,
            state.get("phase"),
        )
        checks += 1
    return checks


def whole_game(game_id, seed, plays_here=False):
    """A whole game through the rules worker, phones moving at random (the host's moves from the TV now and
    then); the big screen checked before every step. Returns (rules, thread, checks)."""
    game = REGISTRY[game_id]
    rng = Random("big-screen:%s:%d" % (game_id, seed))
    rules, thread, _ = opened(seed="deal-%d" % seed)
    if plays_here:
        thread.action({"room": "join_local", "name": "Hosty"})
    count = rng.randint(max(game.min_players, 3), min(game.max_players, 5)) - (1 if plays_here else 0)
    conns = dict((thread.phones[c].seat, c) for c in [thread.join("P%d" % i) for i in range(count)])
    thread.take(rules.connect("screen-1", thread.now))
    thread.take(rules.data("screen-1", WATCH, thread.now))
    session = rules.session
    assert (session.screens.watching() == []) == plays_here, "a screen watches unless the host tab is a seat"
    thread.action({"room": "pick", "game": game_id})
    thread.action({"room": "start"})
    assert session.phase == "playing"
    local = [s.id for s in session.lobby.seats if s.local]
    checks = 0
    for _ in range(3000):
        if session.phase != "playing":
            break
        thread.now += rng.randint(0, 3000)
        thread.take(rules.tick(thread.now))
        if session.phase != "playing":
            break
        html = thread.drawn()["html"]
        checks += check_big_screen(game_id, rules, html)
        assert all(sent == html for sent in thread.on_screens.values()), "a remote screen shows another frame"
        random_step(thread, game, rng, conns, local)
    assert session.phase == "over", "%s seed %d did not end" % (game_id, seed)
    return rules, thread, checks


CASES = [(g, seed, False) for g in sorted(REGISTRY) for seed in range(3)] + [
    (g, seed, True) for g in sorted(REGISTRY) if REGISTRY[g].host_is_player for seed in range(2)
]


@pytest.mark.parametrize("game_id,seed,plays_here", CASES)
def test_the_big_screen_and_the_remote_screens_show_no_secret(game_id, seed, plays_here):
    _rules, _thread, checks = whole_game(game_id, seed, plays_here)
    assert checks > 5


def test_the_table_is_the_view_of_no_seat():
    """The contract the big screen rests on: a game's view for HOST (what the TV draws) is its table's view, plus
    only the host's controls."""
    from peerparty.engine.playout import random_playout

    for game in REGISTRY.values():
        players = ["p%d" % i for i in range(1, max(game.min_players, 3) + 1)]

        def same(match, now):
            host = dict(match.view(HOST))
            host.pop("controls", None)
            assert host == match.view(None), game.id

        random_playout(game, players, "table", Random(3), seen=same)


def test_the_search_would_catch_the_host_players_own_board_on_the_big_screen():
    """Not vacuous: the big screen drawn as main drew it in Hint Hunt (the host's seat's board, roles and all)
    fails the checks once that seat writes a board the others guess."""
    rules, thread, _ = opened(seed="deal-9")
    for name in ("Ann", "Ben", "Cat"):
        thread.join(name)
    thread.action({"room": "pick", "game": "hint_hunt"})
    thread.action({"room": "start"})
    session = rules.session
    holder = session.controls.holder
    rng = Random(1)
    caught = False
    for _ in range(400):
        state = session.match.state
        if session.phase != "playing":
            break
        if state["phase"] == "guessing" and state["order"][state["turn"]] == holder and not state["ended"]:
            screen = rules.screen()
            screen["view"] = session.match.sent_view(holder)  # main's _host_game: the host's own seat
            screen["controls"] = session.match.sent_view(HOST)
            screen["info"]["host_plays"] = True
            with pytest.raises(AssertionError):
                _check_html_of(rules, draw(screen, PAGE)["html"])
            caught = True
            break
        choices = [
            (p, m)
            for p in session.match.players
            for m in REGISTRY["hint_hunt"].legal_moves(state, p)
            if m["type"] != "done_guessing"
        ]
        host = [
            m for m in REGISTRY["hint_hunt"].legal_moves(state, HOST) if m["type"] in ("start_guessing", "next_board")
        ]
        if host and (not choices or state["phase"] == "hint_writing"):
            session.match.play(HOST, host[0], 0)
        elif choices:
            who, move = rng.choice(choices)
            session.match.play(who, move, 0)
    assert caught


def _check_html_of(rules, html):
    """check_big_screen for HTML drawn from a changed screen(): the perturbation redraws the same change."""
    session = rules.session
    state = session.match.state
    holder = session.controls.holder
    for other in perturbed("hint_hunt", state, None):
        session.match.state = other
        try:
            screen = rules.screen()
            screen["view"] = session.match.sent_view(holder)
            screen["controls"] = session.match.sent_view(HOST)
            screen["info"]["host_plays"] = True
            changed = draw(screen, PAGE)["html"]
        finally:
            session.match.state = state
        assert changed == html, "the host's own board is on the big screen"


def test_a_successor_hosting_from_its_phone_sends_its_screens_the_table_and_the_old_tv_becomes_one():
    """Issue 37, point 4: after a Hint Hunt takeover the new host is a player's phone (its own seat on its screen,
    told in words that it hosts); the remote screens it takes, the room's TV among them, are sent the table."""
    from peerparty.app.rules import Rules
    from .test_host_threads import successor_storage

    rules, thread, _ = opened(code="HHHH")
    ann = thread.join("Ann")
    thread.join("Ben")
    thread.join("Cat")
    thread.action({"room": "pick", "game": "hint_hunt"})
    thread.action({"room": "start"})
    successor = Rules(REGISTRY)
    out = successor.open("takeover", "HHHH", 1, thread.now + 20000, storage=successor_storage(thread, ann))
    assert out["opened"]["mode"] == "takeover"
    successor.page(PAGE)
    session = successor.session
    me = [s for s in session.lobby.seats if s.local][0]
    own = successor.draw()
    assert "You are the host now" in own["html"]
    words = session.match.state["boards"][me.id]["words"]
    assert any(w in own["html"] for w in words), "the successor's phone shows its own board"
    successor.connect("screen-9", thread.now)
    answer = successor.data("screen-9", json.dumps({"v": 1, "t": "watch", "room": "HHHH", "epoch": 1}), thread.now)
    assert answer["watchers"] == ["screen-9"]
    table = successor.draw()["table"]
    assert not any(re.search(r"(?<!\w)%s(?!\w)" % w, page_text(table)) for w in words), "a seat's board on a screen"
    assert "You are the host now" not in table and 'data-code="HHHH"' in table
    # the old TV (no seat of its own) finds the room moved on: it comes back as a remote screen, not a seat
    verdict = rules.moved_on(1)
    assert verdict["leave"] == "screen"
