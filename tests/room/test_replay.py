"""Watch it again, keep the record, fair deal shown (issue 17): whole games of every game are played through the
room; the TV's replay of each shows, at every step, exactly the table's view the room showed then (never a
seat's) and reaches the recorded result; the saved record passes the verifier and one changed move is refused
at its own step; the replay is the TV's alone and a new game ends it; the seed's fingerprint is on every phone
from the game's first view, and the seed itself only on the TV's results."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from peerparty.i18n import sentence
from peerparty.engine import SYSTEM
from peerparty.engine.record import RecordRefused, dumps, fingerprint, verify
from peerparty.games import REGISTRY
from peerparty.replay import main as verifier
from peerparty.room.host import HostSession
from peerparty.room.replay import RECORDS_KEPT, STEP_MS

from ..games_under_test import GAMES
from .helpers import play_through_room

ROOT = Path(__file__).resolve().parents[2]


def played_with_table_views(game_id, seed):
    """A whole game through the room; the table's view the room held after each step, by step number."""
    table = {}

    def seen(host):
        table[len(host.match.log)] = host.match.view(None)

    host, phones = play_through_room(GAMES[game_id], seed, seen=seen, fixed_deal=True)
    table[len(host.match.log)] = host.match.view(None)
    return host, phones, table


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_replay_shows_the_tables_views_step_by_step_and_reaches_the_result(game_id):
    host, phones, table = played_with_table_views(game_id, 7)
    assert host.host_action({"t": "watch", "game": 0}, 0) == ([], None)
    replay = host.replay
    assert replay.last == len(host.match.log)
    assert len(table) > replay.last // 2, "the room's views cover most steps"
    for n, shown in sorted(table.items()):
        host.host_action({"t": "replay", "do": "seek", "at": n}, 0)
        assert host.screen()["replay"]["view"] == shown, "step %d of the replay is not what the table showed" % n
    assert GAMES[game_id].result(replay.steps[-1].state) == host.history[0]["result"]
    assert host.screen()["replay"]["result"] == host.history[0]["result"]
    # the moments a secret became public are marked (the game's own moment()), each at a step whose events made it
    assert replay.marks, "a whole game has at least one reveal"
    for n, text in replay.marks:
        assert text in [GAMES[game_id].moment(e, replay.names) for e in replay.steps[n].events]


def test_the_moments_are_the_games_reveals():
    host, _, _ = played_with_table_views("seven_rounds", 3)
    host.host_action({"t": "watch", "game": 0}, 0)
    reveals = [(n, text) for n, text in host.replay.marks if "revealed: every choice" in text]
    assert [text for _, text in reveals] == ["Round %d revealed: every choice" % r for r in range(1, 8)]
    for n, _ in reveals:
        assert host.replay.steps[n].entry[1]["type"] == "reveal"
        assert REGISTRY["seven_rounds"].view(host.replay.steps[n].state, None)["phase"] in ("results", "final")


