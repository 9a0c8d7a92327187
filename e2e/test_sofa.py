"""A party run from the sofa (issue 48): a TV and five phones, the smallest (360x640) holding the controls. Each
of the four games is picked, started, ended and left from that phone alone: the TV records every tap, click and
key press it gets, and gets none.

Bank or Bust, then Someone Else's Problem: in each a guest leaves for good on their turn (their tab closed), and
the game does not wait for them past the grace: the room tells the game they are away and the game's clock
settles their turn AWAY_GRACE_MS later (D2-28, D4-21), by the host's own log. The holder is offered Remove for the
away guest, and removes them in the lobby before the next game; whenever it is the holder's turn, it is in view
on her small phone though she had scrolled away.

Seven Rounds, then Hint Hunt: a guest leaves Seven Rounds for good once the others have locked in; the round
waits the grace for them and no more (D0-22), and the holder reveals it without them. A writer leaves Hint Hunt
before their hint is in; the holder starts the guessing without their board, after the question D3-22 asks, and
the game plays the boards of those who wrote."""

import time

import bank_or_bust_play as bob
import pytest
import someone_elses_problem_play as sep
from hint_hunt_play import one_claims_the_rest_stop, read_write_form, submit, tick_and_type
from controls_play import BAND, band_click, count_taps, in_view, scrolled_down, taps
from people import WAIT_MS, host_record, join_phones, open_host, seq, sync, timed_move, wait_seq_at_least
from seven_rounds_play import lock_in, wait_host_results, wait_phone_result, wait_round_open

from peerparty.engine import AWAY_GRACE_MS

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]
TICK_MS = 1500  # the host's clock feeds a deadline at its next tick: within a second, and a little
AFTER = 8  # turns played by the others once the leaver's turn has passed, before the holder ends the game
MAX_TURNS = 60  # a leaver's turn comes within a round or two; more means something loops

# the host's own log holds the room's news that this seat is away, and the game's clock after it
SETTLED = """(seat) => {
  const log = JSON.parse(localStorage.getItem('peerparty:host')).match.log;
  const away = log.findLastIndex(([who, move]) => who === '@host' && move.type === 'away' && move.players.includes(seat));
  return away >= 0 && log.slice(away + 1).some(([who]) => who === '@system');
}"""


def bob_turn(phone):
    bob.click_move(phone, bob.choose(bob.read_phone(phone)))


def sep_turn(phone):
    sep.play(phone, sep.choose(sep.read_phone(phone)))


def moment_in_view(page, what):
    """The phone brought its moment (the app's data-show) into view, under its sticky header."""
    key = page.locator("[data-show]").first.get_attribute("data-show")
    page.wait_for_selector("body[data-shown='%s']" % key, state="attached", timeout=WAIT_MS)
    in_view(page, "[data-show]", what)


# the host's log has grown past n entries
LOG_PAST = "(n) => JSON.parse(localStorage.getItem('peerparty:host')).match.log.length > n"


def settled_by_the_clock(host):
    """No phone acts: the input awaited is an away guest's. The next entry of the host's log is the game's clock,
    no later than the grace after the turn came to them. Returns how long it waited (ms)."""
    count = len(host_record(host)["match"]["log"])
    host.wait_for_function(LOG_PAST, arg=count, timeout=WAIT_MS + AWAY_GRACE_MS)
    log = host_record(host)["match"]["log"]
    came, settled = log[count - 1], log[count]
    waited = settled[2] - came[2]
    assert settled[0] == "@system" and waited <= AWAY_GRACE_MS + TICK_MS, (came, settled)
    return waited


