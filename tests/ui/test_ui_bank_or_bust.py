"""Bank or Bust screens rendered from real engine states: what a person sees in every phase."""

import json
import re
from html.parser import HTMLParser

import pytest

from peerparty import i18n
from peerparty.engine.core import HOST, IllegalMove
from peerparty.engine.match import Match
from peerparty.games.bank_or_bust import GAME
from peerparty.games.bank_or_bust import screens as ui

from peerparty.ui import html as ui_html

from scripts import catalogs

from .helpers import assert_micropython_subset, data_moves

NAMES = {"a": "<b>x</b>", "b": "Sam", "c": "Kim & Co"}
FACES = {"a": 0, "b": 1, "c": 7}
EVIL = "&lt;b&gt;x&lt;/b&gt;"
DRAW = {"type": "draw"}
BANK = {"type": "bank"}


def ctx(me=None, is_host=False, away=()):
    return {
        "names": NAMES,
        "faces": FACES,
        "me": me,
        "is_host": is_host,
        "now_ms": 5000,
        "connected": dict((p, p not in away) for p in NAMES),
    }


def table_html(m, **kw):
    """The host's TV as the room draws it: the table, and beside it the recent moves and host tools."""
    kw.setdefault("is_host", True)
    view = m.view(None)
    c = ctx(**kw)
    c["host_buttons"] = ui.controls(view, c)  # the room's one list draws them, and the table places them
    return ui.table(view, c) + ui.table_side(view, c)


def phone_html(m, p, **kw):
    return ui.phone(m.view(p), ctx(me=p, **kw))


def game(deck, first="a", players=("a", "b")):
    return Match(GAME, list(players), "ui", {"deck": list(deck), "first_player": first})


def moves(html):
    """Every data-move on the page, decoded, with its confirm text."""
    return [(mv, confirm) for mv, _, confirm in data_moves(html)]


def move_list(html):
    return [mv for mv, _ in moves(html)]


def sorted_moves(html_or_moves):
    found = move_list(html_or_moves) if isinstance(html_or_moves, str) else html_or_moves
    return sorted(json.dumps(mv, sort_keys=True) for mv in found)


FACE = r'<span class="face face-\d+" aria-hidden="true">[^<]*</span>'


def text_of(html):
    return re.sub(r"<[^>]+>", " ", html)


# --- the table ---------------------------------------------------------------------------------


def test_table_shows_rows_counts_turn_and_escaped_names():
    m = game([60, "mod10", 30, 77, 88], players=("a", "b", "c"))
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "top"})
    html = table_html(m, away=("c",))
    assert EVIL in html and "<b>x</b>" not in html and "Kim &amp; Co" in html
    assert "Sam's turn: draw or bank." in html and 'aria-live="polite"' in html
    assert "<dt>Deck</dt><dd>4</dd>" in html and "Discarded cards \u00b7 0" in html
    assert "<dt>Discarded cards</dt>" not in html  # the pile's own band says it, once
    assert "Top row" in html and "Bottom row" in html and "lower than 60" in html
    assert ">away<" in html and ">TURN<" in html
    assert '<progress max="50" value="0">' in html and "0 / 50" in html
    assert "placed 60 on the top row" in html


PILE_STRIP = re.compile(r'<ol class="bob-pile-numbers" aria-hidden="true">(.*?)</ol>')


def pile_marked(html):
    """The values the discard pile strip marks as gone, and the HTML without the strip (it lists 2-99 always)."""
    strip = PILE_STRIP.search(html).group(1)
    assert re.findall(r"<li(?: class=\"bob-gone\")?>(\d+)</li>", strip) == [str(n) for n in range(2, 100)]
    return [int(n) for n in re.findall(r'<li class="bob-gone">(\d+)</li>', strip)], PILE_STRIP.sub("", html)


def test_table_never_shows_the_deck():
    m = game([60, 77, 88, 91])
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "top"})
    for html in (table_html(m), phone_html(m, "a"), phone_html(m, "b")):
        if "bob-pile-numbers" in html:  # the phone's fold lists every value (2-99)
            marked, html = pile_marked(html)
            assert marked == []
        for card in (77, 88, 91):
            assert ">%d<" % card not in html and "%d " % card not in text_of(html)


