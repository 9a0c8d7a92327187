"""Bank or Bust scenarios: one or more per ruling D2-01..D2-26, plus the brief's named scenarios.

Every test is a table (explicit deck, first player), a list of moves through Match.play, and the
exact scores / views that must follow.
"""

from random import Random

import pytest

from peerparty.engine.core import HOST, IllegalMove
from peerparty.engine.match import Match
from peerparty.games.bank_or_bust import GAME

DRAW = {"type": "draw"}
BANK = {"type": "bank"}


def table(deck, first="a", players=("a", "b"), seed="t"):
    return Match(GAME, list(players), seed, {"deck": list(deck), "first_player": first})


def take(m, p, card, row, sign=None):
    """p draws `card` (asserted) and puts it on `row`: placed/played by choice, or auto-placed."""
    events = m.play(p, DRAW)
    assert events[-1]["card"] == card or any(e.get("card") == card for e in events), events
    if m.state["pending"] is not None:
        if isinstance(card, int):
            events += m.play(p, {"type": "place", "row": row})
        else:
            move = {"type": "play", "row": row}
            if sign:
                move["sign"] = sign
            events += m.play(p, move)
    else:
        placed = [e for e in events if e["type"] == "placed"]
        assert placed and placed[-1]["row"] == row, events
    return events


def solo(plan, more=(), players=("a", "b"), bankers=("b",)):
    """The others bank at once; then `a` takes the cards of `plan` = [(card, row[, sign]), ...]."""
    m = table([step[0] for step in plan] + list(more), first=bankers[0], players=players)
    for p in bankers:
        m.play(p, BANK)
    for step in plan:
        take(m, "a", *step)
    return m


def seat(view, p):
    return [x for x in view["players"] if x["id"] == p][0]


def values(view, p, row):
    return [c["value"] for c in seat(view, p)[row]["cards"]]


def line(m, p):
    return [x for x in m.view(None)["summary"]["lines"] if x["player"] == p][0]


def refused(m, p, move, code="invalid_move"):
    with pytest.raises(IllegalMove) as err:
        m.play(p, move)
    assert err.value.code == code
    assert err.value.detail
    return err.value.detail


# --- D2-01 players ---------------------------------------------------------------------------


def test_D2_01_two_to_six_players():
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    assert GAME.host_is_player is False and GAME.spectators is False
    for n in (1, 7):
        with pytest.raises(ValueError):
            GAME.setup(["p%d" % i for i in range(n)], Random(1), {})
    for n in (2, 6):
        s = GAME.setup(["p%d" % i for i in range(n)], Random(1), {})
        assert len(s["deck"]) == 116 and s["supply"] == 6


def test_default_deck_is_the_116_cards():
    s = GAME.setup(["a", "b"], Random(3), {})
    deck = s["deck"]
    assert sorted(c for c in deck if isinstance(c, int)) == list(range(2, 100))
    powers = [c for c in deck if isinstance(c, str)]
    assert {k: powers.count(k) for k in set(powers)} == {"mod20": 2, "mod10": 6, "cover": 6, "double": 4}


def test_bad_options_are_refused():
    for options in (
        {"deck": [1]},
        {"deck": [100]},
        {"deck": [True]},
        {"deck": ["joker"]},
        {"deck": "2,3"},
        {"first_player": "zed"},
    ):
        with pytest.raises(ValueError):
            GAME.setup(["a", "b"], Random(1), options)


# --- D2-02 first player and rotation ---------------------------------------------------------


def test_D2_02_first_player_from_options_and_random_by_default():
    assert table([50], first="b").view(None)["turn"] == "b"
    starters = {Match(GAME, ["a", "b", "c"], seed).view(None)["turn"] for seed in range(30)}
    assert starters == {"a", "b", "c"}
    assert Match(GAME, ["a", "b", "c"], 7).view(None)["turn"] == Match(GAME, ["a", "b", "c"], 7).view(None)["turn"]


