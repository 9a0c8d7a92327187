"""A guest's walk through whole games of all four (issue 38): phones at 390x844 and 360x640, the TV at 1280x720
and 1920x1080, names as people type them (an emoji, a hyphen, twenty letters). At every step a guest looks at,
each page is measured where it stands, and the walk fails on:

- a page wider than its viewport (it scrolls sideways);
- a word broken inside itself: each drawn text node's words, measured glyph by glyph (a Range over the word):
  a word whose rects sit on two lines ("Bar/tho/lo/me/w"); a hyphen or a space is where a line may end;
- a phone whose main action (Join, Lock in, Draw/Bank, Submit, a claim, the move form) starts below the fold;
- a console error on any page.

test_a_double_click_shows_nothing double-clicks the main buttons (a harmless race) and fails on an error line or
banner afterwards: the host's side of that is issue 38 point 5, fixed on another branch.

The games are played by the games' own e2e helpers, as the other tests play them. No sleeps: every wait is on a
data- attribute the pages set (data-seq, data-phase, data-act, data-pending) or an element appearing.
"""

from pathlib import Path

import pytest

import bank_or_bust_play as bob
import hint_hunt_play as hh
import seven_rounds_play as sr
import someone_elses_problem_play as sep
from looks import LOOK, TV_LOOK, WHOLE_ON_TV
from people import (
    WAIT_MS,
    join,
    laid_out,
    open_host,
    pick_and_start,
    seq,
    wait_players,
    wait_present,
    wait_seq_above,
    wait_seq_at_least,
)

SCREENS = Path(__file__).resolve().parent.parent / "artifacts" / "screens"
PHONE_SIZES = ((390, 844), (360, 640))
TV_SIZES = ((1280, 720), (1920, 1080))
# names as guests type them: an emoji past U+FFFF, a hyphen, the longest (20), a short one
NAMES = ["\U0001f389Zo\u00eb", "Bartholomew Quinnell", "Jean-Baptiste Moreau", "Ann"]


class Walk:
    """The pages of one game and what was seen wrong on them, gathered so the walk goes on to the end."""

    def __init__(self, game, host, phones):
        self.game, self.host, self.phones = game, host, phones
        self.problems = []
        self.shots = set()

    def look(self, page, stage, main=None, sizes=None, whole=None):
        """Measure `page` at each of `sizes` (its own size by default) and note what is wrong; `whole`: what it
        must show without cutting it short."""
        laid_out(page)
        own = page.viewport_size
        for width, height in sizes or [(own["width"], own["height"])]:
            if (width, height) != (own["width"], own["height"]):
                page.set_viewport_size({"width": width, "height": height})
            try:
                problems = page.evaluate(LOOK, main)
                if whole:  # the TV
                    problems += page.evaluate(TV_LOOK, whole)
                for problem in problems:
                    self.problems.append(
                        "%s, %s at %dx%d, %s: %s" % (self.game, page.peerparty.name, width, height, stage, problem)
                    )
                key = (page.peerparty.name, width, stage)
                if key not in self.shots:
                    self.shots.add(key)
                    # what the guest sees at first, without scrolling
                    SCREENS.mkdir(parents=True, exist_ok=True)
                    page.screenshot(
                        path=str(SCREENS / ("walk-%s-%s-%d-%s.png" % (self.game, page.peerparty.name, width, stage))),
                        animations="disabled",
                    )
            finally:
                if (width, height) != (own["width"], own["height"]):
                    page.set_viewport_size(own)

    def tv(self, stage):
        self.look(self.host, stage, sizes=TV_SIZES, whole=WHOLE_ON_TV)

    def everyone(self, stage, main=None):
        """The TV at both sizes, each phone at its own; `main` is the action a phone whose turn it is must see."""
        self.tv(stage)
        for phone in self.phones:
            acting = phone.get_attribute("body", "data-act") == "1"
            self.look(phone, stage, main if acting else None)

    def done(self):
        for page in [self.host] + self.phones:
            for error in page.peerparty.console_errors:
                self.problems.append("%s, %s: console error: %s" % (self.game, page.peerparty.name, error))
        assert not self.problems, "\n".join(self.problems)


def open_guest(open_page, wait_ready, signal, code, index, name, walk=None):
    """A guest's phone (sizes in turn), its join form looked at before they type."""
    size = PHONE_SIZES[index % len(PHONE_SIZES)]
    page = open_page("/join.html?room=%s&signal=%s" % (code, signal), viewport=size, name="phone%d" % (index + 1))
    wait_ready(page)
    page.wait_for_selector("#join button:not([disabled])", timeout=WAIT_MS)
    if walk is not None:
        walk.look(page, "join", "#join button")
    join(page, name)
    return page


