"""The big screen fits, in every state a game passes through: whole random games of each game, at its most
players and at the most it seats before its table takes a compact form, with 20-letter names (the longest a
phone may type), are played through a real HostSession in CPython; the host screen the room draws after each step is laid out by Chromium in host.html's own stylesheets
at 1280x720, 1920x1080 and 3840x2160 (the games are played once; only the viewport changes), and at each the
page must not scroll, its smallest drawn text must be at least 2.2 % of the height (24 px at 1080p: read from a
sofa), and its content must reach 85 % of the height unless the screen centres it by design. So must every step of the TV's replay of
one of those games (Watch it again: its controls in the band, the game's table under them).

test_screens.py plays real phones to one moment of each game and looks at it; this test looks at all the
moments (a badge under a name, a stacked card, a wrapped heading only happen now and then), without phones,
so it stays fast. Each screen's moment (issue 30) must end within MOMENT_MS, its beats inside an element with a
moment's id. The page is host.html with its rules worker switched off: the same stylesheets and scripts lay
out the HTML the rules worker draws for it (app/rules.py).
"""

from pathlib import Path
from urllib.parse import urlsplit

import pytest

from peerparty import i18n
from peerparty.ui.html import MOMENT_MS
from peerparty.ui.room import host_screen
from tests.games_under_test import GAMES, draw_every_game
from tests.room.helpers import play_through_room
from peerparty.games import REGISTRY
from peerparty.net.memory import MemoryNetwork, Phone
from peerparty.room.guest import GuestSession
from peerparty.room.host import HostSession

from looks import CUT_AT_START, LOOK
from people import HOST_VIEW, laid_out

REPO = Path(__file__).resolve().parent.parent
# the TVs: 720p, 1080p and 4K, all laid out from the one scale (the host's root font size, static/css/app.css)
TV_SIZES = ((1280, 720), (1920, 1080), (3840, 2160))
SMALLEST_TEXT = 0.022  # of the height: 24 px at 1080p, body text for a TV across a room (issue 30)
USED_HEIGHT = 0.85  # of the height the content reaches, unless the screen centres it
FIGURES = REPO / "artifacts" / "tv-fit"
QR = "<!--qr-->"

# names as long as NAME_MAX allows; a host who plays takes the last
LONG_NAMES = [
    "Maximiliana Ortega-V",
    "Bartholomew Quinnell",
    "Anastasia Whitfield",
    "Christopher Lindqvi",
    "Guinevere Abernathy",
    "Thelonious Fairbank",
    "Wilhelmina Kowalsky",
    "Jean-Baptiste Moreau",
    "Persephone Blackwood",
    "Sebastian Oyelaran-K",
    "Evangeline Thornbury",
    "Montgomery Ashcroft",
]
SEEDS = (1, 2, 3)
STEPS = 2500  # a game's most random steps: enough for most games to end
# Hint Hunt's random moves are slow to list with twelve (every pick of targets), and its random games long:
# fewer steps, and seeds of which one ends at each count (so its results screen is measured too)
STEPS_FOR = {"hint_hunt": 1000}
SEEDS_FOR = {"hint_hunt": (1, 3, 5)}
# players per game (a host who plays counts): each game's tv_counts, declared in its package: its most, and the
# most before its table takes a compact form (Bank or Bust's smaller cards from 4, Someone Else's Problem's
# three columns from 5, Seven Rounds' totals-first reveal past games/seven_rounds/screens.MANY), where the roomier layout
# is at its fullest
# (the games under test: the hub's and the guide's example)
COUNTS = [(game_id, count) for game_id, game in sorted(GAMES.items()) for count in game.tv_counts]
CASES = COUNTS

