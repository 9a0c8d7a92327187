"""Hint Hunt screens rendered from real engine states: what each person sees in every phase."""

import re

import pytest

from peerparty.engine import HOST, Match
from peerparty.games.hint_hunt import GAME
from peerparty.games.hint_hunt import screens as ui
from peerparty.ui import html as ui_html

from .helpers import assert_micropython_subset, data_moves, without_pictures

EVIL = "<b>x</b>"
NAMES = {"ann": EVIL, "bob": "Bob", "cat": "Cat"}


def W(p, i):
    return "%s%02d" % (p.upper(), i)


def board(p):
    words = [W(p, i) for i in range(1, 13)]
    return {"words": words, "civilians": words[8:11], "assassin": words[11]}


def table_match(players=("ann", "bob", "cat")):
    return Match(GAME, list(players), "ui", {"host": "ann", "boards": dict((p, board(p)) for p in players)})


def ctx(me, is_host=False, connected=None):
    return {
        "names": dict(NAMES),
        "me": me,
        "is_host": is_host,
        "now_ms": 0,
        "connected": connected or {"ann": True, "bob": True, "cat": True},
    }


def settled(html):
    """The finished frame of a moment: its beats' wrappers and moment ids left out (the text is the same)."""
    html = re.sub(r'<span class="beat(?: hh-turn)?" style="--at:\d+ms"(?: id="[^"]*")?>([^<]*)</span>', r"\1", html)
    html = re.sub(r'class="beat ([^"]*)" style="--at:\d+ms"', r'class="\1"', html)
    return re.sub(r' id="moment-[^"]*"', "", html)


def phone(m, me, is_host=False, **kw):
    return settled(without_pictures(ui.phone(m.view(me), ctx(me, is_host, **kw))))


def table(m):
    return settled(ui.table(m.view(None), ctx(None)))


def moves_in(html, enabled_only=False):
    """Every data-move on the page, decoded (optionally only on elements that are not disabled)."""
    return [mv for mv, disabled, _ in data_moves(html) if not (enabled_only and disabled)]


def submit(m, p, picks=(1, 2), hint="HINT"):
    m.play(p, {"type": "submit", "targets": [W(p, i) for i in picks], "hint": hint})


def guessing(players=("ann", "bob", "cat")):
    m = table_match(players)
    for p in players:
        submit(m, p, hint="LINK")
    m.play(HOST, {"type": "start_guessing"})
    return m


# --- hint writing -----------------------------------------------------------------------------


def test_writing_phone_shows_my_words_locked_ones_in_text_and_the_hint_box():
    m = table_match()
    html = phone(m, "bob")
    assert html.count('type="checkbox" name="targets"') == 8
    for i in range(1, 9):
        assert 'value="%s"' % W("bob", i) in html
    assert html.count("LOCKED CIVILIAN") == 3 and html.count("LOCKED ASSASSIN") == 1
    assert 'maxlength="24"' in html and ">Submit</button>" in html
    assert "pick 1 to 5" in html
    assert {"type": "submit"} in moves_in(html)
    assert "ANN01" not in html and "CAT01" not in html  # nobody else's board
    assert 'aria-live="polite"' in html and "Pick 1 to 5 targets" in html
    assert "Host controls" not in html


def test_names_are_escaped_everywhere():
    m = table_match()
    for html in (phone(m, "bob"), phone(m, "ann", True), table(m)):
        assert EVIL not in html
        assert "&lt;b&gt;x&lt;/b&gt;" in html


def test_submitted_then_edit_prefills_the_form():
    m = table_match()
    submit(m, "bob", (3, 4), "<i>Zephyr</i>")
    html = phone(m, "bob")
    assert "&lt;i&gt;Zephyr&lt;/i&gt; 2" in html and "<i>Zephyr</i>" not in html
    assert {"type": "edit"} in moves_in(html)
    assert ">Submit</button>" not in html
    other = phone(m, "cat")
    assert "Zephyr" not in other
    assert "BOB03" not in other
    m.play("bob", {"type": "edit"})
    html = phone(m, "bob")
    assert 'value="BOB03" checked' in html and 'value="BOB04" checked' in html
    assert 'value="BOB01">' in html
    assert 'value="&lt;i&gt;Zephyr&lt;/i&gt;"' in html


