"""Seven Rounds screens rendered from real engine states: what a person sees in every phase."""

import re

import pytest

from peerparty.engine.core import HOST, SYSTEM
from peerparty.engine.match import Match
from peerparty.games.seven_rounds import GAME
from peerparty.games.seven_rounds import screens as ui
from peerparty.ui import html as ui_html

from .helpers import assert_micropython_subset, data_moves as moves

PLAYERS = ["a", "b", "c", "d"]
NAMES = {"a": "<b>x</b>", "b": "Sam", "c": "Kim & Co", "d": "Dee"}
EVIL = "&lt;b&gt;x&lt;/b&gt;"
MISSIONS = {"a": 8, "b": 2, "c": 3, "d": 7}


def ctx(me=None, is_host=False, now=2000, away=()):
    return {
        "names": NAMES,
        "me": me,
        "is_host": is_host,
        "now_ms": now,
        "connected": dict((p, p not in away) for p in PLAYERS),
    }


def match(start=True, missions=MISSIONS):
    m = Match(GAME, PLAYERS, "ui", {"missions": missions})
    if start:
        m.play(HOST, GAME.start_move, 1000)
    return m


def table(m, **kw):
    kw.setdefault("is_host", True)
    c = ctx(**kw)
    c["host_buttons"] = ui.controls(m.view(None), c)  # the room's one list draws them, and the table places them
    return ui.table(m.view(None), c)


def phone(m, p, **kw):
    return ui.phone(m.view(p), ctx(me=p, **kw))


def enabled_types(html):
    return sorted(mv["type"] for mv, disabled, _ in moves(html) if not disabled)


def results_match():
    m = match()
    for p, mv in [
        ("a", {"action": "bank"}),
        ("b", {"action": "swipe", "target": "a"}),
        ("c", {"action": "swipe", "target": "a"}),
        ("d", {"action": "predict", "guess": "swipe"}),
    ]:
        mv["type"] = "lock"
        m.play(p, mv, 1500)
    m.play(HOST, {"type": "reveal"}, 3000)
    return m


def test_ready_screens_wait_for_start():
    m = match(start=False)
    html = table(m)
    assert "Round Captain: " + EVIL in html and "<b>x</b>" not in html
    assert enabled_types(html) == ["end_game", "next_round"]
    assert "Waiting for the host to start round 1" in phone(m, "b")


def test_choosing_table_shows_who_locked_never_what():
    m = match()
    m.play("a", {"type": "lock", "action": "team_up", "target": "b"}, 1500)
    html = table(m, now=11000)
    assert 'data-countdown="50000"' in html and "0:50" in html
    assert "Round 1 of 7" in html and "1 of 4 locked in" in html
    assert html.count("locked in</span>") == 1 and html.count("choosing\u2026") == 3
    assert "TEAM UP" not in html and "team_up" not in html
    for name in ("STEADY SAVER", "TRUST BUILDER", "CLEAN SWIPE", "NARROW ESCAPE"):
        assert name not in html
    assert enabled_types(html) == ["add_time", "end_game"]  # Reveal shown but disabled
    assert [d for mv, d, _ in moves(html) if mv["type"] == "reveal"] == [True]
    end = [c for mv, _, c in moves(html) if mv["type"] == "end_game"][0]
    assert "Round 1 is not scored" in end
    assert 'aria-live="polite"' in html
    assert "away" in table(m, away=("c",))


def test_reveal_enabled_when_all_locked_and_with_a_named_skip_after_expiry():
    m = match()
    for p in ("a", "b", "c", "d"):
        m.play(p, {"type": "lock", "action": "bank"}, 1500)
    assert [(mv, d) for mv, d, _ in moves(table(m)) if mv["type"] == "reveal"] == [({"type": "reveal"}, False)]
    m = match()
    m.play("b", {"type": "lock", "action": "bank"}, 1500)
    m.play(SYSTEM, {"type": "timeout"}, 61000)
    html = table(m, now=61000)
    assert "Time is up" in html
    reveal = [(mv, c) for mv, d, c in moves(html) if mv["type"] == "reveal" and not d]
    assert reveal[0][0] == {"type": "reveal", "skip_ok": True}
    assert reveal[0][1] == (
        "Reveal now? These players have not locked in and will be skipped: " + EVIL + ", Kim &amp; Co, and Dee."
    )  # as the attribute holds it: a list in the language's own pattern (i18n.join)
    assert not ui.table(m.view(None), ctx(is_host=False)).count("data-move")  # no controls off the host