def test_the_discard_pile_is_on_the_tv_and_one_tap_away_on_the_phone():
    """Issue 16 (D2-22): the pile's cards by value, its Power cards by name, not only its size."""
    m = game([40, "mod10", 60, "cover", 55, 30, 20], players=("a", "b", "c"))
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "top"})
    m.play("b", DRAW)  # Modify 10, with no card to modify: discarded; then 60
    m.play("b", {"type": "place", "row": "bottom"})
    m.play("c", DRAW)  # Cover, with no card to cover: discarded by the engine
    m.play("c", {"type": "place", "row": "top"})  # then 55
    m.play("a", DRAW)  # 30 goes under 40
    m.play("a", {"type": "place", "row": "top"})
    m.play("b", BANK)
    m.play("c", BANK)
    m.play("a", DRAW)  # 20 under 30: the round is not over
    m.play("a", {"type": "place", "row": "top"})
    m.play("a", BANK)  # round over: every row goes to the pile
    assert m.view(None)["discard_count"] == 7
    tv = table_html(m)
    assert '<h2 class="bob-pile-title">Discarded cards \u00b7 7</h2>' in tv
    assert "bob-pile-numbers" not in tv  # issue 30: the TV shows the pile's top, not every value
    assert "Discarded: 20, 30, 40, 55, 60. Power cards: Modify \u00b110 \u00d71, Cover \u00d71." in tv
    phone = phone_html(m, "b")
    assert re.search(
        r'<details class="bob-pile bob-pile-fold" id="bob-pile"><summary>Discarded cards \(7\)</summary>'
        r'<ol class="bob-pile-numbers"',
        phone,
    )
    assert pile_marked(phone)[0] == [20, 30, 40, 55, 60]
    assert "<li>Modify \u00b110 \u00d71</li><li>Cover \u00d71</li>" in phone


def test_the_tv_pile_is_its_count_and_its_last_cards_newest_first():
    """Issue 30: a newcomer reads the pile at a glance: how many cards, and the five on top (D2-22: public),
    not every value of the pile."""
    m = game([40, "mod10", 60, "cover", 55, 30, 20], players=("a", "b", "c"))
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "top"})
    m.play("b", DRAW)  # Modify 10 discarded, then 60
    m.play("b", {"type": "place", "row": "bottom"})
    m.play("c", DRAW)  # Cover discarded, then 55
    m.play("c", {"type": "place", "row": "top"})
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "top"})
    m.play("b", BANK)
    m.play("c", BANK)
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "top"})
    m.play("a", BANK)  # round over: 7 cards on the pile
    pile = m.view(None)["discard_pile"]
    assert len(pile["last"]) == 5
    tv = table_html(m)
    assert '<h2 class="bob-pile-title">Discarded cards \u00b7 7</h2>' in tv
    shown = re.findall(r'<li class="bob-pile-card bob-kind-(?:number|power)">([^<]*)</li>', tv)
    assert shown == [ui.card_name(c) for c in reversed(pile["last"])] and len(shown) == 5
    assert "bob-pile-numbers" not in tv


def test_table_host_controls_confirm_and_name_who_is_affected():
    m = game([60])
    found = moves(table_html(m))
    assert found[0] == ({"type": "end_game"}, "End the game now for everyone? Nobody wins.")
    removes = [(mv, c) for mv, c in found if mv["type"] == "remove"]
    assert [mv["player"] for mv, _ in removes] == ["a", "b"]
    assert "Remove &lt;b&gt;x&lt;/b&gt; from the game?" in removes[0][1]
    assert all(mv["type"] in GAME.host_moves for mv, _ in found)
    assert move_list(table_html(m, is_host=False)) == []


def test_table_modifiers_stack_and_covered_cards_look_covered():
    m = game([60, "mod10", "mod20", 30, "cover", 20, "double"], first="b")
    m.play("b", BANK)
    for move in (
        DRAW,
        {"type": "place", "row": "top"},
        DRAW,
        {"type": "play", "row": "top", "sign": "+"},
        DRAW,
        {"type": "play", "row": "top", "sign": "-"},
        DRAW,
        {"type": "place", "row": "top"},
        DRAW,
        {"type": "play", "row": "top"},
        DRAW,
        {"type": "place", "row": "top"},
        DRAW,
        {"type": "play", "row": "bottom"},
    ):
        m.play("a", move)
    html = table_html(m)
    assert '<li class="bob-mod">+10</li><li class="bob-mod">\u221220</li>' in html and "= 50" in html
    assert 'class="bob-card bob-covered"' in html and ">covered<" in html
    assert ">DOUBLED<" in html and "\u00d72" in html
    assert "lower than 20" in html