def test_soft_warning_when_the_hint_is_a_board_word():
    m = table_match()
    submit(m, "bob", (1,), "bob05")
    assert "Heads up" in phone(m, "bob")


def test_who_has_submitted_is_listed_with_text():
    m = table_match()
    submit(m, "cat")
    html = table(m)
    assert "1 of 3 hints submitted." in html
    assert 'Cat</span> <span class="hh-state hh-submitted">&#10003; submitted</span>' in html
    assert 'Bob</span> <span class="hh-state hh-waiting">writing…</span>' in html
    assert "data-move" not in html


def test_host_controls_in_writing_reject_only_submitted_others_and_start_when_ready():
    m = table_match()
    submit(m, "bob")
    html = phone(m, "ann", is_host=True)
    moves = moves_in(html)
    assert {"type": "reject", "player": "bob"} in moves
    assert {"type": "reject", "player": "cat"} not in moves  # nothing to reject yet
    assert {"type": "reject", "player": "ann"} not in moves  # own hint: use Edit
    assert {"type": "remove", "player": "cat", "confirm": False} in moves
    assert {"type": "remove", "player": "ann", "confirm": False} not in moves
    assert "Reject Bob&#39;s hint? Bob gets a new board" in html
    assert re.search(r"<button[^>]*start_guessing[^>]*disabled", html)
    assert "Waiting for a hint from: &lt;b&gt;x&lt;/b&gt; and Cat" in html
    # the same view without is_host shows no controls
    assert "Host controls" not in phone(m, "ann", is_host=False)
    submit(m, "ann")
    submit(m, "cat")
    html = phone(m, "ann", is_host=True)
    assert not re.search(r"<button[^>]*start_guessing[^>]*disabled", html)


def test_remove_that_ends_the_game_says_so_in_its_confirm():
    m = table_match(("ann", "bob"))
    html = phone(m, "ann", is_host=True)
    assert {"type": "remove", "player": "bob", "confirm": True} in moves_in(html)
    assert "Fewer than two players would remain, so the game ends" in html


# --- guessing -------------------------------------------------------------------------------------


def test_guesser_sees_claim_buttons_and_no_hidden_role():
    m = guessing()
    html = phone(m, "bob")
    claims = [mv["word"] for mv in moves_in(html) if mv["type"] == "claim"]
    assert claims == board("ann")["words"]
    assert "LINK 2" in html and "Board 1 by &lt;b&gt;x&lt;/b&gt;" in html
    assert "ASSASSIN" not in html and "TARGET" not in html and "CIVILIAN" not in html
    assert "hh-role-" not in html
    assert {"type": "done_guessing"} in moves_in(html)
    assert "Tap each word you think the hint points to." in html


def test_claimed_words_show_role_and_who_claimed_them():
    m = guessing()
    m.play("bob", {"type": "claim", "word": "ANN01"})
    m.play("cat", {"type": "claim", "word": "ANN09"})
    html = phone(m, "bob")
    assert "TARGET +3" in html and "by </span>Bob" in html
    assert "CIVILIAN &minus;1" in html and "by </span>Cat" in html
    assert "ASSASSIN" not in html
    assert "Bob claimed ANN01: TARGET (+3)" in html
    assert {"type": "claim", "word": "ANN01"} not in moves_in(html)
    out = phone(m, "cat")
    assert "you are out on this board" in out
    assert not [mv for mv in moves_in(out) if mv["type"] in ("claim", "done_guessing")]
    assert "out (civilian)" in out


def test_writer_sees_every_role_on_their_own_board_and_cannot_claim():
    m = guessing()
    html = phone(m, "ann")
    assert "ASSASSIN" in html and html.count("TARGET") >= 2
    assert "This is your board" in html
    assert not [mv for mv in moves_in(html) if mv["type"] == "claim"]


