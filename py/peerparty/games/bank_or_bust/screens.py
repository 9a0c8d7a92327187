"""Bank or Bust screens: the shared table (with the host's controls) and one player's phone.

Pure functions view -> HTML string, in the Python subset MicroPython runs. The view names players
by id; names come from ctx["names"] through name_of() (escaped). Buttons come only from the
moves the engine lists as legal (view["moves"]), so a button is never shown that would be refused.
"""

from ...i18n import N_, _, join, ngettext, pgettext
from ...ui.html import beat, button, countdown, esc, moment_key, name_of, passing, tag, who
from ...ui.illustrations import chip, column, lock, mini_card, mini_cards, row, rules_box, steps

POWER_ORDER = ("mod10", "mod20", "cover", "double")
STATUS_WORDS = {"playing": "", "banked": N_("BANKED"), "busted": N_("BUST")}  # "each player has Banked or Bust"


def power_name(card):
    """A Power card's name, the one word (or two) every screen uses for it (plain text)."""
    if card == "mod10":
        return pgettext("card", "Modify \u00b110")
    if card == "mod20":
        return pgettext("card", "Modify \u00b120")
    if card == "cover":
        return pgettext("card", "Cover")
    if card == "double":
        return pgettext("card", "Double")
    return "?"


def row_title(row):
    """A row's title in full (plain text): which way it goes and from where."""
    if row == "top":
        return _("Top row \u2193 (from 100, going down)")
    return _("Bottom row \u2191 (from 1, going up)")


def short_title(row):
    """A row's title in the table's narrow panels (plain text)."""
    if row == "top":
        return pgettext("row", "Top \u2193")
    return pgettext("row", "Bottom \u2191")


def _picture():
    """Two rows, a card that fits, a card that fits nowhere, and banking instead."""

    def rows(top, bottom, extra_top="", extra_bottom=""):
        return column(
            row(chip(esc(short_title("top")), "label"), mini_cards(top), extra_top),
            row(chip(esc(short_title("bottom")), "label"), mini_cards(bottom), extra_bottom),
        )

    return steps(
        _("Bank or Bust in four pictures"),
        [
            (
                _("Top row 100, 72, 40 going down; bottom row 1, 23, 55 going up"),
                rows([100, 72, 40], [1, 23, 55]),
                esc(_("Your top row goes down from 100, your bottom row goes up from 1.")),
            ),
            (
                _("You draw a 30; it goes on the end of the top row, after 40, with a tick"),
                rows([100, 72, 40], [1, 23, 55], mini_card("30", "drawn") + chip("&#10003; " + esc(_("fits")), "ok")),
                esc(_("Draw a 30: it is below 40, so it fits the top row.")),
            ),
            (
                _("You draw a 47; it is not below 40 and not above 55, marked with a cross: bust"),
                column(
                    row(mini_card("47", "bust"), chip("&#10007; " + esc(_("below 40? no")), "no")),
                    row(chip("&#10007; " + esc(_("above 55? no")), "no"), chip(esc(_(STATUS_WORDS["busted"])), "bust")),
                ),
                esc(_("Draw a 47: it fits neither row. Bust: this round's cards are gone, 0 points this round.")),
            ),
            (
                _("A padlock beside both rows, marked banked: the rows are safe and score"),
                row(lock(esc(_(STATUS_WORDS["banked"]))), rows([100, 72, 40], [1, 23, 55])),
                esc(_("Or stop in time: Bank locks in your rows, and they score for this round.")),
            ),
        ],
    )


def _rules_text():
    """The rules in words, a message a paragraph. The game's terms are in bold: the messages hold that markup
    (<b> only; a translation keeps it around its own words for the term), so they are not escaped."""
    items = [
        _(
            "A Number card goes at the end of one of your rows: the top row must keep going down from 100, the "
            "bottom row must keep going up from 1. If it fits neither row, you <b>bust</b>: you lose this round's "
            "cards, score 0 this round and take a Discard card."
        ),
        _("A Discard card lets you throw away a card you drew and draw again, on any later turn."),
        _(
            "Power cards: <b>Modify</b> adds or takes 10 or 20 from the last card of a row; <b>Cover</b> hides a "
            "card, so the card before it counts again; <b>Double</b> doubles one row's card points. Play it, or "
            "throw it away and draw again."
        ),
        _(
            "Scoring for banked players: 1 point per Number card (x2 on a doubled row); 5 points if both rows have 3 "
            "or more cards, 15 for 4, 50 for 5; 5 points for the single longest row."
        ),
        _("After a round, anyone on 50 or more ends the game: the highest total wins, ties share."),
    ]
    first = _("Each turn: <b>Draw</b> a card or <b>Bank</b>. Banking locks in your cards for this round.")
    return tag("p", first) + tag("ul", "".join([tag("li", item) for item in items]))


def rules():
    """What every how-to-play shows, in the language of this drawing: the picture, then the words."""
    return _picture() + _rules_text()


# --- words ---------------------------------------------------------------------------------


def card_name(card):
    """A card as a screen names it (plain text): a Number card's value, a Power card's name."""
    if isinstance(card, int):
        return str(card)
    return power_name(card)


def _plain(ctx, pid):
    """An unescaped name, for data-confirm attributes (attrs() escapes them)."""
    return str(ctx["names"].get(pid, "?"))


