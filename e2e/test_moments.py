"""The moments move (issue 30), over real PeerJS: three phones play Seven Rounds and the TV walks each reveal
through the rulebook's order (everyone's choice, the BANK/TEAM UP/PREDICT/DOUBLE DOWN points, each SWIPE from
the captain clockwise, the Secret Missions, the totals) within 3 s, as the browser's own animation list
(document.getAnimations()) shows; the host's Next moves on mid-moment; reduced motion shows the finished table at
once; the replay plays the same sequence. Every wait is on what the pages set (body[data-seq], the moment's id,
the animations' own finished promises)."""

from moments import animations, ends_ms, seen, timeline, wait_done
from people import WAIT_MS, join_phones, open_host, seq, wait_seq_above
from seven_rounds_play import (
    host_click,
    lock_in,
    start_seven_rounds,
    wait_host_locked,
    wait_host_results,
    wait_round_open,
)

NAMES = ["Ann", "Ben", "Cat"]
# Ann is round 1's captain (first to join): Ben's SWIPE resolves before Cat's (from the captain's seat clockwise)
ROUND_1 = {"Ann": ("bank",), "Ben": ("swipe", "Cat"), "Cat": ("swipe", "Ann")}
HOLD = """([sel, t]) => document.getAnimations().filter(a => a.effect.target.closest(sel))
  .forEach(a => { a.pause(); a.currentTime = t; })"""
COLUMNS = ["Action", "Action points", "Swipes", "Mission", "Total"]  # the table's columns 1..5


def play_round(host, phones, rnd, plan):
    for name, phone in phones.items():
        wait_round_open(phone, rnd)
        lock_in(phone, *plan[name])
    wait_host_locked(host, len(phones))
    host_click(host, "Reveal")
    wait_host_results(host, rnd)
    return "#moment-sr-%d" % rnd


def test_a_reveal_walks_the_table_through_the_rulebooks_order_and_the_replay_walks_it_the_same(
    open_page, wait_ready, signal, shot
):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = dict(zip(NAMES, join_phones(open_page, wait_ready, signal, host, code, NAMES)))
    start_seven_rounds(host)

    # --- round 1: the sequence, as the browser runs it -----------------------------------------------------
    moment = play_round(host, phones, 1, ROUND_1)
    live = animations(host, moment)
    assert live and set(a["name"] for a in live) == {"pp-beat", "pp-pass"}
    assert ends_ms(live) <= 3000, "a moment is over within 3 s"
    # a column a step: every cell (and heading) of a column starts after the whole column before it
    starts = dict((c, [a["delay"] for a in live if a["column"] == c and a["name"] == "pp-beat"]) for c in range(1, 6))
    assert all(starts[c] for c in starts), starts
    for c in range(1, 5):
        assert max(starts[c]) < min(starts[c + 1]), (COLUMNS[c - 1], COLUMNS[c])
    # the caption walks the steps; the swipes in captain order, each with its sentence
    captions = [text for _, name, text in timeline(live) if name == "pp-pass"]
    assert captions[0] == "1. Everyone\u2019s choice" and captions[1].startswith("2. BANK, TEAM UP")
    assert [c.split()[1] for c in captions if c.startswith("3. ")] == ["Ben", "Cat"]
    assert captions[-1] == "4. Secret Missions"
    # the sequence as frames to look at: every animation of the moment held at the same time, then let go
    for t in (300, 900, 1500, 2000, 2400, 3000):
        host.evaluate(HOLD, [moment, t])
        shot(host, "moments-sr-reveal-%04dms" % t, moving=True)
    host.evaluate(
        "sel => document.getAnimations().filter(a => a.effect.target.closest(sel)).forEach(a => a.play())", moment
    )
    wait_done(host, moment)
    after = seen(host, moment)
    assert set(after["beats"]) == {"1"} and all(float(o) < 0.01 for o in after["captions"]), after  # captions gone
    assert [a["state"] for a in animations(host, moment)] == ["finished"] * len(live)
    shot(host, "moments-sr-reveal-done")

    # --- round 2: the host's Next moves on while the moment still plays -------------------------------------
    host_click(host, "Start round 2")
    moment = play_round(host, phones, 2, dict((n, ("bank",)) for n in NAMES))
    running = host.evaluate(
        "sel => document.getAnimations().filter(a => a.effect.target.closest(sel) && a.playState === 'running').length",
        moment,
    )
    before = seq(host)
    host_click(host, "Start round 3")
    wait_seq_above(host, before)
    assert running > 0, "the Next was pressed mid-moment"
    assert host.inner_text(".sr-title") == "Round 3 of 7" and host.query_selector(moment) is None

    # --- round 3 with reduced motion: the finished table at once, no caption ---------------------------------
    host.emulate_media(reduced_motion="reduce")
    moment = play_round(host, phones, 3, dict((n, ("bank",)) for n in NAMES))
    assert animations(host, moment) == []
    still = seen(host, moment)
    assert set(still["beats"]) == {"1"} and set(still["captions"]) == {"none"}, still
    host.emulate_media(reduced_motion="no-preference")

    # --- the replay: the same sequence at round 1's reveal -------------------------------------------------
    host_click(host, "End game")
    host.click("#pp-confirm [data-answer=yes]")
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    host.locator(".deal-row").get_by_role("button", name="Watch it again").click()
    host.wait_for_selector(".replay-bar[data-replay-at='0']", timeout=WAIT_MS)
    host.locator(".replay-bar").get_by_role("button", name="On to the next moment", exact=True).click()
    host.wait_for_selector(".replay-stage #moment-sr-1", timeout=WAIT_MS)
    again = animations(host, "#moment-sr-1")
    assert timeline(again) == timeline(live)
    # the replay's players wear the faces the room gave them (the lobby's list, the same seats)
    faces = host.eval_on_selector_all(".replay-seats .face", "els => els.map(e => e.className)")
    assert len(faces) == 3 and len(set(faces)) == 3