def test_spectator_and_table_see_no_hidden_roles_and_no_buttons():
    m = guessing()
    m.play("bob", {"type": "claim", "word": "ANN02"})
    for html in (settled(without_pictures(ui.phone(m.view(None), ctx(None)))), table(m)):
        assert "ASSASSIN" not in html and "hh-role-assassin" not in html
        assert "TARGET +3" in html
        assert "data-move" not in html
    assert "You are watching" in ui.phone(m.view(None), ctx(None))


def test_board_end_reveals_all_roles_on_every_screen():
    m = guessing()
    m.play("bob", {"type": "claim", "word": "ANN12"})
    for html in (phone(m, "cat"), table(m)):
        assert "ASSASSIN &minus;5" in html and ">unclaimed<" in html
        assert "The assassin was claimed" in html
        assert not [mv for mv in moves_in(html) if mv["type"] == "claim"]


def test_host_next_hint_confirm_names_who_is_still_guessing():
    m = guessing()
    m.play("bob", {"type": "claim", "word": "ANN09"})
    html = phone(m, "ann", is_host=True)
    assert {"type": "next_board", "confirm": True} in moves_in(html)
    assert 'data-confirm="Cat is still guessing. Move on anyway?' in html
    assert "Next hint" in html and "Still guessing: Cat" in html
    m.play(HOST, {"type": "next_board", "confirm": True})
    m.play(HOST, {"type": "next_board", "confirm": True})
    html = phone(m, "ann", is_host=True)
    assert "View scoreboard" in html and "final board" in html


def test_live_scores_and_away_badges():
    m = guessing()
    m.play("bob", {"type": "claim", "word": "ANN01"})
    html = phone(m, "cat", connected={"ann": True, "bob": False, "cat": True})
    assert "<h2>Scores</h2>" in html
    assert re.search(
        r'<span class="face face-0" aria-hidden="true">B</span><span class="hh-who">Bob</span> <span class="badge hh-away">away</span></span></th>'
        r'<td class="hh-num">\+3',
        html,
    )


# --- the last board, revealed (D3-08) while the next one is played ----------------------------------

# how board 1 (ann's: ANN01-02 targets, ANN12 the assassin, the rest civilians) ends: the moves, and the words
# under its revealed copy; None for a word is "I'm done guessing"
ENDINGS = {
    "all_targets": ([("bob", "ANN01"), ("cat", "ANN02")], "every target was found"),
    "assassin": ([("cat", "ANN12")], "the assassin was claimed"),
    "no_guessers": ([("bob", "ANN04"), ("cat", None)], "nobody was left guessing"),
    "host_moved_on": ([("bob", "ANN01")], "the host moved on"),
}
MINI_TILE = re.compile(
    r'<li class="hh-mini-tile hh-role-(\w+) (?:hh-got|hh-unclaimed)"><span class="hh-word">(\w+)</span>'
    r'<span class="hh-mini-meta"><span class="hh-role">(\w+)</span>(?:<span class="hh-by">by ([^<]*)</span>)?'
)


def end_board_one(reason):
    m = guessing()
    for p, word in ENDINGS[reason][0]:
        m.play(p, {"type": "claim", "word": word} if word else {"type": "done_guessing"})
    m.play(HOST, {"type": "next_board", "confirm": True})
    return m


def every_screen(m):
    """Each seat's phone (ann hosts), a spectator's, and the table."""
    return {
        "ann": phone(m, "ann", is_host=True),
        "bob": phone(m, "bob"),
        "cat": phone(m, "cat"),
        "spectator": settled(without_pictures(ui.phone(m.view(None), ctx(None)))),
        "table": table(m),
    }


def revealed_tiles(html):
    """(word, role as written, who claimed it) for every tile of the last board on a screen."""
    out = []
    for role_class, word, label, by in MINI_TILE.findall(html):
        assert label == role_class.upper()  # the role in words, not colour alone
        out.append((word, label, by or None))
    return out