def test_D2_02_rotation_of_the_starting_player():
    m = table([50, 60, 70], first="b", players=("a", "b", "c"))
    for p in ("b", "c", "a"):
        m.play(p, BANK)
    v = m.view(None)
    assert (v["round"], v["starter"], v["turn"]) == (2, "c", "c")
    for p in ("c", "a", "b"):
        m.play(p, BANK)
    assert (m.view(None)["starter"], m.view(None)["turn"]) == ("a", "a")
    for p in ("a", "b", "c"):
        m.play(p, BANK)
    v = m.view(None)
    assert (v["round"], v["starter"], v["turn"]) == (4, "b", "b")


def test_D2_02_rotation_skips_a_removed_seat():
    m = table([50], first="a", players=("a", "b", "c"))
    m.play(HOST, {"type": "remove", "player": "b"})
    m.play("a", BANK)
    m.play("c", BANK)
    assert m.view(None)["starter"] == "c"


# --- D2-03 Modify sign ------------------------------------------------------------------------


def test_D2_03_player_chooses_the_modify_sign():
    m = solo([(60, "top"), ("mod10", "top", "-"), (30, "bottom"), ("mod20", "bottom", "+")])
    v = m.view(None)
    assert seat(v, "a")["top"]["cards"] == [{"value": 60, "modifiers": [-10], "effective": 50, "covered": False}]
    assert seat(v, "a")["bottom"]["cards"] == [{"value": 30, "modifiers": [20], "effective": 50, "covered": False}]


def test_D2_03_modify_needs_a_sign():
    m = solo([(60, "top")], more=["mod10"])
    m.play("a", DRAW)
    assert m.view("a")["pending"] == {"card": "mod10", "kind": "modify", "player": "a", "rows": ["top"], "amount": 10}
    refused(m, "a", {"type": "play", "row": "top"})
    refused(m, "a", {"type": "play", "row": "top", "sign": "*"})
    assert {"type": "play", "row": "top", "sign": "+"} in m.view("a")["moves"]
    assert {"type": "play", "row": "top", "sign": "-"} in m.view("a")["moves"]


# --- D2-04 / D2-05 Power cards ---------------------------------------------------------------


def test_D2_04_playing_a_power_card_ends_the_turn():
    m = table(["double", 50], first="a")
    m.play("a", DRAW)
    assert m.view("a")["act"] is True
    m.play("a", {"type": "play", "row": "bottom"})
    v = m.view(None)
    assert v["turn"] == "b" and seat(v, "a")["bottom"]["doubled"] is True and v["deck_count"] == 1


def test_D2_05_discarding_a_power_card_redraws_at_once():
    m = table(["double", 50, 40], first="a")
    m.play("a", DRAW)
    refused(m, "a", BANK)  # no banking with a card in hand
    refused(m, "a", DRAW)
    events = m.play("a", {"type": "discard_power"})
    assert [e["type"] for e in events] == ["discarded_power", "drew"]
    v = m.view("a")
    assert v["pending"]["card"] == 50 and v["turn"] == "a" and v["discard_count"] == 1
    assert v["moves"] == [{"type": "place", "row": "top"}, {"type": "place", "row": "bottom"}]


# --- D2-06 / D2-07 Discard cards -------------------------------------------------------------

BUST_THEN_SAVE = [
    40,
    60,
    50,  # round 1: a 40 top, 60 bottom (auto), 50 busts
    70,
    40,
    60,
    50,
    80,
]  # round 2: b 70; a 40, 60, 50 -> Discard card -> 80


def bust_in_round_1():
    m = table(BUST_THEN_SAVE, first="a")
    take(m, "a", 40, "top")
    m.play("b", BANK)
    take(m, "a", 60, "bottom")  # only the bottom row fits: placed for the player
    events = m.play("a", DRAW)
    assert events[0] == {
        "type": "bust",
        "player": "a",
        "card": 50,
        "took_discard": True,
        "lower_than": 40,
        "higher_than": 60,
    }
    return m


def test_D2_06_a_bust_gives_a_discard_card_that_carries_into_the_next_round():
    m = bust_in_round_1()
    v = m.view(None)
    assert v["round"] == 2 and seat(v, "a")["holds_discard"] is True and v["supply_count"] == 5
    assert line(m, "a")["round_score"] == 0


