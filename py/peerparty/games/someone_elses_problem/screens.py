"""Someone Else's Problem screens: the shared table (with the host's End game) and one player's phone.

Pure functions view -> HTML string, in the Python subset MicroPython runs. The view names players
by id only; names come from ctx["names"] through name_of() (escaped). Display names of cards live
here, not in the engine. Scandalous objects and ALIBIs differ by a text badge and a shape, not colour.

Every word is a catalog message (docs/languages.md), looked up when a screen is drawn, so the TV reads the
room's language and each phone its own. A message holding names is filled with escaped names (HTML) and put
in as it is, like ui/room.py: a translation adds no markup (tests/test_catalogs.py). A message holding no
HTML value is escaped. The game's terms (its words in each language: docs/rules/someone-elses-problem.md)
are the object and card names below; sentences write the card names in themselves, as in the rulebook.
"""

from ...i18n import N_, _, join, ngettext, number
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
ACTION_ORDER = ["gift", "exchange", "deny", "redirect"]
ACTION_HELP = {
    "gift": N_("On your turn: offer all your objects of one type to a player."),
    "exchange": N_("On your turn: swap one of your objects for one of another player's."),
    "deny": N_("When offered a gift: refuse it; the objects stay with the sender."),
    "redirect": N_("When offered a gift: send it on to a third player, who must take it."),
}
SCANDAL_SHAPE = "&#9670;"  # a solid diamond
ALIBI_SHAPE = "&#9675;"  # an open circle


# --- words ---------------------------------------------------------------------------------------


def object_name(kind):
    """An object's name, as on its chip (escaped)."""
    if kind == "secret_photo":
        return esc(_("Secret Photo"))
    if kind == "spare_key":
        return esc(_("Spare Key"))
    if kind == "love_letter":
        return esc(_("Love Letter"))
    if kind == "burner_phone":
        return esc(_("Burner Phone"))
    if kind == "hotel_receipt":
        return esc(_("Hotel Receipt"))
    if kind == "diary":
        return esc(_("Diary"))
    if kind == "alibi":
        return esc(_("ALIBI"))
    return esc(kind)


def objects_phrase(kind, count):
    """'a Diary', 'an ALIBI', '2 Secret Photos' (escaped): a count of one type, put into sentences."""
    if kind == "secret_photo":
        # i18n: a count of one object type, put into sentences ("Ann offered %(objects)s to Ben."); every form has %(n)s
        text = ngettext("a Secret Photo", "%(n)s Secret Photos", count)
    elif kind == "spare_key":
        text = ngettext("a Spare Key", "%(n)s Spare Keys", count)
    elif kind == "love_letter":
        text = ngettext("a Love Letter", "%(n)s Love Letters", count)
    elif kind == "burner_phone":
        text = ngettext("a Burner Phone", "%(n)s Burner Phones", count)
    elif kind == "hotel_receipt":
        text = ngettext("a Hotel Receipt", "%(n)s Hotel Receipts", count)
    elif kind == "diary":
        text = ngettext("a Diary", "%(n)s Diaries", count)
    elif kind == "alibi":
        text = ngettext("an ALIBI", "%(n)s ALIBIs", count)
    else:
        return "%s &times;%s" % (esc(kind), number(count))
    return esc(text)


def action_name(card):
    """A card's name (escaped): the rulebook writes them in capitals."""
    if card == "gift":
        return esc(_("GIFT"))
    if card == "exchange":
        return esc(_("EXCHANGE"))
    if card == "deny":
        return esc(_("DENY"))
    if card == "redirect":
        return esc(_("REDIRECT"))
    return esc(card)


def action_help(card):
    return esc(_(ACTION_HELP[card]))