def test_table_round_summary_and_totals():
    m = game([90, 10, 80, 20, 70, 30], first="b")
    m.play("b", BANK)
    for _ in range(6):
        m.play("a", DRAW)
        pending = m.view("a")["pending"]
        if pending:
            m.play("a", {"type": "place", "row": "top" if pending["card"] > 50 else "bottom"})
    m.play("a", BANK)
    html = table_html(m)
    assert "Round 1 scores" in html
    row = re.search(
        r"<tr><th scope=\"row\"><div class=\"who-line\">%s<span class=\"who-name\" dir=\"auto\">%s</span></div></th>(.*?)</tr>"
        % (FACE, re.escape(EVIL)),
        html,
    ).group(1)
    assert re.findall(r">(\d+)<", row) == ["3", "3", "6", "5", "5", "16", "16"]
    assert '<progress max="50" value="16">' in html and "16 / 50" in html


def test_table_busted_badge_and_game_over():
    m = game([40, 60, 50], first="a")
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "top"})
    m.play("b", BANK)
    m.play("a", DRAW)  # 60 goes to the bottom row by itself
    assert "drew 60 and placed it on the bottom row (the only row it fits)" in table_html(m)
    m.play("a", DRAW)  # 50 fits neither: bust, round over
    html = table_html(m)
    assert "BUST: 0 points" in html and "BUSTED on 50 and took a Discard card" in html
    assert "holds a Discard card" in html
    m.play(HOST, {"type": "end_game"})
    html = table_html(m)
    assert "the host ended the game, no winner" in html and move_list(html) == []


def test_table_shared_win():
    plan = [
        (90, "top"),
        (10, "bottom"),
        (80, "top"),
        (20, "bottom"),
        (70, "top"),
        (30, "bottom"),
        (60, "top"),
        (40, "bottom"),
        (50, "top"),
        (45, "bottom"),
    ]
    m = game([c for c, _ in plan for _ in (0, 1)])
    for card, row in plan:
        for p in ("a", "b"):
            m.play(p, DRAW)
            if m.view(p)["pending"]:
                m.play(p, {"type": "place", "row": row})
    m.play("a", BANK)
    m.play("b", BANK)
    html = table_html(m)
    # the room's headline above says who shares the win; the table marks both and says how
    assert "Shared win" not in html and "Game over: " in html
    assert html.count(">winner<") >= 2
    phone = phone_html(m, "b")
    assert "Shared win" not in phone and "You finished with" in phone and move_list(phone) == []


# --- the phone ---------------------------------------------------------------------------------


def test_phone_my_turn_draw_and_bank_only():
    m = game([60])
    html = phone_html(m, "a")
    assert move_list(html) == [DRAW, BANK]
    assert "Your turn: draw a card, or bank your points." in html
    assert "My rows" in html and "How to play" in html
    other = phone_html(m, "b")
    assert move_list(other) == [] and "Waiting for %s." % EVIL in other


def test_phone_number_card_with_two_rows():
    m = game([60])
    m.play("a", DRAW)
    html = phone_html(m, "a")
    assert move_list(html) == [{"type": "place", "row": "top"}, {"type": "place", "row": "bottom"}]
    assert "Place 60 on my top row (lower than 100)" in html and "You drew 60: choose a row for it." in html
    other = phone_html(m, "b")
    assert "%s drew 60 and is choosing a row." % EVIL in other and move_list(other) == []


def bust_then(deck_after):
    """a busts in round 1 and holds a Discard card; round 2 starts with b, who banks."""
    m = game([40, 60, 50] + deck_after)
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "top"})
    m.play("b", BANK)
    m.play("a", DRAW)
    m.play("a", DRAW)
    m.play("b", BANK)
    return m


def three_in_round_one():
    """a places 40 on top, b banks, c places 60 on top; a's turn, the deck's next cards 50 and 45."""
    m = game([40, 60, 50, 45], players=("a", "b", "c"))
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "top"})
    m.play("b", BANK)
    m.play("c", DRAW)
    m.play("c", {"type": "place", "row": "top"})
    return m