def _needs(row_view, row):
    """What the next card must be, in the rulebook's words: the top row's cards are lower than the previous
    card, the bottom row's higher (plain text)."""
    if row == "top":
        return _("lower than %(n)s", n=row_view["reference"])
    return _("higher than %(n)s", n=row_view["reference"])


def _change(card, sign):
    """A Modify card's change as people write it: +10, \u221220 (a real minus sign)."""
    return ("+" if sign == "+" else "\u2212") + ("10" if card == "mod10" else "20")


def log_sentence(entry, ctx):
    """One recent move in words (escaped HTML: the names are escaped, the messages hold no markup)."""
    kind = entry.get("type")
    who = name_of(ctx, entry.get("player"))
    card = esc(card_name(entry.get("card")))
    top = entry.get("row") == "top"
    if kind == "drew":
        return _("%(name)s drew %(card)s.", name=who, card=card)
    if kind == "placed":
        if entry.get("auto") and top:
            return _("%(name)s drew %(card)s and placed it on the top row (the only row it fits).", name=who, card=card)
        if entry.get("auto"):
            return _(
                "%(name)s drew %(card)s and placed it on the bottom row (the only row it fits).", name=who, card=card
            )
        if top:
            return _("%(name)s placed %(card)s on the top row.", name=who, card=card)
        return _("%(name)s placed %(card)s on the bottom row.", name=who, card=card)
    if kind == "played":
        if entry.get("card") == "double":
            return (
                _("%(name)s doubled the top row.", name=who) if top else _("%(name)s doubled the bottom row.", name=who)
            )
        if entry.get("card") == "cover":
            if top:
                return _("%(name)s played Cover on the top row.", name=who)
            return _("%(name)s played Cover on the bottom row.", name=who)
        change = _change(entry.get("card"), entry.get("sign"))
        if top:
            return _("%(name)s played Modify %(change)s on the top row.", name=who, change=change)
        return _("%(name)s played Modify %(change)s on the bottom row.", name=who, change=change)
    if kind == "discarded_power":
        return _("%(name)s discarded %(card)s and draws again.", name=who, card=card)
    if kind == "auto_discarded":
        return _("None of %(name)s's rows can take %(card)s: discarded, drawing again.", name=who, card=card)
    if kind == "used_discard":
        return _("%(name)s used a Discard card on %(card)s and draws again.", name=who, card=card)
    if kind == "bust":
        if entry.get("took_discard"):
            return _("%(name)s BUSTED on %(card)s and took a Discard card.", name=who, card=card)
        return _("%(name)s BUSTED on %(card)s.", name=who, card=card)
    if kind == "banked":
        return _("%(name)s banked.", name=who)
    if kind == "passed_over" and entry.get("first"):  # D2-28: the round's first turn, nothing banked
        return _("%(name)s is away: the first turn passed on; theirs comes later this round.", name=who)
    if kind == "passed_over":  # D2-28
        return _("%(name)s is away: their turn passed, and their rows are banked.", name=who)
    if kind == "no_cards":
        return _("No card left to draw for %(name)s: turn over.", name=who)
    if kind == "reshuffled":
        return ngettext(
            "The discard pile (%(n)s card) was shuffled into a new deck.",
            "The discard pile (%(n)s cards) was shuffled into a new deck.",
            entry.get("cards", 0),
        )
    if kind == "round_over":
        return _("Round %(n)s is over.", n=entry.get("round", 0))
    if kind == "round_started":
        return _("Round %(n)s starts with %(name)s.", n=entry.get("round", 0), name=who)
    if kind == "removed":
        return _("The host removed %(name)s.", name=who)
    if kind == "game_over":
        return esc(_("Game over."))
    return ""


def _player(view, pid):
    for p in view["players"]:
        if p["id"] == pid:
            return p
    return None


def _winners_text(view, ctx):
    """Who won, or why nobody did (escaped HTML)."""
    names = [name_of(ctx, p) for p in view["winners"]]
    if not names:
        if view.get("ended") == "too_few":
            return esc(_("Game over: fewer than 2 players left, no winner."))
        return esc(_("Game over: the host ended the game, no winner."))
    if len(names) == 1:
        return _("%(name)s wins!", name=names[0])
    return _("Shared win: %(names)s!", names=join(names))


def _final_detail(view, over=False):
    """How a game won on points ended: the winning total and the number of rounds (plain text); `over` says
    "Game over" first, where nothing above says it."""
    best = 0
    for p in view["players"]:
        if p["id"] in view["winners"]:
            best = p["total"]
    rounds = view["round"]
    if over and rounds == 1:
        return ngettext("Game over: %(n)s point after 1 round.", "Game over: %(n)s points after 1 round.", best)
    if over:
        return ngettext(
            "Game over: %(n)s point after %(rounds)s rounds.",
            "Game over: %(n)s points after %(rounds)s rounds.",
            best,
            rounds=rounds,
        )
    if rounds == 1:
        return ngettext("%(n)s point after 1 round.", "%(n)s points after 1 round.", best)
    return ngettext(
        "%(n)s point after %(rounds)s rounds.", "%(n)s points after %(rounds)s rounds.", best, rounds=rounds
    )


