"""Someone Else's Problem screens: the shared table (with the host's End game) and one player's phone.

Pure functions view -> HTML string, in the Python subset MicroPython runs. The view names players
by id only; names come from ctx["names"] through name_of() (escaped). Display names of cards live
here, not in the engine. Scandalous objects and ALIBIs differ by a text badge and a shape, not colour.
"""

from ...ui.html import (
    BEAT_MS,
    MOMENT_MS,
    beat,
    button,
    countdown,
    esc,
    move_json,
    moment_key,
    name_of,
    seat_face,
    tag,
    who,
)
from ...ui.illustrations import arrow, chip, column, person, row, rules_box, steps

OBJECT_ORDER = ["secret_photo", "spare_key", "love_letter", "burner_phone", "hotel_receipt", "diary", "alibi"]
OBJECT_NAMES = {
    "secret_photo": "Secret Photo",
    "spare_key": "Spare Key",
    "love_letter": "Love Letter",
    "burner_phone": "Burner Phone",
    "hotel_receipt": "Hotel Receipt",
    "diary": "Diary",
    "alibi": "ALIBI",
}
OBJECT_PLURALS = {
    "secret_photo": "Secret Photos",
    "spare_key": "Spare Keys",
    "love_letter": "Love Letters",
    "burner_phone": "Burner Phones",
    "hotel_receipt": "Hotel Receipts",
    "diary": "Diaries",
    "alibi": "ALIBIs",
}
ACTION_ORDER = ["gift", "exchange", "deny", "redirect"]
ACTION_NAMES = {"gift": "GIFT", "exchange": "EXCHANGE", "deny": "DENY", "redirect": "REDIRECT"}
ACTION_HELP = {
    "gift": "On your turn: offer all your objects of one type to a player.",
    "exchange": "On your turn: swap one of your objects for one of another player's.",
    "deny": "When offered a gift: refuse it; the objects stay with the sender.",
    "redirect": "When offered a gift: send it on to a third player, who must take it.",
}
SCANDAL_SHAPE = "&#9670;"  # a solid diamond
ALIBI_SHAPE = "&#9675;"  # an open circle


def _picture():
    """An object passing between players: a gift, the three answers, an exchange, the win."""
    diaries = chip(SCANDAL_SHAPE + " Diary &times;2", "scandal")
    answers = column(
        row(chip("Accept", "label"), arrow(), person("Ben", diaries)),
        row(chip("DENY", "label"), arrow(back=True), person("Ann", diaries)),
        row(chip("REDIRECT", "label"), arrow(), person("Cat", diaries)),
    )
    swap = row(
        person("Ann", chip(SCANDAL_SHAPE + " Key", "scandal")),
        arrow("swap") + arrow(back=True),
        person("Cat", chip(ALIBI_SHAPE + " ALIBI", "alibi")),
    )
    win = row(
        person("Ann", column(chip(ALIBI_SHAPE + " ALIBI", "alibi"), chip(ALIBI_SHAPE + " ALIBI", "alibi"))),
        chip("nothing scandalous: WIN", "ok"),
    )
    return steps(
        "Someone Else's Problem in four pictures",
        [
            (
                "Ann hands her two Diaries, marked with a solid diamond as scandalous, towards Ben with an arrow "
                "labelled GIFT",
                row(person("Ann", diaries), arrow("GIFT"), person("Ben")),
                "GIFT: on your turn, offer all your objects of one type to one player.",
            ),
            (
                "Three ways the Diaries can go: Accept, to Ben; DENY, back to Ann; REDIRECT, on to Cat",
                answers,
                "Ben answers: Accept, DENY (they stay with Ann) or REDIRECT (Cat must take them).",
            ),
            (
                "Ann swaps her scandalous Key for Cat's ALIBI, marked with an open circle",
                swap,
                "EXCHANGE: swap one of your objects for one of someone else's. It cannot be refused.",
            ),
            (
                "Ann holds only ALIBIs, open circles: nothing scandalous, so she wins",
                win,
                "Hold nothing scandalous ("
                + SCANDAL_SHAPE
                + ") and you win. An ALIBI ("
                + ALIBI_SHAPE
                + ") is not evidence.",
            ),
        ],
    )