def test_phone_bust_is_explained():
    m = three_in_round_one()
    m.play("a", DRAW)
    m.play("c", BANK)
    m.play("a", DRAW)
    html = phone_html(m, "a")  # the bust ended the round: until round 2's first move the phone says why
    assert "BUST! 45 fit neither of your rows" in html and "You took a Discard card" in html
    assert "holds a Discard card" in html
    assert "Round 1 over: you busted: 0 points. Your total: 0." in html
    m.play("b", BANK)  # round 2 is under way: last round's red box is gone (issue 38)
    html = phone_html(m, "a")
    assert "BUST!" not in html and "Round 1 over" not in html


def test_a_round_stays_on_show_until_the_next_rounds_first_move():
    """Issue 38 point 6: when a round ends, its scores open over the TV's table and each phone says its round,
    until the next round's first move; then they fold into the header's pill."""
    m = three_in_round_one()
    m.play("a", BANK)
    m.play("c", BANK)  # the last one in banks: round 1 is over, round 2 has not started playing
    html = table_html(m)
    assert 'id="bob-round-over-1" open' in html and "Round 1 over: the scores" in html
    assert "Round 1 scores" in html
    total = [p["total"] for p in m.view(None)["players"] if p["id"] == "c"][0]
    assert re.search(r"Round 1 over: you scored \d+ points?\. Your total: %d\." % total, phone_html(m, "c"))
    m.play(m.view(None)["turn"], DRAW)
    html = table_html(m)
    assert "bob-round-over" not in html and 'id="bob-last-round"' in html and "How round 1 scored" in html
    assert "Round 1 over" not in phone_html(m, "c")


def test_phone_number_that_fits_nowhere_offers_discard_card_or_bust():
    m = bust_then([40, 60, 50])
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "top"})
    m.play("a", DRAW)
    html = phone_html(m, "a")
    assert "it fits your bottom row. Place it, or use your Discard card." in html
    assert move_list(html) == [{"type": "place", "row": "bottom"}, {"type": "use_discard"}]
    m.play("a", {"type": "place", "row": "bottom"})
    m.play("a", DRAW)
    html = phone_html(m, "a")
    assert "It fits neither row (top needs lower than 40, bottom needs higher than 60)" in html
    assert move_list(html) == [{"type": "use_discard"}, {"type": "bust"}]
    assert "Use my Discard card" in html and "Bust (keep my Discard card)" in html


def test_phone_power_cards():
    m = game([60, "mod20", "cover", "double"], first="b")
    m.play("b", BANK)
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "top"})
    m.play("a", DRAW)
    html = phone_html(m, "a")
    assert sorted_moves(html) == sorted_moves(
        [
            {"type": "discard_power"},
            {"type": "play", "row": "top", "sign": "+"},
            {"type": "play", "row": "top", "sign": "-"},
        ]
    )
    assert "+20 on my top row (60 \u2192 80)" in html and "\u221220 on my top row (60 \u2192 40)" in html
    assert "Discard it and draw again" in html and "play it, or discard it and draw again" in html
    assert "use_discard" not in html
    m.play("a", {"type": "discard_power"})
    html = phone_html(m, "a")
    assert "Cover on my top row" in html and "bottom" not in str(move_list(html))
    m.play("a", {"type": "discard_power"})
    html = phone_html(m, "a")
    assert "Double my top row" in html and "Double my bottom row" in html


def test_phone_while_banked_shows_others_live():
    m = game([60, 70], first="a")
    m.play("a", BANK)
    m.play("b", DRAW)
    html = phone_html(m, "a")
    assert "You banked this round. Waiting for Sam." in html
    assert "Sam drew 60 and is choosing a row." in html and "Sam drew 60." in html
    assert ">BANKED<" in html and move_list(html) == []


def test_phone_removed_player():
    m = game([60], players=("a", "b", "c"))
    m.play(HOST, {"type": "remove", "player": "c"})
    html = ui.phone(m.view("c"), ctx(me="c"))
    assert "not in this game" in html and move_list(html) == []


def test_buttons_appear_only_for_legal_moves():
    m = game([60, "double", 30, 20, 10], players=("a", "b", "c"))
    for _ in range(5):
        for p in ("a", "b", "c"):
            html = phone_html(m, p)
            assert sorted_moves(html) == sorted_moves(m.view(p)["moves"])
        turn = m.view(None)["turn"]
        m.play(turn, m.view(turn)["moves"][0])


def test_screens_keep_to_the_micropython_subset():
    assert_micropython_subset(ui)


