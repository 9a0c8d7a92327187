"""Someone Else's Problem e2e helpers: start a game from the host screen, read what a phone's screen
offers, choose a move with a simple deterministic strategy, make it the way a person does (tick the
form's options, press its button), and read the numbers the host's table shows.

Everything here reads the DOM people see; nothing calls into the page's Python.
"""

import re

import people
from people import seq, wait_seq_above  # noqa: F401 (test_screens reads them from here)

GAME_ID = "someone_elses_problem"
ACTION_NAMES = {"gift": "GIFT", "exchange": "EXCHANGE", "deny": "DENY", "redirect": "REDIRECT"}
# A hand card as a phone lists it ("GIFT ×2"); the table must never show one.
HAND_CARD = re.compile(r"\b(GIFT|EXCHANGE|DENY|REDIRECT) (?:\u00d7|&times;)\d")


def start_game(open_page, wait_ready, signal, names):
    """A new room where these phones play Someone Else's Problem; returns (host, code, phones)."""
    return people.start_game(open_page, wait_ready, signal, GAME_ID, names)


# --- what a phone's screen shows ------------------------------------------------------------------

READ_PHONE = """() => {
  const q = (sel, root) => (root || document).querySelector(sel);
  const qa = (sel, root) => Array.from((root || document).querySelectorAll(sel));
  const radios = (form, name) => qa('input[name="' + name + '"]', form).map(i => ({
      value: i.value, label: i.closest('label').textContent.trim(), checked: i.checked}));
  const chips = (root) => root ? qa('li.sep-obj', root).map(li => ({
      name: q('.sep-obj-name', li).textContent,
      count: Number(q('.sep-count', li).textContent.replace(/\\D/g, '')),
      scandalous: li.classList.contains('sep-scandal')})) : [];
  const gift = q('form[id^="sep-gift-t"]');
  const gift2 = q('form[id^="sep-gift2-t"]');
  const respond = q('.sep-respond');
  const redirect = q('form[id^="sep-redirect-t"]');
  // (key order inside data-move is whatever the phone's MicroPython gives: parse it, never match text)
  const btn = (answer) => respond && qa('button[data-move]', respond).find(
      b => JSON.parse(b.dataset.move).answer === answer);
  return {
    act: document.body.dataset.act || '',
    phase: document.body.dataset.phase,
    status: (q('.sep-status') || {}).textContent || '',
    hint: (q('.sep-hint') || {}).textContent || '',
    hand: qa('.sep-my-hand .sep-hand li b').map(b => b.textContent),
    mine: chips(q('.sep-mine')),
    gift: gift ? {id: gift.id, objects: radios(gift, 'object'), to: radios(gift, 'to')} : null,
    gift2: gift2 ? {id: gift2.id, cards: qa('input[name="cards"]', gift2).map(i => i.value),
                    objects: radios(gift2, 'object'), to: radios(gift2, 'to')} : null,
    exchange: qa('form[id^="sep-ex-"]').map(f => ({id: f.id, from: JSON.parse(f.dataset.move).from,
        details: f.closest('details').id, give: radios(f, 'give'), take: radios(f, 'take')})),
    pass: qa('button[data-move]').some(b => JSON.parse(b.dataset.move).type === 'pass'),
    respond: respond ? {
      offer: q('.sep-offer', respond).textContent,
      accept: !!btn('accept') && !btn('accept').disabled,
      deny: !!btn('deny') && !btn('deny').disabled,
      redirect: redirect ? {id: redirect.id, to: radios(redirect, 'to')} : null,
      buttons: qa('button', respond).map(b => ({text: b.textContent, disabled: b.disabled})),
    } : null,
  };
}"""


def read_phone(phone):
    return phone.evaluate(READ_PHONE)


def _count(label):
    found = re.search(r"\u00d7(\d+)$", label)
    return int(found.group(1)) if found else 0


def offered_count(sentence):
    """How many objects 'Ben offers you 2 Hotel Receipts.' / '... a Diary.' / '... an ALIBI.' offers."""
    found = re.search(r"offers you (\d+|an?) ", sentence)
    assert found, sentence
    return 1 if found.group(1) in ("a", "an") else int(found.group(1))


