"""Seven Rounds scenarios: given this table (options), when these moves, then these exact scores and views.

One or more tests per ruling D0-01..D0-21 (named after it) and, for each of the 12 Secret Missions,
one table where it completes and one where it does not.
"""

import json
from random import Random

import pytest

from peerparty.engine.core import HOST, SYSTEM, IllegalMove
from peerparty.engine.match import Match
from peerparty.games.seven_rounds import GAME

P4 = ["a", "b", "c", "d"]


def new(missions, players=P4, timer_s=60, start=True, now=1000):
    m = Match(GAME, players, "scenario", {"missions": missions, "timer_s": timer_s})
    if start:
        m.play(HOST, GAME.start_move, now)
    return m


def lock(spec):
    if isinstance(spec, str):
        return {"type": "lock", "action": spec}
    action, other = spec
    key = "guess" if action == "predict" else "target"
    return {"type": "lock", "action": action, key: other}


def choose(m, choices, now=2000):
    for p, spec in choices.items():
        m.play(p, lock(spec), now)


def reveal(m, now=3000):
    if m.view(None)["waiting"]:
        m.play(SYSTEM, {"type": "timeout"}, m.deadline())
        m.play(HOST, {"type": "reveal", "skip_ok": True}, m.deadline() or now)
    else:
        m.play(HOST, {"type": "reveal"}, now)
    return m.view(None)["reveal"]


def play_round(m, choices, next_round=True):
    """Start the round unless it is already open, lock `choices`, reveal; returns the reveal record."""
    if m.view(None)["phase"] != "choosing" and next_round:
        m.play(HOST, {"type": "next_round"}, 1000)
    choose(m, choices)
    return reveal(m)


def scores(m):
    return m.view(None)["scores"]


def row(rec, p):
    return [r for r in rec["breakdown"] if r["player"] == p][0]