PICTURE = _picture()

RULES_TEXT = (
    "<p>Everyone starts with five objects face up and four action cards in a private hand. Every "
    "object is scandalous except the ALIBI. Hold no scandalous object and you win at once.</p><ul>"
    "<li><b>GIFT</b> (your turn): offer <em>all</em> your objects of one type to one player. They stay "
    "with you until that player answers.</li>"
    "<li><b>EXCHANGE</b> (your turn): swap one of your objects for one of another player's. It cannot "
    "be refused.</li>"
    "<li><b>No GIFT in hand?</b> Discard any two action cards to make a gift instead.</li>"
    "<li>Offered a gift? <b>Accept</b> it (free), <b>DENY</b> it (the objects stay with the sender) or "
    "<b>REDIRECT</b> it to a third player, who must take it.</li>"
    "<li>After each move, whoever spent cards draws back up to four: the mover first. Then the next "
    "player clockwise plays.</li>"
    "<li>You may pass only when you have no move at all.</li></ul>"
    "<p>An ALIBI does not protect you: it just is not evidence.</p>"
)
RULES = PICTURE + RULES_TEXT  # what every how-to-play shows: the picture, then the words


# --- words ---------------------------------------------------------------------------------------


def object_name(kind):
    return OBJECT_NAMES.get(kind, esc(kind))


def objects_phrase(kind, count):
    """'a Diary', 'an ALIBI', '2 Secret Photos' (escaped)."""
    if count == 1:
        name = object_name(kind)
        return ("an " if name[:1] in "AEIOU" else "a ") + name
    return "%d %s" % (count, OBJECT_PLURALS.get(kind, esc(kind)))


def owned_phrase(kind, count):
    """After a possessive: "Dev's Hotel Receipt", "Dev's 2 Secret Photos" (escaped)."""
    return object_name(kind) if count == 1 else objects_phrase(kind, count)


def action_name(card):
    return ACTION_NAMES.get(card, esc(card))


def _cards_word(n):
    return "1 card" if n == 1 else "%d cards" % n


def _list_names(ctx, pids):
    names = [name_of(ctx, p) for p in pids]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _possessive(ctx, pid):
    return name_of(ctx, pid) + "&#39;s"


def _objects_word(n):
    return "their object" if n == 1 else "their %d objects" % n


def narrate(entry, ctx):
    """One narration entry from the view's log as an escaped sentence."""
    kind = entry.get("kind")
    who = name_of(ctx, entry.get("by"))
    if kind == "gift":
        text = "%s offered %s to %s" % (who, objects_phrase(entry["object"], entry["count"]), name_of(ctx, entry["to"]))
        cards = entry.get("cards") or []
        if len(cards) == 2:
            text += " by discarding %s + %s" % (action_name(cards[0]), action_name(cards[1]))
        return text + "."
    if kind == "accept" and entry.get("away"):  # D4-21
        return "%s is away: %s %s went to them." % (
            who,
            _possessive(ctx, entry["from"]),
            owned_phrase(entry["object"], entry["count"]),
        )
    if kind == "accept":
        return "%s accepted %s %s." % (
            who,
            _possessive(ctx, entry["from"]),
            owned_phrase(entry["object"], entry["count"]),
        )
    if kind == "deny":
        return "%s played DENY: %s keeps %s." % (
            who,
            name_of(ctx, entry["from"]),
            objects_phrase(entry["object"], entry["count"]),
        )
    if kind == "redirect":
        return "%s played REDIRECT: %s %s went to %s." % (
            who,
            _possessive(ctx, entry["from"]),
            owned_phrase(entry["object"], entry["count"]),
            name_of(ctx, entry["to"]),
        )
    if kind == "exchange":
        return "%s exchanged %s for %s %s." % (
            who,
            objects_phrase(entry["gave"], 1),
            _possessive(ctx, entry["from"]),
            object_name(entry["took"]),
        )
    if kind == "pass" and entry.get("away"):  # D4-21
        return "%s is away: their turn passed." % who
    if kind == "pass":
        return "%s passed: no move was possible." % who
    if kind == "draw":
        text = "%s drew %s." % (who, _cards_word(entry.get("count", 0)))
        if entry.get("short"):
            text += " Both piles are empty, so the hand stays short."
        return text
    if kind == "reshuffle":
        return "The discard pile was shuffled into a new draw pile (%s)." % _cards_word(entry.get("count", 0))
    if kind == "win":
        winners = entry.get("winners") or []
        return "%s %s nothing scandalous left." % (_list_names(ctx, winners), "has" if len(winners) == 1 else "have")
    if kind == "end":
        return "The host ended the game. Nobody wins."
    if kind == "stalemate":
        return "Everyone passed for a full round: stalemate. Nobody wins."
    if kind == "removed":  # docs/decisions.md: a removed player's objects and hand leave play
        return "The host removed %s: %s left the game, and their cards went under the draw pile." % (
            name_of(ctx, entry["player"]),
            _objects_word(entry.get("count", 0)),
        )
    return esc(kind)