@pytest.mark.parametrize("reason", sorted(ENDINGS))
def test_a_board_that_ended_is_shown_revealed_while_the_next_one_starts(reason):
    m = end_board_one(reason)
    moves, line = ENDINGS[reason]
    claimed = dict((w, "Cat" if p == "cat" else "Bob") for p, w in moves if w)
    expected = [
        (w, "ASSASSIN" if w == "ANN12" else "TARGET" if w in ("ANN01", "ANN02") else "CIVILIAN", claimed.get(w))
        for w in board("ann")["words"]
    ]
    for who, html in every_screen(m).items():
        assert '<section class="hh-last">' in html and "<h2>Board 1 revealed</h2>" in html, who
        assert "LINK 2</strong> by &lt;b&gt;x&lt;/b&gt; &middot; " + line in html, who
        assert revealed_tiles(html) == expected, who
        assert not re.search(r"BOB\d\d</span><span class=\"hh-(mini-meta|role)", html) or who == "bob", who


def test_once_guessing_starts_the_last_board_is_one_tap_away():
    m = end_board_one("host_moved_on")
    m.play("cat", {"type": "claim", "word": "BOB01"})
    for who, html in every_screen(m).items():
        assert '<section class="hh-last">' not in html, who
        assert '<details class="hh-last hh-last-folded" id="hh-last-1"><summary>Board 1 revealed</summary>' in html, who
        assert len(revealed_tiles(html)) == 12 and "Guessers" in html, who


def test_the_table_keeps_the_last_board_and_the_guessers_under_the_board_and_only_the_scores_beside():
    """The TV's replay draws the table: as on the host's own screen, what is under the board (the last board,
    then the guessers) stays in the board's wide column, so twelve players' scores beside it fit a 1280x720 TV."""
    m = end_board_one("host_moved_on")
    for claimed in (False, True):
        if claimed:
            m.play("cat", {"type": "claim", "word": "BOB01"})
        html = table(m)
        grid_end = html.index('<ul class="hh-grid"')
        side = html.index('<div class="hh-side">')
        under = '<section class="hh-guess-box">' if claimed else '<section class="hh-last">'
        assert grid_end < html.index(under) < side
        assert html[side:].startswith('<div class="hh-side"><section class="hh-score-box">')
        assert "hh-last" not in html[side:] and "hh-guess-box" not in html[side:]


def test_the_final_board_is_revealed_beside_the_scoreboard():
    m = guessing(("ann", "bob"))
    m.play(HOST, {"type": "next_board", "confirm": True})
    m.play("ann", {"type": "claim", "word": "BOB01"})
    m.play(HOST, {"type": "next_board", "confirm": True})  # View scoreboard: ann was still guessing
    for html in (phone(m, "ann", is_host=True), phone(m, "bob"), table(m)):
        assert "Final standings" in html or "Shared first place" in html
        # the TV folds it at its heading, one tap away, so the standings keep the TV's height
        assert "<h2>Board 2 revealed</h2>" in html or "<summary>Board 2 revealed</summary>" in html
        assert "&middot; the host moved on" in html
        tiles = revealed_tiles(html)
        assert tiles[0] == ("BOB01", "TARGET", "&lt;b&gt;x&lt;/b&gt;") and ("BOB12", "ASSASSIN", None) in tiles


# --- moments (issue 30): a claim, a board's end, the last board walking in ---------------------------------

AT = re.compile(r'style="--at:(\d+)ms"')


def ats(html):
    """When each beat of a fragment rises in (ms after its moment's element appears), in the page's order."""
    return [int(at) for at in AT.findall(html)]


def tile_of(html, word):
    """The <li> of a word on the board being guessed."""
    start = html.rindex("<li", 0, html.index('<span class="hh-word">%s</span>' % word))
    return html[start : html.index("</li>", start) + 5]


def ends_in_time(html):
    return all(at + ui_html.BEAT_MS <= ui_html.MOMENT_MS for at in ats(html))


def tv(m):
    """The host's own screen, which the TV shows (the host plays Hint Hunt), as drawn: beats and all."""
    return without_pictures(ui.phone(m.view("ann"), ctx("ann", True)))