def _picture():
    """An object passing between players: a gift, the three answers, an exchange, the win."""
    diaries = chip(SCANDAL_SHAPE + " " + object_name("diary") + " &times;2", "scandal")
    answers = column(
        row(chip(esc(_("Accept")), "label"), arrow(), person("Ben", diaries)),
        row(chip(action_name("deny"), "label"), arrow(back=True), person("Ann", diaries)),
        row(chip(action_name("redirect"), "label"), arrow(), person("Cat", diaries)),
    )
    swap = row(
        person("Ann", chip(SCANDAL_SHAPE + " " + object_name("spare_key"), "scandal")),
        arrow(esc(_("swap"))) + arrow(back=True),
        person("Cat", chip(ALIBI_SHAPE + " " + object_name("alibi"), "alibi")),
    )
    alibi = chip(ALIBI_SHAPE + " " + object_name("alibi"), "alibi")
    win = row(person("Ann", column(alibi, alibi)), chip(esc(_("nothing scandalous: WIN")), "ok"))
    return steps(
        _("Someone Else's Problem in four pictures"),
        [
            (
                _(
                    "Ann hands her two Diaries, marked with a solid diamond as scandalous, towards Ben with an arrow "
                    "labelled GIFT"
                ),
                row(person("Ann", diaries), arrow(action_name("gift")), person("Ben")),
                esc(_("GIFT: on your turn, offer all your objects of one type to one player.")),
            ),
            (
                _("Three ways the Diaries can go: Accept, to Ben; DENY, back to Ann; REDIRECT, on to Cat"),
                answers,
                esc(_("Ben answers: Accept, DENY (they stay with Ann) or REDIRECT (Cat must take them).")),
            ),
            (
                _("Ann swaps her scandalous Spare Key for Cat's ALIBI, marked with an open circle"),
                swap,
                esc(_("EXCHANGE: swap one of your objects for one of someone else's. It cannot be refused.")),
            ),
            (
                _("Ann holds only ALIBIs, open circles: nothing scandalous, so she wins"),
                win,
                _(
                    "Hold nothing scandalous (%(scandal)s) and you win. An ALIBI (%(alibi)s) is not evidence.",
                    scandal=SCANDAL_SHAPE,
                    alibi=ALIBI_SHAPE,
                ),
            ),
        ],
    )


def _rules_text():
    def card(kind, text):
        return tag("li", tag("b", action_name(kind)) + ": " + esc(text))

    b = {"accept": tag("b", esc(_("Accept"))), "deny": tag("b", action_name("deny"))}
    b["redirect"] = tag("b", action_name("redirect"))
    return (
        tag(
            "p",
            esc(
                _(
                    "Everyone starts with five objects face up and four action cards in a private hand. Every "
                    "object is scandalous except the ALIBI. Hold no scandalous object and you win at once."
                )
            ),
        )
        + tag(
            "ul",
            card(
                "gift",
                _(
                    "On your turn, offer all your objects of one type to one player. They stay with you until that "
                    "player answers."
                ),
            )
            + card(
                "exchange",
                _("On your turn, swap one of your objects for one of another player's. It cannot be refused."),
            )
            + tag(
                "li",
                tag("b", esc(_("No GIFT in hand?")))
                + " "
                + esc(_("Discard any two action cards to make a gift instead.")),
            )
            + tag(
                "li",
                _(
                    "Offered a gift? %(accept)s it (free), %(deny)s it (the objects stay with the sender) or "
                    "%(redirect)s it to a third player, who must take it.",
                    accept=b["accept"],
                    deny=b["deny"],
                    redirect=b["redirect"],
                ),
            )
            + tag(
                "li",
                esc(
                    _(
                        "After each move, whoever spent cards draws back up to four: the mover first. Then the next "
                        "player clockwise plays."
                    )
                ),
            )
            + tag("li", esc(_("You may pass only when you have no move at all."))),
        )
        + tag("p", esc(_("An ALIBI does not protect you: it just is not evidence.")))
    )


def rules():
    """What every how-to-play shows, in the language of the moment: the picture, then the words."""
    return _picture() + _rules_text()


def how_to_play(id_):
    return rules_box(rules(), esc(_("How to play")), id_=id_)


def _cards(n):
    return ngettext("%(n)s card", "%(n)s cards", n)