def status_line(view, ctx):
    """Whose turn and what is happening, for everyone (escaped HTML)."""
    if view["phase"] == "game_over":
        if view["winners"]:
            return _winners_text(view, ctx) + " " + esc(_final_detail(view))  # two sentences
        return _winners_text(view, ctx)
    turn = view["turn"]
    who = name_of(ctx, turn)
    pending = view["pending"]
    if view.get("grace_ms") is not None:  # D2-28: their turn passes over them
        clock = countdown(view["grace_ms"] - ctx.get("now_ms", 0))
        return _("%(name)s is away: their turn passes in %(clock)s.", name=who, clock=clock)
    if pending is None:
        return _("%(name)s's turn: draw or bank.", name=who)
    card = esc(card_name(pending["card"]))
    if pending["kind"] == "number":
        if pending["fits"]:
            return _("%(name)s drew %(card)s and is choosing a row.", name=who, card=card)
        return _("%(name)s drew %(card)s: it fits nowhere. Discard card or bust?", name=who, card=card)
    return _("%(name)s drew %(card)s and is deciding where to play it.", name=who, card=card)


def _status(text, cls="bob-status"):
    return tag("p", text, class_=cls, role="status", aria_live="polite")


# --- cards and rows ------------------------------------------------------------------------


def _signed(n):
    if n < 0:
        return "\u2212%d" % (-n)
    return "+%d" % n


def slot_html(slot):
    mods = ""
    if slot["modifiers"]:
        items = "".join([tag("li", _signed(m), class_="bob-mod") for m in slot["modifiers"]])
        mods = tag("ul", items, class_="bob-mods", aria_label=_("Modify cards")) + tag(
            "span", "= %d" % slot["effective"], class_="bob-eff"
        )
    label = "%d" % slot["value"]
    cls = "bob-card"
    extra = ""
    if slot["covered"]:
        cls += " bob-covered"
        extra = tag("span", esc(pgettext("card", "covered")), class_="bob-cover-tag")
    return tag("li", tag("span", label, class_="bob-value") + mods + extra, class_=cls)


def row_html(row_view, row, short=False):
    start = tag("li", tag("span", str(row_view["start"]), class_="bob-value"), class_="bob-card bob-start")
    double = ""
    if row_view["doubled"]:
        double = tag(
            "li",
            tag("span", "\u00d72", class_="bob-value")
            + tag("span", esc(pgettext("card", "Double")), class_="bob-cover-tag"),
            class_="bob-card bob-double",
        )
    cards = "".join([slot_html(s) for s in row_view["cards"]])
    head = tag("span", esc(short_title(row) if short else row_title(row)), class_="bob-row-title")
    if row_view["doubled"]:
        head += tag("span", esc(_("DOUBLED")), class_="badge bob-doubled")
    cards = tag("ol", double + start + cards, class_="bob-cards", aria_label=row_title(row))
    if short:
        # the table's panels: title, cards and what fits next on one line (wrapping only for a long row),
        # so six players' panels keep to a 1280x720 TV; the cards say how many there are
        return tag(
            "div",
            head + cards + tag("span", esc(_needs(row_view, row)), class_="bob-row-info"),
            class_="bob-row bob-row-line bob-" + row,
        )
    head += tag(
        "span",
        esc(_count_and_next(row_view, row)),
        class_="bob-row-info",
    )
    return tag("div", tag("div", head, class_="bob-row-head") + cards, class_="bob-row bob-" + row)


def _count_and_next(row_view, row):
    """How many cards a row holds and what the next one must be (plain text)."""
    count, ref = row_view["count"], row_view["reference"]
    if row == "top":
        return ngettext(
            "%(n)s card \u00b7 next: lower than %(ref)s", "%(n)s cards \u00b7 next: lower than %(ref)s", count, ref=ref
        )
    return ngettext(
        "%(n)s card \u00b7 next: higher than %(ref)s", "%(n)s cards \u00b7 next: higher than %(ref)s", count, ref=ref
    )


def _badges(p, view, ctx, mine=False):
    out = ""
    if view["phase"] == "playing" and view["turn"] == p["id"]:
        out += tag("span", esc(_("TURN")), class_="badge bob-turn")
    word = STATUS_WORDS.get(p["status"], "")
    if word and view["phase"] == "playing":
        out += tag("span", esc(_(word)), class_="badge bob-" + p["status"])
    if p["holds_discard"] and view["phase"] == "playing":  # a Discard card is worth nothing once it is over
        out += tag("span", esc(_("Discard card")), class_="badge bob-holds", title=_("holds a Discard card"))
    if p["id"] in view["winners"]:
        out += tag("span", esc(_("winner")), class_="badge win")
    if p["id"] == ctx.get("me") and not mine:
        out += tag("span", esc(_("you")), class_="badge you")
    connected = ctx.get("connected") or {}
    if not connected.get(p["id"], True) and p["id"] != ctx.get("me"):
        out += tag("span", esc(_("away")), class_="badge bob-away")
    return out


def _bar(total, target):
    shown = total if total < target else target
    return tag("progress", "%d / %d" % (total, target), max=str(target), value=str(shown))


def progress(total, target):
    return tag(
        "div", _bar(total, target) + tag("span", "%d / %d" % (total, target), class_="bob-total"), class_="bob-progress"
    )