def test_phone_choosing_offers_five_actions_other_players_and_four_guesses():
    m = match()
    html = phone(m, "a", now=1000)
    assert 'data-countdown="60000"' in html
    assert html.count('name="action"') == 5 and html.count('name="guess"') == 4
    targets = re.findall(r'name="target" value="([^"]*)"', html)
    assert targets == ["b", "c", "d"]  # never myself (D0-03)
    assert 'value="predict"' in html and html.count('value="predict"') == 1  # not a guess
    assert "Lock in" in html and 'id="sr-lock-r1"' in html
    assert [mv for mv, _, _ in moves(html)] == [{"type": "lock"}]
    assert "<details" in html and "STEADY SAVER" in html and "Choose BANK in 3 different rounds." in html
    for name in ("TRUST BUILDER", "CLEAN SWIPE", "NARROW ESCAPE"):
        assert name not in html
    assert "Me: " + EVIL in html
    assert "Kim &amp; Co" in phone(m, "a")


def test_phone_locked_state_and_missed_lock():
    m = match()
    m.play("c", {"type": "lock", "action": "swipe", "target": "a"}, 1500)
    html = phone(m, "c")
    assert "Locked in" in html and "My choice: SWIPE &rarr; " + EVIL in html
    assert "<form" not in html
    other = phone(m, "b")
    assert "&rarr;" not in other and "My choice" not in other  # c's choice stays secret
    m.play(SYSTEM, {"type": "timeout"}, 61000)
    html = phone(m, "d", now=61000)
    assert "Time is up and you did not lock in" in html and "<form" not in html


BEAT = re.compile(r'class="(beat|beat-pass)" style="--at:(\d+)ms(?:;--for:(\d+)ms)?"[^>]*>(.*?)</span>')


def beats_of(html):
    """(kind, at, for, text) of every beat of a moment, in the page's order."""
    return [(k, int(at), int(f or 0), text) for k, at, f, text in BEAT.findall(html)]


def test_a_reveal_is_a_moment_that_fills_the_table_in_the_rulebooks_order_within_three_seconds():
    html = table(results_match())
    assert 'id="moment-sr-1"' in html  # one id for the round's moment: a redraw keeps it running
    beats = beats_of(html)
    col = dict(
        (text, at)
        for kind, at, _, text in beats
        if kind == "beat"
        and not text[:1].isdigit()
        and text in ("Action", "Action points", "Swipes", "Mission", "Total")
    )
    # choices, then BANK/TEAM UP/PREDICT/DOUBLE DOWN, then swipes, then missions, then totals
    assert col["Action"] < col["Action points"] < col["Swipes"] < col["Mission"] < col["Total"]
    assert max(at + (f or ui_html.BEAT_MS) for _, at, f, _ in beats) <= ui_html.MOMENT_MS
    # swipes from the captain (a) clockwise: b's sentence passes before c's
    captions = [(at, text) for kind, at, _, text in beats if kind == "beat-pass"]
    assert [t for _, t in captions][0].startswith("1. Everyone")
    swipes = [(at, t) for at, t in captions if t.startswith("3. ")]
    assert [t for _, t in swipes] == [
        "3. Sam took 1 point from " + EVIL,
        "3. Kim &amp; Co swiped %s: already lost a point" % EVIL,
    ]
    assert swipes[0][0] < swipes[1][0]
    # issue 48 point 6: the game's last reveal is a moment on the final screen too, not folded away
    m = results_match()
    for _ in range(6):
        m.play(HOST, {"type": "next_round"}, 4000)
        for p in PLAYERS:
            m.play(p, {"type": "lock", "action": "bank"}, 4500)
        m.play(HOST, {"type": "reveal"}, 5000)
    final = table(m)
    assert "Last round in detail" not in final and 'id="moment-sr-7"' in final and "beat" in final
    assert "Round 7 revealed" in final