def test_bust_saved_by_a_discard_card():
    m = bust_in_round_1()
    take(m, "b", 70, "top")
    take(m, "a", 40, "top")
    m.play("b", BANK)
    events = m.play("a", DRAW)
    assert events == [{"type": "drew", "player": "a", "card": 60}]  # holding a Discard card: a choice
    m.play("a", {"type": "place", "row": "bottom"})
    m.play("a", DRAW)
    v = m.view("a")
    assert v["pending"]["card"] == 50 and v["pending"]["fits"] == []
    assert v["moves"] == [{"type": "use_discard"}, {"type": "bust"}]
    events = m.play("a", {"type": "use_discard"})
    assert events == [
        {"type": "used_discard", "player": "a", "card": 50},
        {"type": "placed", "player": "a", "card": 80, "row": "bottom", "auto": True},
    ]
    v = m.view(None)
    assert values(v, "a", "bottom") == [60, 80] and seat(v, "a")["holds_discard"] is False
    assert v["supply_count"] == 6 and v["discard_count"] == 4  # 40, 60 (round 1), 50 bust, 50 used
    m.play("a", BANK)
    assert line(m, "a")["round_score"] == 3 + 5  # 3 cards, longest row 2 beats b's 1


def test_D2_06_discard_card_may_discard_a_card_that_fits():
    m = bust_in_round_1()
    take(m, "b", 70, "top")
    m.play("a", DRAW)  # 40 fits both rows
    assert {"type": "use_discard"} in m.view("a")["moves"]
    m.play("a", {"type": "use_discard"})
    assert m.view("a")["pending"]["card"] == 60


def test_D2_06_no_discard_card_for_a_power_card():
    m = table([40, 60, 50, 70, "double"], first="a")
    take(m, "a", 40, "top")
    m.play("b", BANK)
    take(m, "a", 60, "bottom")
    m.play("a", DRAW)  # 50: bust, a takes a Discard card; round 2 starts with b
    take(m, "b", 70, "top")
    m.play("a", DRAW)
    assert m.view("a")["pending"]["card"] == "double"
    refused(m, "a", {"type": "use_discard"})
    assert {"type": "use_discard"} not in m.view("a")["moves"]
    assert {"type": "discard_power"} in m.view("a")["moves"]


def test_D2_07_choosing_to_bust_keeps_the_discard_card():
    m = bust_in_round_1()
    take(m, "b", 70, "top")
    take(m, "a", 40, "top")
    m.play("b", BANK)
    take(m, "a", 60, "bottom")
    m.play("a", DRAW)
    events = m.play("a", {"type": "bust"})
    assert events[0] == {
        "type": "bust",
        "player": "a",
        "card": 50,
        "took_discard": False,
        "lower_than": 40,
        "higher_than": 60,
    }
    v = m.view(None)
    assert seat(v, "a")["holds_discard"] is True and v["supply_count"] == 5
    assert line(m, "a")["round_score"] == 0 and line(m, "b")["round_score"] == 1 + 5


def test_D2_07_bust_is_refused_when_the_card_fits():
    m = bust_in_round_1()
    take(m, "b", 70, "top")
    m.play("a", DRAW)  # 40 fits
    assert "cannot bust" in refused(m, "a", {"type": "bust"})


# --- D2-08 .. D2-12 the rows ------------------------------------------------------------------


def test_D2_08_cover_takes_the_rightmost_uncovered_card():
    m = solo([(60, "top"), (30, "top"), ("cover", "top"), ("cover", "top")], more=["cover", 50])
    top = seat(m.view(None), "a")["top"]
    assert [c["covered"] for c in top["cards"]] == [True, True] and top["reference"] == 100
    events = m.play("a", DRAW)  # no uncovered Number card in either row: Cover fits nowhere
    assert events[0] == {"type": "auto_discarded", "player": "a", "card": "cover"}
    assert events[1] == {"type": "drew", "player": "a", "card": 50}


def test_D2_08_cover_never_takes_a_start_card():
    m = solo([(60, "top")], more=["cover"])
    m.play("a", DRAW)
    assert m.view("a")["pending"]["rows"] == ["top"]
    refused(m, "a", {"type": "play", "row": "bottom"})


