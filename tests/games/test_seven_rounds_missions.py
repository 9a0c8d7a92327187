"""Seven Rounds: each of the 12 Secret Missions, once completing and once not, with exact scores."""

try:
    from test_seven_rounds import new, play_round, scores, completed, row
except ImportError:  # when tests/ is a package
    from tests.games.test_seven_rounds import new, play_round, scores, completed, row


def test_mission_1_solo_banker_completes():
    m = new({"a": 1, "b": 9, "c": 10, "d": 12})
    rec = play_round(m, {"a": "bank", "b": ("team_up", "c"), "c": ("team_up", "d"), "d": ("predict", "bank")})
    assert scores(m) == {"a": 5, "b": 0, "c": 0, "d": 0} and rec["missions"][0]["name"] == "SOLO BANKER"


def test_mission_1_solo_banker_not_with_two_bankers():
    m = new({"a": 1, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": "bank", "b": "bank", "c": ("predict", "bank"), "d": "double_down"})
    assert not completed(m, "a") and scores(m) == {"a": 1, "b": 1, "c": 2, "d": 3}


def test_mission_2_trust_builder_completes():
    m = new({"a": 2, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": ("team_up", "b"), "b": ("team_up", "a"), "c": "bank", "d": "bank"})
    assert completed(m, "a") and scores(m) == {"a": 6, "b": 3, "c": 1, "d": 1}


def test_mission_2_trust_builder_not_in_a_triangle():
    m = new({"a": 2, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": ("team_up", "b"), "b": ("team_up", "c"), "c": ("team_up", "a"), "d": "bank"})
    assert not completed(m, "a") and scores(m) == {"a": 0, "b": 0, "c": 0, "d": 2}


def test_mission_3_clean_swipe_completes():
    m = new({"a": 3, "b": 9, "c": 10, "d": 12})
    rec = play_round(m, {"a": ("swipe", "b"), "b": "bank", "c": "bank", "d": ("predict", "bank")})
    assert rec["swipes"][0]["success"] is True
    assert completed(m, "a") and scores(m) == {"a": 4, "b": 0, "c": 1, "d": 2}


def test_mission_3_clean_swipe_not_on_an_immune_target():
    m = new({"a": 3, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": ("swipe", "b"), "b": ("predict", "bank"), "c": "bank", "d": "bank"})
    assert not completed(m, "a") and scores(m) == {"a": 0, "b": 2, "c": 1, "d": 1}


def test_mission_4_sharp_eye_completes():
    m = new({"a": 4, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": ("predict", "bank"), "b": "bank", "c": "bank", "d": ("swipe", "b")})
    assert completed(m, "a") and scores(m) == {"a": 5, "b": 0, "c": 1, "d": 1}


def test_mission_4_sharp_eye_not_on_a_wrong_guess():
    m = new({"a": 4, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": ("predict", "swipe"), "b": "bank", "c": "bank", "d": ("swipe", "b")})
    assert not completed(m, "a") and scores(m) == {"a": 0, "b": 0, "c": 1, "d": 1}


def test_mission_5_lone_doubler_completes():
    m = new({"a": 5, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": "double_down", "b": "bank", "c": "bank", "d": "bank"})
    assert completed(m, "a") and scores(m) == {"a": 6, "b": 1, "c": 1, "d": 1}


def test_mission_5_lone_doubler_not_with_two_doublers():
    m = new({"a": 5, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": "double_down", "b": "double_down", "c": "bank", "d": "bank"})
    assert not completed(m, "a") and scores(m) == {"a": 0, "b": 0, "c": 1, "d": 1}


def test_mission_6_big_turn_completes_on_a_lone_double_down():
    m = new({"a": 6, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": "double_down", "b": "bank", "c": "bank", "d": "bank"})
    assert completed(m, "a") and scores(m) == {"a": 6, "b": 1, "c": 1, "d": 1}


def test_mission_6_big_turn_not_with_two_action_points():
    m = new({"a": 6, "b": 9, "c": 10, "d": 12})
    rec = play_round(m, {"a": "bank", "b": ("team_up", "c"), "c": ("predict", "bank"), "d": ("predict", "team_up")})
    assert row(rec, "a")["action_points"] == 2
    assert not completed(m, "a") and scores(m) == {"a": 2, "b": 0, "c": 2, "d": 2}


def test_mission_7_narrow_escape_completes():
    m = new({"a": 7, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": ("predict", "bank"), "b": ("swipe", "a"), "c": "bank", "d": "bank"})
    assert completed(m, "a") and scores(m) == {"a": 5, "b": 0, "c": 1, "d": 1}


def test_mission_7_narrow_escape_not_when_one_swipe_lands():
    m = new({"a": 7, "b": 9, "c": 10, "d": 12})
    rec = play_round(m, {"a": "bank", "b": ("swipe", "a"), "c": ("swipe", "a"), "d": "bank"})
    assert [(w["swiper"], w["reason"]) for w in rec["swipes"]] == [("b", "ok"), ("c", "no_points")]
    assert not completed(m, "a") and scores(m) == {"a": 0, "b": 1, "c": 0, "d": 1}


def test_mission_7_narrow_escape_not_without_any_swipe():
    m = new({"a": 7, "b": 9, "c": 10, "d": 12})
    play_round(m, {"a": ("predict", "bank"), "b": "bank", "c": "bank", "d": "bank"})
    assert not completed(m, "a") and scores(m) == {"a": 2, "b": 1, "c": 1, "d": 1}


STEADY = {"a": 8, "b": 10, "c": 1, "d": 3}


def test_mission_8_steady_saver_completes_on_the_third_bank():
    m = new(STEADY)
    for r in range(3):
        play_round(m, {"a": "bank", "b": "bank", "c": ("predict", "team_up"), "d": "double_down"})
        assert completed(m, "a") == (r == 2)
    assert scores(m) == {"a": 6, "b": 3, "c": 0, "d": 9}


def test_mission_8_steady_saver_not_with_two_banks():
    m = new(STEADY)
    for r in range(2):
        play_round(m, {"a": "bank", "b": "bank", "c": ("predict", "team_up"), "d": "double_down"})
    play_round(m, {"a": ("predict", "bank"), "b": "bank", "c": ("predict", "team_up"), "d": "double_down"})
    assert not completed(m, "a") and scores(m) == {"a": 4, "b": 4, "c": 0, "d": 9}


GUESSER = {"a": 9, "b": 1, "c": 10, "d": 3}


def test_mission_9_two_good_guesses_completes():
    m = new(GUESSER)
    for r in range(2):
        play_round(m, {"a": ("predict", "bank"), "b": "bank", "c": "bank", "d": "double_down"})
    assert m.state["completed"]["a"] == 2 and scores(m) == {"a": 7, "b": 2, "c": 2, "d": 6}


def test_mission_9_two_good_guesses_not_with_an_all_predict_round():
    m = new(GUESSER)
    play_round(m, {"a": ("predict", "bank"), "b": "bank", "c": "bank", "d": "double_down"})
    play_round(
        m,
        {
            "a": ("predict", "bank"),
            "b": ("predict", "bank"),
            "c": ("predict", "swipe"),
            "d": ("predict", "double_down"),
        },
    )
    assert not completed(m, "a") and scores(m) == {"a": 3, "b": 2, "c": 2, "d": 4}


PARTNER = {"a": 10, "b": 1, "c": 3, "d": 4}


def test_mission_10_trusted_partner_completes():
    m = new(PARTNER)
    for r in range(2):
        play_round(m, {"a": ("team_up", "b"), "b": ("team_up", "a"), "c": "bank", "d": "bank"})
    assert m.state["completed"]["a"] == 2 and scores(m) == {"a": 9, "b": 6, "c": 2, "d": 2}


def test_mission_10_trusted_partner_not_with_two_partners():
    m = new(PARTNER)
    play_round(m, {"a": ("team_up", "b"), "b": ("team_up", "a"), "c": "bank", "d": "bank"})
    play_round(m, {"a": ("team_up", "c"), "c": ("team_up", "a"), "b": "bank", "d": "bank"})
    assert not completed(m, "a") and scores(m) == {"a": 6, "b": 4, "c": 4, "d": 2}


def test_mission_11_comeback_completes():
    m = new({"a": 11, "b": 1, "c": 3, "d": 4})
    play_round(m, {"a": ("predict", "swipe"), "b": "bank", "c": "bank", "d": "bank"})
    play_round(m, {"a": "double_down", "b": "bank", "c": "bank", "d": "bank"})
    assert m.state["completed"]["a"] == 2 and scores(m) == {"a": 6, "b": 2, "c": 2, "d": 2}


def test_mission_11_comeback_not_in_round_one_nor_from_the_lead():
    m = new({"a": 11, "b": 1, "c": 3, "d": 4})
    play_round(m, {"a": "double_down", "b": "bank", "c": "bank", "d": "bank"})
    assert not completed(m, "a")  # round 1 never counts
    play_round(m, {"a": "double_down", "b": "bank", "c": "bank", "d": "bank"})
    assert not completed(m, "a") and scores(m) == {"a": 6, "b": 2, "c": 2, "d": 2}


VERSA = {"a": 12, "b": 1, "c": 3, "d": 4}
OTHERS = {"b": "bank", "c": "bank", "d": ("predict", "swipe")}


def test_mission_12_versatile_completes_on_the_third_action_type():
    m = new(VERSA)
    play_round(m, dict(OTHERS, a="bank"))
    play_round(m, dict(OTHERS, a="double_down"))
    assert scores(m) == {"a": 4, "b": 2, "c": 2, "d": 0} and not completed(m, "a")
    play_round(m, dict(OTHERS, a=("predict", "bank")))
    assert m.state["completed"]["a"] == 3 and scores(m) == {"a": 9, "b": 3, "c": 3, "d": 0}


def test_mission_12_versatile_not_with_two_action_types():
    m = new(VERSA)
    play_round(m, dict(OTHERS, a="bank"))
    play_round(m, dict(OTHERS, a="double_down"))
    play_round(m, dict(OTHERS, a="bank"))
    assert not completed(m, "a") and scores(m) == {"a": 5, "b": 3, "c": 3, "d": 0}


def test_mission_12_versatile_counts_the_all_predict_point():
    m = new(VERSA)
    play_round(m, dict(OTHERS, a="bank"))
    play_round(m, dict(OTHERS, a="double_down"))
    play_round(
        m, {"a": ("predict", "bank"), "b": ("predict", "bank"), "c": ("predict", "bank"), "d": ("predict", "bank")}
    )
    assert completed(m, "a") and scores(m) == {"a": 8, "b": 3, "c": 3, "d": 1}
