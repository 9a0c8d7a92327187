"""Seven Rounds, played the way people play it: phones tick an action (and a player or a guess) and press
Lock in; the host presses its own screen's buttons. Readers return what the screens SHOW (names and numbers
as text), and `replay` rebuilds the same match under CPython from the host's localStorage record."""

import json
import re
import statistics

from peerparty.engine import Match
from peerparty.games import REGISTRY

from people import WAIT_MS

LABELS = {"bank": "BANK", "team_up": "TEAM UP", "swipe": "SWIPE", "predict": "PREDICT", "double_down": "DOUBLE DOWN"}


# --- host -----------------------------------------------------------------------------------------


def start_seven_rounds(host):
    host.click("[data-move*='\"seven_rounds\"']")
    host.wait_for_selector("#start:not([disabled])", timeout=WAIT_MS)
    host.click("#start")
    host.wait_for_selector("body[data-phase=playing]", timeout=WAIT_MS)


def host_click(host, label, exact=True):
    """Press one of the host's Seven Rounds controls by its visible label."""
    sel = "nav.sr-controls button:text-is('%s')" % label if exact else "nav.sr-controls button:has-text('%s')" % label
    host.click(sel, timeout=WAIT_MS)


# an element's text as a name reads: without the face's initial in front of it and the badges after it
SHOWN = (
    "const shown = (el) => { const c = el.cloneNode(true); c.querySelectorAll('.face, .badge').forEach("
    "x => x.remove()); return c.textContent.trim(); };"
)


def host_locked(host):
    return host.eval_on_selector_all(".sr-lock-row.is-locked .sr-who", "els => { %s return els.map(shown); }" % SHOWN)


def wait_host_locked(host, count):
    host.wait_for_function(
        "n => document.querySelectorAll('.sr-lock-row.is-locked').length === n", arg=count, timeout=WAIT_MS
    )


def host_countdown_s(host):
    """Seconds the host's big countdown shows (m:ss)."""
    text = host.inner_text(".sr-table .sr-countdown")
    minutes, seconds = text.strip().split(":")
    return int(minutes) * 60 + int(seconds)


def wait_host_results(host, rnd):
    host.wait_for_function(
        "r => { const h = document.querySelector('.sr-reveal h2');"
        " return !!h && h.textContent.startsWith('Round ' + r + ' revealed'); }",
        arg=rnd,
        timeout=WAIT_MS,
    )


def host_breakdown(host):
    """Round totals table on the host: name -> {action, ap, total} as shown."""
    rows = host.eval_on_selector_all(
        ".sr-reveal .sr-breakdown tbody tr",
        "rows => { %s return rows.map(r => Array.from(r.children).map(shown)); }" % SHOWN,
    )
    return dict((r[0], {"action": r[1], "ap": r[2], "total": int(r[5])}) for r in rows)


def final_reveal_rows(host):
    """The TV after round 7: the last reveal's totals, leader first, are the final standings (issue 48 point 6):
    [(name, points, winner?)] in screen order."""
    return [
        tuple(r)
        for r in host.eval_on_selector_all(
            ".sr-final-reveal .sr-reveal .sr-breakdown tbody tr",
            "rows => { %s return rows.map(r => [shown(r.querySelector('th')), Number(shown(r.children[5])),"
            " !!r.querySelector('.badge.win')]); }" % SHOWN,
        )
    ]


def standings_rows(page):
    """The .sr-standings table as shown: [(place, name, points, winner?)] in screen order."""
    return [
        tuple(r)
        for r in page.eval_on_selector_all(
            ".sr-standings tbody tr",
            "rows => { %s return rows.map(r => [Number(r.children[0].textContent), shown(r.querySelector('th')),"
            " Number(r.children[2].textContent), !!r.querySelector('.badge.win')]); }" % SHOWN,
        )
    ]


def room_result_rows(page):
    """The room's own final table (ui/room.py, above the game's screen): [(name, points, winner?)]."""
    return [
        tuple(r)
        for r in page.eval_on_selector_all(
            "table.standings tr",
            "rows => rows.map(r => [r.children[0].childNodes[0].textContent.trim(), Number(r.children[1].textContent),"
            " !!r.querySelector('.badge.win')])",
        )
    ]


def host_record(host):
    return json.loads(host.evaluate("() => localStorage.getItem('peerparty:host')"))


# --- phones ---------------------------------------------------------------------------------------


def wait_round_open(phone, rnd):
    phone.wait_for_selector("#sr-lock-r%d" % rnd, timeout=WAIT_MS)
    phone.wait_for_selector("body[data-act='1']", timeout=WAIT_MS)