def test_D2_09_cover_then_placement_against_the_earlier_card():
    m = solo([(60, "top"), (30, "top"), ("cover", "top"), (45, "top")])
    top = seat(m.view(None), "a")["top"]
    assert [(c["value"], c["covered"]) for c in top["cards"]] == [(60, False), (30, True), (45, False)]
    assert top["reference"] == 45


def test_D2_09_reference_uses_the_modified_value():
    m = solo([(60, "top"), ("mod20", "top", "-")], more=[45])
    assert seat(m.view(None), "a")["top"]["reference"] == 40
    events = m.play("a", DRAW)  # 45 is below 60 but not below 40: bottom only
    assert events == [{"type": "placed", "player": "a", "card": 45, "row": "bottom", "auto": True}]


def test_D2_10_modify_never_on_a_start_card_or_a_covered_end_card():
    m = solo([(60, "top"), ("cover", "top")], more=["mod10", "mod20", 55])
    events = m.play("a", DRAW)
    assert [e["type"] for e in events] == ["auto_discarded", "auto_discarded", "drew"]
    assert m.view(None)["discard_count"] == 2


def test_a_modify_taking_a_card_past_100():
    # D2-11: 95 + 20 = 115 on the bottom row: that row is dead, a top-row card still fits.
    m = solo([(95, "bottom"), ("mod20", "bottom", "+")], more=[99])
    bottom = seat(m.view(None), "a")["bottom"]
    assert bottom["cards"][0]["effective"] == 115 and bottom["reference"] == 115
    assert m.play("a", DRAW) == [{"type": "placed", "player": "a", "card": 99, "row": "top", "auto": True}]


def test_D2_11_modify_below_1_on_the_top_row_makes_it_dead():
    m = solo([(15, "top"), ("mod20", "top", "-")], more=[2])
    assert seat(m.view(None), "a")["top"]["reference"] == -5
    assert m.play("a", DRAW)[0]["row"] == "bottom"


def test_D2_12_comparisons_are_strict():
    m = solo([(40, "top"), ("mod10", "top", "+")], more=[50])
    assert m.play("a", DRAW) == [{"type": "placed", "player": "a", "card": 50, "row": "bottom", "auto": True}]


# --- D2-13 .. D2-16 Double, busts, rounds, reshuffles ------------------------------------------


def test_D2_13_double_on_an_empty_row_once_per_row():
    m = solo([("double", "top")], more=["double", "double", 50])
    assert seat(m.view(None), "a")["top"]["doubled"] is True
    m.play("a", DRAW)
    assert m.view("a")["pending"]["rows"] == ["bottom"]
    refused(m, "a", {"type": "play", "row": "top"})
    m.play("a", {"type": "play", "row": "bottom"})
    events = m.play("a", DRAW)  # both rows doubled: the third Double fits nowhere
    assert events[0]["type"] == "auto_discarded"


def test_D2_14_a_bust_sends_every_row_card_and_the_drawn_card_to_the_pile():
    plan = [
        (40, "top"),
        ("mod10", "top", "+"),
        ("double", "bottom"),
        (60, "bottom"),
        (70, "bottom"),
        ("cover", "bottom"),
    ]
    m = solo(plan, more=[55])
    assert seat(m.view(None), "a")["bottom"]["reference"] == 60
    events = m.play("a", DRAW)
    assert events[0] == {
        "type": "bust",
        "player": "a",
        "card": 55,
        "took_discard": True,
        "lower_than": 50,
        "higher_than": 60,
    }
    v = m.view(None)
    assert v["discard_count"] == 7 and v["deck_count"] == 0
    assert line(m, "a")["round_score"] == 0


def test_D2_15_round_end_clears_rows_without_reshuffling():
    m = table([50, 60, 40, 30], first="a")
    take(m, "a", 50, "top")
    take(m, "b", 60, "bottom")
    m.play("a", BANK)
    m.play("b", BANK)
    v = m.view(None)
    assert v["round"] == 2 and v["discard_count"] == 2 and v["deck_count"] == 2
    assert all(seat(v, p)["top"]["cards"] == [] and seat(v, p)["status"] == "playing" for p in "ab")
    assert m.play("b", DRAW) == [{"type": "drew", "player": "b", "card": 40}]  # deck continues


