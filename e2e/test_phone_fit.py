"""Every phone's main action is above a 360x640 phone's fold, in every state whole games pass through (issue 48
point 4; issue 47: a walk of real phones reached, by chance, a Someone Else's Problem gift whose answer started
at 677 px). Whole random games are played through a real HostSession in CPython with fixed seeds, at each
game's most players with 20-letter names (the longest object lists, target lists and hands); after every step,
the phone of each seat whose move it is, as the room draws it (ui/room.py phone_screen, the controls band with
it for the holder), is laid out by Chromium in join.html's own stylesheets at 360x640. It must not be wider than
the screen, break no word, and its main action (the answer to a gift, the gift form, Draw, a claim, the hint's
Submit, Lock in) must start above the fold. The controls holder's band, when the table waits for its move, must
show that move above the fold too (issue 48 point 3).

The worst states are reached on purpose: every state of seeded whole games, not the few a walk happens on.

Issue 49: the same walk in the pseudo-locales, each phone's screens drawn in its language (i18n.swap): en-XA
(every message about 40 % longer) at each case's count, and its right-to-left twin ar-XB, on a page whose <html
dir> is rtl, at one count per game. The figures (failing screens, the widest page, the main action's lowest top)
go to artifacts/phone-fit/<name>.txt.
"""

from pathlib import Path

import pytest

from peerparty import i18n
from peerparty.room import broadcast
from peerparty.ui.room import phone_screen
from peerparty.games import REGISTRY as GAMES
from tests.room.helpers import play_through_room

from looks import LOOK
from people import laid_out
from test_tv_fit import LONG_NAMES, _empty_script, _no_pyscript

FIGURES = Path(__file__).resolve().parent.parent / "artifacts" / "phone-fit"
PHONE = (360, 640)
SEEDS = (1, 2)
STEPS = 1500
# what a phone whose move it is must show above the fold, per game (as e2e/test_guest_walk.py names them)
MAIN = {
    "seven_rounds": "button.sr-lock",
    "bank_or_bust": ".bob-moves [data-move]",
    "hint_hunt": "button.hh-claim, form.hh-write .hh-submit",
    "someone_elses_problem": ".sep-respond button, .sep-moves form, .sep-moves button",
}
# the games at the most players they seat (Hint Hunt's host plays on the TV's tab: one fewer phone), and
# Someone Else's Problem at three too (fewer redirect targets, longer hands each)
CASES = [("someone_elses_problem", 6), ("someone_elses_problem", 3), ("bank_or_bust", 6), ("seven_rounds", 12)]
CASES += [("hint_hunt", 6)]
# issue 49: en-XA at every case's count, ar-XB at each game's first
PSEUDO_CASES = [(g, n, "en-XA") for g, n in CASES]
PSEUDO_CASES += [(g, n, "ar-XB") for g, n in dict(reversed(CASES)).items()]


def acting_screens(game_id, count):
    """(html, main) of every distinct phone screen of a seat whose move it is, over SEEDS whole games; the
    holder's screen, when the table waits for its host move, with its band's move as the main action."""
    seen = {}

    def look(host):
        room = host._room_summary()
        for seat in host.lobby.seats:
            if seat.local or seat.id not in host.match.players:
                continue
            view = host.match.sent_view(seat.id)
            message = {"room": room, "me": seat.id, "view": view, "seq": host.seq, "now_ms": 0}
            holder = seat.id == host.controls.holder
            if holder:
                message["controls"] = broadcast.controls_for(host)
            html = phone_screen({"status": "joined", "code": host.code, "view": message, "token": "t"})
            if view.get("act"):
                seen.setdefault((html, MAIN[game_id]), None)
            if holder and "data-your-move" in html:
                seen.setdefault((html, "[data-your-move] button:not([disabled])"), None)

    for seed in SEEDS:
        play_through_room(
            GAMES[game_id],
            seed,
            players=LONG_NAMES[:count],
            host_name=None,
            seen=look,
            fixed_deal=True,
            steps=STEPS,
            to_the_end=False,
        )
    return list(seen)


