"""Watch it again, keep the record, fair deal shown (issue 17), over real PeerJS: three phones play a round of
Seven Rounds and the host ends the game. From the start the TV and every phone show the same fingerprint of the
seed; the results reveal the seed; "Save this game" downloads a record the documented command accepts (and
refuses once one lock is changed); "Watch it again" steps through the game on the TV, forward and back, keeping
the choices hidden until the step of their reveal, while the phones keep their results.

Every wait is on what the pages set: body[data-phase], body[data-seq], .replay-bar[data-replay-at]."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from people import (
    HOST_VIEW,
    WAIT_MS,
    deal_shown,
    host_record,
    join_phones,
    laid_out,
    open_host,
    save_and_verify,
    seq,
    wait_seq_above,
)
from seven_rounds_play import (
    host_click,
    lock_in,
    start_seven_rounds,
    wait_host_locked,
    wait_host_results,
    wait_round_open,
)
from test_experience import axe_problems

from peerparty.engine.record import fingerprint

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ann", "Ben", "Cat"]
PLAN = {"Ann": ("bank",), "Ben": ("swipe", "Cat"), "Cat": ("team_up", "Ann")}
PAGE_SIZE = "() => [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight]"


def at(host, step):
    host.wait_for_selector(".replay-bar[data-replay-at='%d']" % step, timeout=WAIT_MS)
    return host.inner_text(".replay-stage")


def press(host, name):
    host.locator(".replay-bar").get_by_role("button", name=name, exact=True).click()


def verifier(path):
    """The documented command, run from the repository's root: (exit status, what it printed)."""
    run = subprocess.run(
        [sys.executable, "-m", "peerparty.replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    return run.returncode, run.stdout + run.stderr


def test_the_tv_replays_a_finished_game_and_saves_a_record_anyone_can_check(
    open_page, wait_ready, signal, shot, tmp_path
):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = dict(zip(NAMES, join_phones(open_page, wait_ready, signal, host, code, NAMES)))
    start_seven_rounds(host)

    # --- fair deal, shown: one fingerprint, on the TV and every phone, from the game's first view ------------
    seed = host_record(host)["match"]["seed"]
    deal = fingerprint(seed)
    assert deal_shown(host) == deal
    for name, phone in phones.items():
        wait_round_open(phone, 1)
        assert deal_shown(phone) == deal, name
        assert seed not in phone.content(), name
    assert seed not in host.inner_text("body")
    shot(phones["Ann"], "replay-phone-deal")

    for name in NAMES:
        lock_in(phones[name], *PLAN[name])
    wait_host_locked(host, 3)
    host_click(host, "Reveal")
    wait_host_results(host, 1)
    # the deal decides whether a Secret Mission is completed in round 1: the replay must mark those the TV announced
    missions = [
        re.match(r"(\w+) completed a Secret Mission: (.+) \(\+\d+\)$", text.strip()).groups()
        for text in host.locator(".sr-missions li").all_text_contents()
    ]
    host_click(host, "End game")
    host.click("#pp-confirm [data-answer=yes]")
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    for phone in phones.values():
        phone.wait_for_selector("body[data-phase=over] h1.winners", timeout=WAIT_MS)
    assert seed in host.inner_text(".deal-row")  # the results reveal the seed
    # the final fingerprint: the same on the TV's results and every phone's
    final = host.get_attribute(".deal-row [data-final]", "data-final")
    assert final and all(phone.get_attribute("[data-final]", "data-final") == final for phone in phones.values())
    shot(host, "replay-host-results")
    phone_seq = dict((name, seq(phone)) for name, phone in phones.items())

    # --- keep the record: the real Save button, the documented command -------------------------------------
    data, path = save_and_verify(host)
    status, said = verifier(path)
    assert status == 0, said
    assert "fingerprint %s" % deal in said and "Round 1 revealed: every choice" in said
    assert "Final fingerprint %s" % final in said
    ben = [s["id"] for s in data["seats"] if s["name"] == "Ben"][0]
    k = next(i for i, (p, m, _) in enumerate(data["log"]) if p == ben)
    data["log"][k][1] = {"type": "lock", "action": "swipe", "target": data["seats"][0]["id"]}  # at Ann, not Cat
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    status, said = verifier(tampered)
    assert status == 1 and said.startswith("REFUSED at step %d (Ben: lock action=swipe target=Ann)" % (k + 1)), said

    # --- watch it again: step forward and back on the TV ---------------------------------------------------
    log = host_record(host)["match"]["log"]
    reveal = next(i for i, (_, m, _) in enumerate(log, 1) if m["type"] == "reveal")
    host.locator(".deal-row").get_by_role("button", name="Watch it again").click()
    stage = at(host, 0)
    assert host.get_attribute(".replay-bar", "data-replay-last") == str(len(log))
    assert "Get your phones ready" in stage
    press(host, "One step forward")
    assert "0 of 3 locked in" in at(host, 1)
    for step in range(2, reveal):
        press(host, "One step forward")
        stage = at(host, step)
    assert "Everyone has locked in" in stage
    assert "SWIPE" not in stage and "TEAM UP" not in stage  # the table never saw a choice before the reveal
    press(host, "On to the next moment")
    stage = at(host, reveal)
    said = ["Round 1 revealed: every choice"] + ["%s's Secret Mission revealed: %s" % done for done in missions]
    assert host.inner_text(".replay-moment") == "\u2605 " + " \u00b7 ".join(said)
    assert "SWIPE \u2192 Cat" in stage and "TEAM UP \u2192 Ann" in stage
    assert laid_out(host).evaluate(PAGE_SIZE) == list(HOST_VIEW), "the replay keeps to the TV"
    shot(host, "replay-host-reveal")
    assert axe_problems(host) == []
    press(host, "One step back")
    assert "SWIPE" not in at(host, reveal - 1)
    press(host, "Play")
    host.wait_for_selector(".replay-bar[data-replay-at='%d'][data-replay-playing='0']" % len(log), timeout=WAIT_MS)
    assert "wins!" in host.inner_text(".replay-moment") or "No winner" in host.inner_text(".replay-moment")
    shot(host, "replay-host-end")
    # the stage's own buttons are not the game's: nothing in it can be pressed
    assert host.locator(".replay-stage [data-move]:visible").count() == 0

    # the phones kept their results: nothing was sent to them
    for name, phone in phones.items():
        assert seq(phone) == phone_seq[name], name
        assert phone.locator("h1.winners").count() == 1, name

    # back to the results, then the lobby: tonight's history offers the game again
    press(host, "Close the replay")
    host.wait_for_selector(".over h2.winners", timeout=WAIT_MS)
    h = seq(host)
    host.click('[data-move=\'{"room":"lobby"}\']')
    wait_seq_above(host, h)
    host.wait_for_selector("body[data-phase=lobby] .history", timeout=WAIT_MS)
    host.locator(".history").get_by_role("button", name="Watch game 1 again: Seven Rounds").click()
    assert "Get your phones ready" in at(host, 0)
    shot(host, "replay-host-from-history")
    press(host, "Close the replay")
    host.wait_for_selector("body[data-phase=lobby] #start", timeout=WAIT_MS)