def test_a_reshuffle():
    # D2-16: only the discard pile is shuffled into the new deck; b's own row cards stay put.
    m = table([60, 50, 70, 10, 65], first="a")
    take(m, "a", 60, "top")
    take(m, "b", 50, "top")
    take(m, "a", 70, "bottom")
    take(m, "b", 10, "bottom")
    assert m.play("a", DRAW)[0]["type"] == "bust"  # 65 fits neither row
    assert m.view(None)["discard_count"] == 3
    assert by_value(m.view(None)["discard_pile"]) == {"numbers": [60, 65, 70], "power": {}}  # D2-22
    assert m.view(None)["discard_pile"]["last"][-1] == 65  # the busting card is on top
    events = m.play("b", DRAW)
    assert events[0] == {"type": "reshuffled", "cards": 3}
    assert events[1]["type"] == "placed" and events[1]["card"] in (60, 65, 70) and events[1]["row"] == "bottom"
    v = m.view(None)
    assert (v["deck_count"], v["discard_count"], v["supply_count"]) == (2, 0, 5)
    assert v["discard_pile"] == {"numbers": [], "power": {}, "last": []}
    assert values(v, "b", "top") == [50] and values(v, "b", "bottom")[0] == 10


# --- D2-17 nothing to draw ------------------------------------------------------------------


def test_D2_17_empty_deck_and_pile_disable_draw():
    m = table([50, 60], first="a")
    take(m, "a", 50, "top")
    take(m, "b", 60, "top")
    assert "must Bank" in refused(m, "a", DRAW)
    assert m.view("a")["moves"] == [BANK]


def test_D2_17_a_forced_redraw_with_nothing_to_draw_ends_the_turn():
    m = table(["cover"], first="a")
    events = m.play("a", DRAW)
    assert events == [{"type": "auto_discarded", "player": "a", "card": "cover"}, {"type": "no_cards", "player": "a"}]
    v = m.view(None)
    assert v["turn"] == "b" and seat(v, "a")["status"] == "playing"
    assert m.view("b")["moves"] == [BANK]  # the pile only holds a Cover nobody can take


# --- D2-18 .. D2-21 scoring -----------------------------------------------------------------


def test_D2_18_longest_row_needs_one_card_and_counts_banked_players_only():
    m = table([], first="a")
    m.play("a", BANK)
    m.play("b", BANK)
    assert [line(m, p)["longest_row"] for p in "ab"] == [0, 0]


def test_a_tied_longest_row_liam_caezar_kuly():
    # The rulebook's example: Liam has 4 in his top row, then busts on 42; Caezar and Kuly tie at 3.
    deck = [90, 90, 90, 80, 80, 80, 70, 70, 70, 40, 45, 42]
    m = table(deck, first="liam", players=("liam", "caezar", "kuly"))
    for _ in range(3):
        for p in ("liam", "caezar", "kuly"):
            take(m, p, m.state["deck"][0], "top")
    take(m, "liam", 40, "top")
    m.play("caezar", BANK)
    m.play("kuly", BANK)
    take(m, "liam", 45, "bottom")
    assert m.play("liam", DRAW)[0] == {
        "type": "bust",
        "player": "liam",
        "card": 42,
        "took_discard": True,
        "lower_than": 40,
        "higher_than": 45,
    }
    assert [line(m, p)["longest_row"] for p in ("liam", "caezar", "kuly")] == [0, 0, 0]
    assert [line(m, p)["round_score"] for p in ("liam", "caezar", "kuly")] == [0, 3, 3]


def test_D2_18_longest_row_bonus_for_the_single_leader():
    m = table([90, 80, 70], first="a")
    take(m, "a", 90, "top")
    take(m, "b", 80, "top")
    take(m, "a", 70, "top")
    m.play("b", BANK)
    m.play("a", BANK)
    assert (line(m, "a")["longest_row"], line(m, "a")["round_score"], line(m, "b")["round_score"]) == (5, 7, 1)


def test_the_liam_example_3_plus_3x2_is_9():
    m = solo(
        [("double", "bottom"), (90, "top"), (10, "bottom"), (80, "top"), (20, "bottom"), (70, "top"), (30, "bottom")]
    )
    m.play("a", BANK)
    got = line(m, "a")
    assert (
        got["tally_top"],
        got["tally_bottom"],
        got["tally"],
        got["pairs"],
        got["longest_row"],
        got["round_score"],
        got["total"],
    ) == (3, 6, 9, 5, 5, 19, 19)
    assert got["doubled_bottom"] is True and got["doubled_top"] is False