def ending(view, ctx):
    """How the game ended, without naming the winners: the room's headline right above names them (once)."""
    end = view.get("end")
    if end == "win":
        if len(view["winners"]) == 1:
            return "Game over: the winner holds nothing scandalous."
        return "Game over: the winners hold nothing scandalous."
    if end == "stalemate":
        return "Game over: everyone passed for a full round (stalemate)."
    if end == "too_few":
        return "Game over: fewer than 3 players remained."
    return "Game over: the host ended the game."


def my_result(view, ctx):
    """My own finish, on my phone (escaped)."""
    me = ctx.get("me")
    if me not in view["players"]:
        return ""
    if me in view["winners"]:
        return "You win! You hold nothing scandalous."
    n = view["scandalous"].get(me, 0)
    return "You still hold %d scandalous object%s." % (n, "" if n == 1 else "s")


def gift_sentence(view, ctx):
    g = view["pending"]
    return "%s offered by %s to %s" % (
        objects_phrase(g["object"], g["count"]),
        name_of(ctx, g["by"]),
        name_of(ctx, g["to"]),
    )


def status(view, ctx):
    """The one status sentence both screens show (escaped)."""
    phase = view["phase"]
    if phase == "over":
        return ending(view, ctx)
    me = ctx.get("me")  # on a phone, my own turn reads as "you"
    if view.get("grace_ms") is not None:  # D4-21: the one awaited is away
        left = countdown(view["grace_ms"] - ctx.get("now_ms", 0))
        if phase == "respond":
            return "%s is away: the gift goes to them in %s." % (name_of(ctx, view["awaiting"]), left)
        return "%s is away: their turn passes in %s." % (name_of(ctx, view["awaiting"]), left)
    if phase == "respond":
        g = view["pending"]
        if me is not None and g["to"] == me:
            return "You are responding to a gift from %s." % name_of(ctx, g["by"])
        return "%s responds to a gift from %s." % (name_of(ctx, g["to"]), name_of(ctx, g["by"]))
    if me is not None and view["current"] == me:
        return "Your turn."
    return "%s turn." % _possessive(ctx, view["current"])


# --- pieces ------------------------------------------------------------------------------------


def _away(ctx, pid):
    connected = ctx.get("connected") or {}
    if pid in connected and not connected[pid]:
        return tag("span", "away", class_="badge sep-away")
    return ""


