"""Leaks and hostile text over real PeerJS.

Leaks, one short real game per game: phones opened with &record=1 keep every message text they received. The
host's record (localStorage "peerparty:host") is replayed with Match.from_record under CPython; every game view
a phone received must be one the engine produced for that seat at some step, and the whole message text must
hold none of the other seats' secrets at that step (tests/test_leaks.py: fragments, perturbed), no other seat's
token and not the match seed. Hint Hunt's "replica" (the whole room, for the host's successor) is the one
documented exception: exactly the successor's phone receives it, nobody else.

Hostile text: people join with names that are HTML and script, and one Hint Hunt hint is a script; every screen
shows them as text, nothing runs, no element is made from them.
"""

import json

import pytest

from people import (
    WAIT_MS,
    join,
    join_phones,
    open_host,
    open_phone,
    pick,
    play_here,
    received,
    seq,
    sync,
    timed_move,
    wait_players,
    wait_present,
    wait_seq_above,
)
from tests.test_leaks import canonical, fragments, perturbed

from peerparty.engine import Match
from peerparty.games import REGISTRY


def raw_received(phone):
    return list(phone.evaluate("() => Array.from(window.pp.received)"))


def engine_states(record):
    """The match's state after setup and after every logged step."""
    m = record["match"]
    match = Match(REGISTRY[m["game"]], m["players"], m["seed"], m["options"])
    states = [match.state]
    for player, move, now_ms in m["log"]:
        match.play(player, move, now_ms)
        states.append(match.state)
    assert Match.from_record(REGISTRY, m).state == match.state
    return match, states


def check_phone(name, texts, seat, snapshot, match, states, successor=None):
    """Every message this phone received, searched; returns (views checked, replicas received)."""
    game_id = match.game.id
    game = match.game
    viewer = seat if seat in match.players else None
    tokens = [s["token"] for s in snapshot["lobby"]["seats"] if s["id"] != seat]
    seeds = [match.seed] + ([snapshot["seed"]] if snapshot.get("seed") else [])
    by_state = {}
    checked = replicas = 0
    assert texts, "%s received nothing" % name
    for text in texts:
        message = json.loads(text)
        if message["t"] == "replica":
            replicas += 1
            assert seat == successor, "%s is not the successor but received the room's replica" % name
            continue
        for token in tokens:
            assert token not in text, "%s received another seat's token" % name
        for seed in seeds:
            assert seed not in text, "%s received the match seed" % name
        if message["t"] == "welcome":
            assert message["seat"] == seat
        if message["t"] != "view" or message.get("view") is None or message["room"]["game"] != game_id:
            continue
        assert message["me"] == seat
        shown = canonical(dict((k, v) for k, v in message["view"].items() if k != "ref"))  # ref: the decision
        ks = [k for k in range(len(states)) if by_state.setdefault(k, canonical(game.view(states[k], viewer))) == shown]
        assert ks, "%s received a game view the engine never produced for seat %s" % (name, seat)
        whole = canonical(message)
        for k in ks:
            s = states[k]
            for what, fragment, allowed in fragments(game_id, s, viewer):
                n = whole.count(fragment)
                assert n <= allowed, "%s (seat %s) received %s: %s x%d (step %d)" % (name, seat, what, fragment, n, k)
            for t in perturbed(game_id, s, viewer):
                assert canonical(game.view(t, viewer)) == shown, (
                    "%s's view depends on another seat's secret (step %d)" % (name, k)
                )
        checked += 1
    return checked, replicas


def check_all(host, phones, names, successor=None):
    snapshot = json.loads(host.evaluate("() => localStorage.getItem('peerparty:host')"))
    match, states = engine_states(snapshot)
    seat_of = dict((s["name"], s["id"]) for s in snapshot["lobby"]["seats"])
    report = {}
    for name, phone in zip(names, phones):
        report[name] = check_phone(
            name,
            raw_received(phone),
            seat_of[name],
            snapshot,
            match,
            states,
            seat_of.get(successor) if successor else None,
        )
    print(
        "%s: %d steps; per phone (game views checked, replicas received): %s" % (match.game.id, len(states) - 1, report)
    )
    assert all(checked >= 3 for checked, _ in report.values()), report
    return report, seat_of, snapshot


def take_turns(host, phones, most, take_turn):
    """A turn-based game: until it ends (or `most` turns), the one phone whose turn it is takes it."""
    for _ in range(most):
        actors = sync(host, phones)
        if host.get_attribute("body", "data-phase") != "playing":
            break
        assert len(actors) == 1
        timed_move(host, lambda: take_turn(actors[0]))
    sync(host, phones)