# lay out each screen in #app and run LOOK on it: the problems of those with any ([index, problems] each), the
# widest page's overflow past the viewport and the main action's lowest top, in px
EACH = """([screens, look]) => {
  const app = document.getElementById('app');
  const check = eval(look);
  const out = {found: [], widest: 0, lowest: 0};
  screens.forEach(([html, main], i) => {
    app.innerHTML = html;
    const problems = check(main);
    if (problems.length) out.found.push([i, problems]);
    out.widest = Math.max(out.widest, document.scrollingElement.scrollWidth - innerWidth);
    const el = Array.from(document.querySelectorAll(main)).find((e) => e.getBoundingClientRect().height > 0);
    if (el) out.lowest = Math.max(out.lowest, Math.round(el.getBoundingClientRect().top));
  });
  return out;
}"""


@pytest.fixture
def phone_page(open_page, site):
    """join.html without its MicroPython: the stylesheets and #app, every game's stylesheet loaded."""
    page = open_page(None, viewport=PHONE, name="phone")
    page.route("**/static/vendor/pyscript/core.js", _no_pyscript)
    page.route("**/static/js/phone-files.js", _empty_script)
    page.goto(site + "/join.html")
    page.wait_for_function("() => document.getElementById('app')")
    for game in GAMES.values():
        page.add_style_tag(url=site + "/" + game.stylesheet)
    laid_out(page)
    return page


@pytest.mark.timeout(900)
@pytest.mark.parametrize("game_id,count", CASES)
def test_every_acting_phone_shows_its_main_action_above_a_small_phones_fold(phone_page, shot, game_id, count):
    screens = acting_screens(game_id, count)
    assert_fits(phone_page, shot, screens, "phone-fit-%s-%d" % (game_id, count))


@pytest.mark.timeout(900)
@pytest.mark.parametrize("game_id,count,lang", PSEUDO_CASES)
def test_every_acting_phone_fits_a_small_phone_in_the_pseudo_locales(
    phone_page, shot, game_id, count, lang, pseudo_languages
):
    before = i18n.swap(pseudo_languages[lang])  # the phone's language: its every screen is drawn in it
    try:
        screens = acting_screens(game_id, count)
    finally:
        i18n.swap(before)
    assert all("[" in html for html, _ in screens), "every screen drawn in the pseudo-locale"
    phone_page.evaluate(
        "([lang, dir]) => { document.documentElement.lang = lang; document.documentElement.dir = dir; }",
        [lang, pseudo_languages[lang].dir],
    )
    assert_fits(phone_page, shot, screens, "phone-fit-%s-%s-%d" % (lang, game_id, count))


def assert_fits(phone_page, shot, screens, name):
    """Every screen no wider than the phone, no word broken, its main action above the fold; the figures to
    artifacts/phone-fit/<name>.txt, the first screen that fails to artifacts/screens/<name>.png."""
    assert len(screens) > 20, "whole games make more than a few decisions"
    measured = phone_page.evaluate(EACH, [[list(s) for s in screens], LOOK])
    found = measured["found"]
    FIGURES.mkdir(parents=True, exist_ok=True)
    (FIGURES / (name + ".txt")).write_text(
        "%d of %d screens fail; widest page %d px past the %d px viewport; main action's lowest top %d px\n"
        % (len(found), len(screens), measured["widest"], PHONE[0], measured["lowest"])
    )
    if found:
        phone_page.evaluate(EACH, [[list(screens[found[0][0]])], "() => []"])
        shot(phone_page, name)
    kinds = {}
    for i, problems in found:
        for problem in problems:
            kinds.setdefault(problem.split(" starts at")[0].split(" is broken")[0], "screen %d: %s" % (i, problem))
    assert not found, "%d of %d screens at %dx%d:\n%s" % (
        len(found),
        len(screens),
        PHONE[0],
        PHONE[1],
        "\n".join(list(kinds.values())[:20]),
    )