def player_panel(p, view, ctx, one_line=False):
    """A player's panel; one_line (the TV's table) keeps the name to one line, cut short at its end."""
    cls = "bob-player bob-" + p["status"]
    if view["phase"] == "playing" and view["turn"] == p["id"]:
        cls += " bob-active"
    # the name and the points on one line (the name cut short with an ellipsis on a crowded TV); the badges
    # share the progress bar's line
    total = "%d / %d" % (p["total"], view["target"])
    head = tag(
        "h3",
        tag("span", who(ctx, p["id"]), class_="bob-name-text" + (" who-line" if one_line else ""))
        + tag("span", total, class_="bob-total"),
        class_="bob-name",
    )
    state = tag(
        "div",
        tag("span", _badges(p, view, ctx), class_="bob-badges") + _bar(p["total"], view["target"]),
        class_="bob-state",
    )
    return tag(
        "section", head + state + row_html(p["top"], "top", True) + row_html(p["bottom"], "bottom", True), class_=cls
    )


def _bigcard(card):
    """The drawn card, big: it lands first (a beat at 0 of its moment)."""
    kind = "number" if isinstance(card, int) else ("modify" if card in ("mod10", "mod20") else card)
    return beat(0, esc(card_name(card)), cls="bob-bigcard bob-kind-" + kind)


def pending_html(view, ctx):
    pending = view["pending"]
    if pending is None:
        return ""
    if pending["player"] == ctx.get("me"):
        drew = esc(_("You drew"))
    else:
        drew = _("%(name)s drew", name=name_of(ctx, pending["player"]))
    kind = _("Number card") if pending["kind"] == "number" else _("Power card")
    # a moment of its own per drawn card: it lands once, and a redraw while the player chooses keeps it still
    key = moment_key("bob", view["round"], pending["player"], "drew", pending["card"])
    return tag(
        "div",
        tag("span", drew, class_="bob-pending-who")
        + _bigcard(pending["card"])
        + tag("span", esc(kind), class_="bob-pending-kind"),
        class_="bob-pending",
        id=key,
    )


# --- moments: a bust and a bank on the table (issue 30, ui/html.py) -----------------------------------------
# A bust plays in the rulebook's order: the drawn card lands, it "cannot be placed in either row" (a caption
# that gives way to BUST! in the same place), then what the player loses: out for the round with 0 points,
# every placed card discarded, then a Discard card from the supply (or, D2-07, the one they keep). A bank:
# the padlock and BANKED, then the Number Card Tally it secures and, when the bank ends the round, the round's
# score. Each ends within MOMENT_MS and its last frame says it all; it shows until the next move.
LANDS_AT, FITS_AT, BUST_AT, OUT_AT, DISCARDS_AT, TAKES_AT = 0, 400, 1100, 1600, 2000, 2400
BANKED_AT, TALLY_AT, ROUND_AT = 0, 700, 1500


def last_moment(view):
    """The latest bust or bank and its round, while it is still the table's latest move; else (None, 0).
    A bust or bank happens once per player and round, so (round, player) names it."""
    rnd = view["round"]
    for e in reversed(view["log"]):
        kind = e.get("type")
        if kind == "round_started":
            rnd -= 1  # it belongs to the round before the one starting now
        elif kind in ("bust", "banked"):
            return e, rnd
        elif kind not in ("round_over", "game_over"):
            return None, 0
    return None, 0


def _why_bust(e):
    """The rulebook's two checks for a Number card that fits nowhere; a Power card (or an older record's
    event, without the rows' numbers) says the rule itself."""
    if type(e["card"]) is int and e.get("lower_than") is not None:
        return esc(
            _("lower than %(top)s? no \u00b7 higher than %(bottom)s? no", top=e["lower_than"], bottom=e["higher_than"])
        )
    return esc(_("fits neither row"))


def bust_moment(e, rnd, ctx):
    took = _("took a Discard card") if e.get("took_discard") else _("kept the Discard card")  # D2-07
    fits = tag(
        "span",
        passing(FITS_AT, BUST_AT - FITS_AT, _why_bust(e), cls="bob-check")
        + beat(BUST_AT, esc(_("BUST!")), cls="bob-bust-word"),
        class_="beat-stack",
    )
    loses = [
        beat(OUT_AT, esc(_("0 points this round"))),
        beat(DISCARDS_AT, esc(_("cards discarded"))),
        beat(TAKES_AT, esc(took)),
    ]
    return tag(
        "div",
        beat(LANDS_AT, _("%(name)s drew", name=who(ctx, e["player"])), cls="bob-pending-who")
        + _bigcard(e["card"])
        + fits
        + tag("span", "".join(loses), class_="bob-loses"),
        class_="bob-pending bob-moment bob-moment-bust",
        id=moment_key("bob", rnd, e["player"], "bust"),
    )


def _banked_points(view, e, rnd):
    """What the bank scores, as far as the table knows it: the Number Card Tally of the rows it locked in;
    once the round is over, the whole round's score (Pairs and Longest Row too)."""
    summary = view["summary"]
    if summary and summary["round"] == rnd:
        for line in summary["lines"]:
            if line["player"] == e["player"]:
                return [
                    beat(TALLY_AT, esc(_("Number Card Tally %(n)s", n=line["tally"]))),
                    beat(
                        ROUND_AT,
                        esc(ngettext("%(n)s point this round", "%(n)s points this round", line["round_score"])),
                        cls="bob-round",
                    ),
                ]
    p = _player(view, e["player"])
    if p is None:
        return []
    tally = 0
    for side in ("top", "bottom"):
        tally += p[side]["count"] * (2 if p[side]["doubled"] else 1)  # a Double doubles its row's tally
    return [beat(TALLY_AT, esc(_("Number Card Tally %(n)s", n=tally)))]