def object_chips(view, pid):
    """A player's objects grouped by type, each with a count, a badge and a shape."""
    objects = view["objects"].get(pid) or {}
    pending = view.get("pending")
    items = []
    for kind in OBJECT_ORDER:
        n = objects.get(kind, 0)
        if not n:
            continue
        if kind == "alibi":
            shape, badge, cls = ALIBI_SHAPE, "not scandalous", "sep-obj sep-alibi"
        else:
            shape, badge, cls = SCANDAL_SHAPE, "scandalous", "sep-obj sep-scandal"
        offered = ""
        if pending and pending["by"] == pid and pending["object"] == kind:
            offered = tag("span", "offered", class_="sep-tag sep-offered")
            cls += " sep-is-offered"
        body = (
            tag("span", shape, class_="sep-shape", aria_hidden="true")
            + tag("span", object_name(kind), class_="sep-obj-name")
            + tag("span", "&times;%d" % n, class_="sep-count")
            + tag("span", badge, class_="sep-tag")
            + offered
        )
        items.append(tag("li", body, class_=cls))
    if not items:
        return tag("p", "No objects.", class_="sep-none")
    return tag("ul", "".join(items), class_="sep-objects")


def _player_badges(view, ctx, pid):
    out = []
    if view["phase"] == "over":
        if pid in view["winners"]:
            out.append(tag("span", "winner", class_="badge win"))
    elif view["phase"] == "respond" and view["pending"]["to"] == pid:
        out.append(tag("span", "responding", class_="badge sep-badge-now"))
    elif view["phase"] == "turn" and view["current"] == pid:
        out.append(tag("span", "turn", class_="badge sep-badge-now"))
    if ctx.get("me") == pid:
        out.append(tag("span", "you", class_="badge you"))
    return "".join(out) + _away(ctx, pid)


def player_card(view, ctx, pid):
    n_scandal = view["scandalous"].get(pid, 0)
    # the face, then the name on its own line (cut short with an ellipsis on a crowded TV); badges lead the
    # facts' line. The face stays outside the heading: the heading is the name alone.
    head = tag(
        "div", seat_face(ctx, pid) + tag("h3", tag("span", name_of(ctx, pid), class_="sep-name")), class_="sep-who"
    )
    facts = tag(
        "div",
        _player_badges(view, ctx, pid)
        + tag(
            "p",
            "%d scandalous &middot; %s in hand" % (n_scandal, _cards_word(view["hand_sizes"].get(pid, 0))),
            class_="sep-facts",
        ),
        class_="sep-state",
    )
    cls = "sep-player"
    if view.get("awaiting") == pid:
        cls += " sep-now"
    if pid in view.get("winners", []):
        cls += " sep-winner"
    return tag("section", head + facts + object_chips(view, pid), class_=cls, aria_label=ctx["names"].get(pid, "?"))


def piles(view):
    discard = view.get("discard") or []
    last = ""
    if discard:
        last = " (top: %s)" % action_name(discard[-1])
    return tag(
        "p",
        "Draw pile: %s &middot; Discard pile: %s%s"
        % (_cards_word(view["draw_count"]), _cards_word(len(discard)), last),
        class_="sep-piles",
    )


def log_list(view, ctx, keep):
    entries = list(view.get("log") or [])[-keep:]
    if not entries:
        return tag("p", "No moves yet.", class_="sep-none")
    entries.reverse()
    return tag(
        "ol",
        "".join([tag("li", tag("span", narrate(e, ctx), class_="sep-line")) for e in entries]),
        class_="sep-log",
        reversed=True,
    )


def pending_box(view, ctx, moving=False):
    """The gift waiting for its response (D4-12: shown publicly as "offered by P to R"). On the TV it rises in
    once, as the first step of its exchange."""
    if view["phase"] != "respond":
        return ""
    text = "Gift: " + gift_sentence(view, ctx) + "."
    if not moving:
        return tag("p", text, class_="sep-pending banner")
    return beat(0, text, name="p", cls="sep-pending banner", id=moment_key("sep", view["turn_no"], "gift"))