# each walk deals from a fixed seed (host.html ?seed=), so it meets the same states on every run; every state's
# main action at 360x640 is checked on purpose by e2e/test_phone_fit.py (issue 47: this walk met the worst by chance)
SEED = "guest-walk-1"


def room(open_page, wait_ready, signal, game, names):
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1&seed=" + SEED)
    walk = Walk(game, host, [])
    for i, name in enumerate(names):
        walk.phones.append(open_guest(open_page, wait_ready, signal, code, i, name, walk if i < 2 else None))
    count = len(names)
    wait_players(host, count)
    wait_present(host, count)
    for phone in walk.phones:
        phone.wait_for_function(
            "n => document.querySelectorAll('.people .person-name').length === n", arg=count, timeout=WAIT_MS
        )
    walk.everyone("lobby")
    return walk, code


def synced(walk):
    """Every phone shows the host's latest state; the phones whose input is awaited."""
    h = seq(walk.host)
    for phone in walk.phones:
        wait_seq_at_least(phone, h)
    return [p for p in walk.phones if p.get_attribute("body", "data-act") == "1"]


def the_end(walk):
    walk.host.wait_for_selector("body[data-phase=over] .over", timeout=WAIT_MS)
    for phone in walk.phones:
        phone.wait_for_selector("body[data-phase=over] h1.winners", timeout=WAIT_MS)
    walk.everyone("over")


# --- the games ------------------------------------------------------------------------------------

SR_PLAN = [("swipe", 1), ("team_up", 0), ("bank",), ("predict", None, "swipe")]


@pytest.mark.timeout(600)
def test_a_whole_seven_rounds(open_page, wait_ready, signal):
    walk, _ = room(open_page, wait_ready, signal, "seven_rounds", NAMES)
    sr.start_seven_rounds(walk.host)
    for rnd in range(1, 8):
        for phone in walk.phones:
            sr.wait_round_open(phone, rnd)
        if rnd in (1, 4):
            walk.everyone("round%d" % rnd, "button.sr-lock")
        for i, (phone, plan) in enumerate(zip(walk.phones, SR_PLAN)):
            action, target, guess = (plan + (None, None))[:3]
            target = NAMES[(i + 1 + target) % len(NAMES)] if target is not None else None
            sr.lock_in(phone, action, target, guess)
        sr.wait_host_locked(walk.host, len(walk.phones))
        sr.host_click(walk.host, "Reveal")
        sr.wait_host_results(walk.host, rnd)
        for phone in walk.phones:
            sr.wait_phone_result(phone, rnd)
        if rnd in (1, 4):
            walk.everyone("reveal%d" % rnd)
        if rnd < 7:
            sr.host_click(walk.host, "Start round %d" % (rnd + 1))
    the_end(walk)
    walk.done()


@pytest.mark.timeout(900)
def test_a_whole_bank_or_bust(open_page, wait_ready, signal):
    walk, _ = room(open_page, wait_ready, signal, "bank_or_bust", NAMES[:3])
    pick_and_start(walk.host, "bank_or_bust")
    moves, turns, last_caption = 0, 0, None
    while walk.host.get_attribute("body", "data-phase") == "playing":
        actors = synced(walk)
        assert len(actors) == 1, "one phone acts at a time, got %d" % len(actors)
        phone = actors[0]
        screen = bob.read_phone(phone)
        caption = bob.read_table(walk.host)["summaryCaption"]
        if screen["pending"] is None and (turns % 7 == 0 or caption != last_caption):
            walk.everyone("turn%d" % turns, ".bob-moves [data-move]")
        last_caption = caption
        if screen["pending"] is None:
            turns += 1
        h = seq(walk.host)
        bob.click_move(phone, bob.choose(screen))
        moves += 1
        wait_seq_above(walk.host, h)
        assert moves < 900, "the game did not end"
    the_end(walk)
    walk.done()