# lay out one host screen after another in #app; report each that makes the page scroll (and what sticks out),
# and measure what a sofa sees: the smallest drawn text's font size and how much of the height the content
# uses (the union of drawn text and pictures: the panels behind them do not count), both as fractions of the
# height, and whether the screen's main area centres its content by design (then it need not fill the height)
FITS = (
    """([screens, qrUrl]) => {
  const app = document.getElementById('app');
  const qr = pp.qrSvg(qrUrl);
  const out = [];
  const drawn = (el) => !el.closest('details:not([open]) > :not(summary)') && !el.closest('svg, [hidden]');
  const CONTENT = 'img, svg, canvas, input, button, .btn, .qr';
  const measure = () => {
    let smallest = Infinity, small = '', top = Infinity, bottom = -Infinity;
    for (const el of app.querySelectorAll('*')) {
      if (!drawn(el)) continue;
      const text = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!text && !el.matches(CONTENT)) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;        // nothing drawn, or visually hidden for a screen reader
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible' || style.clipPath === 'inset(50%)') continue;
      top = Math.min(top, r.top); bottom = Math.max(bottom, r.bottom);
      if (text) {
        const size = parseFloat(style.fontSize);
        if (size < smallest) {
          smallest = size;
          small = el.tagName.toLowerCase() + '.' + (el.getAttribute('class') || '') + ' "' + el.textContent.trim().slice(0, 30) + '"';
        }
      }
    }
    const main = app.querySelector('main');
    let centred = false;
    if (main) {
      const ms = getComputedStyle(main), mr = main.getBoundingClientRect();
      const declared = [ms.alignContent, ms.justifyContent].some((v) => v.endsWith('center')) ||
        (main.firstElementChild && getComputedStyle(main.firstElementChild).marginTop === 'auto');
      centred = declared && mr.bottom >= innerHeight - 1;
    }
    return [smallest / innerHeight, Math.min(bottom, innerHeight) / innerHeight, centred, small];
  };
  screens.forEach((html, i) => {
    app.innerHTML = html.replace('"""
    + QR
    + """', qr);
    const w = document.scrollingElement.scrollWidth, h = document.scrollingElement.scrollHeight;
    let past = '';
    if (w > innerWidth || h > innerHeight) {
      past = Array.from(app.querySelectorAll('*'))
        .filter((el) => !el.closest('details:not([open]) > :not(summary)'))      // folded: not drawn
        .map((el) => [el, el.getBoundingClientRect()])
        .filter(([el, r]) => r.width && r.height && (r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5))
        .slice(0, 8).map(([el, r]) => el.tagName.toLowerCase() + '.' + (el.getAttribute('class') || '') + ' "' +
          el.textContent.trim().slice(0, 40) + '" to ' + Math.round(r.bottom)).join(' | ') || '(the page)';
    }
    // its moment (issue 30): when the last animation ends, and beats outside an element with a moment's id
    // (a redraw would start those again)
    const ends = Math.max(0, ...document.getAnimations().map((a) => a.effect.getTiming().delay + a.effect.getTiming().duration));
    const unkeyed = Array.from(app.querySelectorAll('.beat, .beat-pass')).filter((el) => !el.closest('[id^="moment-"]')).length;
    // a person in the room's list keeps at least three letters of their name beside their face and badges
    const squeezed = Array.from(app.querySelectorAll('.person-name')).filter((el) => drawn(el) &&
      el.scrollWidth > el.clientWidth + 1 &&
      el.getBoundingClientRect().width < 3 * parseFloat(getComputedStyle(el).fontSize) - 0.5)
      .map((el) => el.textContent + ' at ' + Math.round(el.getBoundingClientRect().width) + ' px').join(', ');
    // a late guest scans the QR across the room during every game and at its results (in for the next game):
    // one is drawn, a tenth of the height at least (issue 48 point 8; a replay's band keeps to its code)
    const band = app.querySelector('.host-head:is(.phase-playing, .phase-over) .join-box:not(.compact)');
    const qrWidths = band ? Array.from(band.querySelectorAll('.qr')).map((el) => el.getBoundingClientRect().width) : [];
    const smallQr = band && !qrWidths.some((w) => w > 0) ? 'none' : qrWidths.filter((w) => w > 0 && w < innerHeight / 10)
      .map((w) => Math.round(w) + ' px').join(', ');
    // a name or a word cut short keeps its start, in a page of either direction (looks.CUT_AT_START)
    const cutAtStart = ("""
    + CUT_AT_START
    + """)(app).join(', ');
    out.push([i, w, h, past].concat(measure(), [ends, unkeyed, squeezed, smallQr, cutAtStart]));
  });
  return out;
}"""
)


def drawn(host, seen):
    info = host.screen_info()
    info.update({"join_hint": "127.0.0.1:8000/join.html", "qr_svg": QR, "sound": False})
    seen.setdefault(host_screen(host.screen(), info), None)


def played(game_id, count, seed, seen=None):
    game = GAMES[game_id]
    players = LONG_NAMES[:count]  # every game's TV is the table: the host who plays does so on a phone
    return play_through_room(
        game,
        seed,
        players=players,
        host_name=None,
        seen=seen,
        fixed_deal=True,
        steps=STEPS_FOR.get(game_id, STEPS),
        to_the_end=False,
    )[0]


def screens_of(game_id, count):
    """Every distinct host screen of SEEDS whole games of `count` players, in order."""
    seen = {}
    for seed in SEEDS_FOR.get(game_id, SEEDS):
        host = played(game_id, count, seed, lambda host: drawn(host, seen))
        if host.phase == "over":  # the results screen, with the game's final table
            drawn(host, seen)
    return list(seen)


