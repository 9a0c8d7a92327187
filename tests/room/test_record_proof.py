"""A saved game that proves what it claims (issue 31, part 3): the verifier gives one line for every failure
(exit 1 refused, 2 unreadable), escapes what it prints, binds seats, title and options into the first check,
refuses options the host's screen cannot set, and prints the game's final fingerprint, the one every results
screen showed: a forger who recomputes every check still cannot match it."""

import json
import os
import subprocess
import sys

import pytest

from peerparty.engine.record import dumps, play_back, write
from peerparty.games import REGISTRY
from peerparty.replay import main as verifier

from .test_replay import ROOT, played_with_table_views


def saved(game_id="seven_rounds", seed=8):
    host, phones, _ = played_with_table_views(game_id, seed)
    return host, phones, json.loads(host.game_file(0)[1])


def run(tmp_path, text, capsys):
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    status = verifier([str(path)])
    out, err = capsys.readouterr()
    return status, out, err


def test_every_unreadable_file_is_one_line_and_exit_2(tmp_path, capsys):
    _, _, data = saved()
    player = dict(data, log=[[["p1"], data["log"][0][1], 0]] + data["log"][1:])
    for text in [
        "[" * 100000 + "]" * 100000,
        json.dumps({k: v for k, v in data.items() if k != "title"}),
        json.dumps(dict(data, game=[])),
        json.dumps(dict(data, seed="deal\ud800")),
        json.dumps(dict(data, seats={"p1": "Ann"})),
        json.dumps(dict(data, options=[])),
    ]:
        status, out, err = run(tmp_path, text, capsys)
        assert (status, out) == (2, "") and len(err.strip().splitlines()) == 1 and err.startswith("Cannot read")
    status, out, _ = run(tmp_path, json.dumps(player), capsys)
    assert status == 1 and out.startswith("REFUSED at step 1") and "not seated" in out


def forged(data, names=None, log=None):
    """The file a forger writes: names or moves changed, the result the rules give and every check
    recomputed, as anyone can."""
    record = {
        "game": data["game"],
        "players": [s["id"] for s in data["seats"]],
        "seed": data["seed"],
        "options": data["options"],
        "log": log or data["log"],
    }
    steps = play_back(REGISTRY, record["game"], record["players"], record["seed"], record["options"], record["log"])
    result = REGISTRY[data["game"]].result(steps[-1].state)
    return write(REGISTRY, record, names or dict((s["id"], s["name"]) for s in data["seats"]), result)


def test_seats_title_and_options_are_bound_into_the_first_check(tmp_path, capsys):
    _, _, data = saved()
    a, b = data["seats"][0]["name"], data["seats"][1]["name"]
    swapped = dict(data, seats=[dict(data["seats"][0], name=b), dict(data["seats"][1], name=a)] + data["seats"][2:])
    for tampered in (swapped, dict(data, title="Nine Rounds")):
        status, out, _ = run(tmp_path, json.dumps(tampered), capsys)
        assert status == 1 and out.startswith("REFUSED at step 1 (") and "check differs" in out


@pytest.mark.parametrize(
    "game_id, options",
    [
        ("bank_or_bust", {"deck": [2] * 80}),
        ("seven_rounds", {"missions": {}}),
        ("hint_hunt", {"host": None}),
    ],
)
def test_options_the_hosts_screen_cannot_set_are_refused(tmp_path, capsys, game_id, options):
    _, _, data = saved(game_id, 3)
    status, out, _ = run(tmp_path, json.dumps(dict(data, options=options)), capsys)
    assert status == 1 and out.startswith("REFUSED: The options ") and "not ones the host's screen can set" in out


def test_what_the_verifier_prints_from_the_file_cannot_steer_the_terminal(tmp_path):
    """A name holding ESC sequences once cleared the screen and drew someone else's fingerprint; a lone
    surrogate crashed the print. Both are escaped (a record written past the room's own name rule)."""
    _, _, data = saved()
    names = dict((s["id"], s["name"]) for s in data["seats"])
    first = data["seats"][0]["id"]
    names[first] = "\x1b[2J\x1b[HAnn\u202e\ud800"
    path = tmp_path / "escapes.json"
    path.write_text(dumps(forged(data, names=names)), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "peerparty.replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        env=dict((k, v) for k, v in os.environ.items() if k != "PYTHONPATH"),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout.decode("utf-8")
    assert "\x1b" not in out and "\u202e" not in out and done.stderr == b""
    assert "\\x1b[2J\\x1b[HAnn\\u202e\\ud800" in out
    assert "Options {}" in out


def test_the_final_fingerprint_is_on_every_results_screen_and_a_forger_cannot_match_it(tmp_path, capsys):
    host, phones, data = saved()
    final = host.screen()["room"]["final"]
    assert len(final) == 19 and final.count(" ") == 3
    for phone in phones:
        views = [json.loads(t) for t in phone.received if json.loads(t)["t"] == "view"]
        assert views[-1]["room"]["final"] == final
    status, out, _ = run(tmp_path, dumps(data), capsys)
    assert status == 0 and "Final fingerprint %s" % final in out
    # one move changed, same result, every check recomputed: the file verifies, its final fingerprint differs
    game = REGISTRY[data["game"]]
    steps = play_back(REGISTRY, game.id, [s["id"] for s in data["seats"]], data["seed"], data["options"], data["log"])
    for k, (player, move, _) in enumerate(data["log"]):
        for other in game.legal_moves(steps[k].state, player) if player in steps[k].state["players"] else []:
            if other == move:
                continue
            log = json.loads(json.dumps(data["log"]))
            log[k][1] = other
            try:
                fake = forged(data, log=log)
            except Exception:  # a later step no longer legal
                continue
            if fake["result"] == data["result"]:
                status, out, _ = run(tmp_path, dumps(fake), capsys)
                assert status == 0 and "Final fingerprint " in out and final not in out
                return
    pytest.fail("no legal other lock keeps the result: pick another seed")