def narrate(entry, ctx):
    """One narration entry from the view's log as a sentence (HTML: its names escaped)."""
    kind = entry.get("kind")
    by = name_of(ctx, entry.get("by"))
    if kind == "gift":
        objects = objects_phrase(entry["object"], entry["count"])
        cards = entry.get("cards") or []
        if len(cards) == 2:  # D4-04: two cards make a gift
            return _(
                "%(who)s offered %(objects)s to %(to)s by discarding %(card)s + %(other)s.",
                who=by,
                objects=objects,
                to=name_of(ctx, entry["to"]),
                card=action_name(cards[0]),
                other=action_name(cards[1]),
            )
        return _("%(who)s offered %(objects)s to %(to)s.", who=by, objects=objects, to=name_of(ctx, entry["to"]))
    if kind in ("accept", "deny", "redirect"):
        objects = objects_phrase(entry["object"], entry["count"])
        sender = name_of(ctx, entry["from"])
        if kind == "accept" and entry.get("away"):  # D4-21
            return _(
                "%(who)s is away: %(objects)s from %(sender)s went to them.", who=by, objects=objects, sender=sender
            )
        if kind == "accept":
            return _("%(who)s accepted %(objects)s from %(sender)s.", who=by, objects=objects, sender=sender)
        if kind == "deny":
            return _("%(who)s played DENY: %(sender)s keeps %(objects)s.", who=by, objects=objects, sender=sender)
        return _(
            "%(who)s played REDIRECT: %(objects)s from %(sender)s went to %(to)s.",
            who=by,
            objects=objects,
            to=name_of(ctx, entry["to"]),
            sender=sender,
        )
    if kind == "exchange":
        return _(
            "%(who)s exchanged %(gave)s for %(took)s from %(sender)s.",
            who=by,
            gave=objects_phrase(entry["gave"], 1),
            took=objects_phrase(entry["took"], 1),
            sender=name_of(ctx, entry["from"]),
        )
    if kind == "pass" and entry.get("away"):  # D4-21
        return _("%(who)s is away: their turn passed.", who=by)
    if kind == "pass":
        return _("%(who)s passed: no move was possible.", who=by)
    if kind == "draw":
        text = ngettext("%(who)s drew %(n)s card.", "%(who)s drew %(n)s cards.", entry.get("count", 0), who=by)
        if entry.get("short"):
            text += " " + esc(_("Both piles are empty, so the hand stays short."))
        return text
    if kind == "reshuffle":
        return esc(
            ngettext(
                "The discard pile was shuffled into a new draw pile (%(n)s card).",
                "The discard pile was shuffled into a new draw pile (%(n)s cards).",
                entry.get("count", 0),
            )
        )
    if kind == "win":
        winners = entry.get("winners") or []
        return ngettext(
            "%(names)s has nothing scandalous left.",
            "%(names)s have nothing scandalous left.",
            len(winners),
            names=join([name_of(ctx, p) for p in winners]),
        )
    if kind == "end":
        return esc(_("The host ended the game. Nobody wins."))
    if kind == "stalemate":
        return esc(_("Everyone passed for a full round: stalemate. Nobody wins."))
    if kind == "removed":  # docs/decisions.md: a removed player's objects and hand leave play
        return ngettext(
            "The host removed %(name)s: their object left the game, and their cards went under the draw pile.",
            "The host removed %(name)s: their %(n)s objects left the game, and their cards went under the draw pile.",
            entry.get("count", 0),
            name=name_of(ctx, entry["player"]),
        )
    return esc(kind)


def ending(view, ctx):
    """How the game ended, without naming the winners: the room's headline right above names them (once)."""
    end = view.get("end")
    if end == "win":
        if len(view["winners"]) == 1:
            return esc(_("Game over: the winner holds nothing scandalous."))
        return esc(_("Game over: the winners hold nothing scandalous."))
    if end == "stalemate":
        return esc(_("Game over: everyone passed for a full round (stalemate)."))
    if end == "too_few":
        return esc(_("Game over: fewer than 3 players remained."))
    return esc(_("Game over: the host ended the game."))