def test_game_over_says_it_once_per_screen_with_the_numbers():
    # The room's own over screen already shows the winner and the standings: the table adds how it was
    # won, the phone adds my own finish, and neither repeats the standings or the winners line.
    plan = [
        (90, "top"),
        (10, "bottom"),
        (80, "top"),
        (20, "bottom"),
        (70, "top"),
        (30, "bottom"),
        (60, "top"),
        (40, "bottom"),
        (50, "top"),
        (45, "bottom"),
    ]
    m = game([c for c, _ in plan])
    for i, (card, row) in enumerate(plan):
        m.play("a", DRAW)
        if m.view("a")["pending"]:
            m.play("a", {"type": "place", "row": row})
        if i == 0:
            m.play("b", BANK)  # Sam banks at once with no cards; Ann plays on alone
    m.play("a", BANK)  # 5 cards in each row: 10 + 50 pairs + 5 longest row
    assert m.result() is not None and m.result()["winners"] == ["a"]
    total = m.view(None)["players"][0]["total"]
    html = table_html(m)
    # the room's headline above names the winner; the table says only how it was won
    assert "Game over: %d points after 1 round." % total in html and "wins!" not in html
    assert 'class="winners"' not in html and html.count("bob-standings") == 1
    phone = phone_html(m, "b")
    assert "You finished with 0 points (place 2 of 2)." in phone
    assert "bob-standings" not in phone
    head = re.search(r'<header class="bob-phone-head">(.*?)</header>', phone).group(1)
    assert ">you<" not in head


# --- moments (issue 30): a bust and a bank play in the rulebook's order ---------------------------------

MOMENT = re.compile(r'<div class="bob-pending bob-moment [^"]*" id="([^"]+)">(.*?)</div>')
TIMES = re.compile(r"--at:(\d+)ms(?:;--for:(\d+)ms)?")


class Beats(HTMLParser):
    """[(kind, at, for, text)] of every beat in a piece of HTML, in order; a beat's text is all the text inside
    it (a face and a name, a padlock and its word)."""

    def __init__(self):
        HTMLParser.__init__(self)
        self.found, self.open = [], []  # open: [index in found, depth]

    def handle_starttag(self, name, attributes):
        a = dict(attributes)
        kind = (a.get("class") or "").split(" ")[0]
        for entry in self.open:
            entry[1] += 1
        if kind in ("beat", "beat-pass"):
            at, f = TIMES.match(a["style"]).groups()
            self.found.append([kind, int(at), int(f or 0), ""])
            self.open.append([len(self.found) - 1, 0])

    def handle_endtag(self, name):
        for entry in self.open:
            entry[1] -= 1
        self.open = [e for e in self.open if e[1] >= 0]

    def handle_data(self, data):
        for i, _ in self.open:
            self.found[i][3] += data


def moment_of(html):
    """(id, [(kind, at, for, text)]) of the table's moment."""
    found = MOMENT.search(html)
    if not found:
        return None, []
    parser = Beats()
    parser.feed(found.group(2))
    return found.group(1), [(k, at, f, t.strip()) for k, at, f, t in parser.found]


def assert_in_order_within_a_moment(beats, words):
    """Each word appears in a beat, in this order, the beats never earlier than the one before, and all done by
    MOMENT_MS."""
    at = [next(a for _, a, _, text in beats if w in text) for w in words]
    assert at == sorted(at), list(zip(words, at))
    assert max(a + (f or ui_html.BEAT_MS) for _, a, f, _ in beats) <= ui_html.MOMENT_MS


def busting_game():
    """a places 40 (top) and 60 (bottom), Sam 30 (top) and 70 (bottom), Kim banks; a draws 50: bust.
    Then Sam places 20 and busts on 45, which ends round 1."""
    m = game([40, 30, 60, 70, 50, 20, 45], players=("a", "b", "c"))
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "top"})
    m.play("b", DRAW)
    m.play("b", {"type": "place", "row": "top"})
    m.play("c", BANK)
    m.play("a", DRAW)  # 60: the bottom row only
    m.play("b", DRAW)  # 70: the bottom row only
    m.play("a", DRAW)  # 50: lower than 40? no; higher than 60? no
    return m


