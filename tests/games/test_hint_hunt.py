"""Hint Hunt scenarios: one or more tests per ruling D3-01..D3-21, written as given/when/then.

Every table is explicit: player X's board is X01..X12 where X09-X11 are the locked civilians and
X12 the assassin, so X01..X08 are the words a writer may choose as targets.
"""

import json
import re
from random import Random

import pytest

from peerparty.engine import HOST, SYSTEM, IllegalMove, Match
from peerparty.games.hint_hunt import GAME
from peerparty.games.hint_hunt.boards import word_bank


def W(p, i):
    return "%s%02d" % (p.upper(), i)


def board(p):
    words = [W(p, i) for i in range(1, 13)]
    return {"words": words, "civilians": words[8:11], "assassin": words[11]}


def table(players=("ann", "bob", "cat"), host="ann", **options):
    opts = {"host": host, "boards": dict((p, board(p)) for p in players)}
    opts.update(options)
    return Match(GAME, list(players), "scenario", opts)


def submit(m, p, picks=(1, 2), hint="HINT"):
    return m.play(p, {"type": "submit", "targets": [W(p, i) for i in picks], "hint": hint})


def start(m, picks=None):
    """Everyone submits (default targets 1 and 2), then the host starts guessing."""
    for p in m.state["seats"]:
        if p in m.state["removed"]:
            continue
        submit(m, p, (picks or {}).get(p, (1, 2)))
    m.play(HOST, {"type": "start_guessing"})


def claim(m, p, word):
    return m.play(p, {"type": "claim", "word": word})