def test_a_claim_is_a_moment_its_role_turns_over_then_who_and_its_points():
    m = guessing()
    m.play("bob", {"type": "claim", "word": "ANN01"})
    for html in (tv(m), ui.table(m.view(None), ctx(None))):
        tile = tile_of(html, "ANN01")
        assert 'id="moment-hh-1-1"' in tile  # board 1, claim 1: the same id on every redraw
        # the rulebook's order: the role turns over, then who claimed it, then what it scored
        assert re.search(
            r'class="beat hh-turn" style="--at:(\d+)ms">TARGET</span> <span class="beat" '
            r'style="--at:(\d+)ms">\+3</span></span><span class="beat hh-by" style="--at:(\d+)ms">'
            r'<span class="by-word">by </span>Bob',
            tile,
        )
        turn, points, by = ats(tile)
        assert turn < by < points and ends_in_time(html)
        # the two scores the claim changed (the guesser's and the writer's, D3-19) rise in with its points
        scores = html[html.index('<table class="hh-scores">') :]
        assert ats(scores) == [points, points]
        assert 'id="moment-hh-1-1-0"' in scores and 'id="moment-hh-1-1-1"' in scores
    assert tv(m) == tv(m)  # a redraw of the same state keeps every key
    # the next claim is a new moment; the older tile keeps its id and stands still
    m.play("cat", {"type": "claim", "word": "ANN09"})
    html = tv(m)
    assert 'id="moment-hh-1-2"' in tile_of(html, "ANN09") and ats(tile_of(html, "ANN09"))
    assert 'id="moment-hh-1-1"' in tile_of(html, "ANN01") and ats(tile_of(html, "ANN01")) == []
    assert "CIVILIAN" in tile_of(html, "ANN09") and "moment-hh-1-1-0" not in html
    # nothing waits for it: a guesser's claim buttons and the host's Next are there at once
    assert (
        len([mv for mv in moves_in(without_pictures(ui.phone(m.view("bob"), ctx("bob")))) if mv["type"] == "claim"])
        == 10
    )
    assert {"type": "next_board", "confirm": True} in moves_in(html)


def test_a_board_end_turns_the_unclaimed_roles_over_in_turn_then_says_how_it_ended():
    m = guessing()
    m.play(HOST, {"type": "next_board", "confirm": True})  # board 2 is bob's: ann, the host, guesses
    m.play("ann", {"type": "claim", "word": "BOB01"})
    m.play("cat", {"type": "claim", "word": "BOB02"})  # every target was found (D3-09)
    for html in (tv(m), ui.table(m.view(None), ctx(None))):
        claim = ats(tile_of(html, "BOB02"))
        # D3-08: the ten words nobody claimed turn over in the board's order, after the last claim's beats
        turns = [ats(tile_of(html, W("bob", i))) for i in range(3, 13)]
        assert all(len(t) == 2 and t[0] == t[1] for t in turns)  # the role and "unclaimed" together
        firsts = [t[0] for t in turns]
        assert firsts == sorted(firsts) and len(set(firsts)) == 10 and firsts[0] > max(claim)
        status = html[html.index('class="hh-status"') :]
        status = status[: status.index("</p>")]
        assert 'id="moment-hh-2-end"' in status and "Every target was found" in status
        assert ats(status)[0] > firsts[-1] and ends_in_time(html)
    assert tv(m) == tv(m)
    # the writer saw every role all along: only the claims move on their screen
    writer = without_pictures(ui.phone(m.view("bob"), ctx("bob")))
    assert ats(tile_of(writer, "BOB12")) == [] and ats(tile_of(writer, "BOB02"))


