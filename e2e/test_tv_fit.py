"""The big screen fits, in every state a game passes through: whole random games of each game, at its most
players and at the most it seats before its table takes a compact form, with 20-letter names (the longest a
phone may type), are played through a real HostSession in CPython; the host screen the room draws after each step is laid out by Chromium in host.html's own stylesheets
at 1280x720 and 1920x1080, and the page must not scroll either way. So must every step of the TV's replay of
one of those games (Watch it again: its controls in the band, the game's table under them).

test_screens.py plays real phones to one moment of each game and looks at it; this test looks at all the
moments (a badge under a name, a stacked card, a wrapped heading only happen now and then), without phones,
so it stays fast. The page is host.html with its rules worker switched off: the same stylesheets and scripts lay
out the HTML the rules worker draws for it (app/rules.py).
"""
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from peerparty.ui.room import host_screen
from tests.games_under_test import GAMES, draw_every_game
from tests.room.helpers import play_through_room

from people import HOST_VIEW

REPO = Path(__file__).resolve().parent.parent
TV = (1920, 1080)
QR = "<!--qr-->"

# names as long as NAME_MAX allows; a host who plays takes the last
LONG_NAMES = ["Maximiliana Ortega-V", "Bartholomew Quinnell", "Anastasia Whitfield", "Christopher Lindqvi",
              "Guinevere Abernathy", "Thelonious Fairbank", "Wilhelmina Kowalsky", "Jean-Baptiste Moreau",
              "Persephone Blackwood", "Sebastian Oyelaran-K", "Evangeline Thornbury", "Montgomery Ashcroft"]
SEEDS = (1, 2, 3)
STEPS = 2500        # a game's most random steps: enough for most games to end
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

# lay out one host screen after another in #app; report each that makes the page scroll, and what sticks out
FITS = """([screens, qrUrl]) => {
  const app = document.getElementById('app');
  const qr = pp.qrSvg(qrUrl);
  const out = [];
  screens.forEach((html, i) => {
    app.innerHTML = html.replace('""" + QR + """', qr);
    const w = document.scrollingElement.scrollWidth, h = document.scrollingElement.scrollHeight;
    if (w <= innerWidth && h <= innerHeight) return;
    const past = Array.from(app.querySelectorAll('*'))
      .filter((el) => !el.closest('details:not([open]) > :not(summary)'))      // folded: not drawn
      .map((el) => [el, el.getBoundingClientRect()])
      .filter(([el, r]) => r.width && r.height && (r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5))
      .slice(0, 8).map(([el, r]) => el.tagName.toLowerCase() + '.' + (el.getAttribute('class') || '') + ' "' +
        el.textContent.trim().slice(0, 40) + '" to ' + Math.round(r.bottom));
    out.push([i, w, h, past.join(' | ')]);
  });
  return out;
}"""


def drawn(host, seen):
    info = host.screen_info()
    info.update({"join_hint": "127.0.0.1:8000/join.html", "qr_svg": QR, "sound": False})
    seen.setdefault(host_screen(host.screen(), info), None)


def played(game_id, count, seed, seen=None):
    game = GAMES[game_id]
    players = LONG_NAMES[: count - (1 if game.host_is_player else 0)]
    return play_through_room(game, seed, players=players, host_name=LONG_NAMES[-1], seen=seen,
                             fixed_deal=True, steps=STEPS_FOR.get(game_id, STEPS), to_the_end=False)[0]


def screens_of(game_id, count):
    """Every distinct host screen of SEEDS whole games of `count` players, in order."""
    seen = {}
    for seed in SEEDS_FOR.get(game_id, SEEDS):
        host = played(game_id, count, seed, lambda host: drawn(host, seen))
        if host.phase == "over":        # the results screen, with the game's final table
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
    page.route("**/examples/**", lambda route: route.fulfill(
        path=str(REPO / urlsplit(route.request.url).path.lstrip("/")), content_type="text/css"))
    page.route("**/static/vendor/pyscript/core.js", _no_pyscript)
    page.route("**/static/vendor/pyodide/**", lambda route: route.fulfill(body=b"", content_type="application/wasm"))
    return page


def _no_pyscript(route):
    """PyScript that makes no worker: host.html's module script registers its hook on it, and nothing else runs."""
    route.fulfill(status=200, content_type="text/javascript; charset=utf-8",
                  body="export const hooks = { main: { onWorker: new Set() } };")


def _empty_script(route):
    route.fulfill(status=200, content_type="text/javascript; charset=utf-8", body="")


@pytest.mark.parametrize("game_id,count", COUNTS)
def test_every_host_screen_of_whole_games_fits_the_tv(tv_page, site, shot, game_id, count, monkeypatch):
    draw_every_game(monkeypatch)
    screens = screens_of(game_id, count)
    assert len(screens) > 20, "a whole game draws more than a few screens"
    assert any("phase-over" in html for html in screens), "at least one of the games ends: its results screen is measured"
    assert_fits(tv_page, site, shot, screens, "tv-fit-%s-%d" % (game_id, count))


@pytest.mark.parametrize("game_id,count", COUNTS)
def test_every_step_of_a_replay_fits_the_tv(tv_page, site, shot, game_id, count, monkeypatch):
    draw_every_game(monkeypatch)
    screens = replay_screens(game_id, count)
    assert len(screens) > 10 and all("replay-bar" in html for html in screens)
    assert_fits(tv_page, site, shot, screens, "tv-fit-replay-%s-%d" % (game_id, count))


# a screen links its game's stylesheet (ui/room.py game_style), which a page fetches as the game is picked; FITS
# lays screens out one after another at once, so the page holds every game's stylesheet, loaded, first
GAME_STYLES = """(paths) => Promise.all(paths.map((path) => new Promise((loaded, failed) => {
  const link = Object.assign(document.createElement('link'), {rel: 'stylesheet', href: './' + path});
  link.onload = loaded;
  link.onerror = () => failed(new Error(path + ' did not load'));
  document.head.appendChild(link);
})))"""


def assert_fits(tv_page, site, shot, screens, name):
    tv_page.goto(site + "/host.html?signal=127.0.0.1:9/peerjs")
    tv_page.wait_for_function("() => window.pp && window.pp.qrSvg && document.getElementById('app')")
    tv_page.evaluate(GAME_STYLES, [game.stylesheet for game in GAMES.values()])
    problems = []
    for size in (HOST_VIEW, TV):
        tv_page.set_viewport_size({"width": size[0], "height": size[1]})
        scrolling = tv_page.evaluate(FITS, [screens, site + "/join.html?room=WXYZ"])
        for i, width, height, past in scrolling:
            problems.append("%dx%d, screen %d of %d: page %dx%d; past the edge: %s" % (
                size[0], size[1], i, len(screens), width, height, past))
        if scrolling:       # the tallest, to look at
            worst = max(scrolling, key=lambda s: s[2])[0]
            tv_page.evaluate(FITS, [[screens[worst]], site + "/join.html?room=WXYZ"])
            shot(tv_page, "%s-%dx%d" % (name, size[0], size[1]))
    assert not problems, "%d host screens scroll:\n%s" % (len(problems), "\n".join(problems[:12]))