def replay_screens(game_id, count):
    """Every distinct host screen of the TV's replay (Watch it again) of the first of SEEDS that ends: each step."""
    seen = {}
    for seed in SEEDS_FOR.get(game_id, SEEDS):
        host = played(game_id, count, seed)
        if host.phase != "over":
            continue
        host.host_action({"t": "watch", "game": 0}, 0)
        for step in range(host.replay.last + 1):
            host.host_action({"t": "replay", "do": "seek", "at": step}, 0)
            drawn(host, seen)
        break
    return list(seen)


@pytest.fixture
def tv_page(open_page):
    """host.html without its rules: the stylesheets, the QR encoder and glue.js, and #app. Its rules worker
    is an empty script (no Pyodide to boot, no screen sent), and its link aims at a closed local port."""
    page = open_page(None, viewport=HOST_VIEW, name="tv")
    # The worker, the service worker's registration and Pyodide's wasm (which host.html's head compiles) are
    # answered with empty files, not aborted: an aborted request is a failed load, which Chromium logs as a console
    # error ("Failed to load resource: net::ERR_FAILED", once each) that open_page then reports beside any failure.
    # An empty wasm fails to compile, which the head catches quietly.
    page.route("**/static/js/offline.js", _empty_script)
    # the guide's example is served by no site (scripts/serve.py keeps examples/ out): its stylesheet from here
    page.route(
        "**/examples/**",
        lambda route: route.fulfill(
            path=str(REPO / urlsplit(route.request.url).path.lstrip("/")), content_type="text/css"
        ),
    )
    page.route("**/static/vendor/pyscript/core.js", _no_pyscript)
    page.route("**/static/vendor/pyodide/**", lambda route: route.fulfill(body=b"", content_type="application/wasm"))
    return page


def _no_pyscript(route):
    """PyScript that makes no worker: host.html's module script registers its hook on it, and nothing else runs."""
    route.fulfill(
        status=200,
        content_type="text/javascript; charset=utf-8",
        body="export const hooks = { main: { onWorker: new Set() } };",
    )


def _empty_script(route):
    route.fulfill(status=200, content_type="text/javascript; charset=utf-8", body="")


# a hang guard, not a speed limit: twelve players' whole Hint Hunt, every screen laid out at three sizes, took 299 s
# of the default 300 on a CI machine loaded well past its two cores
@pytest.mark.timeout(900)
@pytest.mark.parametrize("game_id,count", CASES)
def test_every_host_screen_of_whole_games_fits_the_tv(tv_page, site, shot, game_id, count, monkeypatch):
    draw_every_game(monkeypatch)
    screens = screens_of(game_id, count)
    assert len(screens) > 20, "a whole game draws more than a few screens"
    assert any("phase-over" in html for html in screens), (
        "at least one of the games ends: its results screen is measured"
    )
    assert_fits(tv_page, site, shot, screens, "tv-fit-%s-%d" % (game_id, count))


# issue 49: the pseudo-locales, en-XA (every message about 40 % longer) at each game's most players, and its
# right-to-left twin ar-XB at the fewest of its counts, on the smallest TV
PSEUDO_CASES = [(g, max(GAMES[g].tv_counts), "en-XA") for g in sorted(REGISTRY)] + [
    (g, min(GAMES[g].tv_counts), "ar-XB") for g in sorted(REGISTRY)
]


@pytest.mark.timeout(900)
@pytest.mark.parametrize("game_id,count,lang", PSEUDO_CASES)
def test_every_host_screen_of_whole_games_fits_the_tv_in_the_pseudo_locales(
    tv_page, site, shot, game_id, count, lang, pseudo_languages, monkeypatch
):
    draw_every_game(monkeypatch)
    before = i18n.swap(pseudo_languages[lang])  # the room's language: every screen is drawn in it
    try:
        screens = screens_of(game_id, count)
    finally:
        i18n.swap(before)
    assert any("[" in html and "phase-over" in html for html in screens), "the results, drawn in the pseudo-locale"
    direction = pseudo_languages[lang].dir
    assert_fits(tv_page, site, shot, screens, "tv-fit-%s-%s-%d" % (lang, game_id, count), ((1280, 720),), direction)


@pytest.mark.timeout(900)  # a whole game's replay laid out at three sizes: minutes on a loaded machine
@pytest.mark.parametrize("game_id,count", CASES)
def test_every_step_of_a_replay_fits_the_tv(tv_page, site, shot, game_id, count, monkeypatch):
    draw_every_game(monkeypatch)
    screens = replay_screens(game_id, count)
    assert len(screens) > 10 and all("replay-bar" in html for html in screens)
    assert_fits(tv_page, site, shot, screens, "tv-fit-replay-%s-%d" % (game_id, count))