def my_result(view, ctx):
    """My own finish, on my phone (escaped)."""
    me = ctx.get("me")
    if me not in view["players"]:
        return ""
    if me in view["winners"]:
        return esc(_("You win! You hold nothing scandalous."))
    n = view["scandalous"].get(me, 0)
    return esc(ngettext("You still hold %(n)s scandalous object.", "You still hold %(n)s scandalous objects.", n))


def status(view, ctx):
    """The one status sentence both screens show (HTML)."""
    phase = view["phase"]
    if phase == "over":
        return ending(view, ctx)
    me = ctx.get("me")  # on a phone, my own turn reads as "you"
    if view.get("grace_ms") is not None:  # D4-21: the one awaited is away
        left = countdown(view["grace_ms"] - ctx.get("now_ms", 0))
        away = name_of(ctx, view["awaiting"])
        if phase == "respond":
            return _("%(name)s is away: the gift goes to them in %(time)s.", name=away, time=left)
        return _("%(name)s is away: their turn passes in %(time)s.", name=away, time=left)
    if phase == "respond":
        g = view["pending"]
        if me is not None and g["to"] == me:
            return _("You are responding to a gift from %(name)s.", name=name_of(ctx, g["by"]))
        return _(
            "%(name)s responds to a gift from %(sender)s.", name=name_of(ctx, g["to"]), sender=name_of(ctx, g["by"])
        )
    if me is not None and view["current"] == me:
        return esc(_("Your turn."))
    return _("%(name)s's turn.", name=name_of(ctx, view["current"]))


# --- pieces ------------------------------------------------------------------------------------


def _away(ctx, pid):
    connected = ctx.get("connected") or {}
    if pid in connected and not connected[pid]:
        return tag("span", esc(_("away")), class_="badge sep-away")
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
            shape, badge, cls = ALIBI_SHAPE, esc(_("not scandalous")), "sep-obj sep-alibi"
        else:
            shape, badge, cls = SCANDAL_SHAPE, esc(_("scandalous")), "sep-obj sep-scandal"
        offered = ""
        if pending and pending["by"] == pid and pending["object"] == kind:
            offered = tag("span", esc(_("offered")), class_="sep-tag sep-offered")
            cls += " sep-is-offered"
        body = (
            tag("span", shape, class_="sep-shape", aria_hidden="true")
            + tag("span", object_name(kind), class_="sep-obj-name")
            + tag("span", "&times;" + number(n), class_="sep-count")
            + tag("span", badge, class_="sep-tag")
            + offered
        )
        items.append(tag("li", body, class_=cls))
    if not items:
        return tag("p", esc(_("No objects.")), class_="sep-none")
    return tag("ul", "".join(items), class_="sep-objects")


def _player_badges(view, ctx, pid):
    out = []
    if view["phase"] == "over":
        if pid in view["winners"]:
            out.append(tag("span", esc(_("winner")), class_="badge win"))
    elif view["phase"] == "respond" and view["pending"]["to"] == pid:
        out.append(tag("span", esc(_("responding")), class_="badge sep-badge-now"))
    elif view["phase"] == "turn" and view["current"] == pid:
        out.append(tag("span", esc(_("turn")), class_="badge sep-badge-now"))
    if ctx.get("me") == pid:
        out.append(tag("span", esc(_("you")), class_="badge you"))
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
            esc(ngettext("%(n)s scandalous", "%(n)s scandalous", n_scandal))
            + " &middot; "
            + esc(ngettext("%(n)s card in hand", "%(n)s cards in hand", view["hand_sizes"].get(pid, 0))),
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
        last = " " + _("(top: %(card)s)", card=action_name(discard[-1]))
    return tag(
        "p",
        esc(ngettext("Draw pile: %(n)s card", "Draw pile: %(n)s cards", view["draw_count"]))
        + " &middot; "
        + esc(ngettext("Discard pile: %(n)s card", "Discard pile: %(n)s cards", len(discard)))
        + last,
        class_="sep-piles",
    )