def play_turns(host, phones, turn, ann, until=None, most=MAX_TURNS):
    """The phones play the game's turns, one actor at a time, until `until`'s turn comes (returned) or `most` turns
    were played. Ann reads the bottom of her page while the others play; on her turn, it is in view."""
    step_ms = []
    for _ in range(most):
        actors = sync(host, list(phones.values()))
        if host.get_attribute("body", "data-phase") != "playing":
            break
        if not actors:  # the turn of a guest who left came round again: the game's clock settles it
            settled_by_the_clock(host)
            continue
        assert len(actors) == 1, "exactly one phone should be asked to act, got %d: the TV at %s, %s" % (
            len(actors),
            seq(host),
            [(name, seq(page), page.get_attribute("body", "data-act")) for name, page in phones.items()],
        )
        actor = actors[0]
        if actor is phones.get(until):
            return step_ms
        if actor is ann:
            moment_in_view(ann, "Ann's turn on her 360x640 phone, after she had scrolled down")
        else:
            scrolled_down(ann)  # before the move: the next state may be her turn
        step_ms.append(timed_move(host, lambda: turn(actor)))
    assert until is None, "%s's turn never came in %d turns" % (until, most)
    return step_ms


def leaves_on_their_turn(host, phones, name, seat):
    """The guest on turn closes their tab for good; the game is told they are away and settles their turn by its
    clock, no later than the grace after the news (by the host's own log). Returns (wall seconds, grace seconds)."""
    t0 = time.monotonic()
    phones.pop(name).context.close()
    host.wait_for_function(SETTLED, arg=seat, timeout=WAIT_MS + AWAY_GRACE_MS)
    wall = time.monotonic() - t0
    log = host_record(host)["match"]["log"]
    news = [(who, move, t) for who, move, t in log if who in ("@host", "@system")]
    print("%s leaves: the room's and the clock's moves: %s" % (name, news))
    away = max(
        i
        for i, (who, move, _) in enumerate(log)
        if who == "@host" and move["type"] == "away" and seat in move["players"]
    )
    settled = next(entry for entry in log[away + 1 :] if entry[0] == "@system")
    waited = settled[2] - log[away][2]
    assert AWAY_GRACE_MS <= waited <= AWAY_GRACE_MS + TICK_MS, (
        "%s's turn was settled %d ms after the news that they are away (the grace is %d ms)"
        % (name, waited, AWAY_GRACE_MS)
    )
    return wall, waited / 1000


def end_from_the_band(host, ann):
    band_click(ann, "button:text-is('End game')", confirm=True)
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    ann.wait_for_selector("%s button:text-is('Choose another game')" % BAND, timeout=WAIT_MS)