def five_by_five(extra_top=()):
    plan = []
    for top, bottom in zip([90, 80, 70, 60, 50], [10, 20, 30, 40, 45]):
        plan += [(top, "top"), (bottom, "bottom")]
    return plan + [(c, "top") for c in extra_top]


def test_5x5_pairs_scores_50():
    m = solo(five_by_five())
    m.play("a", BANK)
    got = line(m, "a")
    assert (got["tally"], got["pairs"], got["longest_row"], got["round_score"]) == (10, 50, 5, 65)
    assert m.result()["winners"] == ["a"]


@pytest.mark.parametrize("top,bottom,bonus", [(3, 2, 0), (3, 3, 5), (5, 3, 5), (4, 7, 15), (6, 6, 50)])
def test_D2_19_pairs_tier_by_the_shorter_row(top, bottom, bonus):
    plan = [(90 - 5 * i, "top") for i in range(top)] + [(3 + i, "bottom") for i in range(bottom)]
    m = solo(plan)
    m.play("a", BANK)
    assert line(m, "a")["pairs"] == bonus
    assert line(m, "a")["tally"] == top + bottom


def test_D2_20_covered_cards_count_power_cards_do_not():
    m = solo(
        [
            (90, "top"),
            (80, "top"),
            (70, "top"),
            ("mod10", "top", "+"),
            ("cover", "top"),
            (10, "bottom"),
            (20, "bottom"),
            (30, "bottom"),
        ]
    )
    m.play("a", BANK)
    got = line(m, "a")
    assert (got["cards_top"], got["tally"], got["pairs"], got["longest_row"]) == (3, 6, 5, 5)


def test_D2_21_a_busted_player_with_a_double_scores_0():
    m = solo([("double", "top"), (40, "top"), (60, "bottom")], more=[50])
    m.play("a", DRAW)
    assert line(m, "a")["round_score"] == 0 and line(m, "a")["tally"] == 0
    assert m.view(None)["discard_count"] == 4  # double, 40, 60, 50


# --- D2-22 public table ----------------------------------------------------------------------


def test_D2_22_everything_public_but_the_deck_order():
    m = bust_in_round_1()
    take(m, "b", 70, "top")
    table_view = m.view(None)
    for p in "ab":
        mine = dict(m.view(p))
        assert set(mine) - set(table_view) == {"me", "act", "moves"}
        for key in ("me", "act", "moves"):
            del mine[key]
        assert mine == table_view
    assert seat(table_view, "a")["holds_discard"] is True
    assert "deck" not in table_view and table_view["deck_count"] == 4
    other = m.state["deck"]
    m.state["deck"] = list(reversed(other))
    assert m.view(None) == table_view  # the order of the deck never shows


def by_value(pile):
    """The pile's cards by value, without its top few (pile["last"])."""
    return {"numbers": pile["numbers"], "power": pile["power"]}


def test_D2_22_the_discard_pile_shows_its_cards_by_value_to_everyone():
    """Issue 16: the pile is public, and a player pushing on wants to know which cards are gone."""
    plan = [
        (40, "top"),
        ("mod10", "top", "+"),
        ("double", "bottom"),
        (60, "bottom"),
        (70, "bottom"),
        ("cover", "bottom"),
    ]
    m = solo(plan, more=[55, 30, "mod20", "double", 20])
    assert m.view(None)["discard_pile"] == {"numbers": [], "power": {}, "last": []}
    m.play("a", DRAW)  # 55 fits neither row: bust (D2-14)
    pile = {"numbers": [40, 55, 60, 70], "power": {"mod10": 1, "double": 1, "cover": 1}}
    for viewer in (None, "a", "b"):
        assert by_value(m.view(viewer)["discard_pile"]) == pile and m.view(viewer)["discard_count"] == 7
    # round 2: Power cards thrown away join the pile by name
    take(m, "a", 30, "top")
    m.play("b", DRAW)  # Modify 20 on empty rows: discarded (D2-26)
    assert m.view(None)["pending"]["card"] == "double"
    m.play("b", {"type": "discard_power"})  # a Double b could play, thrown away (D2-05)
    assert by_value(m.view(None)["discard_pile"]) == {
        "numbers": [40, 55, 60, 70],
        "power": {"mod10": 1, "double": 2, "cover": 1, "mod20": 1},
    }
    assert m.view(None)["discard_pile"]["last"][-2:] == ["mod20", "double"]  # the pile's top, newest last (issue 30)
    assert len(m.view(None)["discard_pile"]["last"]) == 5