def test_the_replay_plays_steps_pauses_and_is_the_tvs_alone():
    host, phones, _ = played_with_table_views("bank_or_bust", 2)
    seq = host.seq
    sent = [len(p.received) for p in phones]
    t = host._now  # the room's clock: the phones are still present, nothing else is due
    assert host.host_action({"t": "watch", "game": 0}, t) == ([], None)
    r = host.replay
    assert (r.at, r.playing, r.speed) == (0, False, 1)
    host.host_action({"t": "replay", "do": "play"}, t)
    assert host.next_timer_ms() == t + STEP_MS
    host.dirty = False
    assert host.on_timer(t + STEP_MS - 1) == [] and r.at == 0 and not host.dirty
    assert host.on_timer(t + STEP_MS) == [] and r.at == 1 and host.dirty
    host.host_action({"t": "replay", "do": "speed"}, t + STEP_MS)
    assert r.speed == 2 and host.next_timer_ms() == t + STEP_MS + STEP_MS // 2
    host.host_action({"t": "replay", "do": "pause"}, t + STEP_MS)
    assert host.next_timer_ms() is None
    host.host_action({"t": "replay", "do": "forward"}, t)
    host.host_action({"t": "replay", "do": "forward"}, t)
    host.host_action({"t": "replay", "do": "back"}, t)
    assert r.at == 2
    host.host_action({"t": "replay", "do": "next_moment"}, t)
    assert r.at == r.marks[0][0]
    host.host_action({"t": "replay", "do": "previous_moment"}, t)
    assert r.at == 0
    assert host.host_action({"t": "replay", "do": "seek", "at": r.last + 1}, t)[1] == "There is no such step."
    assert host.host_action({"t": "replay", "do": "seek", "at": True}, t)[1] == "There is no such step."
    assert host.host_action({"t": "replay", "do": "fly"}, t)[1] == "Unknown replay control."
    # played to the end it stops there; Play again starts over
    host.host_action({"t": "replay", "do": "seek", "at": r.last - 1}, t)
    host.host_action({"t": "replay", "do": "play"}, t)
    host.on_timer(t + STEP_MS)
    assert (r.at, r.playing) == (r.last, False)
    host.host_action({"t": "replay", "do": "play"}, t)
    assert r.at == 0 and r.playing
    # none of it reached a phone or moved the room's sequence
    assert host.seq == seq and [len(p.received) for p in phones] == sent
    host.host_action({"t": "close_replay"}, t)
    assert host.replay is None and host.screen()["replay"] is None


def test_a_new_game_ends_the_replay_and_no_replay_opens_during_a_game():
    host, _, _ = played_with_table_views("seven_rounds", 4)
    host.host_action({"t": "watch", "game": 0}, 0)
    assert host.screen()["replay"] is not None
    assert host.host_action({"t": "again"}, 0)[1] is None
    assert host.phase == "playing" and host.replay is None and host.screen()["replay"] is None
    assert host.host_action({"t": "watch", "game": 0}, 0)[1] == "Finish this game first."
    assert host.game_file(0) == (None, "Finish this game first.")
    assert host.host_action({"t": "replay", "do": "play"}, 0)[1] == "No replay is open."


def test_only_the_last_games_keep_their_records():
    host, _, _ = played_with_table_views("someone_elses_problem", 1)
    for _ in range(RECORDS_KEPT):
        host.host_action({"t": "again"}, 0)
        host.host_action({"t": "move", "move": {"type": "end_game"}}, 0)
        assert host.phase == "over"
    assert len(host.history) == RECORDS_KEPT + 1
    assert [bool(h["record"]) for h in host.history] == [False] + [True] * RECORDS_KEPT
    assert [h["replay"] for h in host.screen()["room"]["history"]] == [False] + [True] * RECORDS_KEPT
    assert host.host_action({"t": "watch", "game": 0}, 0)[1] == "Only the last few games can be watched again."
    assert host.host_action({"t": "watch", "game": 9}, 0)[1] == "That game is not in tonight's history."
    # a reloaded host keeps them; the successor's replica never carries them
    restored = HostSession.restore(json.loads(json.dumps(host.snapshot())), REGISTRY)
    assert restored.history == host.history
    assert all(h["record"] is None for h in host.snapshot(records=False)["history"])
    assert restored.host_action({"t": "watch", "game": 1}, 0)[1] is None


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_the_saved_record_holds_and_one_changed_move_is_refused_at_its_step(game_id):
    host, _, _ = played_with_table_views(game_id, 5)
    name, text = host.game_file(0)
    assert name == "peerparty-%s-WXYZ-game1.json" % game_id.replace("_", "-")
    data = json.loads(text)
    names = dict((s.id, s.name) for s in host.lobby.seats)
    assert data["seed"] == host.match.seed
    assert data["seats"] == [{"id": p, "name": names[p]} for p in host.match.players]
    steps = verify(REGISTRY, data)
    assert len(steps) == len(data["log"]) + 1
    # a legal move in place of the one played: the rules accept it, its check does not
    game = REGISTRY[game_id]
    for k, (player, move, _) in enumerate(data["log"]):
        others = [m for m in game.legal_moves(steps[k].state, player) if m != move] if player != SYSTEM else []
        if others:
            break
    tampered = json.loads(text)
    tampered["log"][k][1] = others[0]
    with pytest.raises(RecordRefused) as refused:
        verify(REGISTRY, tampered)
    assert refused.value.step == k + 1 and "check" in refused.value.reason
    # a move the rules refuse
    tampered = json.loads(text)
    tampered["log"][k][1] = {"type": "no_such_move"}
    with pytest.raises(RecordRefused) as refused:
        verify(REGISTRY, tampered)
    assert refused.value.step == k + 1 and "cannot make this move" in refused.value.reason