def choose(screen):
    """What a simple, deterministic player does with what the phone shows. Returns a plan dict.

    Answering a gift: Accept a single object (not worth a card); else DENY when the Deny button is
    enabled, else REDIRECT (to the first player offered) when the redirect form is there, else Accept.
    On my turn:
      1. one scandalous object left, an EXCHANGE offered and someone holds an ALIBI: swap it for the
         ALIBI (that wins at once);
      2. a GIFT offered: gift my largest scandalous group (ties: the first listed) to the first player
         listed;
      3. no GIFT: EXCHANGE (when offered) one object of my smallest scandalous group for the ALIBI of the
         first player holding one;
      4. else the two-card gift: discard the first two cards listed, largest group, first player;
      5. else an exchange of my largest group for the first object of the first player; else pass.
    """
    r = screen["respond"]
    if r is not None:
        assert r["accept"], "an offered gift can always be accepted: %r" % (r,)
        if offered_count(r["offer"]) == 1:
            return {"kind": "accept"}
        if r["deny"]:
            return {"kind": "deny"}
        if r["redirect"] is not None:
            return {"kind": "redirect", "form": r["redirect"]["id"], "to": r["redirect"]["to"][0]["value"]}
        return {"kind": "accept"}
    objects = (screen["gift"] or screen["gift2"] or {}).get("objects") or []
    if not objects and screen["exchange"]:
        objects = screen["exchange"][0]["give"]
    scandal = [(o["value"], _count(o["label"])) for o in objects if o["value"] != "alibi"]
    assert scandal, "a player still in the game owns a scandalous object: %r" % (screen,)
    largest = max(scandal, key=lambda vc: vc[1])[0]  # max() keeps the first of equals
    smallest = min(scandal, key=lambda vc: vc[1])[0]
    with_alibi = [f for f in screen["exchange"] if any(t["value"] == "alibi" for t in f["take"])]
    if with_alibi and len(scandal) == 1 and scandal[0][1] == 1:
        f = with_alibi[0]
        return {
            "kind": "exchange",
            "form": f["id"],
            "details": f["details"],
            "give": scandal[0][0],
            "take": "alibi",
            "from": f["from"],
        }
    if screen["gift"]:
        return {"kind": "gift", "form": screen["gift"]["id"], "object": largest, "to": screen["gift"]["to"][0]["value"]}
    if with_alibi:
        f = with_alibi[0]
        return {
            "kind": "exchange",
            "form": f["id"],
            "details": f["details"],
            "give": smallest,
            "take": "alibi",
            "from": f["from"],
        }
    if screen["gift2"]:
        g = screen["gift2"]
        return {"kind": "gift2", "form": g["id"], "cards": [0, 1], "object": largest, "to": g["to"][0]["value"]}
    if screen["exchange"]:
        f = screen["exchange"][0]
        return {
            "kind": "exchange",
            "form": f["id"],
            "details": f["details"],
            "give": largest,
            "take": f["take"][0]["value"],
            "from": f["from"],
        }
    if screen["pass"]:
        return {"kind": "pass"}
    raise AssertionError("no move to choose from: %r" % (screen,))


def expected_move(plan, screen):
    """The move JSON the plan sends (what the host's record must log for it)."""
    kind = plan["kind"]
    if kind in ("accept", "deny"):
        return {"type": "respond", "answer": kind}
    if kind == "redirect":
        return {"type": "respond", "answer": "redirect", "to": plan["to"]}
    if kind == "gift":
        return {"type": "gift", "object": plan["object"], "to": plan["to"]}
    if kind == "gift2":
        cards = [screen["gift2"]["cards"][i] for i in plan["cards"]]
        return {"type": "gift2", "cards": cards, "object": plan["object"], "to": plan["to"]}
    if kind == "exchange":
        return {"type": "exchange", "from": plan["from"], "give": plan["give"], "take": plan["take"]}
    return {"type": "pass"}


def _radio(phone, form, name, value):
    phone.check("#%s input[name='%s'][value='%s']" % (form, name, value))


def _click_move(phone, selector, move):
    """Click the button whose data-move is this move (compared as JSON: MicroPython orders keys its own way)."""
    buttons = phone.locator(selector)
    moves = buttons.evaluate_all("bs => bs.map(b => JSON.parse(b.dataset.move))")
    assert moves.count(move) == 1, (move, moves)
    buttons.nth(moves.index(move)).click()


def play(phone, plan):
    """Make the planned move on the phone's screen, as a person would."""
    kind = plan["kind"]
    if kind in ("accept", "deny"):
        _click_move(phone, ".sep-respond button[data-move]", {"type": "respond", "answer": kind})
    elif kind == "pass":
        _click_move(phone, ".sep-moves button[data-move]", {"type": "pass"})
    elif kind == "redirect":
        _radio(phone, plan["form"], "to", plan["to"])
        phone.click("#%s button[type=submit]" % plan["form"])
    elif kind in ("gift", "gift2"):
        if kind == "gift2":
            boxes = phone.locator("#%s input[name='cards']" % plan["form"])
            for i in plan["cards"]:
                boxes.nth(i).check()
        _radio(phone, plan["form"], "object", plan["object"])
        _radio(phone, plan["form"], "to", plan["to"])
        phone.click("#%s button[type=submit]" % plan["form"])
    elif kind == "exchange":
        if not phone.locator("#%s" % plan["details"]).evaluate("d => d.open"):
            phone.click("#%s > summary" % plan["details"])
        _radio(phone, plan["form"], "give", plan["give"])
        _radio(phone, plan["form"], "take", plan["take"])
        phone.click("#%s button[type=submit]" % plan["form"])
    else:
        raise AssertionError(plan)


# --- what the host's table shows ------------------------------------------------------------------

READ_TABLE = """() => {
  const q = (sel, root) => (root || document).querySelector(sel);
  const qa = (sel, root) => Array.from((root || document).querySelectorAll(sel));
  const players = qa('.sep-table .sep-player').map(p => ({
      name: q('h3', p).childNodes[0].textContent,
      badges: qa('.sep-state .badge', p).map(b => b.textContent),
      facts: q('.sep-facts', p).textContent,
      objects: qa('li.sep-obj', p).map(li => [q('.sep-obj-name', li).textContent,
                                              Number(q('.sep-count', li).textContent.replace(/\\D/g, ''))]),
      text: p.textContent}));
  return {players,
          status: (q('.sep-table .sep-status') || {}).textContent || '',
          pending: (q('.sep-table .sep-pending') || {}).textContent || '',
          piles: (q('.sep-piles') || {}).textContent || '',
          result: (q('.sep-table .sep-result') || {}).textContent || '',
          winnersLine: (q('.over h2.winners') || {}).textContent || '',
          html: (q('main') || document.body).innerHTML};
}"""


def read_table(host):
    return host.evaluate(READ_TABLE)
