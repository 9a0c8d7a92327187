"""Scenario tests for Someone Else's Problem: one or more per ruling D4-01..D4-20, explicit tables."""

import json
from random import Random

import pytest

from peerparty.engine import HOST, SYSTEM, Ctx, IllegalMove, Match, step
from peerparty.games.someone_elses_problem import GAME, cards, table as table_module
from peerparty.games.someone_elses_problem.screens import ending

P = ["ann", "bob", "cat", "dan"]


def table(objects, hands, draw=None, first="ann", players=P, seed="t"):
    options = {"objects": objects, "hands": hands, "first_player": first}
    if draw is not None:
        options["draw_pile"] = draw
    return Match(GAME, players, seed, options)


def std_objects():
    return {
        "ann": ["secret_photo", "secret_photo", "spare_key", "diary", "alibi"],
        "bob": ["love_letter", "love_letter", "burner_phone", "hotel_receipt", "diary"],
        "cat": ["spare_key", "spare_key", "hotel_receipt", "alibi", "alibi"],
        "dan": ["burner_phone", "burner_phone", "diary", "secret_photo", "love_letter"],
    }


def std_hands():
    return {
        "ann": ["gift", "exchange", "deny", "redirect"],
        "bob": ["deny", "redirect", "gift", "exchange"],
        "cat": ["gift", "gift", "deny", "deny"],
        "dan": ["exchange", "exchange", "redirect", "redirect"],
    }


DRAW = ["exchange", "deny", "redirect", "gift", "gift", "deny", "exchange", "redirect"]