def test_the_last_board_walks_in_role_by_role_then_how_it_ended_and_the_writers_score():
    m = guessing()
    m.play("cat", {"type": "claim", "word": "ANN02"})
    m.play("bob", {"type": "claim", "word": "ANN09"})
    m.play("cat", {"type": "claim", "word": "ANN01"})
    m.play(HOST, {"type": "next_board", "confirm": True})
    for html in (tv(m), ui.table(m.view(None), ctx(None))):
        box = html[html.index('<section class="hh-last" id="moment-hh-last-1">') :]
        box = box[: box.index("</section>")]
        tiles = dict(
            (word, ats(tile))
            for word, tile in re.findall(
                r'<li class="hh-mini-tile[^"]*"><span class="hh-word">(\w+)</span>(.*?)</li>', box
            )
        )
        # claimed words turn in the order they were claimed, then the words nobody claimed, in the board's order
        order = ["ANN02", "ANN09", "ANN01"] + [W("ann", i) for i in (3, 4, 5, 6, 7, 8, 10, 11, 12)]
        firsts = [tiles[w][0] for w in order]
        assert firsts == sorted(firsts) and len(set(firsts)) == 12
        head = box[: box.index('<ul class="hh-mini"')]
        line, score = ats(head)
        assert firsts[-1] < line < score and ends_in_time(box)
        assert "&middot; every target was found</span></p>" in head
        # the hint writer's change on this board: +3 +3 -1, by their face and name (D3-19)
        assert re.search(
            r'hh-last-score"[^>]*><span class="face face-0" aria-hidden="true">&lt;</span>'
            r'<span class="who-name" dir="auto">&lt;b&gt;x&lt;/b&gt;</span> \+5</span>',
            head,
        )
    assert tv(m) == tv(m)
    # once the new board's first claim is in, the fold is still: no beats, no moment id
    m.play("cat", {"type": "claim", "word": "BOB01"})
    fold = tv(m)[tv(m).index('<details class="hh-last hh-last-folded"') :]
    fold = fold[: fold.index("</details>")]
    assert ats(fold) == [] and "moment-hh-last" not in fold


def test_the_tvs_lists_show_each_players_face_then_name():
    faces = {"ann": 3, "bob": 7, "cat": 0}

    def drawn(m, me, host=False):
        c = ctx(me, host)
        c["faces"] = faces
        return ui.phone(m.view(me), c)

    def face(p, name, initial=None):
        return '<span class="face face-%d" aria-hidden="true">%s</span><span class="hh-who">%s' % (
            faces[p],
            initial or name[0],
            name,
        )

    m = table_match()
    html = drawn(m, "ann", True)
    hints = html[html.index('class="hh-who-submitted"') :]
    assert face("bob", "Bob") in hints and face("cat", "Cat") in hints
    for p in ("ann", "bob", "cat"):
        submit(m, p, hint="LINK")
    m.play(HOST, {"type": "start_guessing"})
    html = drawn(m, "ann", True)
    guessers = html[html.index('class="hh-guessers"') :]
    assert face("bob", "Bob") in guessers and face("cat", "Cat") in guessers
    scores = html[html.index('class="hh-scores"') :]
    assert face("ann", "&lt;b&gt;x&lt;/b&gt;", "&lt;") in scores and face("bob", "Bob") in scores
    # sentences stay plain: the hint's board line and the host's note name without a face
    assert "Board 1 by &lt;b&gt;x&lt;/b&gt;" in html and "Still guessing: Bob and Cat" in html
    for _ in range(3):
        m.play(HOST, {"type": "next_board", "confirm": True})
    standings = drawn(m, "ann")
    standings = standings[standings.index('class="hh-standings"') :]
    assert '<li><span class="face face-7" aria-hidden="true">B</span><span class="hh-who">Bob' in standings


# --- scoreboard and abandoned ---------------------------------------------------------------------


def test_scoreboard_shows_shared_first_place():
    m = guessing(("ann", "bob"))
    m.play("bob", {"type": "claim", "word": "ANN01"})
    m.play(HOST, {"type": "next_board", "confirm": True})
    m.play(HOST, {"type": "next_board", "confirm": True})
    for html in (phone(m, "bob"), table(m)):
        assert "Shared first place: &lt;b&gt;x&lt;/b&gt; and Bob" in html
        assert html.count("1st") == 2 and "+3 points" in html
    assert "Host controls" not in phone(m, "ann", is_host=True)


