"""Screens, looked at: each game is played through the phones to a mid-game state and to its end, and the
host screen is saved at 1280x720 and 1920x1080 and one phone at 390x844 (artifacts/screens/screens-*.png).
What a person across the room needs (the room code, whose turn or which round, the players' state, the host's
next button) must be inside the host's 1280x720 viewport without scrolling, during play and at game over (the
whole page: document.scrollingElement at most 1280x720, and 1920x1080 on the big TV); phones keep their tap targets at
44 px or more, say a result once, and keep Seven Rounds' Secret Mission in words near the top.

The play helpers are the games' own e2e helpers, imported read-only. No sleeps: every wait is on a data-
attribute the pages set (data-seq, data-phase, data-act) or on an element appearing.
"""

from pathlib import Path

import pytest

import bank_or_bust_play as bob
import hint_hunt_play as hh
import seven_rounds_play as sr
import someone_elses_problem_play as sep
from people import HOST_VIEW, WAIT_MS, join_phones, laid_out, open_host

TV = {"width": 1920, "height": 1080}
SMALL_TV = {"width": HOST_VIEW[0], "height": HOST_VIEW[1]}

# [selector, how many must match] -> every match must sit wholly inside the viewport
IN_VIEW = """([sel, min]) => {
  window.scrollTo(0, 0);
  const els = Array.from(document.querySelectorAll(sel));
  if (els.length < min) return sel + ': ' + els.length + ' on the page, expected ' + min;
  for (const el of els) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return sel + ': not displayed';
    if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
      return sel + ': outside the ' + innerWidth + 'x' + innerHeight + ' viewport at ' +
        [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)].join(',');
  }
  return '';
}"""

PAGE_SIZE = "() => [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight]"
SCREENS = Path(__file__).resolve().parent.parent / "artifacts" / "screens"

# the pictures of an open how-to-play: each labelled, drawn, and inside the viewport's width
PICTURES = """sel => {
  const box = document.querySelector(sel);
  if (!box || !box.open) return ['no open ' + sel];
  const out = [];
  const pics = Array.from(box.querySelectorAll('.ill-step'));
  if (pics.length < 3) out.push(sel + ': ' + pics.length + ' pictures');
  for (const fig of pics) {
    const art = fig.querySelector('[role=img]'), cap = fig.querySelector('figcaption');
    const label = art ? art.getAttribute('aria-label') || '' : '';
    if (label.split(' ').length < 5) out.push(sel + ': a picture without a label: ' + label);
    if (!cap || cap.innerText.trim().split(' ').length < 5) out.push(sel + ': a picture without a caption');
    for (const el of [art, cap]) {
      const r = el ? el.getBoundingClientRect() : null;
      if (!r || r.width < 40 || r.height < 20) { out.push(sel + ': a picture is not drawn'); continue; }
      if (r.left < -0.5 || r.right > innerWidth + 0.5) out.push(sel + ': a picture is cut at ' + Math.round(r.right));
    }
    // nothing inside a drawing spills out of its frame (a word too long for its card, a row too wide)
    const frame = fig.getBoundingClientRect();
    for (const el of art ? art.querySelectorAll('*') : []) {
      const r = el.getBoundingClientRect();
      if (r.width && (r.left < frame.left - 0.5 || r.right > frame.right + 0.5))
        out.push(sel + ': ' + (el.getAttribute('class') || el.tagName) + ' "' + el.textContent.slice(0, 20) + '" spills out');
    }
  }
  if (document.scrollingElement.scrollWidth > innerWidth) out.push('the page scrolls sideways');
  return out;
}"""