def choose(phone, action, target=None, guess=None):
    """Tick the choice on the phone's lock form, as a person taps the options."""
    phone.click(".sr-actions label.sr-opt:has(input[value='%s'])" % action)
    if target is not None:
        phone.locator(".sr-targets label.sr-opt").filter(has_text=re.compile("^%s$" % re.escape(target))).click()
    if guess is not None:
        phone.click(".sr-guesses label.sr-opt:has(input[value='%s'])" % guess)


def choice_text(action, target=None, guess=None):
    if action in ("team_up", "swipe"):
        return "%s \u2192 %s" % (LABELS[action], target)
    if action == "predict":
        return "%s: %s" % (LABELS[action], LABELS[guess])
    return LABELS[action]


def lock_in(phone, action, target=None, guess=None, wait=True):
    choose(phone, action, target, guess)
    phone.click("button.sr-lock")
    if wait:
        wait_locked(phone)


def wait_locked(phone):
    phone.wait_for_selector(".sr-my-choice.is-locked, .error-line", timeout=WAIT_MS)
    errors = phone.locator(".error-line")
    assert errors.count() == 0, errors.first.inner_text()
    phone.wait_for_selector("body[data-act='0']", timeout=WAIT_MS)
    return phone.inner_text(".sr-my-choice")


def wait_phone_result(phone, rnd):
    phone.wait_for_function(
        "r => { const h = document.querySelector('.sr-mine h2');"
        " return !!h && h.textContent.startsWith('Round ' + r + ':'); }",
        arg=rnd,
        timeout=WAIT_MS,
    )


def phone_total(phone):
    """The 'My total: N' the phone shows after a reveal (on the final screen it sits in "My last round",
    which the person opens first)."""
    folded = phone.locator("details:has(.sr-mine):not([open]) > summary")
    if folded.count():
        folded.click()
    text = phone.inner_text(".sr-my-total")
    assert text.startswith("My total:"), text
    return int(text.split(":")[1])


def phone_header_points(phone):
    text = phone.inner_text(".sr-me")  # "Me: Ann · 3 points"
    return int(re.search(r"(\d+) points?$", text.strip()).group(1))


# --- the engine, under CPython ----------------------------------------------------------------------


def replay(record):
    """(match, {round: reveal record}) from the host's persisted match record, step by step."""
    game = REGISTRY[record["game"]]
    whole = Match.from_record(REGISTRY, record)  # the documented way: it must replay without a hitch
    match = Match(game, record["players"], record["seed"], record["options"])
    rounds = {}
    for player, move, now_ms in record["log"]:
        match.play(player, move, now_ms)
        if move.get("type") == "reveal":
            view = match.view(None)
            rounds[view["reveal"]["round"]] = view["reveal"]
    assert whole.result() == match.result()
    return whole, rounds


def seat_names(snapshot):
    return dict((s["id"], s["name"]) for s in snapshot["lobby"]["seats"])


# --- measuring --------------------------------------------------------------------------------------

HOST_PROBE = """() => {
  window.__probe = {locked: {}, revealAt: null};
  const scan = () => {
    for (const r of document.querySelectorAll('.sr-lock-row.is-locked')) {
      const who = r.querySelector('.sr-who').cloneNode(true);
      who.querySelectorAll('.face').forEach((f) => f.remove());       // the name, not the face's initial
      const n = who.textContent;
      if (!(n in window.__probe.locked)) window.__probe.locked[n] = Date.now();
    }
  };
  new MutationObserver(scan).observe(document.body, {subtree: true, childList: true, attributes: true,
                                                     characterData: true});
  document.addEventListener('click', (e) => {
    const b = e.target.closest('[data-move]');
    if (b && JSON.parse(b.dataset.move).type === 'reveal') window.__probe.revealAt = Date.now();
  }, true);
}"""

PHONE_PROBE = """() => {
  window.__probe = {tapAt: null, resultAt: null, resultSeq: null};
  document.addEventListener('click', (e) => {
    if (e.target.closest('button.sr-lock') && window.__probe.tapAt === null) window.__probe.tapAt = Date.now();
  }, true);
  const seen = () => {
    if (window.__probe.resultAt === null && document.querySelector('.sr-mine .sr-my-total')) {
      window.__probe.resultAt = Date.now();
      window.__probe.resultSeq = Number(document.body.dataset.seq);
    }
  };
  new MutationObserver(seen).observe(document.body, {subtree: true, childList: true});
}"""


def probe(page):
    return page.evaluate("() => window.__probe")


def summary(values):
    """(median, p95, max) of a list of ms values; p95 by nearest rank."""
    ordered = sorted(values)
    rank = max(1, -(-95 * len(ordered) // 100))
    return statistics.median(ordered), ordered[rank - 1], ordered[-1]