def test_results_table_walks_through_the_reveal():
    m = results_match()
    html = table(m)
    assert "Round 1 revealed" in html
    # the totals lead; the steps that explain them are folded under them, in order
    assert html.index('aria-label="Round totals, leader first"') < html.index('class="sr-step-fold"')
    steps = html[html.index('class="sr-step-fold"') :]
    headings = ("1. Everyone", "2. BANK, TEAM UP, PREDICT, DOUBLE DOWN", "3. Swipes", "4. Secret Missions")
    assert [steps.index(h) for h in headings] == sorted(steps.index(h) for h in headings)
    # the totals, leader first, are the standings between rounds: no second table of the same numbers
    assert "sr-standings" not in html
    totals = re.findall(r'<td class="sr-num sr-total">(?:<span[^>]*>)?(\d+)<', html)
    assert totals == sorted(totals, key=int, reverse=True) and len(totals) == 4
    assert "SWIPE &rarr; " + EVIL in html and "PREDICT: SWIPE" in html
    # captain a: b swipes first and takes the point; c comes second
    assert "WORKED: </b>Sam took 1 point from " + EVIL in html
    assert (
        "FAILED: </b>Kim &amp; Co swiped "
        + EVIL
        + " and got nothing: "
        + EVIL
        + " had already lost a point to a swipe this round"
        in html
    )
    assert "Dee completed a Secret Mission" not in html
    assert "Sam completed a Secret Mission" not in html
    assert "Kim &amp; Co completed a Secret Mission" not in html
    assert m.view(None)["scores"] == {"a": 1, "b": 1, "c": 0, "d": 2}
    assert "Next Round Captain: Sam" in html
    assert enabled_types(html) == ["end_game", "next_round"] and "Start round 2" in html
    for name in ("STEADY SAVER", "TRUST BUILDER", "CLEAN SWIPE", "NARROW ESCAPE"):
        assert name not in html


def test_results_phone_says_what_happened_to_me_and_why():
    m = results_match()
    html = phone(m, "a")
    assert "Round 1: what happened to me" in html
    assert "You chose BANK: +2 action points." in html
    # my own round speaks to me: "you", not my name
    assert "Sam took 1 point from you." in html
    assert "Kim &amp; Co swiped you and got nothing: you had already lost a point" in html
    assert EVIL + " had" not in html
    assert "My total: 1" in html
    html = phone(m, "b")
    assert "You took 1 point from " + EVIL + "." in html
    assert "You chose SWIPE &rarr; " + EVIL + ": +1 action point." in html
    assert "My total: 1" in html and "<form" not in html


def test_mission_completion_is_announced_by_name():
    m = match(missions={"a": 1, "b": 2, "c": 3, "d": 7})
    for p, mv in [
        ("a", {"action": "bank"}),
        ("b", {"action": "team_up", "target": "c"}),
        ("c", {"action": "team_up", "target": "b"}),
        ("d", {"action": "double_down"}),
    ]:
        mv["type"] = "lock"
        m.play(p, mv, 1500)
    m.play(HOST, {"type": "reveal"}, 3000)
    html = table(m)
    assert EVIL + " completed a Secret Mission: SOLO BANKER (+3)" in html
    assert "Sam completed a Secret Mission: TRUST BUILDER (+3)" in html
    assert "NARROW ESCAPE" not in html and "CLEAN SWIPE" not in html
    assert "done in round 1 (+3)" in phone(m, "a")
    assert "You and Kim &amp; Co teamed up with each other." in phone(m, "b")


def test_a_phone_says_its_secret_mission_in_full_and_what_the_captain_is_for():
    """Issue 38 point 6: the mission's meaning on show (not its name alone behind a fold), the captain in a line."""
    m = match(missions={"a": 1, "b": 2, "c": 3, "d": 7})
    html = phone(m, "a")
    assert "My Secret Mission: <b>SOLO BANKER</b>" in html
    assert "Be the only player who chooses BANK in a round." in html and '<details class="sr-mission"' not in html
    assert "nearest the captain (clockwise) takes the point" in html
    assert "TRUST BUILDER" not in html  # another player's mission stays on their phone


def test_final_screens_show_winners_note_and_every_mission():
    m = results_match()
    m.play(HOST, {"type": "next_round"}, 4000)
    m.play("a", {"type": "lock", "action": "bank"}, 4500)
    m.play(HOST, {"type": "end_game"}, 5000)
    html = table(m)
    # the room's own headline names the winners above this screen: no second headline here
    assert "Game ended early after round 1." in html and "wins!" not in html
    assert re.search(
        r'<th scope="row"><span class="face face-\d+" aria-hidden="true">D</span>'
        r'<span class="who-name" dir="auto">Dee</span><span class="badge win">winner</span></th>',
        html,
    )  # each player wears their face
    assert html.count('class="badge win"') == 1
    for name in ("STEADY SAVER", "TRUST BUILDER", "CLEAN SWIPE", "NARROW ESCAPE"):
        assert name in html
    assert "not completed" in html and "data-move" not in html
    html = phone(m, "a")
    assert "Game ended early after round 1." in html and "NARROW ESCAPE" in html
    assert "The game is over." not in html  # the room's winners headline above says it
    assert "wins!" not in html and "Standings with places" in html
    assert re.search(r'Dee</span><span class="badge win">winner</span>', html)
    # D0-15: round 2 was discarded unfinished; its captain (Sam) keeps the role, no roll back to round 1's
    assert "Round 2 of 7: not scored" in html and "Captain: Sam" in html and "Captain: " + EVIL not in html