def test_a_record_refuses_a_changed_seed_or_result():
    host, _, _ = played_with_table_views("seven_rounds", 6)
    data = json.loads(host.game_file(0)[1])
    for change, why in [
        ({"seed": "other"}, "SHA-256"),
        ({"version": 1}, "version"),
        ({"format": "x"}, "not a"),
        ({"result": dict(data["result"], winners=[])}, "another result"),
        ({"checks": data["checks"][:-1]}, "checks"),
        ({"game": "chess"}, "does not have"),
    ]:
        with pytest.raises(RecordRefused) as refused:
            verify(REGISTRY, dict(data, **change))
        assert why in refused.value.reason and refused.value.step is None


def test_the_command_line_verifier_tells_the_story_and_refuses_a_tampered_file(tmp_path, capsys):
    host, _, _ = played_with_table_views("seven_rounds", 8)
    data = json.loads(host.game_file(0)[1])
    good = tmp_path / "game.json"
    good.write_text(dumps(data))
    # the documented command, from the repository's root
    run = subprocess.run(
        [sys.executable, "-m", "peerparty.replay", str(good)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    assert run.returncode == 0, run.stdout + run.stderr
    out = run.stdout
    assert "fingerprint %s" % fingerprint(data["seed"]) in out
    assert "Round 7 revealed: every choice" in out and "Standings" in out
    winner = data["seats"][[s["id"] for s in data["seats"]].index(data["result"]["winners"][0])]["name"]
    assert "  winner" in [line for line in out.splitlines() if winner in line and line.strip()[0].isdigit()][-1]
    assert out.strip().endswith("give the recorded result.")
    k = next(i for i, (p, m, _) in enumerate(data["log"]) if m["type"] == "lock")
    lock = data["log"][k][1]
    data["log"][k][1] = {"type": "lock", "action": "bank" if lock["action"] != "bank" else "double_down"}
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(data))
    assert verifier([str(bad)]) == 1
    said = capsys.readouterr().out
    assert said.startswith("REFUSED at step %d (" % (k + 1)), said
    (tmp_path / "broken.json").write_text("{")
    assert verifier([str(tmp_path / "broken.json")]) == 2


def test_every_phone_sees_the_deals_fingerprint_from_the_first_view_and_only_the_tv_the_seed():
    host, phones, _ = played_with_table_views("bank_or_bust", 9)
    deal = fingerprint(host.match.seed)
    for phone in phones:
        views = [json.loads(t) for t in phone.received if json.loads(t)["t"] == "view"]
        in_game = [v for v in views if v["room"]["phase"] != "lobby"]
        assert in_game and all(v["room"]["deal"] == deal for v in in_game)
        assert all("deal" not in v["room"] for v in views if v["room"]["phase"] == "lobby")
        assert not any(host.match.seed in t for t in phone.received)
    assert host.screen()["seed"] == host.match.seed  # the TV's results reveal it
    assert host.screen()["room"]["deal"] == deal
    assert len(deal) == 14 and deal.count(" ") == 2


def test_a_kept_record_the_rules_no_longer_accept_is_refused_in_a_sentence():
    """A host tab reloaded after an update restores records an older version kept; if this version's rules
    refuse one, Watch and Save say so and the room goes on."""
    host, _, _ = played_with_table_views("someone_elses_problem", 2)
    host.history[0]["record"]["log"][1][1] = {"type": "no_such_move"}
    out, err = host.host_action({"t": "watch", "game": 0}, 0)
    assert out == [] and sentence(err).startswith("This game cannot be replayed by this version (step 2: ")
    assert host.replay is None
    assert sentence(host.game_file(0)[1]).startswith("This game cannot be saved by this version (step 2: ")