def log_list(view, ctx, keep):
    entries = list(view.get("log") or [])[-keep:]
    if not entries:
        return tag("p", esc(_("No moves yet.")), class_="sep-none")
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
    g = view["pending"]
    text = _(
        "Gift: %(objects)s offered by %(sender)s to %(to)s.",
        objects=objects_phrase(g["object"], g["count"]),
        sender=name_of(ctx, g["by"]),
        to=name_of(ctx, g["to"]),
    )
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
    n = view["scandalous"].get(pid, 0)
    return tag(
        "span",
        ngettext("%(who)s: %(n)s scandalous", "%(who)s: %(n)s scandalous", n, who=who(ctx, pid)),
        class_="sep-holds",
    )


def move_steps(view, ctx, entries):
    """The steps of one move in the rulebook's order, each a short sentence with names: [(step, HTML)]."""
    first, rest = entries[0], list(entries[1:])
    kind, by = first["kind"], first.get("by")
    if kind == "pass":
        if first.get("away"):  # D4-21
            passed = _("%(who)s is away: their turn passed", who=who(ctx, by))
        else:
            passed = _("%(who)s passed", who=who(ctx, by))
        return [("move", passed)] + [("after", narrate(e, ctx)) for e in rest]
    if kind == "exchange":
        steps = [
            ("move", _("%(who)s exchanged with %(other)s", who=who(ctx, by), other=who(ctx, first["from"]))),
            (
                "result",
                _(
                    "%(gave)s to %(other)s, %(took)s to %(who)s",
                    gave=object_name(first["gave"]),
                    other=name_of(ctx, first["from"]),
                    took=object_name(first["took"]),
                    who=name_of(ctx, by),
                ),
            ),
        ]
        changed = [by, first["from"]]
    else:
        things = objects_phrase(first["object"], first["count"])
        if first.get("cards") == ["gift"]:
            gave = _(
                "%(who)s gave %(objects)s to %(to)s (GIFT)", who=who(ctx, by), objects=things, to=who(ctx, first["to"])
            )
        else:  # D4-04: two cards make a gift
            gave = _(
                "%(who)s gave %(objects)s to %(to)s (two cards)",
                who=who(ctx, by),
                objects=things,
                to=who(ctx, first["to"]),
            )
        steps = [("move", gave)]
        answer = rest.pop(0) if rest else {}
        if answer.get("kind") == "deny":
            steps += [
                ("response", _("%(name)s played DENY", name=name_of(ctx, first["to"]))),
                ("result", _("they stay with %(name)s", name=name_of(ctx, by))),
            ]
            changed = [by]
        elif answer.get("kind") == "redirect":
            taker = answer.get("to")
            steps += [
                ("response", _("%(name)s played REDIRECT", name=name_of(ctx, answer.get("by")))),
                ("result", _("they go to %(who)s", who=who(ctx, taker))),
            ]
            changed = [by, taker]
        else:
            taker = answer.get("by")
            steps += [("response", _("%(name)s accepted", name=name_of(ctx, taker)))]
            changed = [by, taker]
    steps.append(("holds", " ".join([_holds(view, ctx, p) for p in changed])))
    for e in rest:
        if e["kind"] == "win":
            winners = [name_of(ctx, p) for p in e["winners"]]
            line = ngettext(
                "%(names)s has nothing scandalous",
                "%(names)s have nothing scandalous",
                len(winners),
                names=join(winners),
            )
            steps.append(("after", line))
        elif e["kind"] == "reshuffle":
            steps.append(("after", esc(_("a new draw pile"))))
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
        aria_label=_("The last move"),
    )


def _status_line(view, ctx, cls):
    return tag("p", status(view, ctx), class_=cls, role="status", aria_live="polite")


# --- the table -----------------------------------------------------------------------------------