def bank_moment(view, e, rnd, ctx):
    return tag(
        "div",
        beat(BANKED_AT, lock(esc(_(STATUS_WORDS["banked"]))), cls="bob-lock")
        + beat(BANKED_AT, who(ctx, e["player"]))
        + tag("span", "".join(_banked_points(view, e, rnd)), class_="bob-loses"),
        class_="bob-pending bob-moment bob-moment-bank",
        id=moment_key("bob", rnd, e["player"], "bank"),
    )


def moment_html(view, ctx):
    """The table's moment (a bust or a bank), or the drawn card a player is deciding on."""
    if view["pending"] is not None or view["phase"] != "playing":
        return pending_html(view, ctx)
    e, rnd = last_moment(view)
    if e is None:
        return ""
    if e["type"] == "bust":
        return bust_moment(e, rnd, ctx)
    return bank_moment(view, e, rnd, ctx)


def counts_html(view):
    # during play the pile's band under this line says how many cards it holds: not twice
    # the rulebook's words: "the discarded cards", "draw 1 Discard card from the supply"
    pile = [(_("Discarded cards"), view["discard_count"])] if view["phase"] == "game_over" else []
    items = (
        [(pgettext("count", "Round"), view["round"]), (_("Deck"), view["deck_count"])]
        + pile
        + [(_("Discard card supply"), view["supply_count"])]
    )
    return tag(
        "dl", "".join([tag("div", tag("dt", esc(k)) + tag("dd", str(v))) for k, v in items]), class_="bob-counts"
    )


def _pile(view):
    pile = view.get("discard_pile") or {}
    return pile.get("numbers") or [], pile.get("power") or {}


def pile_top_html(view):
    """The TV's pile as a newcomer reads it: how many cards, and the last ones put on it, newest first."""
    count = view["discard_count"]
    title = tag("h2", esc(_("Discarded cards \u00b7 %(n)s", n=count)), class_="bob-pile-title")
    last = (view.get("discard_pile") or {}).get("last") or []
    if not last:
        return title
    cards = "".join(
        [
            tag(
                "li",
                esc(card_name(c)),
                class_="bob-pile-card bob-kind-" + ("number" if isinstance(c, int) else "power"),
            )
            for c in reversed(last)
        ]
    )
    return (
        title
        + tag("span", esc(_("last discarded:")), class_="bob-pile-last-label")
        + tag("ol", cards, class_="bob-pile-last")
    )


def pile_numbers_html(view):
    """Every Number card 2-99 in order, the ones on the discard pile (D2-22) marked: which values are gone is
    seen at a glance. For the eye only: pile_said_html() says the same to a screen reader."""
    gone = set(_pile(view)[0])
    cells = "".join([tag("li", str(n), class_="bob-gone" if n in gone else None) for n in range(2, 100)])
    return tag("ol", cells, class_="bob-pile-numbers", aria_hidden="true")


def _power_counts(power):
    return [power_name(c) + " \u00d7" + str(power[c]) for c in POWER_ORDER if power.get(c)]


def pile_powers_html(view):
    """The Power cards on the discard pile, by name and count."""
    items = _power_counts(_pile(view)[1])
    if not items:
        return ""
    return tag("ul", "".join([tag("li", esc(t)) for t in items]), class_="bob-pile-powers", aria_hidden="true")


def pile_said_html(view):
    numbers, power = _pile(view)
    if numbers:
        # the pile as a list of values, comma-separated in every language (a listing, not a phrase)
        said = _("Discarded: %(cards)s.", cards=", ".join([str(n) for n in numbers]))
    else:
        said = _("Discarded: no Number cards.")
    if power:
        said += " " + _("Power cards: %(cards)s.", cards=", ".join(_power_counts(power)))
    return tag("p", esc(said), class_="bob-said")


def summary_table(view, ctx):
    summary = view["summary"]
    if not summary:
        return ""
    # the rulebook's words: Number Card Tally, Pairs, Longest Row
    head = "".join(
        [
            tag("th", esc(h), scope="col")
            for h in (
                _("Player"),
                pgettext("row", "Top"),
                pgettext("row", "Bottom"),
                _("Tally"),
                _("Pairs"),
                _("Longest Row"),
                pgettext("score", "Round"),
                _("Total"),
            )
        ]
    )
    rows = []
    for line in summary["lines"]:
        if line["status"] == "busted":
            cells = tag("td", esc(_("BUST: 0 points")), colspan="6") + tag("td", str(line["total"]), class_="bob-num")
        else:
            top = "%d" % line["cards_top"] + (" \u00d72" if line["doubled_top"] else "")
            bottom = "%d" % line["cards_bottom"] + (" \u00d72" if line["doubled_bottom"] else "")
            cells = (
                tag("td", top, class_="bob-num")
                + tag("td", bottom, class_="bob-num")
                + tag("td", str(line["tally"]), class_="bob-num")
                + tag("td", str(line["pairs"]), class_="bob-num")
                + tag("td", str(line["longest_row"]), class_="bob-num")
                + tag("td", str(line["round_score"]), class_="bob-num bob-round")
                + tag("td", str(line["total"]), class_="bob-num")
            )
        rows.append(tag("tr", tag("th", tag("div", who(ctx, line["player"]), class_="who-line"), scope="row") + cells))
    caption = esc(_("Round %(n)s scores (1 point per Number card, \u00d72 on a row with a Double)", n=summary["round"]))
    return tag(
        "table",
        tag("caption", caption) + tag("thead", tag("tr", head)) + tag("tbody", "".join(rows)),
        class_="bob-summary",
    )