def refused(m, player, move, code):
    before = json.dumps(m.state, sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        m.play(player, move)
    assert err.value.code == code
    assert err.value.detail
    assert json.dumps(m.state, sort_keys=True) == before


def kinds(events):
    return [e["kind"] for e in events]


# --- D4-01 / D4-02: the decks ----------------------------------------------------------------


def test_D4_01_object_deck_and_scandalous_types():
    assert sum(cards.OBJECT_DECK.values()) == 40
    assert cards.OBJECT_DECK["alibi"] == 4
    assert all(cards.OBJECT_DECK[k] == 6 for k in cards.SCANDALOUS)
    assert [k for k in cards.OBJECT_TYPES if not cards.is_scandalous(k)] == ["alibi"]
    m = table(std_objects(), std_hands())
    assert m.view(None)["scandalous"] == {"ann": 4, "bob": 5, "cat": 3, "dan": 5}


def test_D4_01_random_deal_five_public_objects_each_from_the_deck():
    for seed in range(20):
        m = Match(GAME, P, seed)
        objects = m.view(None)["objects"]
        dealt = {}
        for pid in P:
            assert sum(objects[pid].values()) == 5
            for k, n in objects[pid].items():
                dealt[k] = dealt.get(k, 0) + n
        assert all(dealt[k] <= cards.OBJECT_DECK[k] for k in dealt)


def test_D4_02_action_deck_split_between_hands_and_draw_pile():
    assert cards.ACTION_DECK == {"gift": 16, "exchange": 8, "deny": 12, "redirect": 12}
    m = Match(GAME, P, 7)
    s = m.state
    everything = s["draw"] + [c for pid in P for c in s["hands"][pid]]
    assert all(len(s["hands"][pid]) == 4 for pid in P)
    assert {k: everything.count(k) for k in cards.ACTION_TYPES} == cards.ACTION_DECK
    assert m.view(None)["draw_count"] == 48 - 16


def test_D4_02_explicit_hands_and_draw_pile_are_used_as_given():
    m = table(std_objects(), std_hands(), draw=DRAW)
    assert m.state["draw"] == DRAW
    assert m.state["hands"]["dan"] == ["exchange", "exchange", "redirect", "redirect"]
    assert m.view(None)["current"] == "ann"


# --- D4-03: redeal -----------------------------------------------------------------------------


def test_D4_03_redeal_until_everyone_holds_a_scandalous_object(monkeypatch):
    monkeypatch.setattr(table_module, "OBJECT_DECK", {"diary": 3, "alibi": 20})
    for seed in range(30):
        m = Match(GAME, ["a", "b", "c"], seed)
        assert all(m.view(None)["scandalous"][p] == 1 for p in "abc")


def test_D4_03_a_config_that_cannot_deal_secrets_is_refused(monkeypatch):
    monkeypatch.setattr(table_module, "OBJECT_DECK", {"diary": 2, "alibi": 20})
    with pytest.raises(ValueError):
        Match(GAME, ["a", "b", "c"], 1)


def test_D4_03_standard_deck_never_deals_a_clean_player():
    for seed in range(100):
        m = Match(GAME, ["a", "b", "c", "d", "e", "f"], seed)
        assert min(m.view(None)["scandalous"].values()) >= 1


# --- D4-04: the substitute gift ----------------------------------------------------------------


def test_D4_04_two_card_gift_refused_while_holding_a_gift():
    m = table(std_objects(), std_hands())
    refused(m, "ann", {"type": "gift2", "object": "diary", "to": "bob", "cards": ["deny", "redirect"]}, "invalid_move")


def test_D4_04_two_card_gift_discards_both_cards_without_their_effects():
    hands = std_hands()
    hands["ann"] = ["exchange", "deny", "redirect", "deny"]
    m = table(std_objects(), hands, draw=DRAW)
    events = m.play("ann", {"type": "gift2", "object": "secret_photo", "to": "bob", "cards": ["exchange", "deny"]})
    assert events == [
        {"kind": "gift", "by": "ann", "to": "bob", "object": "secret_photo", "count": 2, "cards": ["exchange", "deny"]}
    ]
    v = m.view(None)
    assert v["phase"] == "respond"
    assert v["discard"] == ["exchange", "deny"]
    assert v["pending"] == {
        "by": "ann",
        "to": "bob",
        "object": "secret_photo",
        "count": 2,
        "cards": ["exchange", "deny"],
    }
    # the exchange card's effect did not happen: objects are untouched until bob answers
    assert v["objects"]["ann"]["secret_photo"] == 2
    # the normal responses apply: bob denies, the photos stay, both cards stay spent
    m.play("bob", {"type": "respond", "answer": "deny"})
    v = m.view(None)
    assert v["objects"]["ann"]["secret_photo"] == 2
    assert v["discard"] == ["exchange", "deny", "deny"]
    # refill: ann draws 2, bob draws 1, from the top of the pile
    assert m.state["hands"]["ann"] == ["redirect", "deny", "exchange", "deny"]
    assert m.state["hands"]["bob"] == ["redirect", "gift", "exchange", "redirect"]


def test_D4_04_two_cards_may_be_the_same_type_and_must_be_held():
    hands = std_hands()
    hands["ann"] = ["deny", "deny", "redirect", "exchange"]
    m = table(std_objects(), hands, draw=DRAW)
    refused(
        m, "ann", {"type": "gift2", "object": "diary", "to": "bob", "cards": ["redirect", "redirect"]}, "invalid_move"
    )
    refused(m, "ann", {"type": "gift2", "object": "diary", "to": "bob", "cards": ["deny"]}, "invalid_move")
    m.play("ann", {"type": "gift2", "object": "diary", "to": "bob", "cards": ["deny", "deny"]})
    assert m.state["hands"]["ann"] == ["redirect", "exchange"]
    assert m.view("ann")["hand"] == ["exchange", "redirect"]


# --- D4-05: always prompt ------------------------------------------------------------------------


def test_D4_05_recipient_without_response_cards_is_still_prompted():
    hands = std_hands()
    hands["bob"] = ["gift", "gift", "exchange", "exchange"]
    m = table(std_objects(), hands)
    m.play("ann", {"type": "gift", "object": "diary", "to": "bob"})
    v = m.view("bob")
    assert v["phase"] == "respond" and v["act"] is True
    assert v["can"] == {"accept": True, "deny": False, "redirect": False, "redirect_to": ["cat", "dan"]}
    refused(m, "bob", {"type": "respond", "answer": "deny"}, "invalid_move")
    refused(m, "bob", {"type": "respond", "answer": "redirect", "to": "cat"}, "invalid_move")
    m.play("bob", {"type": "respond", "answer": "accept"})
    assert m.view(None)["objects"]["bob"]["diary"] == 2


def test_D4_05_table_and_others_see_the_same_prompt_whatever_the_recipient_holds():
    seen = []
    for bob_hand in (["gift", "gift", "exchange", "exchange"], ["deny", "redirect", "deny", "redirect"]):
        hands = std_hands()
        hands["bob"] = bob_hand
        m = table(std_objects(), hands)
        m.play("ann", {"type": "gift", "object": "diary", "to": "bob"})
        seen.append([m.view(v) for v in (None, "ann", "cat", "dan")])
    assert seen[0] == seen[1]


# --- D4-06: redirect target ---------------------------------------------------------------------


def test_D4_06_redirect_goes_to_a_third_player_chosen_by_the_redirector():
    m = table(std_objects(), std_hands(), draw=DRAW)
    m.play("ann", {"type": "gift", "object": "secret_photo", "to": "bob"})
    refused(m, "bob", {"type": "respond", "answer": "redirect", "to": "ann"}, "invalid_move")
    refused(m, "bob", {"type": "respond", "answer": "redirect", "to": "bob"}, "invalid_move")
    refused(m, "bob", {"type": "respond", "answer": "redirect", "to": "zed"}, "invalid_move")
    refused(m, "bob", {"type": "respond", "answer": "redirect"}, "invalid_move")
    events = m.play("bob", {"type": "respond", "answer": "redirect", "to": "dan"})
    assert events[0] == {
        "kind": "redirect",
        "by": "bob",
        "from": "ann",
        "to": "dan",
        "object": "secret_photo",
        "count": 2,
    }
    v = m.view(None)
    # dan must take it: no prompt, play moves on to bob
    assert v["objects"]["dan"]["secret_photo"] == 3 and "secret_photo" not in v["objects"]["ann"]
    assert v["phase"] == "turn" and v["current"] == "bob"
    assert v["hand_sizes"]["dan"] == 4


def test_D4_06_with_three_players_the_target_is_forced():
    three = ["ann", "bob", "cat"]
    objects = {p: std_objects()[p] for p in three}
    hands = {p: std_hands()[p] for p in three}
    m = table(objects, hands, players=three)
    m.play("ann", {"type": "gift", "object": "diary", "to": "bob"})
    assert m.view("bob")["can"]["redirect_to"] == ["cat"]
    redirects = [mv for mv in GAME.legal_moves(m.state, "bob") if mv["answer"] == "redirect"]
    assert redirects == [{"type": "respond", "answer": "redirect", "to": "cat"}]


# --- D4-07: pass and stalemate ------------------------------------------------------------------


def test_D4_07_pass_refused_while_a_move_exists():
    m = table(std_objects(), std_hands())
    refused(m, "ann", {"type": "pass"}, "invalid_move")
    assert {"type": "pass"} not in GAME.legal_moves(m.state, "ann")
    assert m.view("ann")["can"]["pass"] is False


def test_D4_07_pass_only_without_a_legal_move_and_draws_nothing():
    hands = {"ann": ["deny"], "bob": ["gift"], "cat": [], "dan": ["redirect"]}
    m = table(std_objects(), hands, draw=[])
    assert GAME.legal_moves(m.state, "ann") == [{"type": "pass"}]
    assert m.view("ann")["can"]["pass"] is True
    events = m.play("ann", {"type": "pass"})
    assert events == [{"kind": "pass", "by": "ann"}]
    assert m.state["hands"]["ann"] == ["deny"]
    assert m.view(None)["current"] == "bob"


def test_D4_07_a_full_cycle_of_passes_is_a_stalemate_with_no_winner():
    hands = {"ann": ["deny"], "bob": ["redirect"], "cat": [], "dan": ["deny"]}
    m = table(std_objects(), hands, draw=[], first="cat")
    for p in ("cat", "dan", "ann"):
        m.play(p, {"type": "pass"})
        assert m.result() is None
    events = m.play("bob", {"type": "pass"})
    assert kinds(events) == ["pass", "stalemate"]
    r = m.result()
    assert r["winners"] == [] and r["scores"] == {p: 0 for p in P}
    assert "Stalemate" in r["note"]
    assert m.view(None)["phase"] == "over" and m.view(None)["end"] == "stalemate"


def test_D4_07_a_real_move_resets_the_pass_count():
    hands = {"ann": ["deny"], "bob": ["exchange"], "cat": [], "dan": ["deny"]}
    m = table(std_objects(), hands, draw=[], first="ann")
    m.play("ann", {"type": "pass"})
    m.play("bob", {"type": "exchange", "give": "diary", "take": "alibi", "from": "cat"})
    for p in ("cat", "dan", "ann"):
        m.play(p, {"type": "pass"})
    assert m.result() is None  # bob's exchange broke the cycle: 3 passes since
    assert m.state["passes"] == 3
    # bob's spent EXCHANGE came back through a reshuffle, so bob still has a move
    assert m.state["hands"]["bob"] == ["exchange"] and m.view("bob")["can"]["pass"] is False


def test_D4_07_one_exchange_card_is_a_legal_move():
    hands = {"ann": ["exchange"], "bob": [], "cat": [], "dan": []}
    m = table(std_objects(), hands, draw=[])
    refused(m, "ann", {"type": "pass"}, "invalid_move")


# --- D4-08: win check after deny ----------------------------------------------------------------


def test_D4_08_deny_keeps_the_objects_and_spends_the_gift():
    m = table(std_objects(), std_hands(), draw=DRAW)
    m.play("ann", {"type": "gift", "object": "secret_photo", "to": "bob"})
    events = m.play("bob", {"type": "respond", "answer": "deny"})
    assert kinds(events) == ["deny", "draw", "draw"]
    v = m.view(None)
    assert v["objects"]["ann"] == {"secret_photo": 2, "spare_key": 1, "diary": 1, "alibi": 1}
    assert v["discard"] == ["gift", "deny"]
    assert m.state["hands"]["ann"] == ["exchange", "deny", "redirect", "exchange"]
    assert v["phase"] == "turn" and v["current"] == "bob" and m.result() is None


def test_D4_08_the_win_check_runs_even_after_a_deny():
    # An explicit table (used as given) where the sender is already clean: the check after a deny
    # is what ends the game.
    objects = std_objects()
    objects["ann"] = ["alibi", "alibi"]
    m = table(objects, std_hands())
    m.play("ann", {"type": "gift", "object": "alibi", "to": "bob"})
    events = m.play("bob", {"type": "respond", "answer": "deny"})
    assert kinds(events) == ["deny", "win"]
    assert m.result()["winners"] == ["ann"]


# --- D4-09: the game ends at the first win -------------------------------------------------------


def test_D4_09_no_refill_and_no_further_moves_after_a_win():
    objects = std_objects()
    objects["ann"] = ["spare_key", "spare_key", "alibi"]
    m = table(objects, std_hands(), draw=DRAW)
    m.play("ann", {"type": "gift", "object": "spare_key", "to": "bob"})
    events = m.play("bob", {"type": "respond", "answer": "accept"})
    assert kinds(events) == ["accept", "win"]
    assert m.view(None)["hand_sizes"]["ann"] == 3  # no refill
    assert m.view(None)["draw_count"] == len(DRAW)
    r = m.result()
    assert r["winners"] == ["ann"] and r["scores"]["ann"] == 1 and r["ranking"][0] == "ann"
    refused(m, "bob", {"type": "gift", "object": "diary", "to": "cat"}, "game_over")
    refused(m, HOST, {"type": "end_game"}, "game_over")
    assert all(GAME.legal_moves(m.state, p) == [] for p in P + [HOST, SYSTEM])
    assert m.view("bob")["act"] is False and m.view(None)["awaiting"] is None


# --- D4-10: who draws ----------------------------------------------------------------------------


def test_D4_10_accepting_draws_nothing_even_when_short():
    hands = std_hands()
    hands["bob"] = ["deny"]
    m = table(std_objects(), hands, draw=DRAW)
    m.play("ann", {"type": "gift", "object": "diary", "to": "bob"})
    events = m.play("bob", {"type": "respond", "answer": "accept"})
    assert events[1:] == [{"kind": "draw", "by": "ann", "count": 1, "short": False}]
    assert m.state["hands"]["bob"] == ["deny"]


def test_D4_10_the_forced_redirect_recipient_draws_nothing():
    hands = std_hands()
    hands["cat"] = ["gift"]
    m = table(std_objects(), hands, draw=DRAW)
    m.play("ann", {"type": "gift", "object": "diary", "to": "bob"})
    events = m.play("bob", {"type": "respond", "answer": "redirect", "to": "cat"})
    assert [e for e in events if e["kind"] == "draw"] == [
        {"kind": "draw", "by": "ann", "count": 1, "short": False},
        {"kind": "draw", "by": "bob", "count": 1, "short": False},
    ]
    assert m.state["hands"]["cat"] == ["gift"]


# --- D4-11: refill order across a reshuffle -------------------------------------------------------


def test_D4_11_mover_draws_first_then_clockwise_across_a_reshuffle():
    # dan (seat 3) gifts to ann (seat 0), ann denies. dan draws first, then ann (clockwise from dan).
    hands = std_hands()
    hands["dan"] = ["gift", "redirect", "redirect", "redirect"]
    hands["ann"] = ["deny", "deny", "deny", "deny"]
    m = table(std_objects(), hands, draw=["exchange"], first="dan")
    m.play("dan", {"type": "gift", "object": "diary", "to": "ann"})
    events = m.play("ann", {"type": "respond", "answer": "deny"})
    assert events == [
        {"kind": "deny", "by": "ann", "from": "dan", "object": "diary", "count": 1},
        {"kind": "draw", "by": "dan", "count": 1, "short": False},
        {"kind": "reshuffle", "count": 2},
        {"kind": "draw", "by": "ann", "count": 1, "short": False},
    ]
    # dan took the last card of the old pile; ann drew from the reshuffled gift + deny
    assert m.state["hands"]["dan"] == ["redirect", "redirect", "redirect", "exchange"]
    assert sorted(m.state["hands"]["ann"][3:] + m.state["draw"]) == ["deny", "gift"]
    v = m.view(None)
    assert v["draw_count"] == 1 and v["discard"] == [] and v["current"] == "ann"


def test_D4_11_reshuffle_is_lazy_and_uses_the_step_rng():
    hands = std_hands()
    hands["ann"] = ["gift", "deny", "deny", "deny"]
    hands["bob"] = ["deny", "deny", "deny", "deny"]
    m = table(std_objects(), hands, draw=[])
    m.play("ann", {"type": "gift", "object": "diary", "to": "bob"})
    s = m.state
    s2, events = step(GAME, s, "bob", {"type": "respond", "answer": "deny"}, Ctx(Random(5), 0))
    assert kinds(events) == ["deny", "reshuffle", "draw", "draw"]
    assert events[1] == {"kind": "reshuffle", "count": 2}
    assert sorted(s2["hands"]["ann"][3:] + s2["hands"]["bob"][3:]) == ["deny", "gift"]
    assert len(s2["hands"]["bob"]) == 4 and s2["draw"] == [] and s2["discard"] == []


def test_D4_11_both_piles_empty_leaves_the_hand_short():
    m = table(std_objects(), std_hands(), draw=[])
    # with an empty pile, the card just spent comes back through a reshuffle
    m.play("ann", {"type": "exchange", "give": "diary", "take": "spare_key", "from": "cat"})
    assert m.state["hands"]["ann"] == ["gift", "deny", "redirect", "exchange"]
    hands = {"ann": ["gift"], "bob": [], "cat": [], "dan": []}
    m = table(std_objects(), hands, draw=[])
    m.play("ann", {"type": "gift", "object": "diary", "to": "bob"})
    events = m.play("bob", {"type": "respond", "answer": "accept"})
    assert events[1:] == [{"kind": "reshuffle", "count": 1}, {"kind": "draw", "by": "ann", "count": 1, "short": True}]
    assert m.state["hands"]["ann"] == ["gift"] and m.view(None)["hand_sizes"]["ann"] == 1


# --- D4-12: visibility ---------------------------------------------------------------------------


def test_D4_12_views_show_own_hand_only_and_counts_for_the_rest():
    m = table(std_objects(), std_hands(), draw=DRAW)
    m.play("ann", {"type": "gift", "object": "diary", "to": "bob"})
    t = m.view(None)
    assert "hand" not in t and "act" not in t and "draw" not in t
    assert t["hand_sizes"] == {"ann": 3, "bob": 4, "cat": 4, "dan": 4}
    assert t["draw_count"] == 8 and t["discard"] == ["gift"]
    assert t["pending"] == {"by": "ann", "to": "bob", "object": "diary", "count": 1, "cards": ["gift"]}
    assert m.view("cat")["hand"] == ["gift", "gift", "deny", "deny"]
    assert m.view("bob")["hand"] == ["gift", "exchange", "deny", "redirect"]
    # cat's view carries nothing from bob's hand but its size
    assert set(m.view("cat")) == set(t) | {"hand", "act", "can"}
    assert m.view("cat")["can"] == {} and m.view("cat")["act"] is False


# --- D4-13 / D4-14: exchange and gift edge cases ----------------------------------------------------


def test_D4_13_same_type_and_alibi_swaps_are_legal():
    m = table(std_objects(), std_hands(), draw=DRAW)
    m.play("ann", {"type": "exchange", "give": "alibi", "take": "alibi", "from": "cat"})
    assert m.view(None)["objects"]["ann"]["alibi"] == 1 and m.view(None)["objects"]["cat"]["alibi"] == 2
    m.play("bob", {"type": "exchange", "give": "diary", "take": "diary", "from": "dan"})
    assert m.view(None)["scandalous"]["bob"] == 5


def test_D4_13_exchange_needs_another_player_and_owned_objects():
    m = table(std_objects(), std_hands())
    refused(m, "ann", {"type": "exchange", "give": "diary", "take": "diary", "from": "ann"}, "invalid_move")
    refused(m, "ann", {"type": "exchange", "give": "love_letter", "take": "diary", "from": "bob"}, "invalid_move")
    refused(m, "ann", {"type": "exchange", "give": "diary", "take": "alibi", "from": "bob"}, "invalid_move")
    hands = std_hands()
    hands["ann"] = ["gift", "deny", "deny", "deny"]
    m = table(std_objects(), hands)
    refused(m, "ann", {"type": "exchange", "give": "diary", "take": "diary", "from": "bob"}, "invalid_move")


def test_D4_14_gifting_an_alibi_group_is_legal_and_changes_no_scandal_count():
    m = table(std_objects(), std_hands(), draw=DRAW, first="cat")
    m.play("cat", {"type": "gift", "object": "alibi", "to": "dan"})
    assert m.view(None)["pending"]["count"] == 2
    m.play("dan", {"type": "respond", "answer": "accept"})
    v = m.view(None)
    assert v["scandalous"]["cat"] == 3 and v["objects"]["dan"]["alibi"] == 2 and m.result() is None


def test_gift_offers_the_whole_group_and_never_a_target_of_yourself():
    m = table(std_objects(), std_hands(), draw=DRAW)
    refused(m, "ann", {"type": "gift", "object": "diary", "to": "ann"}, "invalid_move")
    refused(m, "ann", {"type": "gift", "object": "love_letter", "to": "bob"}, "invalid_move")
    m.play("ann", {"type": "gift", "object": "secret_photo", "to": "cat"})
    # the photos stay in front of ann until cat answers
    assert m.view(None)["objects"]["ann"]["secret_photo"] == 2
    m.play("cat", {"type": "respond", "answer": "accept"})
    assert m.view(None)["objects"]["cat"]["secret_photo"] == 2
    assert "secret_photo" not in m.view(None)["objects"]["ann"]


def test_next_player_clockwise_plays_even_after_answering():
    m = table(std_objects(), std_hands(), draw=DRAW)
    m.play("ann", {"type": "gift", "object": "diary", "to": "bob"})
    m.play("bob", {"type": "respond", "answer": "deny"})
    assert m.view(None)["current"] == "bob" and m.view("bob")["act"] is True
    m = table(std_objects(), std_hands(), draw=DRAW, first="dan")
    m.play("dan", {"type": "exchange", "give": "diary", "take": "diary", "from": "ann"})
    assert m.view(None)["current"] == "ann" and m.view(None)["turn_no"] == 2


# --- D4-15: End game, no timers ------------------------------------------------------------------------


def test_D4_15_host_ends_the_game_with_no_winner():
    m = table(std_objects(), std_hands())
    assert [mv for mv in GAME.legal_moves(m.state, HOST) if mv["type"] != "away"] == [{"type": "end_game"}] + [
        {"type": "remove", "player": p} for p in P
    ]
    refused(m, "ann", {"type": "end_game"}, "not_your_turn")
    refused(m, HOST, {"type": "gift", "object": "diary", "to": "bob"}, "not_your_turn")
    refused(m, HOST, {"type": "remove", "player": "zed"}, "invalid_move")
    refused(m, "ann", {"type": "remove", "player": "bob"}, "not_your_turn")
    refused(m, SYSTEM, {"type": "timeout"}, "stale")  # nobody away is awaited (D4-21)
    assert GAME.legal_moves(m.state, SYSTEM) == []
    assert GAME.deadline(m.state) is None and GAME.host_moves == frozenset(["end_game", "remove", "away"])
    m.play("ann", {"type": "gift", "object": "diary", "to": "bob"})
    assert kinds(m.play(HOST, {"type": "end_game"})) == ["end"]
    r = m.result()
    assert r["winners"] == [] and "ended" in r["note"] and not r.get("abandoned")
    assert m.view(None)["phase"] == "over" and m.view(None)["end"] == "host"
    assert m.view(None)["pending"] is None and m.view("bob")["act"] is False


# --- D4-15: the host may remove a player mid-game -----------------------------------------------------------


def test_removing_the_player_whose_turn_it_is_passes_the_turn_and_takes_their_objects_out():
    m = table(std_objects(), std_hands(), draw=DRAW, first="bob")
    events = m.play(HOST, {"type": "remove", "player": "bob"})
    assert events == [{"kind": "removed", "by": "host", "player": "bob", "count": 5}]
    v = m.view(None)
    assert v["players"] == ["ann", "cat", "dan"] and "bob" not in v["objects"] and "bob" not in v["hand_sizes"]
    assert v["current"] == "cat" and v["awaiting"] == "cat" and v["phase"] == "turn"
    # their hand goes under the draw pile, unseen (D4-12): the pile grows by four, the order stays secret
    assert v["draw_count"] == len(DRAW) + 4 and m.state["draw"][-4:] == std_hands()["bob"]
    assert "bob" not in json.dumps(m.view("ann")["can"]) and GAME.legal_moves(m.state, "bob") == []
    refused(m, "cat", {"type": "gift", "object": "spare_key", "to": "bob"}, "invalid_move")


def test_removing_the_last_seat_passes_the_turn_round_to_the_first():
    m = table(std_objects(), std_hands(), draw=DRAW, first="dan")
    m.play(HOST, {"type": "remove", "player": "dan"})
    assert m.view(None)["current"] == "ann"


def test_removing_someone_else_keeps_the_turn():
    m = table(std_objects(), std_hands(), draw=DRAW, first="cat")
    m.play(HOST, {"type": "remove", "player": "ann"})
    assert m.view(None)["current"] == "cat" and m.view("cat")["act"] is True


def test_a_gift_waiting_on_a_removed_player_is_void_as_if_denied():
    m = table(std_objects(), std_hands(), draw=DRAW)
    m.play("ann", {"type": "gift", "object": "secret_photo", "to": "bob"})
    assert m.view(None)["awaiting"] == "bob"
    events = m.play(HOST, {"type": "remove", "player": "bob"})
    assert kinds(events) == ["removed", "draw"]  # D4-10: ann spent her GIFT, so ann draws
    v = m.view(None)
    assert v["objects"]["ann"]["secret_photo"] == 2 and v["pending"] is None
    assert v["current"] == "cat" and v["phase"] == "turn" and v["hand_sizes"]["ann"] == 4


def test_a_gift_from_a_removed_sender_lapses_and_the_next_player_plays():
    m = table(std_objects(), std_hands(), draw=DRAW)
    m.play("ann", {"type": "gift", "object": "secret_photo", "to": "cat"})
    m.play(HOST, {"type": "remove", "player": "ann"})
    v = m.view(None)
    assert v["pending"] is None and v["current"] == "bob" and v["awaiting"] == "bob"
    assert v["objects"]["cat"] == {"spare_key": 2, "hotel_receipt": 1, "alibi": 2}


def test_removal_below_three_players_ends_the_game_with_no_winner():
    three = ["ann", "bob", "cat"]
    m = table(
        dict((p, o) for p, o in std_objects().items() if p in three),
        dict((p, h) for p, h in std_hands().items() if p in three),
        draw=DRAW,
        players=three,
    )
    events = m.play(HOST, {"type": "remove", "player": "cat"})
    assert kinds(events) == ["removed"]
    r = m.result()
    assert r["winners"] == [] and r["ranking"] == ["ann", "bob"] and "Fewer than 3" in r["note"]
    assert m.view(None)["phase"] == "over"
    assert ending(m.view(None), {}) == "Game over: fewer than 3 players remained."


# --- D4-16: shared winners -------------------------------------------------------------------------


def test_D4_16_shared_winners_on_an_injected_table():
    m = table(std_objects(), std_hands(), draw=DRAW)
    s = m.state
    s["objects"]["bob"] = {"alibi": 1}  # injected: impossible in legal play
    s["objects"]["ann"] = {"diary": 1}
    s["objects"]["cat"] = {"alibi": 2, "spare_key": 2}
    s2, events = step(
        GAME, s, "ann", {"type": "exchange", "give": "diary", "take": "alibi", "from": "cat"}, Ctx(Random(0), 0)
    )
    assert events[-1] == {"kind": "win", "winners": ["ann", "bob"]}
    r = GAME.result(s2)
    assert r["winners"] == ["ann", "bob"] and r["scores"] == {"ann": 1, "bob": 1, "cat": 0, "dan": 0}
    assert "share" in r["note"]
    assert GAME.view(s2, None)["winners"] == ["ann", "bob"]


# --- D4-17: names ----------------------------------------------------------------------------------


def test_D4_17_names_and_table_attributes():
    assert GAME.id == "someone_elses_problem"
    assert GAME.title == "Your Secret. Someone Else's Problem."
    assert (GAME.min_players, GAME.max_players) == (3, 6)
    assert GAME.host_is_player is False and GAME.spectators is False
    for n in (2, 7):
        with pytest.raises(ValueError):
            Match(GAME, ["p%d" % i for i in range(n)], 1)


# --- D4-18: redirect and the keys example ---------------------------------------------------------


def keys_table():
    objects = std_objects()
    objects["ann"] = ["spare_key", "spare_key", "alibi"]
    return table(objects, std_hands(), draw=DRAW)


def test_D4_18_a_redirect_makes_the_sender_win_not_the_third_player():
    m = keys_table()
    m.play("ann", {"type": "gift", "object": "spare_key", "to": "bob"})
    events = m.play("bob", {"type": "respond", "answer": "redirect", "to": "cat"})
    assert kinds(events) == ["redirect", "win"]
    assert m.result()["winners"] == ["ann"]
    assert m.view(None)["objects"]["cat"]["spare_key"] == 4


def test_D4_18_keys_example_accept_wins_deny_does_not():
    m = keys_table()
    m.play("ann", {"type": "gift", "object": "spare_key", "to": "bob"})
    assert m.result() is None  # offering the last objects is not enough
    m.play("bob", {"type": "respond", "answer": "accept"})
    assert m.result()["winners"] == ["ann"]
    m = keys_table()
    m.play("ann", {"type": "gift", "object": "spare_key", "to": "bob"})
    m.play("bob", {"type": "respond", "answer": "deny"})
    assert m.result() is None and m.view(None)["objects"]["ann"] == {"spare_key": 2, "alibi": 1}


# --- D4-19: exchange wins -----------------------------------------------------------------------------


def test_D4_19_exchanging_the_last_scandal_for_an_alibi_wins_at_once():
    objects = std_objects()
    objects["ann"] = ["diary", "alibi", "alibi"]
    m = table(objects, std_hands(), draw=DRAW)
    events = m.play("ann", {"type": "exchange", "give": "diary", "take": "alibi", "from": "cat"})
    assert kinds(events) == ["exchange", "win"]
    assert events[0] == {"kind": "exchange", "by": "ann", "gave": "diary", "took": "alibi", "from": "cat"}
    assert m.result()["winners"] == ["ann"]


def test_D4_19_receiving_a_scandal_in_return_does_not_win():
    objects = std_objects()
    objects["ann"] = ["diary", "alibi", "alibi"]
    m = table(objects, std_hands(), draw=DRAW)
    m.play("ann", {"type": "exchange", "give": "diary", "take": "spare_key", "from": "cat"})
    assert m.result() is None and m.view(None)["scandalous"]["ann"] == 1


def test_D4_19_the_other_side_wins_outside_their_turn():
    objects = std_objects()
    objects["bob"] = ["diary", "alibi"]
    m = table(objects, std_hands(), draw=DRAW)
    events = m.play("ann", {"type": "exchange", "give": "alibi", "take": "diary", "from": "bob"})
    assert kinds(events) == ["exchange", "win"]
    assert m.result()["winners"] == ["bob"]


# --- D4-20: one awaited player ------------------------------------------------------------------------


def test_D4_20_only_the_awaited_player_may_act():
    m = table(std_objects(), std_hands())
    refused(m, "bob", {"type": "gift", "object": "diary", "to": "cat"}, "not_your_turn")
    refused(m, "zed", {"type": "pass"}, "not_your_turn")
    refused(m, "ann", {"type": "respond", "answer": "accept"}, "invalid_move")
    m.play("ann", {"type": "gift", "object": "diary", "to": "bob"})
    refused(m, "ann", {"type": "gift", "object": "spare_key", "to": "cat"}, "not_your_turn")
    refused(m, "cat", {"type": "respond", "answer": "accept"}, "not_your_turn")
    refused(m, "bob", {"type": "gift", "object": "diary", "to": "cat"}, "invalid_move")
    assert [p for p in P if m.view(p)["act"]] == ["bob"]
    assert [p for p in P if GAME.legal_moves(m.state, p)] == ["bob"]


# --- D4-21: nobody waits for a player who is away (DX-11) ---------------------------------------------------


def test_d4_21_an_away_players_turn_passes_after_the_grace_as_a_pass():
    from peerparty.engine import AWAY_GRACE_MS

    m = table(std_objects(), std_hands(), DRAW)
    assert m.deadline() is None
    m.play(HOST, {"type": "away", "players": ["ann"]}, 1000)  # ann, on turn, is away
    assert m.deadline() == 1000 + AWAY_GRACE_MS
    view = m.view("bob")
    assert view["away"] == ["ann"] and view["grace_ms"] == 1000 + AWAY_GRACE_MS
    with pytest.raises(IllegalMove):
        m.play("bob", {"type": "pass"}, 2000)  # still ann's turn during the grace
    m.play(SYSTEM, {"type": "timeout"}, 1000 + AWAY_GRACE_MS)
    s = m.state
    assert s["players"][s["current"]] == "bob" and s["passes"] == 1  # a pass (D4-07), the turn on to bob
    assert s["log"][-1] == {"kind": "pass", "by": "ann", "away": True}
    assert m.deadline() is None  # bob is here: his turn waits as long as it takes
    with pytest.raises(IllegalMove):
        m.play(SYSTEM, {"type": "timeout"}, 99999)  # nothing is waiting on anyone away


def test_d4_21_a_gift_to_an_away_player_is_accepted_after_the_grace():
    from peerparty.engine import AWAY_GRACE_MS

    m = table(std_objects(), std_hands(), DRAW)
    m.play(HOST, {"type": "away", "players": ["bob"]}, 0)
    assert m.deadline() is None  # ann's turn: bob is not awaited
    m.play("ann", {"type": "gift", "object": "secret_photo", "to": "bob"}, 500)
    assert m.deadline() == 500 + AWAY_GRACE_MS  # the gift came to bob while he is away
    m.play(SYSTEM, {"type": "timeout"}, 500 + AWAY_GRACE_MS)
    s = m.state
    assert s["objects"]["bob"]["secret_photo"] == 2 and "secret_photo" not in s["objects"]["ann"]
    assert [e for e in s["log"] if e["kind"] == "accept"][-1]["away"] is True
    assert s["phase"] == "turn" and s["players"][s["current"]] == "bob"  # bob's own turn, bob still away
    assert m.deadline() is not None


def test_d4_21_a_player_back_before_the_grace_plays_on():
    m = table(std_objects(), std_hands(), DRAW)
    m.play(HOST, {"type": "away", "players": ["ann"]}, 0)
    m.play(HOST, {"type": "away", "players": []}, 3000)
    assert m.deadline() is None
    m.play("ann", {"type": "gift", "object": "diary", "to": "cat"}, 4000)
    with pytest.raises(IllegalMove) as stale:
        m.play(HOST, {"type": "away", "players": []}, 5000)  # what the game knows already
    assert stale.value.code == "stale"
    for bad in ({"type": "away"}, {"type": "away", "players": ["zed"]}, {"type": "away", "players": ["bob", "bob"]}):
        with pytest.raises(IllegalMove):
            m.play(HOST, bad, 5000)
    with pytest.raises(IllegalMove):
        m.play("bob", {"type": "away", "players": ["cat"]}, 5000)  # the room's news, never a phone's


def test_d4_21_the_table_says_who_is_away_and_when_their_turn_passes():
    from peerparty.games.someone_elses_problem.screens import status

    m = table(std_objects(), std_hands(), DRAW)
    m.play(HOST, {"type": "away", "players": ["ann"]}, 0)
    ctx = {"names": {p: p.title() for p in P}, "now_ms": 2000}
    line = status(m.view(None), ctx)
    assert line.startswith("Ann is away: their turn passes in <span") and ">0:10</span>." in line