# --- the four games ---------------------------------------------------------------------------------------


@pytest.mark.timeout(600)
def test_seven_rounds_phones_receive_no_other_mission_or_unrevealed_choice(open_page, wait_ready, signal):
    from seven_rounds_play import (
        host_click,
        lock_in,
        start_seven_rounds,
        wait_host_locked,
        wait_host_results,
        wait_phone_result,
        wait_round_open,
    )

    names = ["Ann", "Ben", "Cat"]
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = join_phones(open_page, wait_ready, signal, host, code, names)
    start_seven_rounds(host)
    plans = [[("bank",), ("team_up", "Cat"), ("swipe", "Ann")], [("double_down",), ("bank",), ("team_up", "Ann")]]
    for rnd, plan in enumerate(plans, 1):
        for phone in phones:
            wait_round_open(phone, rnd)
        for phone, choice in zip(phones, plan):
            lock_in(phone, *choice)
        wait_host_locked(host, 3)
        sync(host, phones)  # every phone has seen the others lock, before the reveal
        host_click(host, "Reveal")
        wait_host_results(host, rnd)
        for phone in phones:
            wait_phone_result(phone, rnd)
        if rnd < len(plans):
            host_click(host, "Start round %d" % (rnd + 1))
    sync(host, phones)
    report, _, _ = check_all(host, phones, names)
    assert all(r == 0 for _, r in report.values())


@pytest.mark.timeout(600)
def test_bank_or_bust_phones_never_receive_the_deck_order(open_page, wait_ready, signal):
    from bank_or_bust_play import choose, click_move, read_phone, start_game

    names = ["Ann", "Ben", "Cat"]
    host, code, phones = start_game(open_page, wait_ready, signal, names)
    take_turns(host, phones, 30, lambda phone: click_move(phone, choose(read_phone(phone))))
    report, _, _ = check_all(host, phones, names)
    assert all(r == 0 for _, r in report.values())


@pytest.mark.timeout(600)
def test_someone_elses_problem_phones_receive_no_other_hand_nor_the_draw_order(open_page, wait_ready, signal):
    from someone_elses_problem_play import choose, play, read_phone, start_game

    names = ["Ann", "Ben", "Cat", "Dan"]
    host, code, phones = start_game(open_page, wait_ready, signal, names)
    take_turns(host, phones, 16, lambda phone: play(phone, choose(read_phone(phone))))
    report, _, _ = check_all(host, phones, names)
    assert all(r == 0 for _, r in report.values())


@pytest.mark.timeout(600)
def test_hint_hunt_phones_receive_no_unplayed_board_nor_unclaimed_role_and_only_the_successor_the_replica(
    open_page, wait_ready, signal
):
    from hint_hunt_play import (
        claim,
        read_board,
        read_write_form,
        seat_host_and_join,
        start_guessing,
        submit,
        tick_and_type,
    )

    names = ["Ann", "Ben", "Cat"]
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    pages = seat_host_and_join(host, open_page, wait_ready, signal, code, "Hana", names)
    phones = [pages[n] for n in names]
    host.click("#start")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    # Hints that can never be a board word (words are uppercase letters only), so finding one in a phone's
    # messages is a leak and never a word the phone may see on a board.
    hints = {"Hana": "orbit-x1", "Ann": "kitchen-x2", "Ben": "ocean-x3", "Cat": "music-x4"}
    for name, page in [("Hana", host)] + list(zip(names, phones)):
        form = read_write_form(page)
        tick_and_type(page, form["unlocked"][:2], hints[name])
        submit(page)
    start_guessing(host)
    sync(host, phones)
    # board 1 is the host's: two phones each claim one word they are offered (a role is then public)
    for phone in phones[:2]:
        sync(host, phones)
        board = read_board(phone)
        if not board["claimable"]:
            continue
        h = seq(host)
        claim(phone, board["claimable"][0])
        wait_seq_above(host, h)
    sync(host, phones)
    report, seat_of, snapshot = check_all(host, phones, names, successor="Ann")
    assert report["Ann"][1] >= 1, "the successor (earliest-joined player) holds a replica"
    assert report["Ben"][1] == 0 and report["Cat"][1] == 0
    # the replica is exactly the room as the host persisted it: everything, for Ann only
    last = [json.loads(t) for t in raw_received(pages["Ann"]) if json.loads(t)["t"] == "replica"][-1]
    assert last["snapshot"]["match"]["seed"] == snapshot["match"]["seed"]