def test_abandoned_game_goes_back_to_the_lobby():
    m = table_match(("ann", "bob"))
    m.play(HOST, {"type": "remove", "player": "bob", "confirm": True})
    html = phone(m, "ann", is_host=True)
    assert "back to the lobby" in html and "data-move" not in html
    assert "back to the lobby" in table(m).lower()


def test_spectator_host_gets_controls_on_their_phone():
    m = table_match()
    m.play(HOST, {"type": "set_host", "player": None})
    html = ui.phone(m.view(HOST), ctx(None, is_host=True))
    assert "Host controls" in html and "Players are writing their hints. You are watching." in html
    assert 'name="targets"' not in html


def test_rules_are_one_tap_away():
    m = table_match()
    assert "<details" in phone(m, "bob") and "How to play" in phone(m, "bob")


# --- the MicroPython subset ----------------------------------------------------------------------


def test_screen_module_keeps_to_the_micropython_subset():
    assert_micropython_subset(ui)


def test_every_screen_renders_through_random_games():
    from random import Random

    for seed in range(15):
        rng = Random(seed)
        players = ["p%d" % i for i in range(2 + seed % 5)]
        m = Match(GAME, players, seed, {"host": "p0"})
        names = dict((p, "<i>%s</i>" % p) for p in players)
        for _ in range(400):
            for viewer in players + [None]:
                c = {"names": names, "me": viewer, "is_host": viewer == "p0", "now_ms": 0, "connected": {}}
                html = ui.phone(m.view(viewer), c) + ui.table(m.view(viewer), c)
                assert "<i>" not in html and ends_in_time(html)
                for one in (ui.phone(m.view(viewer), c), ui.table(m.view(viewer), c)):
                    ids = re.findall(r' id="([^"]+)"', one)
                    assert len(ids) == len(set(ids))
                for mv in moves_in(html, enabled_only=True):
                    if mv.get("type") != "submit":  # the form adds its fields
                        GAME.check(
                            m.state, HOST if viewer == "p0" and mv["type"] in GAME.host_moves else viewer, mv
                        )  # every button is a legal move
            if m.result() is not None:
                break
            options = [(p, mv) for p in players for mv in GAME.legal_moves(m.state, p)]
            options += [
                (HOST, mv) for mv in GAME.legal_moves(m.state, HOST) if mv["type"] in ("start_guessing", "next_board")
            ]
            p, mv = rng.choice(options)
            m.play(p, mv)
        assert m.result() is not None


def test_tv_scoreboard_titles_its_list_without_repeating_the_rooms_headline_and_counts_one_point_as_one():
    """The TV's results showed "Bartholomew Quinnell wins!" twice (the room's headline, then the table's own) and
    "+1 points"."""
    from peerparty.games.hint_hunt import screens

    view = {
        "phase": "scoreboard",
        "players": ["a", "b", "c"],
        "standings": {"winners": ["a"], "ranking": ["a", "b", "c"], "scores": {"a": 2, "b": 1, "c": -1}, "note": ""},
    }
    c = {"names": {"a": "Ann", "b": "Ben", "c": "Cat"}, "me": None, "is_host": False, "now_ms": 0, "connected": {}}
    html = screens.table(view, c)
    assert '<h2 class="hh-winners">Final standings</h2>' in html and "wins!" not in html
    assert "+2 points" in html and "+1 point<" in html and "&minus;1 point<" in html


def test_phone_scoreboard_titles_its_list_without_repeating_the_rooms_headline():
    from peerparty.games.hint_hunt import screens

    view = {
        "phase": "scoreboard",
        "players": ["a", "b"],
        "standings": {"winners": ["a"], "ranking": ["a", "b"], "scores": {"a": 3, "b": -1}, "note": ""},
    }
    c = {"names": {"a": "Ann", "b": "Ben"}, "me": "b", "is_host": False, "now_ms": 0, "connected": {}}
    html = screens.phone(view, c)
    assert '<h2 class="hh-winners">Final standings</h2>' in html and "wins!" not in html
    assert screens.OWN_STANDINGS is True  # the room's phone screen then skips its own table
    view["standings"]["winners"] = ["a", "b"]
    assert "Shared first place: Ann and Ben" in screens.phone(view, c)
