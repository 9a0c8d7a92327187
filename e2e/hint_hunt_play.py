"""Hint Hunt e2e helpers: seat the host, write hints through the screens' forms, claim words by tapping
them, and read the numbers and roles the screens show.

Everything here clicks what people click and reads the DOM people see; nothing calls into the page's
Python. The only page state read besides the DOM is localStorage (the host's record, the successor's
replica), as the brief allows.
"""

import json

from people import WAIT_MS, join, open_phone, pick, play_here, wait_players, wait_present
from people import host_record, seq, wait_seq_above, wait_seq_at_least  # noqa: F401 (tests read them here)

GAME_ID = "hint_hunt"
LONG_MS = 90_000  # host migration: ~15 s of host loss, then a Pyodide boot on the successor


def replica_seq(page, code):
    text = page.evaluate("k => localStorage.getItem(k)", "peerparty:replica:" + code)
    return json.loads(text)["snapshot"]["seq"] if text else -1


# --- the lobby --------------------------------------------------------------------------------------


def seat_host_and_join(host, open_page, wait_ready, signal, code, host_name, names):
    """The host picks Hint Hunt, takes its own seat first (board order = join order), phones join."""
    pick(host, GAME_ID)
    assert host.is_disabled("#start"), "Start waits for two players"
    play_here(host, host_name)
    wait_players(host, 1)
    phones = {}
    for name in names:
        phone = open_phone(open_page, wait_ready, signal, code, name)
        join(phone, name)
        phones[name] = phone
    wait_players(host, 1 + len(names))
    wait_present(host, 1 + len(names))
    host.wait_for_selector("#start:not([disabled])", timeout=WAIT_MS)
    return phones


# --- hint writing ------------------------------------------------------------------------------------

READ_WRITE_FORM = """() => {
  const form = document.querySelector('form.hh-write');
  if (!form) return null;
  const locked = {};
  for (const li of form.querySelectorAll('li.hh-locked')) {
    locked[li.querySelector('.hh-word').textContent] = li.className.includes('hh-role-assassin') ? 'assassin' : 'civilian';
  }
  return {
    words: Array.from(form.querySelectorAll('li .hh-word')).map(e => e.textContent),
    unlocked: Array.from(form.querySelectorAll('input[name=targets]')).map(e => e.value),
    locked: locked,
  };
}"""


def read_write_form(page):
    page.wait_for_selector("form.hh-write", timeout=WAIT_MS)
    return page.evaluate(READ_WRITE_FORM)


def tick_and_type(page, targets, hint):
    for word in targets:
        page.check("form.hh-write input[name=targets][value='%s']" % word)
    page.fill("form.hh-write input[name=hint]", hint)


def submit(page):
    page.click("form.hh-write .hh-submit")
    page.wait_for_selector(".hh-mine .hh-hint", timeout=WAIT_MS)
    return page.inner_text(".hh-mine .hh-hint")


# --- guessing --------------------------------------------------------------------------------------------

READ_BOARD = """() => {
  const tiles = Array.from(document.querySelectorAll('.hh-grid[aria-label="the 12 words"] > li.hh-tile'));
  const role = (li) => { const m = li.className.match(/hh-role-(\\w+)/); return m ? m[1] : null; };
  const scores = {};
  for (const tr of document.querySelectorAll('.hh-scores tbody tr')) {
    const th = tr.querySelector('th');
    scores[th.querySelector('.hh-who').textContent.trim()] = Number(tr.querySelector('td').textContent.replace('\\u2212', '-'));
  }
  const hostRow = document.querySelector('.hh-scores tbody tr:has(.hh-host-badge) th');
  return {
    hint: (document.querySelector('.hh-hint-box .hh-hint') || {}).textContent || null,
    meta: (document.querySelector('.hh-hint-box .hh-meta') || {}).textContent || null,
    status: (document.querySelector('.hh-status') || {}).textContent || null,
    words: tiles.map(li => li.querySelector('.hh-word, .hh-claim').textContent),
    roles: Object.fromEntries(tiles.filter(role).map(li => [li.querySelector('.hh-word').textContent, role(li)])),
    claimedBy: Object.fromEntries(tiles.filter(li => li.classList.contains('hh-claimed')).map(
      li => [li.querySelector('.hh-word').textContent, li.querySelector('.hh-by').textContent.replace(/^by /, '')])),
    claimable: Array.from(document.querySelectorAll('button.hh-claim')).map(b => b.textContent),
    canDone: !!document.querySelector('button.hh-done'),
    scores: scores,
    hostName: hostRow ? hostRow.querySelector('.hh-who').textContent.trim() : null,
    act: document.body.dataset.act || null,
  };
}"""