def table(view, ctx):
    body = [
        tag(
            "header",
            tag("h1", esc(_("Your Secret. Someone Else's Problem.")), class_="sep-title")
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
            tag(
                "details",
                tag("summary", esc(_("What happened"))) + log_list(view, ctx, 6) + piles(view),
                class_="sep-story",
            )
        )
    return tag("div", "".join(body), class_="sep sep-table")


def controls(view, ctx):
    """The host's End game (the TV's, and the controls phone's: ui/room.py controls_band)."""
    if view["phase"] == "over":
        return ""
    return tag(
        "div",
        button(
            _("End game"),
            {"type": "end_game"},
            cls="btn danger",
            confirm=_("End the game now for every player? Nobody wins."),
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
        tag("section", tag("h2", esc(_("What happened"))) + log_list(view, ctx, 3), class_="sep-story")
        + piles(view)
        + end
        + how_to_play("sep-rules-table"),
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
    return [_radio(name, k, object_name(k) + " &times;" + number(objects[k])) for k in OBJECT_ORDER if objects.get(k)]


def _player_options(ctx, name, pids):
    only = len(pids) == 1
    return [_radio(name, p, name_of(ctx, p), checked=only) for p in pids]


def gift_form(view, ctx):
    can = view["can"]
    body = (
        _fieldset(esc(_("Give all my…")), _object_options(view, "object", view["me"]))
        + _fieldset(esc(_("To")), _player_options(ctx, "to", can["targets"]))
        + tag("button", esc(_("Offer gift (spend a GIFT)")), type="submit", class_="btn primary big")
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
            esc(_("You hold no GIFT: discard any two cards to make a gift instead. Their own effects do not happen.")),
            class_="hint",
        )
        + _fieldset(esc(_("Discard two cards")), cards)
        + _fieldset(esc(_("Give all my…")), _object_options(view, "object", view["me"]))
        + _fieldset(esc(_("To")), _player_options(ctx, "to", can["targets"]))
        + tag("button", esc(_("Offer gift (spend two cards)")), type="submit", class_="btn primary big")
    )
    return tag(
        "form", body, data_move=move_json({"type": "gift2"}), id="sep-gift2-t%d" % view["turn_no"], class_="sep-form"
    )


def exchange_forms(view, ctx):
    out = []
    for q in view["can"]["targets"]:
        body = (
            _fieldset(esc(_("I give")), _object_options(view, "give", view["me"]))
            + _fieldset(_("I take from %(name)s", name=name_of(ctx, q)), _object_options(view, "take", q))
            + tag("button", esc(_("Exchange (spend an EXCHANGE)")), type="submit", class_="btn primary big")
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
                tag("summary", _("Swap with %(name)s", name=name_of(ctx, q))) + form,
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
            _(
                "%(name)s offers you %(objects)s.",
                name=name_of(ctx, g["by"]),
                objects=objects_phrase(g["object"], g["count"]),
            ),
            class_="sep-offer",
        )
    ]
    parts.append(button(_("Accept (free)"), {"type": "respond", "answer": "accept"}, cls="btn primary big"))
    deny_label = _("Deny (spend a DENY)") if can["deny"] else _("Deny (needs a DENY card)")
    parts.append(button(deny_label, {"type": "respond", "answer": "deny"}, cls="btn big", disabled=not can["deny"]))
    thirds = can["redirect_to"]
    if can["redirect"]:
        body = _fieldset(esc(_("Send it on to")), _player_options(ctx, "to", thirds)) + tag(
            "button", esc(_("Redirect (spend a REDIRECT)")), type="submit", class_="btn big"
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
                _("Redirect (needs a REDIRECT card)"),
                {"type": "respond", "answer": "redirect"},
                cls="btn big",
                disabled=True,
            )
        )
    return tag(
        "section",
        "".join(parts),
        class_="sep-respond panel",
        aria_label=_("Answer the gift"),
        data_show="sep-respond-t%d" % view["turn_no"],
    )