# --- D2-23 / D2-24 the end ------------------------------------------------------------------


def test_D2_23_exactly_50_wins():
    r1 = [(c, "top") for c in (90, 80, 70, 60)] + [(c, "bottom") for c in (10, 20, 30, 40)]
    r2 = (
        [("double", "top"), ("double", "bottom")]
        + [(c, "top") for c in (90, 80, 70)]
        + [(c, "bottom") for c in (10, 20, 30)]
    )
    m = table([step[0] for step in r1 + r2], first="b")
    m.play("b", BANK)
    for step in r1:
        take(m, "a", *step)
    m.play("a", BANK)
    assert line(m, "a")["round_score"] == 8 + 15 + 5 and m.result() is None
    assert m.view(None)["turn"] == "a"  # round 2 starts with a (D2-02)
    take(m, "a", *r2[0])
    m.play("b", BANK)
    for step in r2[1:]:
        take(m, "a", *step)
    m.play("a", BANK)
    assert line(m, "a")["round_score"] == 12 + 5 + 5 and line(m, "a")["total"] == 50
    res = m.result()
    assert res["winners"] == ["a"] and res["scores"] == {"a": 50, "b": 0}
    assert m.view(None)["phase"] == "game_over"
    refused(m, "a", DRAW, code="game_over")


def test_a_game_won_on_a_tie():
    # D2-24: both finish 5x5 in the same round, the Longest Row ties: 60 each, a shared win.
    plan = five_by_five()
    m = table([step[0] for pair in zip(plan, plan) for step in pair], first="a")
    for step in plan:
        take(m, "a", *step)
        take(m, "b", *step)
    m.play("a", BANK)
    m.play("b", BANK)
    assert [line(m, p)["round_score"] for p in "ab"] == [60, 60]
    res = m.result()
    assert res["winners"] == ["a", "b"] and res["scores"] == {"a": 60, "b": 60}
    assert m.view("a")["winners"] == ["a", "b"] and m.view("a")["act"] is False


def test_D2_24_highest_total_wins_when_both_pass_50():
    plan = five_by_five()
    deck = [step[0] for pair in zip(plan, plan) for step in pair] + [40]
    m = table(deck, first="a")
    for step in plan:
        take(m, "a", *step)
        take(m, "b", *step)
    take(m, "a", 40, "top")
    m.play("b", BANK)
    m.play("a", BANK)
    assert [line(m, p)["round_score"] for p in "ab"] == [66, 60]
    assert m.result()["winners"] == ["a"]


# --- D2-25 remove, and the host's End game ------------------------------------------------


def test_D2_25_remove_a_player():
    m2 = Match(GAME, ["a", "b", "c"], "x", {"deck": [50, 60, 70, 80], "first_player": "a"})
    take(m2, "a", 50, "top")
    m2.play("b", DRAW)
    events = m2.play(HOST, {"type": "remove", "player": "b"})  # b is holding the pending 60
    assert events == [{"type": "removed", "player": "b"}]
    v = m2.view(None)
    assert [x["id"] for x in v["players"]] == ["a", "c"] and v["removed"] == ["b"]
    assert v["turn"] == "c" and v["pending"] is None and v["discard_count"] == 1
    refused(m2, "b", DRAW, code="not_your_turn")


def test_D2_25_remove_returns_the_discard_card_and_too_few_players_end_the_game():
    m = bust_in_round_1()  # a holds a Discard card, supply 5
    take(m, "b", 70, "top")
    take(m, "a", 40, "top")
    events = m.play(HOST, {"type": "remove", "player": "a"})
    assert events[-1] == {"type": "game_over", "reason": "too_few", "winners": []}
    v = m.view(None)
    assert v["supply_count"] == 6 and v["discard_count"] == 3 + 1  # a's 40 went to the pile
    res = m.result()
    assert res["winners"] == [] and res["scores"] == {"b": 0} and "no winner" in res["note"]