# --- the last move: a moment (issue 30) --------------------------------------------------------------
# After a move fully resolves, the TV tells it in the rulebook's order, one step at a time: the move (02: who
# gave what to whom), the response (03: ACCEPT, DENY or REDIRECT), where the objects went, what each player
# involved ends with, then the win check or the refill (04). The steps rise in (ui/html.py beat) within
# MOMENT_MS and stay until the next move. Each step is a short sentence with the players' faces and names
# ("Dee exchanged with Ann", "Hotel Receipt to Ann, ALIBI to Dee"): who did what, never initials to decode.

MOVES = ("gift", "exchange", "pass")  # the log entries that start a move
STEP_MS = 600


def move_entries(view):
    """The log's entries of the last move that fully resolved, with what followed it (win check, refill); none
    while a gift waits for its response, and none after the host's End game."""
    log = view.get("log") or []
    if view["phase"] == "respond" or not log or log[-1].get("kind") == "end":
        return []
    for i in range(len(log) - 1, -1, -1):
        if log[i].get("kind") == "removed":
            return []  # a removal is no move: the story beside the table tells it
        if log[i].get("kind") in MOVES:
            return log[i:]
    return []


def _holds(view, ctx, pid):
    return tag("span", who(ctx, pid) + ": %d scandalous" % view["scandalous"].get(pid, 0), class_="sep-holds")


def _and(parts):
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def move_steps(view, ctx, entries):
    """The steps of one move in the rulebook's order, each a short sentence with names: [(step, HTML)]."""
    first, rest = entries[0], list(entries[1:])
    kind, by = first["kind"], first.get("by")
    if kind == "pass":
        passed = " is away: their turn passed" if first.get("away") else " passed"  # D4-21
        return [("move", who(ctx, by) + passed)] + [("after", narrate(e, ctx)) for e in rest]
    if kind == "exchange":
        steps = [
            ("move", "%s exchanged with %s" % (who(ctx, by), who(ctx, first["from"]))),
            (
                "result",
                "%s to %s, %s to %s"
                % (
                    object_name(first["gave"]),
                    name_of(ctx, first["from"]),
                    object_name(first["took"]),
                    name_of(ctx, by),
                ),
            ),
        ]
        changed = [by, first["from"]]
    else:
        n = first["count"]
        things = object_name(first["object"]) if n == 1 else objects_phrase(first["object"], n)
        made = "GIFT" if first.get("cards") == ["gift"] else "two cards"  # D4-04: two cards make a gift
        steps = [("move", "%s gave %s to %s (%s)" % (who(ctx, by), things, who(ctx, first["to"]), made))]
        answer = rest.pop(0) if rest else {}
        if answer.get("kind") == "deny":
            steps += [
                ("response", "%s played DENY" % name_of(ctx, first["to"])),
                ("result", "they stay with " + name_of(ctx, by)),
            ]
            changed = [by]
        elif answer.get("kind") == "redirect":
            taker = answer.get("to")
            steps += [
                ("response", "%s played REDIRECT" % name_of(ctx, answer.get("by"))),
                ("result", "they go to " + who(ctx, taker)),
            ]
            changed = [by, taker]
        else:
            taker = answer.get("by")
            steps += [("response", "%s accepted" % name_of(ctx, taker))]
            changed = [by, taker]
    steps.append(("holds", " ".join([_holds(view, ctx, p) for p in changed])))
    for e in rest:
        if e["kind"] == "win":
            winners = [name_of(ctx, p) for p in e["winners"]]
            steps.append(
                ("after", "%s %s nothing scandalous" % (_and(winners), "has" if len(winners) == 1 else "have"))
            )
        elif e["kind"] == "reshuffle":
            steps.append(("after", "a new draw pile"))
        elif e["kind"] == "draw":
            steps.append(("after", narrate(e, ctx).rstrip(".")))  # "Ann drew 2 cards"
    return steps