def hint(view, ctx):
    """The one-line 'what can I do now'."""
    me = view.get("me")
    if view["phase"] == "over":
        return ""  # the status line and the result banner say it all
    if not view.get("act"):
        if view["phase"] == "respond" and view["pending"]["by"] == me:
            return _("Waiting for %(name)s to answer your gift.", name=name_of(ctx, view["pending"]["to"]))
        return _("Wait for %(name)s.", name=name_of(ctx, view.get("awaiting")))
    can = view["can"]
    if view["phase"] == "respond":
        return (
            esc(_("Accept, DENY or REDIRECT the gift."))
            if (can["deny"] or can["redirect"])
            else esc(_("You hold no DENY or REDIRECT: accept the gift."))
        )
    if can.get("pass"):
        return esc(_("You have no move: pass."))
    # one whole sentence per set of moves offered (GIFT and the two-card gift never come together: D4-04)
    gift = "gift" if can.get("gift") else ("gift2" if can.get("gift2") else "")
    if can.get("exchange"):
        if gift == "gift":
            return esc(_("Your turn: GIFT a group or EXCHANGE one object."))
        if gift == "gift2":
            return esc(_("Your turn: gift with two cards or EXCHANGE one object."))
        return esc(_("Your turn: EXCHANGE one object."))
    if gift == "gift":
        return esc(_("Your turn: GIFT a group."))
    if gift == "gift2":
        return esc(_("Your turn: gift with two cards."))
    return esc(_("Your turn."))


def my_hand(view):
    """My cards in one row of chips ("GIFT ×2"); what each does is one tap away (card_help), and each form's
    button says the card it spends."""
    cards = view.get("hand") or []
    if not cards:
        return tag("p", esc(_("No cards in hand.")), class_="sep-none")
    items = []
    for c in ACTION_ORDER:
        n = cards.count(c)
        if n:
            items.append(tag("li", tag("b", action_name(c) + " &times;" + number(n)), title=_(ACTION_HELP[c])))
    return tag("ul", "".join(items), class_="sep-hand")


def card_help(view):
    cards = view.get("hand") or []
    lines = [tag("li", tag("b", action_name(c)) + ": " + action_help(c)) for c in ACTION_ORDER if c in cards]
    if not lines:
        return ""
    return tag(
        "details", tag("summary", esc(_("What my cards do"))) + tag("ul", "".join(lines)), class_="sep-card-help"
    )


def phone(view, ctx):
    me = view.get("me")
    line = hint(view, ctx)
    body = [
        tag(
            "header",
            tag("p", esc(_("Someone Else's Problem")), class_="brand small")
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
        body.append(
            tag("section", tag("h2", esc(_("My hand (only you see it)"))) + my_hand(view), class_="sep-my-hand")
        )
    if me is not None:
        body.append(tag("section", tag("h2", esc(_("My objects"))) + object_chips(view, me), class_="sep-mine"))
    if view["phase"] == "over":
        pass
    elif view.get("act"):
        if answering:
            pass  # above
        else:
            can = view["can"]
            moves = []
            if can.get("gift"):
                moves.append(tag("section", tag("h2", action_name("gift")) + gift_form(view, ctx), class_="panel"))
            if can.get("gift2"):
                moves.append(tag("section", tag("h2", esc(_("Two-card gift"))) + gift2_form(view, ctx), class_="panel"))
            if can.get("exchange"):
                moves.append(
                    tag("section", tag("h2", action_name("exchange")) + exchange_forms(view, ctx), class_="panel")
                )
            if can.get("pass"):
                moves.append(button(_("Pass (no move possible)"), {"type": "pass"}, cls="btn primary big"))
            body.append(tag("div", "".join(moves), class_="sep-moves", data_show="sep-turn-t%d" % view["turn_no"]))
    else:
        body.append(pending_box(view, ctx))
    if me is not None and view["phase"] != "over":
        body.append(card_help(view))
    others = [p for p in view["players"] if p != me]
    body.append(
        tag(
            "details",
            tag("summary", esc(_("Everyone's objects")))
            + "".join([player_card(view, ctx, p) for p in others])
            + piles(view),
            id="sep-everyone",
            open=view["phase"] != "turn" or not view.get("act"),
        )
    )
    body.append(tag("details", tag("summary", esc(_("What happened"))) + log_list(view, ctx, 8), id="sep-story"))
    body.append(how_to_play("sep-rules-phone"))
    return tag("div", "".join(body), class_="sep sep-phone")