# a replay's line runs the way the page reads: its first step's tick at the start side, the part played from there
TICKS = """() => {
  const ticks = Array.from(document.querySelectorAll('.replay-tick')).map((el) => el.getBoundingClientRect());
  const done = document.querySelector('.replay-done').getBoundingClientRect();
  const line = document.querySelector('.replay-line').getBoundingClientRect();
  return [ticks[0].left, ticks[ticks.length - 1].left, done.left - line.left, line.right - done.right];
}"""


@pytest.mark.timeout(900)
def test_a_replay_in_a_right_to_left_room_fits_the_tv_and_its_line_runs_right_to_left(
    tv_page, site, shot, pseudo_languages, monkeypatch
):
    """Every step of a Seven Rounds replay drawn in ar-XB at 1280x720: it fits, no name is cut at its start, and
    the game's line is mirrored: its first tick at the right, the part played growing from the right."""
    draw_every_game(monkeypatch)
    before = i18n.swap(pseudo_languages["ar-XB"])
    try:
        screens = replay_screens("seven_rounds", 6)
    finally:
        i18n.swap(before)
    assert_fits(tv_page, site, shot, screens, "tv-fit-replay-ar-XB-seven_rounds-6", ((1280, 720),), "rtl")
    tv_page.evaluate(FITS, [[screens[len(screens) // 2]], site + "/join.html?room=WXYZ"])
    first, last, done_from_left, done_from_right = tv_page.evaluate(TICKS)
    assert first > last, "the first step's tick stands right of the last in a right-to-left room"
    assert done_from_right < 1 < done_from_left, "the part played starts at the line's right end"


# a screen links its game's stylesheet (ui/room.py game_style), which a page fetches as the game is picked; FITS
# lays screens out one after another at once, so the page holds every game's stylesheet, loaded, first
GAME_STYLES = """(paths) => Promise.all(paths.map((path) => new Promise((loaded, failed) => {
  const link = Object.assign(document.createElement('link'), {rel: 'stylesheet', href: './' + path});
  link.onload = loaded;
  link.onerror = () => failed(new Error(path + ' did not load'));
  document.head.appendChild(link);
})))"""


def assert_fits(tv_page, site, shot, screens, name, sizes=TV_SIZES, direction="ltr"):
    """Lay the screens out at each TV size in turn (the games are played once, in CPython; only the viewport
    changes): none may scroll, the smallest text must read from the sofa, and the content must fill the height
    unless its screen centres it by design. The figures go to artifacts/tv-fit/<name>.txt."""
    tv_page.goto(site + "/host.html?signal=127.0.0.1:9/peerjs")
    tv_page.wait_for_function("() => window.pp && window.pp.qrSvg && document.getElementById('app')")
    tv_page.evaluate(GAME_STYLES, [game.stylesheet for game in GAMES.values()])
    tv_page.evaluate("(dir) => { document.documentElement.dir = dir; }", direction)
    laid_out(tv_page)
    problems, figures = [], []
    for size in sizes:
        tv_page.set_viewport_size({"width": size[0], "height": size[1]})
        measured = tv_page.evaluate(FITS, [screens, site + "/join.html?room=WXYZ"])
        wrong = []
        for i, width, height, past, smallest, used, centred, small, ends, unkeyed, squeezed, small_qr, cut in measured:
            where = "%dx%d, screen %d of %d: " % (size[0], size[1], i, len(screens))
            if past:
                wrong.append((i, where + "page %dx%d; past the edge: %s" % (width, height, past)))
            if squeezed:
                wrong.append((i, where + "a name squeezed out of the people list: " + squeezed))
            if cut:
                wrong.append((i, where + cut))
            if small_qr:
                wrong.append(
                    (
                        i,
                        where
                        + (
                            "no QR code to join in the band"
                            if small_qr == "none"
                            else "the QR code is %s wide, too small to scan across a room (a tenth of the height at least)"
                            % small_qr
                        ),
                    )
                )
            if ends > MOMENT_MS or unkeyed:
                wrong.append(
                    (
                        i,
                        where
                        + "a moment ends at %d ms (at most %d), %d beats outside a moment's id"
                        % (ends, MOMENT_MS, unkeyed),
                    )
                )
            if smallest < SMALLEST_TEXT:
                wrong.append(
                    (
                        i,
                        where
                        + "text at %.2f%% of the height, under %.1f%%: %s"
                        % (100 * smallest, 100 * SMALLEST_TEXT, small),
                    )
                )
            if used < USED_HEIGHT and not centred:
                wrong.append(
                    (
                        i,
                        where
                        + "content ends at %.0f%% of the height, neither %.0f%% nor centred"
                        % (100 * used, 100 * USED_HEIGHT),
                    )
                )
        problems += [line for _, line in wrong]
        past = [max(m[1] - size[0], m[2] - size[1]) for m in measured if m[3]]
        figures.append(
            "%dx%d: %d screens past the edge (by up to %d px); smallest text %.2f%% of the height (%s);"
            " content to %.0f%%..%.0f%% of the height (%d centred screens); %d screens animate, the last animation"
            " ends at %d ms"
            % (
                size[0],
                size[1],
                len(past),
                max(past, default=0),
                100 * min(m[4] for m in measured),
                min(measured, key=lambda m: m[4])[7],
                100 * min(m[5] for m in measured),
                100 * max(m[5] for m in measured),
                sum(1 for m in measured if m[6]),
                sum(1 for m in measured if m[8]),
                max(m[8] for m in measured),
            )
        )
        if size == sizes[min(1, len(sizes) - 1)]:  # one screen from the middle of the games, to look at from the sofa
            tv_page.evaluate(FITS, [[screens[len(screens) // 2]], site + "/join.html?room=WXYZ"])
            shot(tv_page, "%s-middle-%dx%d" % (name, size[0], size[1]))
        if wrong:  # the first that fails, to look at
            tv_page.evaluate(FITS, [[screens[wrong[0][0]]], site + "/join.html?room=WXYZ"])
            shot(tv_page, "%s-%dx%d" % (name, size[0], size[1]))
    FIGURES.mkdir(parents=True, exist_ok=True)
    (FIGURES / (name + ".txt")).write_text("%d screens\n%s\n" % (len(screens), "\n".join(figures)))
    # the same text too small on many screens is one fix: each kind of problem once, at its first screen
    kinds = {}
    for line in problems:
        kinds.setdefault(line.split(": ", 1)[1].split(" of the height")[-1], line)
    assert not problems, "%d problems on %d host screens, %d kinds:\n%s" % (
        len(problems),
        len(screens),
        len(kinds),
        "\n".join(list(kinds.values())[:30]),
    )


def lobby_screens():
    """The TV's lobby as twelve guests with 20-letter names join, one screen per join, then a game picked."""
    host = HostSession("WXYZ", REGISTRY)  # the hub's own games: its picker as a host sees it
    net = MemoryNetwork(host, 0)
    seen = {}
    for name in LONG_NAMES:
        net.connect(Phone(net, GuestSession("WXYZ", name=name)))
        net.flush()
        drawn(host, seen)
    host.host_action({"t": "pick", "game": "seven_rounds"}, 0)
    drawn(host, seen)
    return list(seen)


# the names in the room's list that end in an ellipsis
CUT_NAMES = (
    "() => Array.from(document.querySelectorAll('.people .person-name'))"
    ".filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.title)"
)


def test_the_lobby_of_twelve_long_names_fits_the_tv_and_breaks_no_name(tv_page, site, shot):
    """Issue 38 point 9: at twelve players a 1280x720 TV's lobby broke names letter by letter ("Bar/tho/lo/me/w").
    Every name wraps only between its words (or ends in an ellipsis), at every TV size, and the lobby fits; up to
    six people every name is whole beside its Remove and Give controls (issue 48 point 9: "Barth...")."""
    screens = lobby_screens()
    assert len(screens) == len(LONG_NAMES) + 1 and "Bartholomew" in screens[-1]
    assert_fits(tv_page, site, shot, screens, "tv-fit-lobby-12")
    broken = []
    for size in TV_SIZES:
        tv_page.set_viewport_size({"width": size[0], "height": size[1]})
        for i, html in enumerate(screens):
            tv_page.evaluate(FITS, [[html], site + "/join.html?room=WXYZ"])
            broken += [
                "%dx%d, lobby of %d: %s" % (size[0], size[1], min(i + 1, 12), problem)
                for problem in tv_page.evaluate(LOOK, None)
            ]
            if i < 6:  # up to six, one column: every name whole (issue 48 point 9)
                broken += [
                    "%dx%d, lobby of %d: %s is cut" % (size[0], size[1], i + 1, name)
                    for name in tv_page.evaluate(CUT_NAMES)
                ]
            if i in (2, 5):
                shot(tv_page, "tv-fit-lobby-%d-%dx%d" % ((i + 1,) + size))
        shot(tv_page, "tv-fit-lobby-12-%dx%d" % size)
    assert not broken, "\n".join(broken[:20])