# visible controls a thumb presses, smaller than 44 px in either direction
SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
    'main button, main summary, main [data-move], main label:has(input[type=radio]), main label:has(input[type=checkbox])'))
  .filter(el => el.offsetParent !== null && !el.closest('details:not([open]) > :not(summary)'))
  .map(el => [el, el.getBoundingClientRect()])
  .filter(([el, r]) => r.height > 0 && (r.height < 43.5 || r.width < 43.5))
  .map(([el, r]) => el.tagName + '.' + el.className + ' "' + el.textContent.trim().slice(0, 30) + '" ' +
       Math.round(r.width) + 'x' + Math.round(r.height))"""

ANIMATION = "sel => { const el = document.querySelector(sel); return el ? getComputedStyle(el).animationName : null; }"


class Problems(list):
    """What looked wrong, gathered so every screenshot is still taken; the test fails on them at the end."""

    def check(self, ok, text):
        if not ok:
            self.append(text)

    def done(self):
        assert not self, "\n".join(self)


def calm(*pages):
    """Screenshots of a finished layout, not of a fade half-way: reduced motion on the pages we shoot."""
    for page in pages:
        page.emulate_media(reduced_motion="reduce")


def assert_in_view(out, page, *selectors):
    problems = []
    laid_out(page)
    for sel in selectors:
        if isinstance(sel, tuple):
            sel, least = sel
        else:
            least = 1
        problem = page.evaluate(IN_VIEW, [sel, least])
        if problem:
            problems.append(problem)
    out.check(not problems, "on the host at %r:\n%s" % (page.viewport_size, "\n".join(problems)))


# the elements that reach past the viewport, deepest first: what makes a page scroll
OVERFLOW = """() => Array.from(document.querySelectorAll('body *')).map((el) => [el, el.getBoundingClientRect()])
  .filter(([el, r]) => r.width && r.height && (r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5))
  .slice(-4).map(([el, r]) => el.tagName.toLowerCase() + '.' + (el.getAttribute('class') || '') +
    ' ' + Math.round(r.right) + 'x' + Math.round(r.bottom))"""


def assert_no_scroll(out, page):
    width, height = laid_out(page).evaluate(PAGE_SIZE)
    size = page.viewport_size
    ok = width <= size["width"] and height <= size["height"]
    out.check(
        ok,
        "the TV would scroll: page %dx%d in a %dx%d viewport (%s)"
        % (width, height, size["width"], size["height"], "" if ok else "; ".join(page.evaluate(OVERFLOW))),
    )


def assert_phone_targets(out, phone):
    small = laid_out(phone).evaluate(SMALL_TARGETS)
    out.check(not small, "tap targets under 44 px on the phone:\n" + "\n".join(small))


def assert_motion(out, page, sel):
    """A reveal moves a little, and not at all for someone who asked for reduced motion."""
    laid_out(page).emulate_media(reduced_motion="no-preference")
    moving = page.evaluate(ANIMATION, sel)
    page.emulate_media(reduced_motion="reduce")
    still = page.evaluate(ANIMATION, sel)
    out.check(moving not in (None, "none"), "%s has no reveal motion" % sel)
    out.check(still == "none", "%s still moves under prefers-reduced-motion: %s" % (sel, still))


def how_to_play_shot(out, page, sel, name):
    """Open a how-to-play as a person does (tap its summary), check its pictures, save it, fold it again."""
    laid_out(page).click(sel + " > summary")
    page.wait_for_selector(sel + "[open] .ill", timeout=WAIT_MS)
    page.locator(sel).scroll_into_view_if_needed()
    out.extend(page.evaluate(PICTURES, sel))
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.locator(sel).screenshot(path=str(SCREENS / ("%s.png" % name)))
    page.click(sel + " > summary")
    page.wait_for_selector(sel + ":not([open])", timeout=WAIT_MS)
    page.evaluate("() => window.scrollTo(0, 0)")


def shots(out, shot, host, phone, game, stage):
    shot(host, "screens-%s-host-1280-%s" % (game, stage))
    host.set_viewport_size(TV)
    try:
        shot(host, "screens-%s-host-1920-%s" % (game, stage))
        width, height = host.evaluate(PAGE_SIZE)
        out.check(width <= TV["width"], "horizontal scroll at 1920x1080")
        if stage == "final":
            out.check(height <= TV["height"], "the game-over screen scrolls at 1920x1080: %d px tall" % height)
        small = host.evaluate("() => parseFloat(getComputedStyle(document.body).fontSize)")
    finally:
        host.set_viewport_size(SMALL_TV)
    base = host.evaluate("() => parseFloat(getComputedStyle(document.body).fontSize)")
    out.check(small > base * 1.3, "type does not scale up on a 1920 screen (%s px vs %s px)" % (small, base))
    shot(phone, "screens-%s-phone-%s" % (game, stage))


def over_checks(out, host, phones):
    """The end: the winners headline and the host's next step fit the TV, and the whole game-over screen
    (headline, buttons and the game's final view) fits 1280x720 without scrolling; every phone says it once."""
    host.wait_for_selector("body[data-phase=over][data-seq] .over .final-view", timeout=WAIT_MS)
    assert_in_view(out, host, ".code", ".over h2.winners", ".over .actions button")
    assert_no_scroll(out, host)
    assert_motion(out, host, ".over h2.winners")
    for phone in phones:
        heads = phone.locator("h1.winners").count()
        tables = phone.locator("table.standings, .hh-standings, .bob-standings").count()
        out.check(heads == 1 and tables <= 1, "a phone shows the result %d/%d times" % (heads, tables))
        assert_phone_targets(out, phone)


def sync(host, phones):
    h = bob.seq(host)
    for phone in phones:
        bob.wait_seq_at_least(phone, h)
    return [p for p in phones if p.get_attribute("body", "data-act") == "1"]


# --- How to play, from the lobby ---------------------------------------------------------------------------

GAMES = ["seven_rounds", "bank_or_bust", "hint_hunt", "someone_elses_problem"]


@pytest.mark.timeout(300)
def test_how_to_play_screens(open_page, wait_ready, signal):
    """Every game's illustrated how-to-play, opened from the host's lobby at 1280x720 and from a phone's lobby
    at 390x844 once the host has picked the game."""
    out = Problems()
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phone = join_phones(open_page, wait_ready, signal, host, code, ["Ann"])[0]
    calm(host, phone)
    assert_no_scroll(out, host)  # the lobby, with its QR code, people and game picker, on one TV screen
    for game in GAMES:
        host.click('[data-move=\'{"room":"pick","game":"%s"}\']' % game)
        sel = "#how-" + game
        host.wait_for_selector(sel, timeout=WAIT_MS)
        phone.wait_for_selector(sel, timeout=WAIT_MS)
        how_to_play_shot(out, host, sel, "screens-%s-how-to-play-host-1280" % game)
        how_to_play_shot(out, phone, sel, "screens-%s-how-to-play-phone" % game)
    out.done()


# --- Seven Rounds ---------------------------------------------------------------------------------------

SR_NAMES = ["Ann", "Ben", "Cat", "Dan"]
SR_PLAN = [("bank",), ("team_up", "Cat"), ("team_up", "Ben"), ("predict", None, "team_up")]


@pytest.mark.timeout(600)
def test_seven_rounds_screens(open_page, wait_ready, signal, shot):
    out = Problems()
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    phones = join_phones(open_page, wait_ready, signal, host, code, SR_NAMES)
    calm(host, *phones)
    sr.start_seven_rounds(host)
    for rnd in range(1, 8):
        for phone in phones:
            sr.wait_round_open(phone, rnd)
        for i, (phone, plan) in enumerate(zip(phones, SR_PLAN)):
            if rnd == 2 and i == 2:
                # mid-game: two locked in, two still choosing
                sr.wait_host_locked(host, 2)
                assert_in_view(
                    out,
                    host,
                    ".code",
                    ".sr-title",
                    ".sr-countdown",
                    ".sr-status",
                    (".sr-lock-row", 4),
                    "nav.sr-controls",
                )
                # the Secret Mission is on the first phone screen, said in full
                box = phone.locator(".sr-mission").bounding_box()
                out.check(
                    box is not None and box["y"] + box["height"] <= 844,
                    "the Secret Mission is below the first phone screen: %r" % box,
                )
                assert_phone_targets(out, phone)
                assert_no_scroll(out, host)
                shots(out, shot, host, phone, "seven_rounds", "mid")
                how_to_play_shot(out, phone, "#sr-rules", "screens-seven_rounds-how-to-play-phone-in-game")
            sr.lock_in(phone, *(plan + (None,) * (3 - len(plan))))
        sr.wait_host_locked(host, len(phones))
        sr.host_click(host, "Reveal")
        sr.wait_host_results(host, rnd)
        for phone in phones:
            sr.wait_phone_result(phone, rnd)
        if rnd == 1:
            assert_in_view(out, host, ".code", ".sr-title", ".sr-reveal h2", "nav.sr-controls")
            assert_motion(out, host, ".sr-reveal .beat")  # its table fills in as a moment (e2e/test_moments.py)
            shots(out, shot, host, phones[0], "seven_rounds", "reveal")
        if rnd < 7:
            sr.host_click(host, "Start round %d" % (rnd + 1))
    host.wait_for_selector("body[data-phase=over]", timeout=WAIT_MS)
    for phone in phones:
        phone.wait_for_selector("body[data-phase=over] h1.winners", timeout=WAIT_MS)
    over_checks(out, host, phones)
    shots(out, shot, host, phones[0], "seven_rounds", "final")
    out.done()


# --- Bank or Bust: five players, the fullest table the TV must hold --------------------------------------

BOB_NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


@pytest.mark.timeout(900)
def test_bank_or_bust_screens(open_page, wait_ready, signal, shot):
    out = Problems()
    host, code, phones = bob.start_game(open_page, wait_ready, signal, BOB_NAMES)
    calm(host, *phones)
    clicks = 0
    mid = False
    while host.get_attribute("body", "data-phase") == "playing":
        actors = sync(host, phones)
        assert len(actors) == 1, "exactly one phone acts at a time, got %d" % len(actors)
        phone = actors[0]
        screen = bob.read_phone(phone)
        if not mid and clicks >= 30 and bob.read_table(host)["lines"] == [] and screen["pending"] is None:
            mid = True
            assert_in_view(out, host, ".code", ".bob-status", ".bob-counts", (".bob-player", 5), ".bob-active")
            assert_no_scroll(out, host)
            assert_phone_targets(out, phone)
            shots(out, shot, host, phone, "bank_or_bust", "mid")
            how_to_play_shot(out, phone, "#bob-rules", "screens-bank_or_bust-how-to-play-phone-in-game")
        h = bob.seq(host)
        bob.click_move(phone, bob.choose(screen))
        clicks += 1
        bob.wait_seq_above(host, h)
        assert clicks < 900, "the game did not end"
        if not mid and clicks >= 60:
            mid = True  # a round ended early every time: shoot whatever the table holds now
            sync(host, phones)
            assert_in_view(out, host, ".code", ".bob-status", ".bob-counts", (".bob-player", 5))
            assert_no_scroll(out, host)
            shots(out, shot, host, phones[0], "bank_or_bust", "mid")
            how_to_play_shot(out, phones[0], "#bob-rules", "screens-bank_or_bust-how-to-play-phone-in-game")
    host.wait_for_selector("body[data-phase=over] .over .bob-standings", timeout=WAIT_MS)
    for phone in phones:
        phone.wait_for_selector("body[data-phase=over] h1.winners", timeout=WAIT_MS)
    over_checks(out, host, phones)
    assert_in_view(out, host, ".bob-standings")
    shots(out, shot, host, phones[0], "bank_or_bust", "final")
    out.done()


# --- Hint Hunt: the host plays on its own screen -----------------------------------------------------------


@pytest.mark.timeout(600)
def test_hint_hunt_screens(open_page, wait_ready, signal, shot):
    out = Problems()
    host, code = open_host(open_page, wait_ready, signal, extra="&new=1")
    others = hh.seat_host_and_join(host, open_page, wait_ready, signal, code, "Hana", ["Ann", "Ben"])
    ann, ben = others["Ann"], others["Ben"]
    calm(host, ann, ben)
    host.click("#start")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)
    for page, hint in ((host, "ORBIT"), (ann, "KITCHEN"), (ben, "OCEAN")):
        form = hh.read_write_form(page)
        hh.tick_and_type(page, form["unlocked"][:2], hint)
        hh.submit(page)
    hh.start_guessing(host)
    for page in (host, ann, ben):
        page.wait_for_selector(".hh-hint-box .hh-hint", timeout=WAIT_MS)
    # mid-game: Ann claims one word of Hana's board
    h = hh.seq(host)
    hh.claim(ann, hh.read_board(ann)["claimable"][0])
    hh.wait_seq_above(host, h)
    for page in (ann, ben):
        hh.wait_seq_at_least(page, hh.seq(host))
    assert_in_view(out, host, ".code", ".hh-hint-box", ".hh-status", ".hh-grid", ".hh-controls .hh-next")
    assert_no_scroll(out, host)  # the host plays on a 1280x720 TV: nothing below its edge
    assert_phone_targets(out, ann)
    shots(out, shot, host, ann, "hint_hunt", "mid")
    how_to_play_shot(out, ann, "#hh-rules", "screens-hint_hunt-how-to-play-phone-in-game")
    how_to_play_shot(out, host, "#hh-rules", "screens-hint_hunt-how-to-play-host-in-game")
    # the host moves on through every board to the scoreboard
    while host.get_attribute("body", "data-phase") == "playing":
        host.wait_for_selector(".hh-controls .hh-next:not([disabled])", timeout=WAIT_MS)
        confirm = host.get_attribute(".hh-controls .hh-next", "data-confirm") is not None
        hh.next_board(host, confirm)
    for page in (ann, ben):
        page.wait_for_selector("body[data-phase=over] h1.winners", timeout=WAIT_MS)
        hh.read_standings(page)
    over_checks(out, host, [ann, ben])
    shots(out, shot, host, ann, "hint_hunt", "final")
    out.done()