def log_html(view, ctx, keep=8):
    entries = view["log"][-keep:]
    items = []
    for e in entries:
        text = log_sentence(e, ctx)
        if text:
            items.append(tag("li", tag("span", text, class_="bob-line"), class_="bob-log-" + esc(e.get("type", ""))))
    if not items:
        return ""
    return tag(
        "section",
        tag("h2", esc(_("Recent moves"))) + tag("ol", "".join(items), class_="bob-log", aria_live="polite"),
        class_="bob-recent",
    )


def standings_html(view, ctx):
    players = sorted(view["players"], key=lambda p: -p["total"])
    rows = []
    for p in players:
        mark = tag("span", esc(_("winner")), class_="badge win") if p["id"] in view["winners"] else ""
        rows.append(
            tag("tr", tag("th", who(ctx, p["id"]) + mark, scope="row") + tag("td", str(p["total"]), class_="bob-num"))
        )
    return tag("table", tag("caption", esc(_("Final totals"))) + tag("tbody", "".join(rows)), class_="bob-standings")


def controls(view, ctx):
    """The host's buttons (the TV's, and the controls phone's: the room's one list, ui/decisions.py). End game in
    sight, a press or two from the table; the Removes, which the table rarely needs, folded (issue 48 point 7)."""
    if not ctx.get("is_host") or view["phase"] != "playing":
        return ""
    removes = _remove_buttons(view, ctx)
    if removes:
        removes = tag(
            "details",
            tag("summary", esc(_("Remove a player"))) + tag("div", removes, class_="actions"),
            class_="bob-host-tools",
        )
    return tag("section", _end_button() + removes, class_="bob-host", aria_label=_("Host"))


def _end_button():
    return button(
        _("End game"), {"type": "end_game"}, cls="btn danger", confirm=_("End the game now for everyone? Nobody wins.")
    )


def _remove_buttons(view, ctx):
    """Remove beside each player who is here (an away player's is beside their name in the people list)."""
    out = []
    for p in view["players"]:
        if not ctx.get("connected", {}).get(p["id"], True):
            continue  # an away player's Remove is the room's, and comes first (ui/decisions.py)
        if p["id"] == ctx.get("holder"):
            continue  # nobody is offered to remove themselves (DX-09)
        plain = _plain(ctx, p["id"])
        out.append(
            button(
                _("Remove %(name)s", name=plain),
                {"type": "remove", "player": p["id"]},
                cls="btn small danger",
                confirm=_(
                    "Remove %(name)s from the game? Their cards go to the discard pile, their points leave the "
                    "standings, and they cannot rejoin.",
                    name=plain,
                ),
            )
        )
    return "".join(out)


# --- the screens ---------------------------------------------------------------------------


def _table_status(view, ctx):
    """The table's status line. At the end the room's headline right above names the winners: say only
    how it was won, once."""
    if view["phase"] == "game_over" and view["winners"]:
        return esc(_final_detail(view, over=True))
    return status_line(view, ctx)


def _last_round(view, summary, **attrs):
    return tag(
        "details", tag("summary", esc(_("How round %(n)s scored", n=view["summary"]["round"]))) + summary, **attrs
    )


def round_just_over(view):
    """A round has just ended and the next has not had its first draw: the moment to show the round's scores
    (issue 38: the next round's empty rows had replaced them at once). The scores' round, or None."""
    log = view["log"]
    if view["phase"] != "playing" or not log or log[-1].get("type") != "round_started" or not view["summary"]:
        return None
    return view["summary"]["round"]


def round_over_box(view, summary):
    """The round's scores, open over the table until the next round's first draw (its own id: a new element,
    so the page's redraw does not carry over the folded pill's closed state)."""
    rnd = view["summary"]["round"]
    return tag(
        "details",
        tag("summary", esc(_("Round %(n)s over: the scores", n=rnd))) + summary,
        class_="bob-last-round bob-pop bob-round-over",
        id="bob-round-over-%d" % rnd,
        open=True,
    )


