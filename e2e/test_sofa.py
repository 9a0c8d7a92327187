"""A party run from the sofa (issue 48): a TV and five phones, the smallest (360x640) holding the controls. Bank or
Bust and then Someone Else's Problem are picked, started, ended and left from that phone alone: the TV records
every tap, click and key press it gets, and gets none. In each game a guest leaves for good on their turn (their
tab closed), and the game does not wait for them past the grace: the room tells the game they are away and the
game's clock settles their turn AWAY_GRACE_MS later (D2-28, D4-21), by the host's own log. The holder is offered
Remove for the away guest, and removes them in the lobby before the next game; whenever it is the holder's turn, it
is in view on her small phone though she had scrolled away."""

import time

import bank_or_bust_play as bob
import pytest
import someone_elses_problem_play as sep
from controls_play import BAND, band_click, count_taps, in_view, scrolled_down, taps
from people import WAIT_MS, host_record, join_phones, open_host, seq, sync, timed_move

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
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    count_taps(host)
    phones = dict(zip(NAMES, join_phones(open_page, wait_ready, signal, host, code, NAMES)))
    ann = phones["Ann"]
    ann.set_viewport_size({"width": 360, "height": 640})  # the smallest phone holds the controls
    ann.wait_for_selector(BAND, timeout=WAIT_MS)
    seats = dict((s["name"], s["id"]) for s in host_record(host)["lobby"]["seats"])

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