# --- Someone Else's Problem ----------------------------------------------------------------------------------

SEP_NAMES = ["Ann", "Ben", "Cat", "Dev"]


@pytest.mark.timeout(600)
def test_someone_elses_problem_screens(open_page, wait_ready, signal, shot):
    out = Problems()
    host, code, phones = sep.start_game(open_page, wait_ready, signal, SEP_NAMES)
    calm(host, *phones)
    moves = 0
    while host.get_attribute("body", "data-phase") == "playing":
        actors = sync(host, phones)
        assert len(actors) == 1, "exactly one phone acts at a time, got %d" % len(actors)
        phone = actors[0]
        if moves == 3:
            assert_in_view(out, host, ".code", ".sep-status", (".sep-player", 4))
            assert_phone_targets(out, phone)
            assert_no_scroll(out, host)
            shots(out, shot, host, phone, "someone_elses_problem", "mid")
            how_to_play_shot(out, phone, "#sep-rules-phone", "screens-someone_elses_problem-how-to-play-phone-in-game")
        h = sep.seq(host)
        sep.play(phone, sep.choose(sep.read_phone(phone)))
        moves += 1
        sep.wait_seq_above(host, h)
        assert moves < 300, "the game did not end"
    for phone in phones:
        phone.wait_for_selector("body[data-phase=over] h1.winners", timeout=WAIT_MS)
    over_checks(out, host, phones)
    shots(out, shot, host, phones[0], "someone_elses_problem", "final")
    out.done()