def table(view, ctx):
    """The big shared screen: whose turn, every player's rows, counts, the last round's scores. It must fit
    a 1280x720 TV without scrolling, so recent moves and the host's tools go beside it (table_side)."""
    panels = "".join([player_panel(p, view, ctx, one_line=True) for p in view["players"]])
    crowd = " bob-many" if len(view["players"]) >= 4 else ""
    summary = summary_table(view, ctx)
    over = view["phase"] == "game_over"
    fold = ""
    if summary and not over:
        # folded in the header during play, and opened over the table: under the panels it pushed six
        # players' TV past 720 px (e2e/test_tv_fit.py); each phone keeps the last round's scores a tap away too
        if not round_just_over(view):
            fold = _last_round(view, summary, class_="bob-last-round bob-pop", id="bob-last-round")
    parts = [
        tag("header", tag("h1", esc(_("Bank or Bust")), class_="bob-title") + counts_html(view), class_="bob-head")
    ]
    if not over:
        # the public discard pile (D2-22) in one band: its title line also holds the last round's pill
        head = tag("div", pile_top_html(view) + fold, class_="bob-pile-head")
        parts.append(tag("section", head + pile_said_html(view), class_="bob-pile"))
    parts.append(
        tag(
            "div",
            _status(_table_status(view, ctx), cls="bob-status bob-status-big")
            + moment_html(view, ctx)
            # a round just over: its scores open under the turn line, which stays in view (issue 48 point 10)
            + (round_over_box(view, summary) if summary and not over and round_just_over(view) else ""),
            class_="bob-now",
        )
    )
    if over:
        # the totals, big, beside how the last round scored; everyone's final rows are one tap away
        side = _last_round(view, summary, class_="bob-last-round", open=True) if summary else ""
        parts.append(tag("div", standings_html(view, ctx) + side, class_="bob-over"))
        parts.append(
            tag(
                "details",
                tag("summary", esc(_("Everyone's final rows"))) + tag("div", panels, class_="bob-players" + crowd),
                class_="bob-final-rows",
            )
        )
    else:
        parts.append(tag("div", panels, class_="bob-players" + crowd))
    return tag("div", "".join(parts), class_="bob bob-table phase-" + esc(view["phase"]))


def table_side(view, ctx):
    """Beside the table, under the room's people: the last few moves and the host's buttons (controls())."""
    if view["phase"] != "playing":
        return ""
    tools = ctx.get("host_buttons", "")  # controls(), drawn once by the room's list (ui/decisions.py)
    return tag("div", log_html(view, ctx, keep=3) + tools, class_="bob bob-aside")


def _place_label(card, row, me):
    if row == "top":
        return _("Place %(card)s on my top row (lower than %(n)s)", card=str(card), n=me["top"]["reference"])
    return _("Place %(card)s on my bottom row (higher than %(n)s)", card=str(card), n=me["bottom"]["reference"])


def _play_label(card, move, me):
    row = move["row"]
    top = row == "top"
    if card in ("mod10", "mod20"):
        amount = 10 if card == "mod10" else 20
        last = me[row]["cards"][-1]["effective"]
        value = last + amount if move["sign"] == "+" else last - amount
        change = _change(card, move["sign"])
        if top:
            return _("%(change)s on my top row (%(before)s \u2192 %(after)s)", change=change, before=last, after=value)
        return _("%(change)s on my bottom row (%(before)s \u2192 %(after)s)", change=change, before=last, after=value)
    if card == "cover":
        return _("Cover on my top row") if top else _("Cover on my bottom row")
    return _("Double my top row") if top else _("Double my bottom row")


def _move_buttons(view, me):
    """The controls for my pending card or my turn, from the legal moves only (escaped HTML)."""
    moves = view.get("moves") or []
    pending = view["pending"]
    types = [m["type"] for m in moves]
    out = []
    if pending is None:
        if "draw" in types:
            out.append(button(_("Draw a card"), {"type": "draw"}, cls="btn primary big"))
        if "bank" in types:
            out.append(button(_("Bank my points"), {"type": "bank"}, cls="btn big"))
        return out
    card = pending["card"]
    for m in moves:
        if m["type"] == "place":
            out.append(button(_place_label(card, m["row"], me), m, cls="btn primary big"))
        elif m["type"] == "play":
            out.append(button(_play_label(card, m, me), m, cls="btn primary big"))
    if "use_discard" in types:
        out.append(
            button(
                _("Use my Discard card (throw %(card)s away, draw again)", card=card_name(card)),
                {"type": "use_discard"},
                cls="btn big",
            )
        )
    if "bust" in types:
        out.append(button(_("Bust (keep my Discard card)"), {"type": "bust"}, cls="btn big danger"))
    if "discard_power" in types:
        out.append(button(_("Discard it and draw again"), {"type": "discard_power"}, cls="btn big"))
    return out