def refused(m, player, move, code):
    before = json.dumps(m.state, sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        m.play(player, move, 5000)
    assert err.value.code == code
    assert err.value.detail
    assert json.dumps(m.state, sort_keys=True) == before
    return err.value


def completed(m, p):
    return m.state["completed"][p] > 0


# --- the rulings ------------------------------------------------------------------------------------


def test_D0_01_three_to_twelve_players():
    assert (GAME.min_players, GAME.max_players) == (3, 12)
    assert GAME.host_is_player is False and GAME.spectators is False
    for n in (2, 13):
        with pytest.raises(ValueError):
            GAME.setup(["p%d" % i for i in range(n)], Random(1), {})
    for n in (3, 12):
        s = GAME.setup(["p%d" % i for i in range(n)], Random(1), {})
        assert s["phase"] == "ready" and len(s["missions"]) == n


def test_D0_02_one_mission_each_dealt_without_repeats():
    players = ["p%d" % i for i in range(12)]
    for seed in range(30):
        s = GAME.setup(players, Random(seed), {})
        assert sorted(s["missions"].values()) == list(range(1, 13))
    # options fix some; the rest are dealt from what is left
    s = GAME.setup(P4, Random(5), {"missions": {"a": 12, "b": 1}})
    assert s["missions"]["a"] == 12 and s["missions"]["b"] == 1
    assert len(set(s["missions"].values())) == 4
    with pytest.raises(ValueError):
        GAME.setup(P4, Random(5), {"missions": {"a": 3, "b": 3}})
    with pytest.raises(ValueError):
        GAME.setup(P4, Random(5), {"missions": {"a": 13}})
    m = new({"a": 1, "b": 2, "c": 3, "d": 4})
    assert m.view("a")["mission"] == {
        "number": 1,
        "name": "SOLO BANKER",
        "description": "Be the only player who chooses BANK in a round.",
        "completed": False,
        "completed_round": 0,
    }
    assert m.view("b")["mission"]["name"] == "TRUST BUILDER"
    assert "SOLO BANKER" not in json.dumps(m.view("b")) and "mission" not in m.view(None)


def test_D0_03_targets_are_other_players_and_predict_cannot_be_guessed():
    m = new({"a": 1, "b": 2, "c": 3, "d": 4})
    refused(m, "a", {"type": "lock", "action": "team_up", "target": "a"}, "invalid_move")
    refused(m, "a", {"type": "lock", "action": "swipe", "target": "a"}, "invalid_move")
    refused(m, "a", {"type": "lock", "action": "swipe", "target": HOST}, "invalid_move")
    refused(m, "a", {"type": "lock", "action": "team_up", "target": "zz"}, "invalid_move")
    refused(m, "a", {"type": "lock", "action": "predict", "guess": "predict"}, "invalid_move")
    assert m.view("a")["targets"] == ["b", "c", "d"]
    assert m.view("a")["guesses"] == ["bank", "team_up", "swipe", "double_down"]
    targets = set(mv.get("target") for mv in GAME.legal_moves(m.state, "a"))
    assert targets == {None, "b", "c", "d"}
    assert len(GAME.legal_moves(m.state, "a")) == 2 + 2 * 3 + 4


def test_D0_04_add_time_before_and_after_expiry_reopens_locking():
    m = new({"a": 1, "b": 2, "c": 3, "d": 4}, now=1000)
    assert m.view(None)["deadline_ms"] == 61000 and m.deadline() == 61000
    m.play(HOST, {"type": "add_time"}, 20000)
    m.play(HOST, {"type": "add_time"}, 21000)
    assert m.deadline() == 121000  # +30 s to the time left, twice
    m.play(SYSTEM, {"type": "timeout"}, 121000)
    assert m.deadline() is None and m.view(None)["expired"] is True
    refused(m, "a", lock("bank"), "not_your_turn")
    m.play(HOST, {"type": "add_time"}, 150000)  # after expiry: restarts at 30 s
    assert m.view(None)["deadline_ms"] == 180000 and m.view(None)["expired"] is False
    assert m.view("a")["act"] is True
    m.play("a", lock("bank"), 151000)
    assert m.view(None)["locked"] == ["a"]
    play_round(m, {"b": "bank", "c": "bank", "d": "bank"})
    refused(m, HOST, {"type": "add_time"}, "stale")  # not after the reveal


def test_D0_05_unlocked_players_are_skipped_and_cannot_lock_after_expiry():
    m = new({"a": 8, "b": 9, "c": 10, "d": 12})
    choose(m, {"a": "bank", "b": "bank"})
    m.play(SYSTEM, {"type": "timeout"}, 61000)
    refused(m, "c", lock("bank"), "not_your_turn")
    assert m.view("c")["act"] is False
    refused(m, HOST, {"type": "reveal"}, "invalid_move")  # needs the skip confirmation
    refused(m, HOST, {"type": "reveal", "skip_ok": 1}, "invalid_move")
    assert m.view(None)["host"]["reveal"] is False and m.view(None)["host"]["reveal_skip"] is True
    m.play(HOST, {"type": "reveal", "skip_ok": True}, 62000)
    rec = m.view(None)["reveal"]
    assert rec["skipped"] == ["c", "d"]
    assert [c["action"] for c in rec["choices"]] == ["bank", "bank", None, None]
    assert scores(m) == {"a": 1, "b": 1, "c": 0, "d": 0}
    assert m.view("c")["mine"]["skipped"] is True


def test_D0_06_no_automatic_reveal():
    m = new({"a": 8, "b": 9, "c": 10, "d": 12})
    choose(m, {"a": "bank", "b": "bank", "c": "bank"})
    refused(m, HOST, {"type": "reveal"}, "invalid_move")  # timer running, d missing
    refused(m, HOST, {"type": "reveal", "skip_ok": True}, "invalid_move")
    m.play("d", lock("bank"))
    assert m.view(None)["phase"] == "choosing"  # everyone locked: still waits
    assert m.view(None)["host"]["reveal"] is True
    m.play(SYSTEM, {"type": "timeout"}, 61000)
    assert m.view(None)["phase"] == "choosing"  # expiry does not reveal either
    m.play(HOST, {"type": "reveal"}, 62000)
    assert m.view(None)["phase"] == "results"


def test_D0_07_predict_choices_are_not_counted():
    m = new({"a": 8, "b": 9, "c": 10, "d": 12})
    rec = play_round(m, {"a": ("predict", "team_up"), "b": ("predict", "team_up"), "c": "bank", "d": ("team_up", "a")})
    assert rec["counts"] == {"bank": 1, "team_up": 1, "swipe": 0, "predict": 2, "double_down": 0}
    assert scores(m) == {"a": 2, "b": 2, "c": 2, "d": 0}  # team_up ties for highest; c banks alone
    assert row(rec, "a")["correct_predict"] is True


def test_D0_08_everyone_who_locked_predicted_gets_one_each():
    m = new({"a": 8, "b": 9, "c": 10, "d": 12})
    rec = play_round(m, {"a": ("predict", "bank"), "b": ("predict", "swipe")})  # c, d skipped
    assert scores(m) == {"a": 1, "b": 1, "c": 0, "d": 0}
    assert row(rec, "a")["correct_predict"] is False
    # everyone skipped: no predictor, nobody scores, the round still counts
    rec = play_round(m, {})
    assert scores(m) == {"a": 1, "b": 1, "c": 0, "d": 0} and rec["skipped"] == P4
    assert m.view(None)["round"] == 2 and m.view(None)["scored_rounds"] == 2


def test_D0_09_all_predict_is_not_a_correct_guess_but_counts_for_versatile():
    m = new({"a": 4, "b": 9, "c": 12, "d": 1})
    play_round(
        m,
        {
            "a": ("predict", "bank"),
            "b": ("predict", "bank"),
            "c": ("predict", "swipe"),
            "d": ("predict", "double_down"),
        },
    )
    assert scores(m) == {"a": 1, "b": 1, "c": 1, "d": 1}
    assert not completed(m, "a") and m.state["good_guesses"]["b"] == 0
    assert m.state["earned_from"]["c"] == ["predict"]


def test_D0_10_double_down_pair_never_below_zero():
    m = new({"a": 1, "b": 3, "c": 4, "d": 8})
    play_round(m, {"a": "bank", "b": ("predict", "swipe"), "c": "bank", "d": "bank"})
    assert scores(m) == {"a": 1, "b": 0, "c": 1, "d": 1}
    rec = play_round(m, {"a": "double_down", "b": "double_down", "c": "bank", "d": "bank"})
    assert scores(m) == {"a": 0, "b": 0, "c": 2, "d": 2}
    assert (row(rec, "a")["step4_points"], row(rec, "a")["action_points"]) == (-1, -1)
    assert (row(rec, "b")["step4_points"], row(rec, "b")["action_points"]) == (0, 0)


def test_D0_11_completions_are_announced_by_name_and_all_missions_at_the_end():
    m = new({"a": 1, "b": 2, "c": 3, "d": 4})
    table = json.dumps(m.view(None))
    for name in ("SOLO BANKER", "TRUST BUILDER", "CLEAN SWIPE", "SHARP EYE"):
        assert name not in table
    rec = play_round(m, {"a": "bank", "b": ("swipe", "c"), "c": "double_down", "d": "double_down"})
    assert rec["missions"] == [
        {
            "player": "a",
            "number": 1,
            "name": "SOLO BANKER",
            "bonus": 3,
            "description": "Be the only player who chooses BANK in a round.",
        }
    ]
    table = m.view(None)
    assert table["completed_missions"] == [{"player": "a", "round": 1, "number": 1, "name": "SOLO BANKER"}]
    assert "TRUST BUILDER" not in json.dumps(table) and "SHARP EYE" not in json.dumps(m.view("a"))
    m.play(HOST, {"type": "end_game"}, 9000)
    final = m.view(None)["final"]
    assert [(x["player"], x["name"], x["completed"]) for x in final["missions"]] == [
        ("a", "SOLO BANKER", True),
        ("b", "TRUST BUILDER", False),
        ("c", "CLEAN SWIPE", False),
        ("d", "SHARP EYE", False),
    ]


def test_D0_12_action_points_ignore_swipes_suffered_and_count_own_swipe():
    m = new({"a": 6, "b": 1, "c": 4, "d": 8})
    rec = play_round(m, {"a": ("team_up", "b"), "b": ("team_up", "a"), "c": ("swipe", "a"), "d": "bank"})
    ra, rc = row(rec, "a"), row(rec, "c")
    assert (ra["action_points"], ra["swipe_lost"], ra["mission_bonus"], ra["total"]) == (3, 1, 3, 5)
    assert (rc["action_points"], rc["swipe_gained"], rc["total"]) == (1, 1, 1)
    assert rec["step4"] == [
        {"player": "a", "points": 3, "score": 3},
        {"player": "b", "points": 3, "score": 3},
        {"player": "c", "points": 0, "score": 0},
        {"player": "d", "points": 2, "score": 2},
    ]
    assert scores(m) == {"a": 5, "b": 3, "c": 1, "d": 2}


def test_D0_13_narrow_escape_counts_when_the_target_was_skipped():
    m = new({"a": 7, "b": 10, "c": 3, "d": 4})
    rec = play_round(m, {"b": ("swipe", "a"), "c": "bank", "d": "bank"})  # a is skipped
    assert rec["swipes"] == [
        {
            "swiper": "b",
            "target": "a",
            "success": False,
            "reason": "target_skipped",
            "target_action": None,
            "target_score": 0,
        }
    ]
    assert completed(m, "a") and scores(m) == {"a": 3, "b": 0, "c": 1, "d": 1}


def test_D0_13_narrow_escape_counts_when_the_target_was_immune():
    m = new({"a": 7, "b": 10, "c": 3, "d": 8})
    rec = play_round(m, {"a": ("predict", "bank"), "b": ("swipe", "a"), "c": "bank", "d": "bank"})
    assert rec["swipes"][0]["reason"] == "target_immune"
    assert scores(m) == {"a": 5, "b": 0, "c": 1, "d": 1}


def test_D0_14_comeback_alone_at_the_lowest_counts():
    m = new({"a": 11, "b": 1, "c": 3, "d": 4})
    play_round(m, {"a": ("predict", "swipe"), "b": "bank", "c": "bank", "d": "bank"})
    assert scores(m) == {"a": 0, "b": 1, "c": 1, "d": 1}
    play_round(m, {"a": "double_down", "b": "bank", "c": "bank", "d": "bank"})
    assert completed(m, "a") and scores(m) == {"a": 6, "b": 2, "c": 2, "d": 2}


def test_D0_14_comeback_tied_at_the_lowest_counts():
    m = new({"a": 11, "b": 1, "c": 3, "d": 4})
    play_round(m, {"a": ("predict", "swipe"), "b": ("predict", "swipe"), "c": "bank", "d": "bank"})
    assert scores(m) == {"a": 0, "b": 0, "c": 1, "d": 1}
    play_round(m, {"a": "double_down", "b": "bank", "c": "bank", "d": "bank"})
    assert completed(m, "a") and scores(m) == {"a": 6, "b": 1, "c": 2, "d": 2}


def test_D0_15_end_game_discards_the_unfinished_round():
    m = new({"a": 8, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": "bank", "b": "bank", "c": "bank", "d": ("predict", "bank")})
    assert scores(m) == {"a": 1, "b": 1, "c": 1, "d": 2}
    m.play(HOST, {"type": "next_round"}, 5000)
    choose(m, {"a": "bank", "b": "double_down", "c": "bank", "d": "bank"})
    m.play(HOST, {"type": "end_game"}, 6000)
    assert scores(m) == {"a": 1, "b": 1, "c": 1, "d": 2}
    assert m.state["bank_rounds"]["a"] == 1  # no history from the discarded round
    v = m.view(None)
    # round 2 was under way with b as its captain: no captain pass, and no roll back to round 1's either
    assert (v["phase"], v["round"], v["captain"], v["scored_rounds"]) == ("final", 2, "b", 1)
    assert [m.view(p)["captain"] for p in P4] == ["b"] * 4
    assert m.result() == {
        "scores": {"a": 1, "b": 1, "c": 1, "d": 2},
        "ranking": ["d", "a", "b", "c"],
        "winners": ["d"],
        "note": "ended early after round 1",
    }
    assert v["final"]["note"] == "ended early after round 1"
    refused(m, HOST, {"type": "next_round"}, "game_over")
    refused(m, "a", lock("bank"), "game_over")


def test_D0_15_end_game_keeps_the_captain_of_the_round_it_discards():
    """Issue 16: round 1 expires, the host reveals skipping the missing, starts round 2, ends the game."""
    m = new({"a": 8, "b": 9, "c": 10, "d": 12})
    choose(m, {"a": "bank", "b": "bank"})
    m.play(SYSTEM, {"type": "timeout"}, m.deadline())
    m.play(HOST, {"type": "reveal", "skip_ok": True}, m.deadline() or 62000)
    m.play(HOST, {"type": "next_round"}, 70000)
    v = m.view(None)
    assert (v["phase"], v["round"], v["captain"]) == ("choosing", 2, "b")
    m.play(HOST, {"type": "end_game"}, 80000)
    for viewer in [None] + P4:
        v = m.view(viewer)
        assert (v["phase"], v["round"], v["captain"]) == ("final", 2, "b"), viewer
        assert (v["scored_rounds"], v["final"]["after_round"]) == (1, 1)
        assert v["reveal"]["round"] == 1 and v["reveal"]["captain"] == "a"  # the last scored round's own
    assert scores(m) == {"a": 1, "b": 1, "c": 0, "d": 0}
    assert m.result()["note"] == "ended early after round 1" and m.result()["winners"] == ["a", "b"]


def test_D0_15_end_game_from_results_and_before_round_one():
    m = new({"a": 8, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": "bank", "b": "bank", "c": "bank", "d": "bank"})
    play_round(m, {"a": "bank", "b": "bank", "c": "bank", "d": "bank"})
    m.play(HOST, {"type": "end_game"}, 9000)
    assert m.result()["note"] == "ended early after round 2"
    assert m.result()["winners"] == ["a", "b", "c", "d"]
    m = new({"a": 8, "b": 9, "c": 10, "d": 12}, start=False)
    m.play(HOST, {"type": "end_game"}, 0)
    assert m.result()["note"] == "ended early after round 0" and m.result()["scores"] == dict.fromkeys(P4, 0)


def test_D0_16_disconnected_players_keep_their_seat():
    m = new({"a": 8, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": "bank", "b": "bank", "c": "bank", "d": "bank"})
    play_round(m, {"a": "bank", "b": "bank", "c": "bank"})  # d away: skipped, keeps 1 point
    assert scores(m) == {"a": 2, "b": 2, "c": 2, "d": 1}
    m.play(HOST, {"type": "next_round"}, 9000)
    m.play("d", lock("double_down"), 9100)  # back again: same seat
    assert m.view("d")["choice"] == {"action": "double_down", "target": None, "guess": None}
    refused(m, HOST, {"type": "remove", "player": "zed"}, "invalid_move")


# --- D0-16: the host may remove a player mid-game -----------------------------------------------------------


def test_removal_mid_round_drops_the_player_and_the_round_settles_without_them():
    m = new({"a": 8, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": "bank", "b": "bank", "c": "bank", "d": "double_down"})  # d: +3, the lone doubler
    m.play(HOST, {"type": "next_round"}, 4000)
    choose(m, {"a": ("swipe", "d"), "b": ("team_up", "d"), "c": "bank"})  # d is away, unlocked
    assert m.view(None)["waiting"] == ["d"]
    refused(m, HOST, {"type": "reveal"}, "invalid_move")  # the round waits for d...
    events = m.play(HOST, {"type": "remove", "player": "d"}, 5000)
    assert events == [{"type": "removed", "player": "d"}]
    table = m.view(None)
    assert table["players"] == ["a", "b", "c"] and table["waiting"] == [] and "d" not in table["scores"]
    assert [row["player"] for row in table["standings"]] == ["a", "b", "c"]
    rec = reveal(m)  # ...and no longer: everyone still in has locked
    assert rec["skipped"] == [] and [c["player"] for c in rec["choices"]] == ["a", "b", "c"]
    swipe = rec["swipes"][0]
    assert (swipe["swiper"], swipe["target"], swipe["success"], swipe["reason"]) == ("a", "d", False, "target_skipped")
    assert row(rec, "b")["action_points"] == 0  # TEAM UP with nobody: no partner
    assert scores(m) == {"a": 1, "b": 1, "c": 3}  # c alone banked: +2
    assert m.view(None)["next_captain"] == "c"  # round 3 of the three still in: seat 2
    refused(m, "a", lock(("swipe", "d")), "not_your_turn")  # results: no lock at all
    m.play(HOST, {"type": "next_round"}, 6000)
    refused(m, "a", lock(("swipe", "d")), "invalid_move")  # d is no target any more
    assert GAME.legal_moves(m.state, "d") == [] and m.view(None)["waiting"] == ["a", "b", "c"]


def test_removal_of_a_locked_player_drops_their_lock():
    m = new({"a": 8, "b": 9, "c": 10, "d": 12})
    choose(m, {"d": ("swipe", "a"), "a": "bank"})
    m.play(HOST, {"type": "remove", "player": "d"}, 2500)
    choose(m, {"b": "bank", "c": "bank"})
    rec = reveal(m)
    assert rec["swipes"] == [] and rec["counts"]["swipe"] == 0 and scores(m) == {"a": 1, "b": 1, "c": 1}


def test_removal_below_three_players_ends_the_game_as_end_game_does():
    m = new({"a": 8, "b": 9, "c": 10}, players=["a", "b", "c"])
    play_round(m, {"a": "bank", "b": "double_down", "c": "bank"})
    m.play(HOST, {"type": "next_round"}, 4000)
    choose(m, {"a": "bank"})
    events = m.play(HOST, {"type": "remove", "player": "c"}, 5000)
    assert [e["type"] for e in events] == ["removed", "game_over"]
    result = m.result()
    assert result["ranking"] == ["b", "a"] and result["winners"] == ["b"]  # D0-15: round 2 is discarded
    assert result["note"] == "ended early after round 1" and m.deadline() is None
    refused(m, HOST, {"type": "remove", "player": "a"}, "game_over")


def test_D0_17_rounds_start_only_when_the_host_says_so():
    assert GAME.start_move == {"type": "next_round"}
    m = new({"a": 8, "b": 9, "c": 10, "d": 12}, start=False)
    v = m.view(None)
    assert (v["phase"], v["round"], v["captain"]) == ("ready", 0, "a") and m.deadline() is None
    refused(m, "a", lock("bank"), "not_your_turn")
    refused(m, SYSTEM, {"type": "timeout"}, "stale")
    m.play(HOST, GAME.start_move, 7000)
    assert m.view(None)["deadline_ms"] == 67000 and m.view("a")["act"] is True
    play_round(m, {"a": "bank", "b": "bank", "c": "bank", "d": "bank"})
    v = m.view(None)
    assert (v["phase"], v["next_captain"]) == ("results", "b") and m.deadline() is None
    m.play(HOST, {"type": "next_round"}, 100000)
    v = m.view(None)
    assert (v["round"], v["captain"], v["deadline_ms"]) == (2, "b", 160000)
    refused(m, HOST, {"type": "next_round"}, "stale")


def test_D0_18_progress_counts_every_scored_round_only():
    m = new({"a": 8, "b": 10, "c": 1, "d": 3})
    play_round(m, {"a": "bank", "b": "bank", "c": ("predict", "team_up"), "d": "double_down"})
    play_round(m, {"a": "bank", "b": "bank", "c": ("predict", "team_up"), "d": "double_down"})
    m.play(HOST, {"type": "next_round"}, 9000)
    choose(m, {"a": "bank", "b": "bank", "c": ("predict", "team_up"), "d": "double_down"})
    m.play(HOST, {"type": "end_game"}, 9500)  # the third BANK was never scored
    assert not completed(m, "a") and m.state["bank_rounds"]["a"] == 2
    assert m.view(None)["final"]["missions"][0]["completed"] is False


def test_D0_19_swipe_checks_the_running_total():
    m = new({"a": 8, "b": 10, "c": 3, "d": 4})
    rec = play_round(m, {"a": ("team_up", "b"), "b": "bank", "c": ("swipe", "a"), "d": ("swipe", "b")})
    assert [(w["swiper"], w["success"], w["reason"]) for w in rec["swipes"]] == [
        ("c", False, "no_points"),
        ("d", True, "ok"),
    ]
    assert scores(m) == {"a": 0, "b": 1, "c": 0, "d": 1}  # b had 0 before the round, 2 after step 4


def test_D0_19_captain_order_decides_two_swipes_on_one_target():
    m = new({"a": 8, "b": 10, "c": 3, "d": 4})
    play_round(m, {"a": "bank", "b": "bank", "c": "bank", "d": "bank"})
    rec = play_round(m, {"a": ("swipe", "c"), "b": "bank", "c": "bank", "d": ("swipe", "c")})
    assert rec["captain"] == "b"
    assert [(w["swiper"], w["reason"]) for w in rec["swipes"]] == [("d", "ok"), ("a", "already_lost")]
    assert scores(m) == {"a": 1, "b": 2, "c": 1, "d": 2}


def test_D0_20_tied_highest_totals_share_the_win_after_seven_rounds():
    m = new({"a": 8, "b": 1, "c": 10, "d": 12})
    for r in range(7):
        rec = play_round(m, {"a": "bank", "b": "bank", "c": "bank", "d": "bank"})
        assert rec["captain"] == P4[r % 4]
    assert m.view(None)["phase"] == "final"
    assert m.result() == {
        "scores": {"a": 10, "b": 7, "c": 7, "d": 7},
        "ranking": ["a", "b", "c", "d"],
        "winners": ["a"],
        "note": "",
    }
    assert [x["completed_round"] for x in m.view(None)["final"]["missions"]] == [3, 0, 0, 0]
    refused(m, HOST, {"type": "next_round"}, "game_over")
    m = new({"a": 9, "b": 1, "c": 10, "d": 12})
    for r in range(7):
        play_round(m, {"a": "bank", "b": "bank", "c": "bank", "d": "bank"})
    assert m.result()["winners"] == ["a", "b", "c", "d"]
    assert m.view(None)["final"]["winners"] == ["a", "b", "c", "d"]


def test_D0_21_name_and_id():
    assert (GAME.id, GAME.title) == ("seven_rounds", "Seven Rounds")
    assert GAME.host_moves == frozenset(["next_round", "add_time", "reveal", "end_game", "remove", "away"])


# --- D0-22: a seat that is away (DX-11) -----------------------------------------------------------------------

M4 = {"a": 1, "b": 2, "c": 3, "d": 4}


def test_d0_22_a_round_waits_for_an_away_player_only_the_grace_once_everyone_here_has_locked():
    from peerparty.engine import AWAY_GRACE_MS

    m = new(M4, now=1000)  # round 1's timer ends at 61 000
    m.play(HOST, {"type": "away", "players": ["d"]}, 5000)
    assert m.deadline() == 61000, "others still choose: the timer runs as usual"
    choose(m, {"a": "bank", "b": "bank"}, now=8000)
    assert m.deadline() == 61000
    m.play("c", lock("double_down"), 10000)  # everyone here has locked: only Dan, away, is missing
    assert m.deadline() == 10000 + AWAY_GRACE_MS and m.view(None)["grace_ms"] == 10000 + AWAY_GRACE_MS
    m.play(SYSTEM, {"type": "timeout"}, m.deadline())
    view = m.view(None)
    assert view["expired"] and view["waiting"] == ["d"]  # time is up for Dan, as at the timer's end (D0-05)
    m.play(HOST, {"type": "reveal", "skip_ok": True}, 23000)
    assert m.view(None)["phase"] == "results" and m.view(None)["reveal"]["round"] == 1


def test_d0_22_news_that_the_player_is_back_calls_the_grace_off_and_they_lock_in_the_open_round():
    m = new(M4, now=1000)
    m.play(HOST, {"type": "away", "players": ["d"]}, 2000)
    choose(m, {"a": "bank", "b": "bank", "c": "bank"}, now=3000)
    assert m.deadline() < 61000
    m.play(HOST, {"type": "away", "players": []}, 4000)  # Dan's phone is back
    assert m.deadline() == 61000 and m.view(None)["grace_ms"] is None
    m.play("d", lock("bank"), 5000)  # he plays on from where the game is
    assert m.view(None)["waiting"] == []


def test_d0_22_the_hosts_added_time_is_waited_in_full():
    m = new(M4, now=1000)
    m.play(HOST, {"type": "away", "players": ["d"]}, 2000)
    choose(m, {"a": "bank", "b": "bank", "c": "bank"}, now=3000)
    m.play(HOST, {"type": "add_time"}, 4000)
    assert m.deadline() == 61000 + 30000 and m.view(None)["grace_ms"] is None


def test_d0_22_the_captaincy_passes_over_a_seat_away_when_its_round_starts():
    m = new(M4, now=1000)
    assert m.view(None)["captain"] == "a"
    play_round(m, {"a": "bank", "b": "bank", "c": "bank", "d": "bank"}, next_round=False)
    m.play(HOST, {"type": "away", "players": ["b"]}, 5000)
    assert m.view(None)["next_captain"] == "c"  # as things stand
    m.play(HOST, {"type": "next_round"}, 6000)
    assert m.view(None)["captain"] == "c", "round 2's captain, Ben, is away: the next seat clockwise"
    m.play(HOST, {"type": "away", "players": []}, 7000)
    assert m.view(None)["captain"] == "c", "for the whole round"
    rec = play_round(m, {"a": "bank", "b": "bank", "c": "bank", "d": "bank"}, next_round=False)
    assert rec["captain"] == "c"
    m.play(HOST, {"type": "next_round"}, 9000)
    assert m.view(None)["captain"] == "c", "round 3 is seat 3's, back to the rotation"


def test_d0_22_the_rooms_news_is_checked_and_only_the_hosts():
    m = new(M4)
    for who, move, code in [
        ("a", {"type": "away", "players": ["d"]}, "not_your_turn"),
        (HOST, {"type": "away", "players": ["z"]}, "invalid_move"),
        (HOST, {"type": "away", "players": "d"}, "invalid_move"),
        (HOST, {"type": "away", "players": ["d", "d"]}, "invalid_move"),
        (HOST, {"type": "away", "players": []}, "stale"),
    ]:
        with pytest.raises(IllegalMove) as refused:
            m.play(who, move, 2000)
        assert refused.value.code == code