# --- hostile text -------------------------------------------------------------------------------------------

HOSTILE_NAMES = {  # names are 1-20 characters (protocol.NAME_MAX)
    "host": "<b>bold</b>",
    "a": "<svg/onload=_p=1>",
    "b": "<i onclick=_p=1>x",
    "c": "&lt;&amp; \"'`${_p}",
}
HOSTILE_HINT = "<img src=x onerror=_p=1>"  # 24 characters: the hint's limit
LONG_NAMES = ['<img src=x onerror="window.__pwned=1">', "<script>window.__pwned=1</script>"]

NOTHING_RAN = """() => ({
  pwned: typeof window.__pwned, p: typeof window._p,
  // in the page's body, where names and hints are drawn (join.html's head has its own stylesheets' onload)
  made: Array.from(document.body.querySelectorAll('img[src="x"], [onerror], [onload], [onclick], b, i, svg'))
    .filter(e => !['B', 'I', 'svg'].includes(e.tagName) || e.textContent === 'bold' || e.outerHTML.includes('_p'))
    .map(e => e.outerHTML.slice(0, 80)),
  scripts: Array.from(document.scripts).filter(s => s.textContent.includes('_p=1')).length,
})"""

SHOWN = """(raw) => Array.from(document.querySelectorAll('body *'))
  .filter(e => e.children.length === 0 && e.textContent.trim() === raw).map(e => e.innerText.trim())"""


def assert_literal(page, raw, where):
    shown = page.evaluate(SHOWN, raw)
    assert shown and all(t == raw for t in shown), "%s does not show %r as text: %r" % (where, raw, shown)


def assert_nothing_ran(page, where):
    state = page.evaluate(NOTHING_RAN)
    assert state == {"pwned": "undefined", "p": "undefined", "made": [], "scripts": 0}, (where, state)


@pytest.mark.timeout(600)
def test_names_and_a_hint_that_are_html_and_script_show_as_text_on_every_screen(open_page, wait_ready, signal, shot):
    from hint_hunt_play import read_write_form, start_guessing, submit, tick_and_type

    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    pick(host, "hint_hunt")
    play_here(host, HOSTILE_NAMES["host"])
    wait_players(host, 1)
    phones = []
    for key in ("a", "b", "c"):
        phone = open_phone(open_page, wait_ready, signal, code, key)
        join(phone, HOSTILE_NAMES[key])
        phones.append(phone)
    # the brief's longer payloads are refused as names (over 20 characters), by the host, with a sentence
    for raw in LONG_NAMES:
        phones[0].evaluate(
            "t => window.pp.sendRaw(t)", json.dumps({"v": 1, "t": "hello", "room": code, "name": raw, "token": None})
        )
    phones[0].wait_for_function(
        "() => Array.from(window.pp.received).filter(t => JSON.parse(t).code === 'bad_name').length >= 2",
        timeout=WAIT_MS,
    )
    wait_players(host, 4)
    wait_present(host, 4)
    screens = [("host", host)] + [("phone " + k, p) for k, p in zip("abc", phones)]
    for where, page in screens:
        sync(host, phones)
        for raw in HOSTILE_NAMES.values():
            assert_literal(page, raw, where + " (lobby)")
        assert_nothing_ran(page, where + " (lobby)")
    host.wait_for_selector("#start:not([disabled])", timeout=WAIT_MS)
    host.click("#start")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    for i, (where, page) in enumerate(screens):
        form = read_write_form(page)
        tick_and_type(page, form["unlocked"][:1], HOSTILE_HINT if i == 0 else "PLAIN")
        submit(page)
    start_guessing(host)  # the host's board (with the hostile hint) is played first
    sync(host, phones)
    for where, page in screens:
        page.wait_for_selector(".hh-hint-box .hh-hint", timeout=WAIT_MS)
        assert page.inner_text(".hh-hint-box .hh-hint") == HOSTILE_HINT + " 1", where
        for raw in HOSTILE_NAMES.values():
            assert raw in page.inner_text("body"), (where, raw)
        assert_nothing_ran(page, where + " (guessing)")
    shot(host, "hostile-host-guessing")
    shot(phones[0], "hostile-phone-guessing")
    # the hint travels as data, unchanged; it is escaped only where a screen shows it
    sent = [
        m["view"]["board"].get("hint")
        for m in received(phones[1])
        if m["t"] == "view" and m.get("view") and m["view"]["phase"] == "guessing"
    ]
    assert sent and set(sent) == {HOSTILE_HINT}