def _hint(view, me, ctx):
    """The one-line 'what can I do now' (escaped HTML)."""
    if view["phase"] == "game_over":
        ranked = sorted(view["players"], key=lambda p: -p["total"])
        place = 1 + len([p for p in ranked if p["total"] > me["total"]])
        finished = esc(
            ngettext(
                "You finished with %(n)s point (place %(place)s of %(of)s).",
                "You finished with %(n)s points (place %(place)s of %(of)s).",
                me["total"],
                place=place,
                of=len(ranked),
            )
        )
        # with winners, the room's headline right above names them: here only my own finish
        return finished if view["winners"] else _winners_text(view, ctx) + " " + finished
    if not view.get("act"):
        waiting = name_of(ctx, view["turn"])
        if me["status"] == "banked":
            return _("You banked this round. Waiting for %(name)s.", name=waiting)
        if me["status"] == "busted":
            return _("You busted this round. Waiting for %(name)s.", name=waiting)
        return _("Waiting for %(name)s.", name=waiting)
    pending = view["pending"]
    if pending is None:
        if "draw" not in [m["type"] for m in view["moves"]]:
            return esc(_("Your turn: no cards left to draw, so you must bank."))
        return esc(_("Your turn: draw a card, or bank your points."))
    card = esc(card_name(pending["card"]))
    if pending["kind"] == "number":
        if not pending["fits"]:
            return _(
                "You drew %(card)s. It fits neither row (top needs lower than %(top)s, bottom needs higher than "
                "%(bottom)s): use your Discard card or bust.",
                card=card,
                top=me["top"]["reference"],
                bottom=me["bottom"]["reference"],
            )
        if len(pending["fits"]) == 1 and pending["fits"][0] == "top":
            return _("You drew %(card)s: it fits your top row. Place it, or use your Discard card.", card=card)
        if len(pending["fits"]) == 1:
            return _("You drew %(card)s: it fits your bottom row. Place it, or use your Discard card.", card=card)
        return _("You drew %(card)s: choose a row for it.", card=card)
    return _("You drew %(card)s: play it, or discard it and draw again.", card=card)


def _last_bust(view, me_id):
    """Explain my own bust in words, while it is still my latest move."""
    for e in reversed(view["log"]):
        if e.get("type") == "round_started":
            if round_just_over(view):
                continue  # the round my bust ended is still on show, until the next round's first draw
            return ""  # then the new round starts afresh (issue 38: no red BUST box into it)
        if e.get("player") != me_id:
            continue
        if e.get("type") == "bust":
            if e.get("took_discard"):
                extra = _("You took a Discard card: use it on a later turn to throw away a card you drew.")
            else:
                extra = _("You kept your Discard card.")
            said = _(
                "BUST! %(card)s fit neither of your rows, so your cards for this round are gone and you score 0 "
                "this round.",
                card=card_name(e.get("card")),
            )
            return tag("p", esc(said + " " + extra), class_="banner error")
        return ""
    return ""


def my_round_over(view, me_id, rnd):
    """My score for the round that just ended, until the next round's first draw."""
    for line in view["summary"]["lines"]:
        if line["player"] == me_id:
            if line["status"] == "busted":
                said = _(
                    "Round %(round)s over: you busted: 0 points. Your total: %(total)s.", round=rnd, total=line["total"]
                )
            else:
                said = ngettext(
                    "Round %(round)s over: you scored %(n)s point. Your total: %(total)s.",
                    "Round %(round)s over: you scored %(n)s points. Your total: %(total)s.",
                    line["round_score"],
                    round=rnd,
                    total=line["total"],
                )
            return tag("p", esc(said), class_="banner wait bob-round-over-line")
    return ""


def phone(view, ctx):
    """One player's phone: my rows, my choices when it is my turn, everyone else's moves live."""
    me_id = ctx.get("me") or view.get("me")
    me = _player(view, me_id)
    if me is None:
        return tag(
            "div", _status(esc(_("You are not in this game any more."))) + log_html(view, ctx), class_="bob bob-phone"
        )
    parts = [
        tag(
            "header",
            tag("span", esc(_("Round %(n)s", n=view["round"])), class_="bob-round-tag")
            + progress(me["total"], view["target"])
            + _badges(me, view, ctx, mine=True),
            class_="bob-phone-head",
        ),
        _status(_hint(view, me, ctx), cls="bob-status bob-hint"),
    ]
    parts.append(_last_bust(view, me_id))
    ended = round_just_over(view)
    if ended:
        parts.append(my_round_over(view, me_id, ended))
    if view.get("act"):
        parts.append(pending_html(view, ctx))
        # the decision, brought into view on the phone (glue.js data-show): a new one at each draw
        key = "bob-%d-%d-%s" % (view["round"], len(view["log"]), "p" if view.get("pending") else "t")
        parts.append(tag("div", "".join(_move_buttons(view, me)), class_="bob-moves", data_show=key))
    elif view["phase"] == "playing":
        parts.append(tag("p", status_line(view, ctx), class_="bob-others"))
        parts.append(pending_html(view, ctx))
    parts.append(
        tag(
            "section",
            tag("h2", esc(_("My rows"))) + row_html(me["top"], "top") + row_html(me["bottom"], "bottom"),
            class_="bob-mine",
        )
    )
    parts.append(log_html(view, ctx, keep=5))
    others = "".join([player_panel(p, view, ctx) for p in view["players"] if p["id"] != me_id])
    parts.append(
        tag(
            "details",
            tag("summary", esc(_("Everyone's rows and totals"))) + tag("div", others, class_="bob-players"),
            class_="bob-everyone",
        )
    )
    count = view["discard_count"]
    parts.append(
        tag(
            "details",
            tag("summary", esc(_("Discarded cards (%(n)s)", n=count)))
            + pile_numbers_html(view)
            + pile_powers_html(view)
            + pile_said_html(view),
            class_="bob-pile bob-pile-fold",
            id="bob-pile",
        )
    )
    if view["summary"]:
        parts.append(tag("details", tag("summary", esc(_("Last round's scores"))) + summary_table(view, ctx)))
    parts.append(rules_box(rules(), esc(_("How to play")), id_="bob-rules"))
    return tag("div", "".join(parts), class_="bob bob-phone phase-" + esc(view["phase"]))