def last_move(view, ctx):
    entries = move_entries(view)
    if not entries:
        return ""
    steps = move_steps(view, ctx, entries)
    gap = min(STEP_MS, (MOMENT_MS - BEAT_MS) // max(1, len(steps) - 1))
    items = "".join(
        [beat(k * gap, body, name="li", cls="sep-step sep-step-" + step) for k, (step, body) in enumerate(steps)]
    )
    # the move's own turn: the turn has moved on after it, unless it ended the game
    turn = view["turn_no"] if view["phase"] == "over" else view["turn_no"] - 1
    return tag(
        "section",
        tag("ol", items, class_="sep-steps"),
        class_="sep-move",
        id=moment_key("sep", turn),
        aria_label="The last move",
    )


def _status_line(view, ctx, cls):
    return tag("p", status(view, ctx), class_=cls, role="status", aria_live="polite")


# --- the table -----------------------------------------------------------------------------------


def table(view, ctx):
    body = [
        tag(
            "header",
            tag("h1", "Your Secret. Someone Else&#39;s Problem.", class_="sep-title")
            + _status_line(view, ctx, "sep-status"),
            class_="sep-head",
        )
    ]
    body.append(pending_box(view, ctx, moving=True) + last_move(view, ctx))
    crowd = " sep-crowd" if len(view["players"]) >= 5 else ""  # 3 panels a row on a TV, else 2
    body.append(tag("div", "".join([player_card(view, ctx, p) for p in view["players"]]), class_="sep-players" + crowd))
    if view["phase"] == "over":
        # the objects are the result; the piles and the story are one tap away, so the TV never scrolls
        body.append(
            tag("details", tag("summary", "What happened") + log_list(view, ctx, 6) + piles(view), class_="sep-story")
        )
    return tag("div", "".join(body), class_="sep sep-table")


def controls(view, ctx):
    """The host's End game (the TV's, and the controls phone's: ui/room.py controls_band)."""
    if view["phase"] == "over":
        return ""
    return tag(
        "div",
        button(
            "End game",
            {"type": "end_game"},
            cls="btn danger",
            confirm="End the game now for every player? Nobody wins.",
        ),
        class_="sep-host",
    )


def table_side(view, ctx):
    """Beside the table, under the room's people: the story so far, the piles and the host's End game, so the
    players' objects keep the TV's whole height."""
    if view["phase"] == "over":
        return ""
    end = ctx.get("host_buttons", "")  # controls(), drawn once by the room's list (ui/decisions.py)
    return tag(
        "div",
        tag("section", tag("h2", "What happened") + log_list(view, ctx, 3), class_="sep-story")
        + piles(view)
        + end
        + rules_box(RULES, id_="sep-rules-table"),
        class_="sep sep-aside",
    )


# --- the phone -----------------------------------------------------------------------------------


def _radio(name, value, label, checked=False):
    box = '<input type="radio" name="%s" value="%s" required%s>' % (name, esc(value), " checked" if checked else "")
    return tag("label", box + " " + label, class_="sep-opt")


def _checkbox(name, value, label):
    box = '<input type="checkbox" name="%s" value="%s">' % (name, esc(value))
    return tag("label", box + " " + label, class_="sep-opt")


def _fieldset(legend, options):
    return tag("fieldset", tag("legend", legend) + "".join(options))


def _my_types(view):
    mine = view["objects"].get(view["me"]) or {}
    return [k for k in OBJECT_ORDER if mine.get(k)]


def _object_options(view, name, pid):
    objects = view["objects"].get(pid) or {}
    return [_radio(name, k, "%s &times;%d" % (object_name(k), objects[k])) for k in OBJECT_ORDER if objects.get(k)]


def _player_options(ctx, name, pids):
    only = len(pids) == 1
    return [_radio(name, p, name_of(ctx, p), checked=only) for p in pids]


def gift_form(view, ctx):
    can = view["can"]
    body = (
        _fieldset("Give all my&hellip;", _object_options(view, "object", view["me"]))
        + _fieldset("To", _player_options(ctx, "to", can["targets"]))
        + tag("button", "Offer gift (spend a GIFT)", type="submit", class_="btn primary big")
    )
    return tag(
        "form", body, data_move=move_json({"type": "gift"}), id="sep-gift-t%d" % view["turn_no"], class_="sep-form"
    )


def gift2_form(view, ctx):
    can = view["can"]
    cards = [_checkbox("cards", c, action_name(c)) for c in view["hand"]]
    body = (
        tag(
            "p",
            "You hold no GIFT: discard any two cards to make a gift instead. Their own effects do not happen.",
            class_="hint",
        )
        + _fieldset("Discard two cards", cards)
        + _fieldset("Give all my&hellip;", _object_options(view, "object", view["me"]))
        + _fieldset("To", _player_options(ctx, "to", can["targets"]))
        + tag("button", "Offer gift (spend two cards)", type="submit", class_="btn primary big")
    )
    return tag(
        "form", body, data_move=move_json({"type": "gift2"}), id="sep-gift2-t%d" % view["turn_no"], class_="sep-form"
    )


def exchange_forms(view, ctx):
    out = []
    for q in view["can"]["targets"]:
        body = (
            _fieldset("I give", _object_options(view, "give", view["me"]))
            + _fieldset("I take from %s" % name_of(ctx, q), _object_options(view, "take", q))
            + tag("button", "Exchange (spend an EXCHANGE)", type="submit", class_="btn primary big")
        )
        form = tag(
            "form",
            body,
            data_move=move_json({"type": "exchange", "from": q}),
            id="sep-ex-%s-t%d" % (esc(q), view["turn_no"]),
            class_="sep-form",
        )
        out.append(
            tag(
                "details",
                tag("summary", "Swap with %s" % name_of(ctx, q)) + form,
                id="sep-exd-%s" % esc(q),
                class_="sep-swap",
            )
        )
    return "".join(out)


def respond_box(view, ctx):
    can = view["can"]
    g = view["pending"]
    parts = [
        tag(
            "p",
            "%s offers you %s." % (name_of(ctx, g["by"]), objects_phrase(g["object"], g["count"])),
            class_="sep-offer",
        )
    ]
    parts.append(button("Accept (free)", {"type": "respond", "answer": "accept"}, cls="btn primary big"))
    deny_label = "Deny (spend a DENY)" if can["deny"] else "Deny (needs a DENY card)"
    parts.append(button(deny_label, {"type": "respond", "answer": "deny"}, cls="btn big", disabled=not can["deny"]))
    thirds = can["redirect_to"]
    if can["redirect"]:
        body = _fieldset("Send it on to", _player_options(ctx, "to", thirds)) + tag(
            "button", "Redirect (spend a REDIRECT)", type="submit", class_="btn big"
        )
        parts.append(
            tag(
                "form",
                body,
                data_move=move_json({"type": "respond", "answer": "redirect"}),
                id="sep-redirect-t%d" % view["turn_no"],
                class_="sep-form",
            )
        )
    else:
        parts.append(
            button(
                "Redirect (needs a REDIRECT card)",
                {"type": "respond", "answer": "redirect"},
                cls="btn big",
                disabled=True,
            )
        )
    return tag(
        "section",
        "".join(parts),
        class_="sep-respond panel",
        aria_label="Answer the gift",
        data_show="sep-respond-t%d" % view["turn_no"],
    )


def hint(view, ctx):
    """The one-line 'what can I do now'."""
    me = view.get("me")
    if view["phase"] == "over":
        return ""  # the status line and the result banner say it all
    if not view.get("act"):
        if view["phase"] == "respond" and view["pending"]["by"] == me:
            return "Waiting for %s to answer your gift." % name_of(ctx, view["pending"]["to"])
        return "Wait for %s." % name_of(ctx, view.get("awaiting"))
    can = view["can"]
    if view["phase"] == "respond":
        return (
            "Accept, DENY or REDIRECT the gift."
            if (can["deny"] or can["redirect"])
            else "You hold no DENY or REDIRECT: accept the gift."
        )
    if can.get("pass"):
        return "You have no move: pass."
    options = []
    if can.get("gift"):
        options.append("GIFT a group")
    if can.get("gift2"):
        options.append("gift with two cards")
    if can.get("exchange"):
        options.append("EXCHANGE one object")
    return "Your turn: " + " or ".join(options) + "."


def my_hand(view):
    """My cards in one row of chips ("GIFT ×2"); what each does is one tap away (card_help), and each form's
    button says the card it spends."""
    cards = view.get("hand") or []
    if not cards:
        return tag("p", "No cards in hand.", class_="sep-none")
    items = []
    for c in ACTION_ORDER:
        n = cards.count(c)
        if n:
            items.append(tag("li", tag("b", "%s &times;%d" % (action_name(c), n)), title=ACTION_HELP[c]))
    return tag("ul", "".join(items), class_="sep-hand")


def card_help(view):
    cards = view.get("hand") or []
    lines = [tag("li", tag("b", action_name(c)) + ": " + ACTION_HELP[c]) for c in ACTION_ORDER if c in cards]
    if not lines:
        return ""
    return tag("details", tag("summary", "What my cards do") + tag("ul", "".join(lines)), class_="sep-card-help")


def phone(view, ctx):
    me = view.get("me")
    line = hint(view, ctx)
    body = [
        tag(
            "header",
            tag("p", "Someone Else&#39;s Problem", class_="brand small")
            + _status_line(view, ctx, "sep-status")
            + (tag("p", line, class_="sep-hint") if line else ""),
            class_="sep-head",
        )
    ]
    if view["phase"] == "over":
        finish = my_result(view, ctx)
        if finish:
            body.append(tag("p", finish, class_="sep-result banner" + (" sep-won" if me in view["winners"] else "")))
    # a gift to answer comes first: its answer needs nothing below (the offer says what it is), and it starts
    # above a 360x640 phone's fold however many objects I hold (issue 48 point 4)
    answering = view.get("act") and view["phase"] == "respond"
    if answering:
        body.append(respond_box(view, ctx))
    # what I hold comes next, compact, so the forms that use it start on the first screen (issue 38: the hand
    # and objects had been about 1,300 px down, under the forms)
    if me is not None and view["phase"] != "over":  # once it is over, cards in hand no longer matter
        body.append(tag("section", tag("h2", "My hand (only you see it)") + my_hand(view), class_="sep-my-hand"))
    if me is not None:
        body.append(tag("section", tag("h2", "My objects") + object_chips(view, me), class_="sep-mine"))
    if view["phase"] == "over":
        pass
    elif view.get("act"):
        if answering:
            pass  # above
        else:
            can = view["can"]
            moves = []
            if can.get("gift"):
                moves.append(tag("section", tag("h2", "GIFT") + gift_form(view, ctx), class_="panel"))
            if can.get("gift2"):
                moves.append(tag("section", tag("h2", "Two-card gift") + gift2_form(view, ctx), class_="panel"))
            if can.get("exchange"):
                moves.append(tag("section", tag("h2", "EXCHANGE") + exchange_forms(view, ctx), class_="panel"))
            if can.get("pass"):
                moves.append(button("Pass (no move possible)", {"type": "pass"}, cls="btn primary big"))
            body.append(tag("div", "".join(moves), class_="sep-moves", data_show="sep-turn-t%d" % view["turn_no"]))
    else:
        body.append(pending_box(view, ctx))
    if me is not None and view["phase"] != "over":
        body.append(card_help(view))
    others = [p for p in view["players"] if p != me]
    body.append(
        tag(
            "details",
            tag("summary", "Everyone&#39;s objects")
            + "".join([player_card(view, ctx, p) for p in others])
            + piles(view),
            id="sep-everyone",
            open=view["phase"] != "turn" or not view.get("act"),
        )
    )
    body.append(tag("details", tag("summary", "What happened") + log_list(view, ctx, 8), id="sep-story"))
    body.append(rules_box(RULES, id_="sep-rules-phone"))
    return tag("div", "".join(body), class_="sep sep-phone")