@pytest.mark.timeout(600)
def test_a_whole_hint_hunt_with_a_watcher(open_page, wait_ready, signal):
    # the TV is the table: the three players play on their phones (the first holds the controls, and so is the
    # rulebook's host); the TV's buttons are pressed here, as they still may be
    walk, code = room(open_page, wait_ready, signal, "hint_hunt", NAMES[:3])
    pick_and_start(walk.host, "hint_hunt")
    # a latecomer watches
    watcher = walk.phones.append(open_guest(open_page, wait_ready, signal, code, 3, NAMES[3])) or walk.phones[-1]
    players = walk.phones[:3]
    for page in players:
        hh.read_write_form(page)
    walk.everyone("writing", "form.hh-write .hh-submit")
    for page, hint in zip(players, ("ORBIT", "KITCHEN", "OCEAN")):
        form = hh.read_write_form(page)
        hh.tick_and_type(page, form["unlocked"][:2], hint)
        hh.submit(page)
    hh.start_guessing(walk.host)
    board = 0
    while walk.host.get_attribute("body", "data-phase") == "playing":
        board += 1
        synced(walk)
        walk.everyone("board%d" % board, "button.hh-claim")
        guesser = next(p for p in players if hh.read_board(p)["claimable"])
        h = seq(walk.host)
        hh.claim(guesser, hh.read_board(guesser)["claimable"][0])
        wait_seq_above(walk.host, h)
        synced(walk)
        walk.everyone("board%d-claimed" % board)
        walk.host.wait_for_selector(".hh-controls .hh-next:not([disabled])", timeout=WAIT_MS)
        confirm = walk.host.get_attribute(".hh-controls .hh-next", "data-confirm") is not None
        hh.next_board(walk.host, confirm)
    assert watcher.get_attribute("body", "data-phase") in ("playing", "over")
    the_end(walk)
    walk.done()


@pytest.mark.timeout(600)
def test_a_whole_someone_elses_problem(open_page, wait_ready, signal):
    walk, _ = room(open_page, wait_ready, signal, "someone_elses_problem", NAMES)
    pick_and_start(walk.host, "someone_elses_problem")
    moves = 0
    while walk.host.get_attribute("body", "data-phase") == "playing":
        actors = synced(walk)
        assert len(actors) == 1, "one phone acts at a time, got %d" % len(actors)
        phone = actors[0]
        if moves % 4 == 0:
            walk.everyone("move%d" % moves, ".sep-respond button, .sep-moves form, .sep-moves button")
        h = seq(walk.host)
        sep.play(phone, sep.choose(sep.read_phone(phone)))
        moves += 1
        wait_seq_above(walk.host, h)
        assert moves < 300, "the game did not end"
    the_end(walk)
    walk.done()


# --- a double click is a harmless race (issue 38 point 5) -------------------------------------------------

SHOWN_ERRORS = (
    "() => Array.from(document.querySelectorAll('.error-line, .banner.error')).map(e => e.textContent.trim())"
)


def no_message(pages, when):
    shown = [(page.peerparty.name, text) for page in pages for text in page.evaluate(SHOWN_ERRORS)]
    assert not shown, "after a double click (%s) a message is shown: %r" % (when, shown)


@pytest.mark.timeout(300)
def test_a_double_click_shows_nothing(open_page, wait_ready, signal):
    """Double clicks on the main buttons, as a hurried guest or host does: the second click lost a harmless race
    and must show no error line or banner on any screen. The host's side of this is issue 38 point 5 (the branch
    `remote`): until it is merged this test fails here (it shows the errors the issue lists)."""
    walk, _ = room(open_page, wait_ready, signal, "seven_rounds", NAMES[:3])
    host, phones = walk.host, walk.phones
    host.click("[data-move*='\"seven_rounds\"']")
    host.wait_for_selector("#start:not([disabled])", timeout=WAIT_MS)
    host.dblclick("#start")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    for rnd in (1, 2):
        for phone in phones:
            sr.wait_round_open(phone, rnd)
            sr.choose(phone, "bank")
            phone.dblclick("button.sr-lock")
            # both clicks answered (the phone's moves in flight: body[data-pending])
            phone.wait_for_selector("body[data-act='0'][data-pending='0']", timeout=WAIT_MS)
        no_message(phones, "Lock in, round %d" % rnd)
        sr.wait_host_locked(host, len(phones))
        host.dblclick("nav.sr-controls button:text-is('Reveal')")
        sr.wait_host_results(host, rnd)
        host.dblclick("nav.sr-controls button:text-is('Start round %d')" % (rnd + 1))
    # the host's clicks reach its rules in order: once round 3 is open and a phone's lock is on the TV, both
    # halves of every double click have been answered
    for phone in phones:
        sr.wait_round_open(phone, 3)
    sr.lock_in(phones[0], "bank")
    sr.wait_host_locked(host, 1)
    no_message([host] + phones, "Start, Lock in, Reveal, Start round")
    walk.done()