def refused(m, p, move, code):
    before = json.dumps(m.view(None), sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        m.play(p, move)
    assert err.value.code == code
    assert err.value.detail
    assert json.dumps(m.view(None), sort_keys=True) == before
    return err.value


def scores(m):
    return m.view(None)["scores"]


# --- D3-01 spectators ------------------------------------------------------------------------


def test_D3_01_spectators_see_the_guessers_view_and_cannot_act():
    m = table()
    start(m)
    claim(m, "bob", W("ann", 1))
    table_view = m.view(None)
    spectator = m.view("zed")  # someone who joined after the lobby
    assert spectator["status"] == "spectator" and spectator["act"] is False
    assert spectator["board"] == table_view["board"]
    assert table_view["board"]["claims"] == [{"word": "ANN01", "player": "bob", "role": "target", "delta": 3}]
    assert "roles" not in table_view["board"]
    assert table_view["claimable"] == []
    refused(m, "zed", {"type": "claim", "word": W("ann", 2)}, "not_your_turn")
    refused(m, "zed", {"type": "done_guessing"}, "not_your_turn")


def test_D3_01_spectators_see_who_submitted_but_no_board_while_writing():
    m = table()
    submit(m, "bob", hint="SECRETHINT")
    v = m.view(None)
    assert v["submitted"] == {"ann": False, "bob": True, "cat": False}
    text = json.dumps(v)
    assert "SECRETHINT" not in text and "BOB01" not in text and "ANN01" not in text
    refused(m, "zed", {"type": "submit", "targets": [W("bob", 1)], "hint": "X"}, "not_your_turn")


def test_game_declares_spectators_and_host_as_player():
    assert GAME.spectators is True and GAME.host_is_player is True
    assert (GAME.min_players, GAME.max_players) == (2, 12)


# --- D3-02 / D3-19 the host is a player and scores like one ----------------------------------


def test_D3_02_host_seat_writes_and_guesses_like_any_player():
    m = table(host="bob")
    start(m)
    assert m.view("bob")["status"] == "guessing"
    claim(m, "bob", W("ann", 1))  # the host guesses on ann's board
    assert scores(m) == {"ann": 3, "bob": 3, "cat": 0}
    refused(m, HOST, {"type": "claim", "word": W("ann", 2)}, "not_your_turn")


def test_D3_19_same_delta_to_exactly_guesser_and_writer():
    m = table(players=("ann", "bob", "cat", "dan"))
    start(m)
    claim(m, "bob", W("ann", 1))  # target +3
    claim(m, "cat", W("ann", 9))  # civilian -1
    assert scores(m) == {"ann": 2, "bob": 3, "cat": -1, "dan": 0}
    refused(m, "ann", {"type": "claim", "word": W("ann", 2)}, "not_your_turn")  # never own board
    claim(m, "dan", W("ann", 12))  # assassin -5
    assert scores(m) == {"ann": -3, "bob": 3, "cat": -1, "dan": -5}


# --- D3-03 word bank and dealing --------------------------------------------------------------


def test_D3_03_word_bank_is_400_unique_uppercase_words():
    bank = word_bank()
    assert len(bank) >= 400
    assert len(set(bank)) == len(bank)
    assert all(re.fullmatch("[A-Z]{3,10}", w) for w in bank)


def test_D3_03_dealt_boards_have_twelve_words_four_locked_and_never_share_words():
    players = ["p%d" % i for i in range(12)]
    m = Match(GAME, players, "deal", {"host": "p0"})
    seen = set()
    for p in players:
        mine = m.view(p)["board"]
        assert len(set(mine["words"])) == 12
        assert sorted(mine["locked"].values()) == ["assassin", "civilian", "civilian", "civilian"]
        assert len(mine["choosable"]) == 8
        assert not seen & set(mine["words"])
        seen |= set(mine["words"])
    # rejected players get new boards that reuse no word from this game
    for p in players[1:]:
        submit_any(m, p)
        m.play(HOST, {"type": "reject", "player": p})
        words = set(m.view(p)["board"]["words"])
        assert not seen & words
        seen |= words


def submit_any(m, p):
    choosable = m.view(p)["board"]["choosable"]
    m.play(p, {"type": "submit", "targets": choosable[:1], "hint": "ANY"})


def test_D3_03_when_the_bank_runs_out_boards_still_avoid_the_boards_in_play():
    m = Match(GAME, ["a", "b", "c"], "exhaust", {"host": "a"})
    for _ in range(80):  # 80 rejects deal far more than the bank holds
        submit_any(m, "b")
        m.play(HOST, {"type": "reject", "player": "b"})
        words = [set(m.view(p)["board"]["words"]) for p in ("a", "b", "c")]
        assert all(len(w) == 12 for w in words)
        assert not (words[0] & words[1] or words[0] & words[2] or words[1] & words[2])


def test_D3_03_same_seed_same_boards():
    a = Match(GAME, ["a", "b"], 7, {})
    b = Match(GAME, ["a", "b"], 7, {})
    assert a.view("a") == b.view("a") and a.view("b") == b.view("b")


# --- D3-04 hint validation --------------------------------------------------------------------


def test_D3_04_hint_is_trimmed_and_collapsed_and_shown_with_its_count():
    m = table()
    submit(m, "ann", (1, 2), "  ORBIT \t  RING  ")
    assert m.view("ann")["board"]["hint_text"] == "ORBIT RING 2"


def test_D3_04_hint_length_counts_code_points_1_to_24():
    m = table()
    submit(m, "ann", (1,), "\U0001f680" * 24)  # 24 rockets: 24 code points
    assert m.view("ann")["board"]["hint"] == "\U0001f680" * 24
    refused(m, "bob", {"type": "submit", "targets": [W("bob", 1)], "hint": "x" * 25}, "invalid_move")
    refused(m, "bob", {"type": "submit", "targets": [W("bob", 1)], "hint": "   "}, "invalid_move")
    refused(m, "bob", {"type": "submit", "targets": [W("bob", 1)], "hint": ""}, "invalid_move")
    submit(m, "bob", (1,), "a" * 12 + "     " + "b" * 11)  # collapses to 24
    assert m.view("bob")["board"]["hint"] == "a" * 12 + " " + "b" * 11


def test_D3_04_board_words_and_numbers_are_allowed():
    m = table()
    submit(m, "ann", (1, 2), "ANN01 2")
    assert m.view("ann")["board"]["hint_text"] == "ANN01 2 2"


def test_submit_needs_1_to_5_distinct_unlocked_targets():
    m = table()
    bad = [
        [],
        [W("ann", i) for i in range(1, 7)],  # six targets
        [W("ann", 9)],  # a locked civilian
        [W("ann", 12)],  # the assassin
        [W("ann", 1), W("ann", 1)],  # twice
        [W("bob", 1)],  # someone else's word
    ]
    for targets in bad:
        refused(m, "ann", {"type": "submit", "targets": targets, "hint": "X"}, "invalid_move")
    submit(m, "ann", (1, 2, 3, 4, 5))
    assert m.view("ann")["board"]["targets"] == [W("ann", i) for i in range(1, 6)]


# --- D3-05 edit ---------------------------------------------------------------------------------


def test_D3_05_edit_reopens_the_same_board_and_blocks_start():
    m = table()

    def start_ready():
        return m.view("ann")["controls"]["can_start_guessing"]

    for p in ("ann", "bob", "cat"):
        submit(m, p)
    assert start_ready()
    m.play("bob", {"type": "edit"})
    v = m.view("bob")
    assert v["status"] == "writing" and v["act"] is True
    assert v["board"]["words"] == board("bob")["words"]
    assert v["board"]["locked"] == {"BOB09": "civilian", "BOB10": "civilian", "BOB11": "civilian", "BOB12": "assassin"}
    assert v["board"]["targets"] == ["BOB01", "BOB02"]  # the draft survives for the form
    assert m.view(None)["submitted"]["bob"] is False
    assert not start_ready()
    refused(m, HOST, {"type": "start_guessing"}, "invalid_move")
    submit(m, "bob", (5,), "NEW")
    m.play(HOST, {"type": "start_guessing"})
    m.play(HOST, {"type": "next_board", "confirm": True})
    assert m.view(None)["board"]["hint_text"] == "NEW 1"


def test_edit_needs_a_submission():
    m = table()
    refused(m, "ann", {"type": "edit"}, "invalid_move")


# --- D3-06 board order -----------------------------------------------------------------------


def test_D3_06_boards_are_played_in_seat_order():
    m = table(players=("cat", "ann", "bob"), host="cat")
    start(m)
    order = []
    while m.view(None)["phase"] == "guessing":
        order.append(m.view(None)["board"]["writer"])
        m.play(HOST, {"type": "next_board", "confirm": True})
    assert order == ["cat", "ann", "bob"]
    assert m.view(None)["phase"] == "scoreboard"


# --- D3-07 no cap ----------------------------------------------------------------------------


def test_D3_07_a_guesser_may_claim_every_target():
    m = table()
    start(m, {"ann": (1, 2, 3, 4, 5)})
    for i in range(1, 6):
        claim(m, "bob", W("ann", i))
    assert scores(m) == {"ann": 15, "bob": 15, "cat": 0}
    assert m.view(None)["board"]["end_reason"] == "all_targets"


# --- D3-08 reveal --------------------------------------------------------------------------------


def test_D3_08_claims_reveal_to_all_and_board_end_reveals_everything():
    m = table()
    start(m)
    assert set(m.view("ann")["board"]["roles"].values()) == {"target", "civilian", "assassin"}
    for viewer in ("bob", "cat", None):
        assert "roles" not in m.view(viewer)["board"]
    claim(m, "bob", W("ann", 9))
    for viewer in ("ann", "bob", "cat", None):
        assert m.view(viewer)["board"]["claims"] == [
            {"word": "ANN09", "player": "bob", "role": "civilian", "delta": -1}
        ]
    text = json.dumps(m.view("cat"))
    assert '"assassin"' not in text and '"target"' not in text
    claim(m, "cat", W("ann", 1))
    claim(m, "cat", W("ann", 2))  # all targets: the board ends
    for viewer in ("bob", "cat", None, "zed"):
        roles = m.view(viewer)["board"]["roles"]
        assert roles["ANN12"] == "assassin" and roles["ANN03"] == "civilian"
    refused(m, "cat", {"type": "claim", "word": W("ann", 3)}, "stale")


# --- D3-09 board end ---------------------------------------------------------------------------


def test_D3_09a_all_targets_claimed_ends_the_board():
    m = table()
    start(m)
    claim(m, "bob", W("ann", 1))
    claim(m, "cat", W("ann", 2))
    b = m.view(None)["board"]
    assert b["ended"] and b["end_reason"] == "all_targets"
    assert m.view("bob")["status"] == "stopped" and m.view("bob")["act"] is False


def test_D3_09b_assassin_ends_the_board_for_everyone():
    m = table(players=("ann", "bob", "cat", "dan"))
    start(m)
    claim(m, "bob", W("ann", 12))
    assert scores(m) == {"ann": -5, "bob": -5, "cat": 0, "dan": 0}
    assert m.view(None)["board"]["end_reason"] == "assassin"
    for p in ("cat", "dan"):
        assert m.view(p)["status"] == "stopped" and m.view(p)["claimable"] == []
        refused(m, p, {"type": "claim", "word": W("ann", 1)}, "stale")
    assert m.view("ann")["controls"]["next_needs_confirm"] is False


def test_D3_09_civilian_ends_only_that_guesser():
    m = table()
    start(m)
    claim(m, "bob", W("ann", 10))
    assert m.view("bob")["status"] == "out" and m.view("bob")["act"] is False
    refused(m, "bob", {"type": "claim", "word": W("ann", 1)}, "not_your_turn")
    assert m.view("cat")["status"] == "guessing" and m.view("cat")["act"] is True
    assert m.view(None)["board"]["ended"] is False
    claim(m, "cat", W("ann", 1))
    assert scores(m) == {"ann": 2, "bob": -1, "cat": 3}


def test_D3_09c_no_guessers_left_ends_the_board():
    m = table()
    start(m)
    claim(m, "bob", W("ann", 10))
    m.play("cat", {"type": "done_guessing"})
    b = m.view(None)["board"]
    assert b["ended"] and b["end_reason"] == "no_guessers"
    assert scores(m) == {"ann": -1, "bob": -1, "cat": 0}
    assert m.view("cat")["status"] == "done"


def test_D3_09d_moving_on_needs_confirm_while_anyone_guesses_and_changes_no_score():
    m = table()
    start(m)
    claim(m, "bob", W("ann", 1))
    c = m.view("ann")["controls"]
    assert c["still_guessing"] == ["bob", "cat"] and c["next_needs_confirm"] is True
    assert c["next_label"] == "Next hint"
    refused(m, HOST, {"type": "next_board"}, "invalid_move")
    refused(m, HOST, {"type": "next_board", "confirm": False}, "invalid_move")
    events = m.play(HOST, {"type": "next_board", "confirm": True})
    assert events[0]["type"] == "board_ended" and events[0]["reason"] == "host_moved_on"
    assert events[0]["roles"]["ANN02"] == "target"
    assert scores(m) == {"ann": 3, "bob": 3, "cat": 0}
    assert m.view(None)["board"]["writer"] == "bob"


def test_D3_09_view_scoreboard_is_next_board_on_the_final_board():
    m = table(players=("ann", "bob"))
    start(m)
    m.play(HOST, {"type": "next_board", "confirm": True})
    assert m.view("ann")["controls"]["next_label"] == "View scoreboard"
    assert m.view(None)["board"]["final"] is True
    assert m.result() is None
    m.play(HOST, {"type": "next_board", "confirm": True})
    assert m.view(None)["phase"] == "scoreboard"
    assert m.result()["winners"] == ["ann", "bob"]
    refused(m, HOST, {"type": "next_board", "confirm": True}, "game_over")
    refused(m, "ann", {"type": "claim", "word": W("bob", 1)}, "game_over")


# --- D3-08: a board that has ended stays revealed while the next one is played --------------------

VIEWERS = ("ann", "bob", "cat", None, "zed", HOST)  # players, the table, a spectator, a seatless host

ANN_ROLES = dict(
    [(W("ann", i), "target") for i in (1, 2)]
    + [(W("ann", i), "civilian") for i in range(3, 12)]
    + [(W("ann", 12), "assassin")]
)


def assert_last_board_revealed(m, reason, claims):
    """Every viewer sees ann's ended board whole: its hint, all 12 roles, who claimed what, why it ended."""
    for viewer in VIEWERS:
        last = m.view(viewer)["last_board"]
        assert last == {
            "writer": "ann",
            "number": 1,
            "hint_text": "HINT 2",
            "words": board("ann")["words"],
            "roles": ANN_ROLES,
            "claims": claims,
            "end_reason": reason,
        }, viewer


def test_D3_08_a_board_ended_by_its_last_target_stays_revealed_beside_the_next():
    m = table()
    start(m)
    claim(m, "bob", W("ann", 1))
    claim(m, "cat", W("ann", 2))  # D3-09 (a)
    m.play(HOST, {"type": "next_board"})
    assert m.view(None)["board"]["writer"] == "bob"
    assert_last_board_revealed(
        m,
        "all_targets",
        [
            {"word": "ANN01", "player": "bob", "role": "target", "delta": 3},
            {"word": "ANN02", "player": "cat", "role": "target", "delta": 3},
        ],
    )


def test_D3_08_b_a_board_ended_by_the_assassin_stays_revealed_beside_the_next():
    m = table()
    start(m)
    claim(m, "cat", W("ann", 12))  # D3-09 (b)
    m.play(HOST, {"type": "next_board"})
    assert_last_board_revealed(m, "assassin", [{"word": "ANN12", "player": "cat", "role": "assassin", "delta": -5}])


def test_D3_08_c_a_board_nobody_guesses_on_any_more_stays_revealed_beside_the_next():
    m = table()
    start(m)
    claim(m, "bob", W("ann", 4))
    m.play("cat", {"type": "done_guessing"})  # D3-09 (c)
    m.play(HOST, {"type": "next_board"})
    assert_last_board_revealed(m, "no_guessers", [{"word": "ANN04", "player": "bob", "role": "civilian", "delta": -1}])


def test_D3_08_d_a_board_the_host_moves_on_from_is_revealed_on_every_screen():
    """Issue 16: Next hint while guessers remain ends the board and starts the next in one step; its
    roles were only in the board_ended event, and no view ever carried them."""
    m = table()
    start(m)
    claim(m, "bob", W("ann", 1))
    m.play(HOST, {"type": "next_board", "confirm": True})  # D3-09 (d): cat and bob were still guessing
    assert m.view(None)["board"]["writer"] == "bob" and not m.view(None)["board"]["ended"]
    assert_last_board_revealed(m, "host_moved_on", [{"word": "ANN01", "player": "bob", "role": "target", "delta": 3}])
    claim(m, "cat", W("bob", 1))  # it stays while the next board is played
    assert_last_board_revealed(m, "host_moved_on", [{"word": "ANN01", "player": "bob", "role": "target", "delta": 3}])


def test_D3_08_the_final_board_is_revealed_under_the_scoreboard():
    m = table(players=("ann", "bob"))
    start(m)
    m.play(HOST, {"type": "next_board", "confirm": True})
    claim(m, "ann", W("bob", 2))
    m.play(HOST, {"type": "next_board", "confirm": True})  # View scoreboard while ann still guesses
    for viewer in ("ann", "bob", None, "zed"):
        v = m.view(viewer)
        assert v["phase"] == "scoreboard"
        assert v["last_board"]["writer"] == "bob" and v["last_board"]["end_reason"] == "host_moved_on"
        assert v["last_board"]["roles"][W("bob", 12)] == "assassin"
        assert v["last_board"]["claims"] == [{"word": "BOB02", "player": "ann", "role": "target", "delta": 3}]


def test_D3_08_only_an_ended_board_is_public():
    m = table()
    for viewer in VIEWERS:
        assert "last_board" not in m.view(viewer)  # writing: no board has been played
    start(m)
    for viewer in VIEWERS:
        assert "last_board" not in m.view(viewer)  # the first board is not over
    m.play(HOST, {"type": "next_board", "confirm": True})
    for viewer in ("ann", "cat", None, "zed"):
        text = json.dumps(m.view(viewer))
        # bob's board is being guessed: none of its roles is anywhere in a guesser's view
        assert "roles" not in m.view(viewer)["board"]
        assert not re.search(r'"BOB\d\d": "(target|civilian|assassin)"', text), viewer
        assert "CAT01" not in text  # nor a word of a board still to come
    assert set(m.view("bob")["board"]["roles"]) == set(board("bob")["words"])  # its writer sees them
    m.play(HOST, {"type": "next_board", "confirm": True})
    assert m.view("ann")["last_board"]["writer"] == "bob"  # one board back, never older
    assert "ANN01" not in json.dumps(m.view("ann")["last_board"])


def test_claim_race_first_claim_wins_second_is_rejected():
    m = table()
    start(m)
    claim(m, "bob", W("ann", 1))
    err = refused(m, "cat", {"type": "claim", "word": W("ann", 1)}, "stale")
    assert "first" in err.detail
    assert scores(m) == {"ann": 3, "bob": 3, "cat": 0}
    assert m.view("cat")["status"] == "guessing"
    assert W("ann", 1) not in m.view("cat")["claimable"]


# --- D3-10 / D3-11 removal ---------------------------------------------------------------------


def test_removal_during_writing_deletes_the_board_and_unblocks_start():
    m = table(players=("ann", "bob", "cat", "dan"))
    submit(m, "ann")
    submit(m, "bob")
    submit(m, "cat")
    assert m.view("ann")["controls"]["waiting_for"] == ["dan"]
    m.play(HOST, {"type": "remove", "player": "dan", "confirm": False})
    v = m.view("ann")
    assert v["players"] == ["ann", "bob", "cat"] and "dan" not in v["scores"]
    assert "dan" not in m.state["boards"]
    assert m.view("dan")["status"] == "removed" and "board" not in m.view("dan")
    refused(m, "dan", {"type": "submit", "targets": [W("dan", 1)], "hint": "X"}, "not_your_turn")
    m.play(HOST, {"type": "start_guessing"})
    writers = []
    while m.view(None)["phase"] == "guessing":
        writers.append(m.view(None)["board"]["writer"])
        m.play(HOST, {"type": "next_board", "confirm": True})
    assert writers == ["ann", "bob", "cat"]


def test_D3_10_removing_a_guesser_keeps_their_claims_and_others_deltas():
    m = table(players=("ann", "bob", "cat", "dan"))
    start(m)
    claim(m, "bob", W("ann", 1))
    claim(m, "bob", W("ann", 9))
    m.play(HOST, {"type": "remove", "player": "bob"})
    v = m.view(None)
    assert v["scores"] == {"ann": 2, "cat": 0, "dan": 0}  # ann keeps +3 -1 from bob's claims
    assert [c["word"] for c in v["board"]["claims"]] == ["ANN01", "ANN09"]
    assert v["board"]["ended"] is False and "bob" not in v["guessers"]
    m.play(HOST, {"type": "next_board", "confirm": True})
    assert m.view(None)["board"]["writer"] == "cat"  # bob's board is skipped
    m.play(HOST, {"type": "next_board", "confirm": True})
    m.play(HOST, {"type": "next_board", "confirm": True})
    r = m.result()
    assert r["ranking"] == ["ann", "cat", "dan"] and "bob" not in r["scores"]


def test_D3_10_removing_the_current_writer_continues_the_board_without_writer_deltas():
    m = table(players=("ann", "bob", "cat", "dan"), host="dan")
    start(m)
    claim(m, "bob", W("ann", 1))  # ann +3 while still in the game
    m.play(HOST, {"type": "remove", "player": "ann"})
    v = m.view("cat")
    assert v["board"]["writer"] == "ann" and v["board"]["ended"] is False and v["act"] is True
    claim(m, "cat", W("ann", 2))  # guessers still score; ann is gone
    assert m.view(None)["board"]["end_reason"] == "all_targets"
    assert scores(m) == {"bob": 3, "cat": 3, "dan": 0}
    assert m.state["scores"]["ann"] == 3  # the later +3 was not recorded for ann


def test_D3_10_last_guesser_removed_ends_the_board():
    m = table(players=("ann", "bob", "cat", "dan"), host="ann")
    start(m)
    claim(m, "bob", W("ann", 9))
    m.play("cat", {"type": "done_guessing"})
    m.play(HOST, {"type": "remove", "player": "dan"})
    assert m.view(None)["board"]["end_reason"] == "no_guessers"


def test_D3_11_removal_below_two_players_in_writing_needs_confirm_and_abandons():
    m = table(players=("ann", "bob"))
    c = m.view("ann")["controls"]
    assert c["removable"] == [{"player": "bob", "confirm_needed": True}]
    refused(m, HOST, {"type": "remove", "player": "bob", "confirm": False}, "invalid_move")
    m.play(HOST, {"type": "remove", "player": "bob", "confirm": True})
    assert m.result() == {"abandoned": True, "note": m.view(None)["note"]}
    v = m.view("ann")
    assert v["phase"] == "abandoned" and v["abandoned"] is True and "scores" not in v
    refused(m, "ann", {"type": "edit"}, "game_over")


def test_D3_11_removal_below_two_players_during_guessing_abandons_without_scoreboard():
    m = table()
    start(m)
    claim(m, "bob", W("ann", 1))
    m.play(HOST, {"type": "remove", "player": "bob"})
    refused(m, HOST, {"type": "remove", "player": "cat"}, "invalid_move")
    m.play(HOST, {"type": "remove", "player": "cat", "confirm": True})
    assert m.result()["abandoned"] is True
    assert "standings" not in m.view("ann")


def test_host_cannot_remove_their_own_seat_or_unknown_players():
    m = table()
    refused(m, HOST, {"type": "remove", "player": "ann", "confirm": True}, "invalid_move")
    refused(m, HOST, {"type": "remove", "player": "zed"}, "invalid_move")


# --- D3-12 / D3-21 host migration --------------------------------------------------------------


def test_D3_12_departed_host_stays_a_player_and_their_board_is_played():
    m = table()
    for p in ("ann", "bob", "cat"):
        submit(m, p)
    m.play(HOST, {"type": "set_host", "player": "bob"})  # ann's tab went away
    assert "controls" in m.view("bob") and "controls" not in m.view("ann")
    m.play(HOST, {"type": "reject", "player": "ann"})  # now ann is "another player"
    refused(m, HOST, {"type": "reject", "player": "bob"}, "invalid_move")
    submit_any(m, "ann")
    m.play(HOST, {"type": "start_guessing"})
    assert m.view(None)["board"]["writer"] == "ann"
    assert "ann" in m.view(None)["scores"]


def test_D3_21_a_spectator_host_has_every_control_but_cannot_write_or_claim():
    m = table()
    submit(m, "ann")
    m.play(HOST, {"type": "set_host", "player": None})
    assert "controls" not in m.view("ann")
    c = m.view(HOST)["controls"]
    assert c["rejectable"] == ["ann"] and c["host_seat"] is None
    m.play(HOST, {"type": "reject", "player": "ann"})  # no host seat: anyone may be rejected
    refused(m, "zed", {"type": "submit", "targets": [], "hint": "X"}, "not_your_turn")
    refused(m, HOST, {"type": "claim", "word": "ANN01"}, "not_your_turn")
    for p in ("ann", "bob", "cat"):
        submit_any(m, p)
    m.play(HOST, {"type": "start_guessing"})
    v = m.view(HOST)
    assert v["act"] is False and "roles" not in v["board"]
    m.play(HOST, {"type": "remove", "player": "cat"})
    assert m.view(HOST)["players"] == ["ann", "bob"]


def test_set_host_rejects_unknown_or_removed_seats():
    m = table()
    m.play(HOST, {"type": "remove", "player": "cat"})
    refused(m, HOST, {"type": "set_host", "player": "cat"}, "invalid_move")
    refused(m, HOST, {"type": "set_host", "player": "zed"}, "invalid_move")
    refused(m, HOST, {"type": "set_host"}, "invalid_move")
    refused(m, "bob", {"type": "set_host", "player": "bob"}, "not_your_turn")


# --- D3-13 reject / edit only in writing ---------------------------------------------------------


def test_D3_13_reject_gives_a_new_unsubmitted_board_only_during_writing():
    fresh = {"words": ["R%02d" % i for i in range(1, 13)], "civilians": ["R01", "R02", "R03"], "assassin": "R04"}
    m = table(replacement_boards={"bob": [fresh]})
    refused(m, HOST, {"type": "reject", "player": "bob"}, "invalid_move")  # nothing submitted
    submit(m, "bob")
    m.play(HOST, {"type": "reject", "player": "bob"})
    v = m.view("bob")
    assert v["board"]["words"] == fresh["words"] and v["board"]["submitted"] is False
    assert v["board"]["locked"] == {"R01": "civilian", "R02": "civilian", "R03": "civilian", "R04": "assassin"}
    assert v["board"]["targets"] == [] and v["board"]["hint"] == ""
    refused(m, "bob", {"type": "submit", "targets": ["BOB01"], "hint": "X"}, "invalid_move")
    m.play("bob", {"type": "submit", "targets": ["R05", "R06"], "hint": "AGAIN"})
    submit(m, "ann")
    submit(m, "cat")
    refused(m, HOST, {"type": "reject", "player": "ann"}, "invalid_move")  # the host's own hint
    m.play(HOST, {"type": "start_guessing"})
    refused(m, HOST, {"type": "reject", "player": "bob"}, "not_your_turn")
    refused(m, "ann", {"type": "edit"}, "not_your_turn")
    m.play(HOST, {"type": "next_board", "confirm": True})
    assert m.view(None)["board"]["hint_text"] == "AGAIN 2"


# --- D3-14 / D3-20 start guessing ------------------------------------------------------------------


def test_D3_14_D3_20_start_needs_every_current_player_submitted():
    m = table()
    submit(m, "ann")
    submit(m, "bob")
    refused(m, HOST, {"type": "start_guessing"}, "invalid_move")  # cat (maybe offline) blocks
    assert m.view("ann")["controls"]["can_start_guessing"] is False
    submit(m, "cat")
    m.play("ann", {"type": "edit"})  # editing = not submitted
    refused(m, HOST, {"type": "start_guessing"}, "invalid_move")
    submit(m, "ann")
    m.play(HOST, {"type": "start_guessing"})
    assert m.view(None)["phase"] == "guessing"
    refused(m, HOST, {"type": "start_guessing"}, "not_your_turn")


# --- D3-15 / D3-16 scores and ties ---------------------------------------------------------------


def test_D3_15_each_new_game_starts_at_zero():
    m = table()
    start(m)
    claim(m, "bob", W("ann", 1))
    again = table()
    assert again.view(None)["scores"] == {"ann": 0, "bob": 0, "cat": 0}


def test_D3_16_two_player_game_always_ties_and_shares_first_place():
    m = table(players=("ann", "bob"))
    start(m)
    claim(m, "bob", W("ann", 1))
    claim(m, "bob", W("ann", 9))
    m.play(HOST, {"type": "next_board"})  # bob was out: board already ended, no confirm
    claim(m, "ann", W("bob", 12))
    m.play(HOST, {"type": "next_board"})
    r = m.result()
    assert r["scores"] == {"ann": -3, "bob": -3}
    assert r["winners"] == ["ann", "bob"]
    assert m.view("bob")["standings"] == r and m.view("bob")["status"] == "player"


def test_D3_16_scores_go_below_zero_and_carry_across_boards():
    m = table()
    start(m)
    claim(m, "bob", W("ann", 12))  # ann -5, bob -5
    m.play(HOST, {"type": "next_board"})
    claim(m, "cat", W("bob", 1))  # bob -2, cat 3
    assert scores(m) == {"ann": -5, "bob": -2, "cat": 3}
    claim(m, "ann", W("bob", 2))  # all targets: ann -2, bob 1
    m.play(HOST, {"type": "next_board"})
    claim(m, "ann", W("cat", 1))  # ann 1, cat 6
    m.play("bob", {"type": "done_guessing"})
    claim(m, "ann", W("cat", 9))  # ann 0, cat 5; ann out, nobody left
    m.play(HOST, {"type": "next_board"})
    r = m.result()
    assert r["scores"] == {"ann": 0, "bob": 1, "cat": 5}
    assert r["ranking"] == ["cat", "bob", "ann"] and r["winners"] == ["cat"]


def test_D3_16_shared_first_place_among_three():
    m = table()
    start(m)
    claim(m, "bob", W("ann", 1))  # ann 3, bob 3
    m.play(HOST, {"type": "next_board", "confirm": True})
    m.play(HOST, {"type": "next_board", "confirm": True})
    m.play(HOST, {"type": "next_board", "confirm": True})
    assert m.result()["winners"] == ["ann", "bob"]


# --- D3-17 / D3-18 -----------------------------------------------------------------------------


def test_D3_17_no_timer():
    m = table()
    assert m.deadline() is None
    start(m)
    assert m.deadline() is None
    refused(m, SYSTEM, {"type": "timeout"}, "unknown_move")
    assert all("deadline_ms" not in m.view(p) for p in ("ann", "bob", None))


def test_D3_18_id_and_title():
    assert GAME.id == "hint_hunt" and GAME.title == "Hint Hunt"


# --- views: act, controls, legal moves through check() -------------------------------------------


def test_views_act_and_claimable_match_check():
    m = table()
    start(m)
    claim(m, "bob", W("ann", 3))
    for p in ("ann", "bob", "cat"):
        v = m.view(p)
        legal = [mv["word"] for mv in GAME.legal_moves(m.state, p) if mv["type"] == "claim"]
        assert v["claimable"] == legal
        assert v["act"] == bool(legal)
    assert m.view("cat")["claimable"] == [w for w in board("ann")["words"] if w != "ANN03"]


def test_setup_rejects_bad_player_counts():
    with pytest.raises(ValueError):
        GAME.setup(["solo"], Random(1), {})
    with pytest.raises(ValueError):
        GAME.setup(["p%d" % i for i in range(13)], Random(1), {})


def test_a_rejected_writers_next_board_comes_from_the_seed_the_writer_and_k_only():
    """Issue 31: the host could toggle its own submit/edit to move the step number, and so the re-dealt
    board, until it liked one. The k-th re-deal of a writer's board is the same however many steps came first."""

    def redeal(toggles):
        m = Match(GAME, ["a", "b", "c"], "steer", {"host": "a"})
        for _ in range(toggles):
            submit_any(m, "a")
            m.play("a", {"type": "edit"})
        boards = []
        for _ in range(2):
            submit_any(m, "b")
            m.play(HOST, {"type": "reject", "player": "b"})
            boards.append(m.view("b")["board"]["words"])
        return boards

    first = redeal(0)
    assert all(redeal(n) == first for n in (1, 3, 6))
    assert first[0] != first[1]  # the second re-deal is a board of its own


# --- D3-22: nobody waits for a writer who is away (DX-11) ---------------------------------------------------


def test_D3_22_guessing_starts_without_an_away_writers_hint_and_their_board_is_not_played():
    from peerparty.games.hint_hunt.screens import controls as host_controls

    m = table(("ann", "bob", "cat", "dan"))
    for p in ("ann", "bob", "cat"):
        submit(m, p)
    refused(m, HOST, {"type": "start_guessing"}, "invalid_move")  # D3-20: dan is here and still writing
    m.play(HOST, {"type": "away", "players": ["dan"]})
    controls = m.view(HOST)["controls"]
    assert controls["waiting_for"] == [] and controls["left_out"] == ["dan"] and controls["can_start_guessing"]
    ctx = {"is_host": True, "names": {p: p.title() for p in ("ann", "bob", "cat", "dan")}}
    html = host_controls(m.view(HOST), ctx)
    assert 'data-confirm="Dan is away with no hint in. Start without their board?"' in html
    m.play(HOST, {"type": "start_guessing"})
    assert m.state["order"] == ("ann", "bob", "cat")  # D3-06 seat order, dan's board left out
    assert m.view(None)["board"]["writer"] == "ann"
    m.play(HOST, {"type": "away", "players": []})  # dan is back: he guesses on the others' boards
    claim(m, "dan", W("ann", 1))
    assert scores(m)["dan"] == 3


def test_D3_22_a_writer_who_is_back_holds_the_start_again_and_nobody_submitted_cannot_start():
    m = table(("ann", "bob", "cat"))
    m.play(HOST, {"type": "away", "players": ["ann", "bob", "cat"]})
    refused(m, HOST, {"type": "start_guessing"}, "invalid_move")  # no hint at all
    submit(m, "ann")
    m.play(HOST, {"type": "start_guessing"})  # bob and cat are away: one board
    assert m.state["order"] == ("ann",)
    m2 = table(("ann", "bob", "cat"))
    submit(m2, "ann")
    submit(m2, "bob")
    m2.play(HOST, {"type": "away", "players": ["cat"]})
    m2.play(HOST, {"type": "away", "players": []})  # cat back: the start waits for her hint again
    refused(m2, HOST, {"type": "start_guessing"}, "invalid_move")
    refused(m2, HOST, {"type": "away", "players": []}, "stale")
    refused(m2, HOST, {"type": "away", "players": ["zed"]}, "invalid_move")
    refused(m2, "ann", {"type": "away", "players": ["cat"]}, "not_your_turn")