def test_final_shared_win_after_seven_rounds():
    m = match(missions={"a": 1, "b": 2, "c": 3, "d": 7})
    for r in range(7):
        if r:
            m.play(HOST, {"type": "next_round"}, 1000)
        for p in PLAYERS:
            m.play(p, {"type": "lock", "action": "bank"}, 1500)
        m.play(HOST, {"type": "reveal"}, 2000)
    html = table(m)
    assert html.count('<span class="badge win">winner</span>') == 4
    assert "Last round in detail" not in html and "Round 7 revealed" in html
    # issue 48 point 6: the last reveal is the moment: the TV plays it (its totals are the final standings, the
    # winners marked), and each phone shows its own last round unfolded
    assert 'id="moment-sr-7"' in html
    mine = phone(m, "a")
    assert "Round 7: what happened to me" in mine and "My last round" not in mine


def test_screens_keep_to_the_micropython_subset():
    assert_micropython_subset(ui)


def test_every_view_of_random_playouts_renders_with_names_escaped():
    from random import Random

    names = dict((p, "<i>%s</i>" % p) for p in PLAYERS)
    for seed in range(8):
        rng = Random(seed)
        m = Match(GAME, PLAYERS, seed, {})
        now = 0
        m.play(HOST, GAME.start_move, now)
        while m.result() is None:
            now += 1000
            who = rng.choice(PLAYERS + [HOST, HOST, SYSTEM])
            legal = GAME.legal_moves(m.state, who)
            if who == HOST:
                legal = [mv for mv in legal if mv["type"] not in ("end_game", "remove")] or legal
            if not legal:
                continue
            m.play(who, rng.choice(legal), now)
            for v in [None] + PLAYERS:
                c = {"names": names, "me": v, "is_host": v is None, "now_ms": now, "connected": {}}
                html = ui.table(m.view(v), c) if v is None else ui.phone(m.view(v), c)
                assert "<i>" not in html and "&lt;i&gt;" in html


def _in(lang, draw):
    """`draw()` with `lang`'s bundle made from its .po as the build makes it (scripts/catalogs.py)."""
    from peerparty import i18n
    from scripts import catalogs

    before = i18n.swap(i18n.Language(catalogs.bundle(lang, catalogs.read(lang))))
    try:
        return draw()
    finally:
        i18n.swap(before)


def test_a_spanish_phone_reads_its_lock_form_and_mission_in_spanish_and_a_german_tv_its_reveal_in_german():
    m = match()
    es = _in("es", lambda: phone(m, "b"))
    # the five actions by their Spanish names, the game's terms, and the mission by its Spanish name and meaning
    for word in ("AHORRAR", "ALIARSE", "ROBAR", "PREDECIR", "DOBLAR", "Confirmar", "Mi misión secreta"):
        assert word in es, word
    assert "PACTO DE CONFIANZA" in es and "ALÍATE con alguien que se ALÍE contigo" in es
    assert "TEAM UP" not in es and "Lock in" not in es
    assert "Siete Rondas" in es  # the how-to-play's picture and rules come in the phone's language too
    de = _in("de", lambda: table(results_match()))
    assert "Runde 1 aufgedeckt" in de and "Rundenkapitän" in de and "KLAUEN &rarr; " + EVIL in de
    assert "GEKLAPPT: </b>Sam hat " + EVIL + " 1 Punkt abgenommen." in de
    assert "revealed" not in de and "Swipes" not in de


def test_a_refusal_reaches_each_phone_in_its_own_language():
    from peerparty import i18n
    from peerparty.engine.core import IllegalMove

    m = match()
    with pytest.raises(IllegalMove) as caught:
        GAME.check(m.state, "b", {"type": "lock", "action": "swipe", "target": "b"})
    refused = caught.value
    sent = {"msg": refused.detail, "values": refused.values}  # what the host sends: English and values
    assert refused.english() == "Name another player to SWIPE, not yourself."
    assert _in("es", lambda: i18n.sentence(sent)) == "Para ROBAR, elige a otro jugador, no a ti."
    assert _in("de", lambda: i18n.sentence(sent)) == "Zum KLAUEN wähle jemand anderen, nicht dich selbst."