def test_a_bust_is_a_moment_in_the_rulebooks_order_within_three_seconds():
    m = busting_game()
    html = table_html(m)
    key, beats = moment_of(html)
    assert key == "moment-bob-1-a-bust"
    # "If your Number card cannot be placed in either row, you bust. You are out for the remainder of the round,
    # score 0 points, and immediately discard all previously placed cards. Then, draw 1 Discard card"
    # the two checks the card failed ("lower than" the top row's last card, "higher than" the bottom row's)
    checks = "lower than 40? no \u00b7 higher than 60? no"
    assert_in_order_within_a_moment(
        beats, ["drew", "50", checks, "BUST!", "0 points this round", "cards discarded", "took a Discard card"]
    )
    # the caption gives way to BUST!: the last frame holds everything the table needs, in plain beats
    assert [t for k, _, _, t in beats if k == "beat-pass"] == [checks]
    final = [t for k, _, _, t in beats if k == "beat"]
    assert "BUST!" in final and "took a Discard card" in final and "50" in final
    # a redraw of the same state keeps the moment's id (it keeps running); Sam's next move ends it
    assert moment_of(table_html(m))[0] == key
    m.play("b", DRAW)  # 20: the top row only
    assert moment_of(table_html(m))[0] is None
    m.play("b", DRAW)  # 45: Sam busts, and the round is over
    assert m.view(None)["round"] == 2
    key2, beats2 = moment_of(table_html(m))
    assert key2 == "moment-bob-1-b-bust" and key2 != key
    assert_in_order_within_a_moment(beats2, ["drew", "45", "BUST!", "0 points this round", "took a Discard card"])


def test_a_chosen_bust_keeps_the_discard_card_d2_07():
    m = bust_then([40, 60, 50])  # a holds a Discard card from round 1
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "top"})
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "bottom"})
    m.play("a", DRAW)
    m.play("a", {"type": "bust"})  # D2-07: they may bust and keep it
    key, beats = moment_of(table_html(m))
    assert key == "moment-bob-2-a-bust"
    assert_in_order_within_a_moment(beats, ["50", "BUST!", "kept the Discard card"])


def test_a_bank_is_a_moment_the_padlock_then_the_points():
    m = game([60, 70])
    m.play("a", DRAW)
    m.play("a", {"type": "place", "row": "top"})
    m.play("b", DRAW)
    m.play("b", {"type": "place", "row": "bottom"})
    m.play("a", BANK)  # mid-round: the Number Card Tally it locks in
    key, beats = moment_of(table_html(m))
    assert key == "moment-bob-1-a-bank"
    assert_in_order_within_a_moment(beats, ["BANKED", "x", "Number Card Tally 1"])
    assert moment_of(table_html(m))[0] == key
    m.play("b", BANK)  # the round is over: the round's score (Longest Row is tied: nobody)
    key2, beats2 = moment_of(table_html(m))
    assert key2 == "moment-bob-1-b-bank"
    assert_in_order_within_a_moment(beats2, ["BANKED", "Sam", "Number Card Tally 1", "1 point this round"])


def test_the_drawn_card_lands_once_per_draw():
    m = game([60, 70])
    m.play("a", DRAW)
    html = table_html(m)
    assert 'class="bob-pending" id="moment-bob-1-a-drew-60"' in html
    assert re.search(r'class="beat bob-bigcard bob-kind-number" style="--at:0ms">60<', html)
    assert "bob-moment" not in html


def test_the_table_wears_each_players_face_beside_their_name():
    m = busting_game()
    m.play("b", DRAW)
    m.play("b", DRAW)  # round 1 is over: its scores are on the table
    html = table_html(m)
    for pid, name in (("a", EVIL), ("b", "Sam"), ("c", "Kim &amp; Co")):
        face = '<span class="face face-%d" aria-hidden="true">%s</span>' % (
            FACES[pid],
            name[:4] if name == EVIL else name[0],
        )
        named = '%s<span class="who-name" dir="auto">%s</span>' % (face, name)  # the name in its own direction
        assert '<span class="bob-name-text who-line">%s</span>' % named in html  # the panels, on one line
        assert '<th scope="row"><div class="who-line">%s</div></th>' % named in html  # the round's scores
    # sentences keep plain names
    assert "Sam&#39;s turn" in html or "Sam's turn" in html
    assert re.search(r"<li[^>]*><span class=\"bob-line\">Sam BUSTED on 45", html)


