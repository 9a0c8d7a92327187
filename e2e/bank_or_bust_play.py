"""Bank or Bust e2e helpers: start a game from the host screen, read what a phone's screen offers,
choose a move with a simple deterministic strategy, and read the numbers the screens show.

Everything here reads the DOM people see (buttons with data-move, row cards, totals); nothing calls
into the page's Python.
"""

import json
import re

import people
from people import seq, wait_seq_above, wait_seq_at_least  # noqa: F401 (test_screens reads them from here)

GAME_ID = "bank_or_bust"
BANK_WHEN_BOTH_ROWS = 3  # bank once both rows hold 3 Number cards (Pairs bonus secured)...
BANK_WHEN_ONE_ROW = 5  # ...or once one row holds 5


def start_game(open_page, wait_ready, signal, names):
    """A new room where these phones play Bank or Bust; returns (host, code, phones)."""
    return people.start_game(open_page, wait_ready, signal, GAME_ID, names)


# --- what a phone's screen shows ------------------------------------------------------------------

READ_PHONE = """() => {
  const row = (name) => {
    const el = document.querySelector('.bob-mine .bob-row.bob-' + name);
    const cards = Array.from(el.querySelectorAll('.bob-cards > li.bob-card:not(.bob-start):not(.bob-double)'));
    const info = el.querySelector('.bob-row-info').textContent;
    const m = info.match(/next: (lower than|higher than) (-?\\d+)/);
    return {count: cards.length, ref: m ? Number(m[2]) : null,
            values: cards.map(c => Number(c.querySelector('.bob-value').textContent))};
  };
  const big = document.querySelector('.bob-moves') ? document.querySelector('.bob-pending .bob-bigcard') : null;
  return {
    act: document.body.dataset.act,
    moves: Array.from(document.querySelectorAll('.bob-moves [data-move]')).map(b => b.dataset.move),
    labels: Array.from(document.querySelectorAll('.bob-moves [data-move]')).map(b => b.textContent),
    pending: big ? big.textContent : null,
    hint: (document.querySelector('.bob-hint') || {}).textContent || '',
    top: row('top'), bottom: row('bottom'),
  };
}"""


def read_phone(phone):
    return phone.evaluate(READ_PHONE)


def choose(screen):
    """The move (as the button's data-move text) a simple, deterministic player clicks.

    - start of a turn: bank once both rows have 3 cards or one row has 5, else draw;
    - a Number card that fits both rows: the row it wastes the least room on;
    - fits one row: place it; fits none (a Discard card held): use the Discard card;
    - Double: play it on the longer row; Modify: +k on the top row or -k on the bottom row (both give
      room back), on the row with less room; Cover: play it on the row with less room; else discard.
    """
    texts = screen["moves"]
    moves = [json.loads(t) for t in texts]
    by_type = {}
    for text, move in zip(texts, moves):
        by_type.setdefault(move["type"], []).append((text, move))
    top, bottom = screen["top"], screen["bottom"]
    room = {"top": top["ref"] - 2, "bottom": 99 - bottom["ref"]}
    count = {"top": top["count"], "bottom": bottom["count"]}
    if "draw" in by_type or "bank" in by_type:
        done = min(count.values()) >= BANK_WHEN_BOTH_ROWS or max(count.values()) >= BANK_WHEN_ONE_ROW
        if (done or "draw" not in by_type) and "bank" in by_type:
            return by_type["bank"][0][0]
        return by_type["draw"][0][0]
    if "place" in by_type:
        places = by_type["place"]
        if len(places) == 1:
            return places[0][0]
        n = int(screen["pending"])
        waste = {"top": top["ref"] - n, "bottom": n - bottom["ref"]}
        return min(places, key=lambda tm: (waste[tm[1]["row"]], tm[1]["row"]))[0]
    if "use_discard" in by_type:
        return by_type["use_discard"][0][0]
    if "play" in by_type:
        plays = by_type["play"]
        good = [(t, m) for t, m in plays if "sign" not in m or (m["row"], m["sign"]) in (("top", "+"), ("bottom", "-"))]
        if good:
            if screen["pending"] == "Double":
                return max(good, key=lambda tm: (count[tm[1]["row"]], tm[1]["row"]))[0]
            return min(good, key=lambda tm: (room[tm[1]["row"]], tm[1]["row"]))[0]
    if "discard_power" in by_type:
        return by_type["discard_power"][0][0]
    if "bust" in by_type:
        return by_type["bust"][0][0]
    raise AssertionError("no move to choose from: %r" % (screen,))


def click_move(phone, move_text):
    phone.locator(".bob-moves [data-move='%s']" % move_text).first.click()


# --- what the host's table shows ------------------------------------------------------------------

READ_TABLE = """() => {
  // a name as written: who()'s .who-name (ui/html.py), or the text without the face before it or a badge after it
  const nameOf = (el) => {
    const named = el.querySelector('.who-name');
    return named ? named.textContent : Array.from(el.childNodes).filter(n => !(n.classList
      && (n.classList.contains('face') || n.classList.contains('badge')))).map(n => n.textContent).join('');
  };
  const row = (panel, name) => Array.from(panel.querySelectorAll(
      '.bob-row.bob-' + name + ' .bob-cards > li.bob-card:not(.bob-start):not(.bob-double)'))
      .map(c => Number(c.querySelector('.bob-value').textContent));
  const panels = Array.from(document.querySelectorAll('.bob-table .bob-player')).map(p => ({
      name: nameOf(p.querySelector('.bob-name-text')),
      total: p.querySelector('.bob-total').textContent,
      status: p.className,
      top: row(p, 'top'), bottom: row(p, 'bottom')}));
  const summary = document.querySelector('.bob-table .bob-summary');
  const lines = summary ? Array.from(summary.querySelectorAll('tbody tr')).map(tr => ({
      name: nameOf(tr.querySelector('th')),
      cells: Array.from(tr.querySelectorAll('td')).map(td => td.textContent)})) : [];
  const standings = Array.from(document.querySelectorAll('.bob-table .bob-standings tr')).map(tr => ({
      name: nameOf(tr.querySelector('th')), winner: !!tr.querySelector('th .win'),
      total: tr.querySelector('td').textContent}));
  return {panels, standings, lines,
          summaryCaption: summary ? summary.querySelector('caption').textContent : null,
          status: (document.querySelector('.bob-table .bob-status') || {}).textContent || '',
          winnersLine: (document.querySelector('.over h2.winners') || {}).textContent || ''};
}"""


def read_table(host):
    return host.evaluate(READ_TABLE)


def summary_round(caption):
    found = re.match(r"Round (\d+) scores", caption or "")
    return int(found.group(1)) if found else None