@pytest.mark.timeout(900)
def test_two_games_from_the_controls_phone_alone_with_a_guest_leaving_each_for_good(
    open_page, wait_ready, signal, shot
):
    host, phones, seats = sofa_party(open_page, wait_ready, signal)
    ann = phones["Ann"]

    # --- Bank or Bust: Dan leaves on his turn ------------------------------------------------------------
    band_click(ann, "[data-move*='\"bank_or_bust\"']")
    ann.wait_for_selector("%s #start-phone:not([disabled])" % BAND, timeout=WAIT_MS)
    band_click(ann, "#start-phone")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    step_ms = play_turns(host, phones, bob_turn, ann, until="Dan")
    wall, waited = leaves_on_their_turn(host, phones, "Dan", seats["Dan"])
    print("Bank or Bust: Dan's turn passed %.1f s after his tab closed (%.1f s after the news)" % (wall, waited))
    log = host_record(host)["match"]["log"]
    assert not any(who == seats["Dan"] for who, _, _ in log[-1:]), "the turn passed over Dan without a move of his"
    # the holder is offered Remove for the away guest (the room's, first in the band)
    remove_dan = "%s [data-away-remove='%s']" % (BAND, seats["Dan"])
    ann.wait_for_selector(remove_dan, timeout=WAIT_MS)
    shot(ann, "sofa-phone-remove-away-dan")
    shot(host, "sofa-tv-dan-away-turn-passed")
    step_ms += play_turns(host, phones, bob_turn, ann, most=AFTER)
    end_from_the_band(host, ann)
    shot(ann, "sofa-phone-bank-or-bust-over")

    # --- the lobby: Dan is removed from the phone; Someone Else's Problem, Eve leaves on her turn ----------
    band_click(ann, "button:text-is('Choose another game')")
    host.wait_for_selector("body[data-phase=lobby]", timeout=WAIT_MS)
    band_click(ann, "button[aria-label='Remove Dan']", confirm=True)
    host.wait_for_function(
        "() => ![...document.querySelectorAll('.people .person-name')].some(e => e.textContent === 'Dan')",
        timeout=WAIT_MS,
    )
    band_click(ann, "[data-move*='\"someone_elses_problem\"']")
    ann.wait_for_selector("%s #start-phone:not([disabled])" % BAND, timeout=WAIT_MS)
    band_click(ann, "#start-phone")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    step_ms += play_turns(host, phones, sep_turn, ann, until="Eve")
    wall, waited = leaves_on_their_turn(host, phones, "Eve", seats["Eve"])
    print(
        "Someone Else's Problem: Eve's turn passed %.1f s after her tab closed (%.1f s after the news)" % (wall, waited)
    )
    ann.wait_for_selector("%s [data-away-remove='%s']" % (BAND, seats["Eve"]), timeout=WAIT_MS)
    shot(host, "sofa-tv-eve-away-turn-passed")
    step_ms += play_turns(host, phones, sep_turn, ann, most=AFTER)
    end_from_the_band(host, ann)
    shot(ann, "sofa-phone-someone-elses-problem-over")
    shot(host, "sofa-tv-someone-elses-problem-over")

    # every decision came from the phone: the TV was never touched
    assert taps(host) == []
    decided = [move["type"] for who, move, _ in host_record(host)["match"]["log"] if who == "@host"]
    assert "end_game" in decided, decided
    print(
        "sofa: %d turns played, a tap to the TV's table %d ms median"
        % (len(step_ms), sorted(step_ms)[len(step_ms) // 2])
    )


def sofa_party(open_page, wait_ready, signal):
    """A TV (its taps counted) and five phones, Ann's the smallest and holding the controls: (host, phones, seats)."""
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    count_taps(host)
    phones = dict(zip(NAMES, join_phones(open_page, wait_ready, signal, host, code, NAMES)))
    ann = phones["Ann"]
    ann.set_viewport_size({"width": 360, "height": 640})  # the smallest phone holds the controls
    ann.wait_for_selector(BAND, timeout=WAIT_MS)
    seats = dict((s["name"], s["id"]) for s in host_record(host)["lobby"]["seats"])
    return host, phones, seats


def start_from_the_band(host, ann, game_id):
    band_click(ann, "[data-move*='\"%s\"']" % game_id)
    ann.wait_for_selector("%s #start-phone:not([disabled])" % BAND, timeout=WAIT_MS)
    band_click(ann, "#start-phone")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)


def band_press(ann, selector):
    """Press a host button of the band, answering its question yes when it asks one (data-confirm)."""
    ann.wait_for_selector("%s %s:not([disabled])" % (BAND, selector), timeout=WAIT_MS)
    asks = ann.get_attribute("%s %s" % (BAND, selector), "data-confirm")
    band_click(ann, selector, confirm=asks is not None)
    return asks


def reveal_round(host, phones, ann, rnd):
    """The holder reveals round `rnd` from her band, where it is her move, in view; every phone still here shows
    its result."""
    reveal = "nav.sr-controls button[data-move*='\"reveal\"']:not([disabled])"  # or "Reveal and skip missing"
    ann.wait_for_selector("%s[data-your-move]" % BAND, timeout=WAIT_MS)
    in_view(ann, "%s %s" % (BAND, reveal), "Reveal on the holder's 360x640 phone")
    band_press(ann, reveal)
    wait_host_results(host, rnd)
    for phone in phones.values():
        wait_phone_result(phone, rnd)


@pytest.mark.timeout(900)
def test_seven_rounds_and_hint_hunt_from_the_controls_phone_alone_with_a_guest_leaving_each_for_good(
    open_page, wait_ready, signal, shot
):
    host, phones, seats = sofa_party(open_page, wait_ready, signal)
    ann = phones["Ann"]

    # --- Seven Rounds: round 1 as ever; in round 2 Dan leaves once the others have locked in --------------
    start_from_the_band(host, ann, "seven_rounds")
    for phone in phones.values():
        wait_round_open(phone, 1)
        lock_in(phone, "bank")
    reveal_round(host, phones, ann, 1)
    band_click(ann, "nav.sr-controls button:text-is('Start round 2')")
    for phone in phones.values():
        wait_round_open(phone, 2)
    for name, phone in phones.items():
        if name != "Dan":
            lock_in(phone, "bank")
    wall, waited = leaves_on_their_turn(host, phones, "Dan", seats["Dan"])  # D0-22: the grace, then time is up
    print("Seven Rounds: Dan's round was up %.1f s after his tab closed (%.1f s after the news)" % (wall, waited))
    shot(ann, "sofa-phone-seven-rounds-reveal-without-dan")
    reveal_round(host, phones, ann, 2)
    shot(host, "sofa-tv-seven-rounds-round-2-without-dan")
    log = host_record(host)["match"]["log"]
    round_2 = [i for i, (who, move, _) in enumerate(log) if who == "@host" and move["type"] == "next_round"][1]
    revealed = next(i for i in range(round_2, len(log)) if log[i][0] == "@host" and log[i][1]["type"] == "reveal")
    locked = {who for who, move, _ in log[round_2:revealed] if move["type"] == "lock"}
    assert locked == {seats[n] for n in NAMES if n != "Dan"}, "round 2 is revealed with everyone's lock but Dan's"
    assert [who for who, move, _ in log[round_2:revealed] if who == "@system"], "the round's time ran out for Dan"
    band_click(ann, "nav.sr-controls button:text-is('Start round 3')")
    for phone in phones.values():
        wait_round_open(phone, 3)
    end_from_the_band(host, ann)

    # --- Hint Hunt: Dan is removed in the lobby; Eve leaves before her hint is in ---------------------------
    band_click(ann, "button:text-is('Choose another game')")
    host.wait_for_selector("body[data-phase=lobby]", timeout=WAIT_MS)
    band_click(ann, "button[aria-label='Remove Dan']", confirm=True)
    start_from_the_band(host, ann, "hint_hunt")
    phones.pop("Eve").context.close()
    for name, phone in phones.items():
        form = read_write_form(phone)
        tick_and_type(phone, form["unlocked"][:2], "Hint%s" % name)
        submit(phone)
    start = ".hh-controls .hh-start"
    # D3-22: once Eve is away (the room's news), the holder may start without her board, and is asked first
    host.wait_for_function(
        """(seat) => JSON.parse(localStorage.getItem('peerparty:host')).match.log.some(
             ([who, move]) => who === '@host' && move.type === 'away' && move.players.includes(seat))""",
        arg=seats["Eve"],
        timeout=WAIT_MS,
    )
    ann.wait_for_selector("%s %s:not([disabled])[data-confirm]" % (BAND, start), timeout=WAIT_MS)
    shot(ann, "sofa-phone-hint-hunt-start-without-eve")
    asked = band_press(ann, start)
    assert "Eve" in asked and "away" in asked, asked
    boards = 0
    while host.get_attribute("body", "data-phase") == "playing":
        boards += 1
        guessers = [p for p in phones.values() if p.locator("button.hh-claim").count()]
        assert len(guessers) == 2, "the three who wrote are here: everyone but the board's writer guesses"
        wait_seq_at_least(ann, one_claims_the_rest_stop(guessers))  # her Next hint asks only if one still guesses
        band_press(ann, ".hh-controls .hh-next")
        host.wait_for_function(
            "n => document.body.dataset.phase !== 'playing' || Number(document.body.dataset.seq) >= n",
            arg=seq(ann),
            timeout=WAIT_MS,
        )
    assert boards == 3, "Eve wrote no hint: her board is not played (D3-22)"
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    shot(ann, "sofa-phone-hint-hunt-over")
    shot(host, "sofa-tv-hint-hunt-over")

    assert taps(host) == []
    decided = [move["type"] for who, move, _ in host_record(host)["match"]["log"] if who == "@host"]
    assert decided.count("start_guessing") == 1 and decided.count("next_board") == 3, decided