def test_a_rounds_scores_open_under_the_turn_line_and_end_game_is_in_sight():
    """Issue 48 points 7 and 10: the round just over opens its scores from the turn line's band, under the line
    (it had opened from the pile over it, and stayed there while the player on turn was away); beside the
    table End game is a button in sight, not inside a fold, and the Removes are folded."""
    m = three_in_round_one()
    m.play("a", BANK)
    m.play("c", BANK)
    view = m.view(None)
    table = ui.table(view, ctx(is_host=True))
    now = table[table.index('class="bob-now"') :]
    assert now.index("bob-status-big") < now.index('id="bob-round-over-1"')
    assert 'class="bob-pile"' not in table[table.index('id="bob-round-over-1"') :]  # not in the pile above
    host = ctx(is_host=True)
    side = ui.table_side(view, dict(host, host_buttons=ui.controls(view, host)))  # placed from the room's list
    end = side.index("end_game")
    assert "<details" not in side[:end], "End game is inside a fold"
    assert side.index("Remove a player") > end


# --- its words in each language (issue 49, docs/rules/bank-or-bust.md "Its words in each language") -----------


def drawn_in(lang, draw):
    """`draw()` with the language `lang` read from its catalog, as a phone or the TV drawing in it."""
    catalogs.ensure_babel(install=False)
    if lang not in catalogs.translated_languages():
        pytest.skip("no %s catalog" % lang)
    before = i18n.swap(i18n.Language(catalogs.bundle(lang, catalogs.read(lang))))
    try:
        return draw()
    finally:
        i18n.swap(before)


def test_a_spanish_phone_reads_its_turn_its_buttons_and_its_rows_in_spanish():
    m = game([30, 5, 60])
    phone = drawn_in("es", lambda: phone_html(m, "a"))
    assert "Tu turno: roba una carta o plántate." in phone
    assert [re.sub(r"<[^>]+>", "", b) for b in re.findall(r"<button[^>]*data-move[^>]*>(.*?)</button>", phone)] == [
        "Robar una carta",
        "Plantarme",
    ]
    assert "Fila de arriba ↓ (desde 100, bajando)" in phone and "Mis filas" in phone
    assert "<b>roba</b>" in phone  # the how-to-play's terms, bold in the translation too
    m.play("a", DRAW)  # a 30 fits both rows: the choice waits on the phone
    phone = drawn_in("es", lambda: phone_html(m, "a"))
    assert "Has robado 30: elige una fila para ella." in phone
    assert "Poner el 30 en mi fila de arriba (menor que 100)" in phone
    assert "Poner el 30 en mi fila de abajo (mayor que 1)" in phone


def test_the_table_draws_its_moves_in_german_with_the_names_escaped():
    m = game([50, 60, 40], players=("a", "b"))
    m.play("a", DRAW)  # 50: fits both rows, waits
    m.play("a", {"type": "place", "row": "top"})
    m.play("b", BANK)
    m.play("a", DRAW)  # 60 fits only the bottom row: placed for them (D2-26)
    m.play("a", DRAW)  # 40 fits the top row (below 50) only: placed too
    tv = drawn_in("de", lambda: table_html(m))
    assert "Sichern oder Verzocken" in tv and "Ablagestapel" in tv
    assert EVIL + " hat 60 gezogen und an die untere Reihe gelegt (die einzige, in die sie passt)." in tv
    assert "Sam hat gesichert." in tv


def test_a_refusal_travels_in_english_and_reads_in_the_phones_language():
    """The host sends a refusal as its English message and its values (engine/core.py IllegalMove); the phone that
    made the move reads it in its own language (i18n.sentence)."""
    m = game([50, 60])
    m.play("a", DRAW)  # 50 fits both rows: the choice waits
    m.play("a", {"type": "place", "row": "top"})
    m.play("b", BANK)
    m.state["holds"]["a"] = True  # holding a Discard card, a card that fits one row waits for the player (D2-06)
    m.play("a", DRAW)  # 60: not below 50, above 1: the bottom row only
    assert m.view("a")["pending"]["fits"] == ["bottom"]
    try:
        m.play("a", {"type": "place", "row": "top"})
        raise AssertionError("60 does not fit below 50")
    except IllegalMove as refusal:
        said = {"msg": refusal.detail, "values": refusal.values}
    assert said == {"msg": "%(card)s does not fit on your top row.", "values": {"card": 60}}
    assert i18n.sentence(said) == "60 does not fit on your top row."
    assert drawn_in("de", lambda: i18n.sentence(said)) == "Die 60 passt nicht in deine obere Reihe."
    assert drawn_in("es", lambda: i18n.sentence(said)) == "El 60 no cabe en tu fila de arriba."