def test_D2_25_removal_skips_turns_and_can_end_the_round():
    m = table([50, 60], first="a", players=("a", "b", "c"))
    m.play("a", BANK)
    m.play("b", BANK)
    m.play(HOST, {"type": "remove", "player": "c"})
    v = m.view(None)
    assert v["round"] == 2 and [x["player"] for x in v["summary"]["lines"]] == ["a", "b"]
    refused(m, HOST, {"type": "remove", "player": "c"})


def test_host_end_game_has_no_winner():
    m = table([50], first="a")
    take(m, "a", 50, "top")
    refused(m, "a", {"type": "end_game"}, code="not_your_turn")
    m.play(HOST, {"type": "end_game"})
    res = m.result()
    assert res["winners"] == [] and res["scores"] == {"a": 0, "b": 0}
    assert m.view(None)["ended"] == "host"
    refused(m, HOST, {"type": "end_game"}, code="game_over")


# --- D2-26 automatic resolution (and D2-07's immediate bust) ------------------------------------------------------------


def test_D2_26_unplayable_power_is_discarded_and_the_engine_draws_again():
    m = table(["cover", "mod10", 50], first="a")
    events = m.play("a", DRAW)
    assert events == [
        {"type": "auto_discarded", "player": "a", "card": "cover"},
        {"type": "auto_discarded", "player": "a", "card": "mod10"},
        {"type": "drew", "player": "a", "card": 50},
    ]
    assert m.view(None)["log"][-1] == events[-1]


def test_D2_26_a_playable_power_is_the_players_choice():
    m = table(["double", 50], first="a")
    m.play("a", DRAW)
    v = m.view("a")
    assert v["act"] is True and v["pending"]["rows"] == ["top", "bottom"]
    assert v["moves"] == [{"type": "discard_power"}, {"type": "play", "row": "top"}, {"type": "play", "row": "bottom"}]


def test_D2_07_bust_without_a_discard_card_is_immediate():
    m = table([40, 60, 50, 70], first="a")
    take(m, "a", 40, "top")
    m.play("b", BANK)
    take(m, "a", 60, "bottom")
    events = m.play("a", DRAW)
    assert events[0] == {
        "type": "bust",
        "player": "a",
        "card": 50,
        "took_discard": True,
        "lower_than": 40,
        "higher_than": 60,
    }
    assert m.view(None)["pending"] is None and m.view(None)["round"] == 2


def test_d2_28_an_away_starter_waits_the_grace_then_plays_after_the_next_seat():
    """D2-28: a round's first turn is the starter's even when they are away: it waits the grace like any turn (a
    3G phone that dropped for a moment keeps its start), then passes to the next seat who is here, and the
    starter's own turn comes after; a later turn of a player still away banks their rows."""
    from peerparty.engine import AWAY_GRACE_MS, SYSTEM

    m = Match(GAME, ["a", "b", "c"], "starter-away")
    first = m.state["turn"]
    m.play(HOST, {"type": "away", "players": [first]}, 0)
    assert m.state["turn"] == first and m.deadline() == AWAY_GRACE_MS  # waits: no skip at once
    m.play(SYSTEM, {"type": "timeout"}, AWAY_GRACE_MS)
    assert m.state["turn"] != first and m.state["status"][first] == "playing"
    nxt = m.state["turn"]
    m.play(nxt, {"type": "bank"}, AWAY_GRACE_MS + 1)  # the next seat acts; the order goes round to the starter
    while m.state["turn"] != first:
        m.play(m.state["turn"], {"type": "bank"}, AWAY_GRACE_MS + 2)
    assert m.deadline() == AWAY_GRACE_MS + 2 + AWAY_GRACE_MS  # the starter, still away: the grace again
    m.play(SYSTEM, {"type": "timeout"}, m.deadline())
    assert m.state["status"][first] == "banked" or m.state["round"] == 2  # banked: the round may end with it