def read_board(page):
    return page.evaluate(READ_BOARD)


# the board before this one, revealed (D3-08): shown open until the new board's first claim, then folded
READ_LAST_BOARD = """() => {
  const box = document.querySelector('.hh-last');
  if (!box) return null;
  const tiles = Array.from(box.querySelectorAll('li.hh-mini-tile'));
  return {
    folded: box.tagName === 'DETAILS',
    title: (box.querySelector('h2, summary') || {}).textContent || null,
    line: box.querySelector('.hh-last-line').textContent,
    roles: Object.fromEntries(tiles.map(li => [li.querySelector('.hh-word').textContent,
                                               li.querySelector('.hh-role').textContent.toLowerCase()])),
    claimedBy: Object.fromEntries(tiles.filter(li => li.querySelector('.hh-by')).map(
      li => [li.querySelector('.hh-word').textContent, li.querySelector('.hh-by').textContent.replace(/^by /, '')])),
  };
}"""


def read_last_board(page):
    return page.evaluate(READ_LAST_BOARD)


def claim(page, word):
    page.click("button.hh-claim[aria-label='Claim %s']" % word)


def done_guessing(page):
    page.click("button.hh-done")


def one_claims_the_rest_stop(guessers):
    """The first guesser claims the board's first word; then each other guesser who still may stops guessing.
    The claim can end the board for everyone (the assassin, the last target: D3-09), which takes their "I'm done
    guessing" away, and the dealt board decides which: so each looks for the button only once it shows the state
    after the claim, and each press is waited out before the next. Returns the sequence number of the last state
    the phones reached, for the host's screen to catch up with."""
    before = seq(guessers[0])
    guessers[0].locator("button.hh-claim").first.click()
    wait_seq_above(guessers[0], before)
    latest = seq(guessers[0])
    for page in guessers[1:]:
        wait_seq_at_least(page, latest)
        if page.locator("button.hh-done").count():
            page.click("button.hh-done")
            wait_seq_above(page, latest)
            latest = seq(page)
    return latest


def start_guessing(host):
    """The host's Start guessing, once every hint is in; returns once the host shows board 1 (its view sequence
    rose), so what is read next is the board, not the writing screen."""
    host.wait_for_selector(".hh-controls .hh-start:not([disabled])", timeout=WAIT_MS)
    before = seq(host)
    host.click(".hh-controls .hh-start")
    wait_seq_above(host, before)


def next_board(host, confirm):
    """The host's Next hint / View scoreboard; answers the in-page dialog when one opens, and returns once the
    host has applied the move (its view sequence rose), so the next read is of the next board, not this one."""
    before = seq(host)
    host.click(".hh-controls .hh-next")
    text = None
    if confirm:
        host.wait_for_selector("#pp-confirm[open]", timeout=WAIT_MS)
        text = host.inner_text("#pp-confirm .confirm-text")
        host.click("#pp-confirm [data-answer=yes]")
    wait_seq_above(host, before)
    return text


# --- the scoreboard ---------------------------------------------------------------------------------

READ_STANDINGS = """() => Array.from(document.querySelectorAll('.hh-standings li')).map(li => ({
  name: li.querySelector('.hh-who').firstChild.textContent.trim(),
  points: Number(li.querySelector('.hh-num').textContent.replace('\\u2212', '-').replace(/ points?$/, '')),
  first: !!li.querySelector('.hh-win'),
}))"""


def read_standings(page):
    page.wait_for_selector(".hh-standings li", timeout=WAIT_MS)
    return {"rows": page.evaluate(READ_STANDINGS), "line": page.inner_text(".hh-winners")}
