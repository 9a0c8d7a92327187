"""Bank or Bust screens: the shared table (with the host's controls) and one player's phone.

Pure functions view -> HTML string, in the Python subset MicroPython runs. The view names players
by id; names come from ctx["names"] through name_of() (escaped). Buttons come only from the
moves the engine lists as legal (view["moves"]), so a button is never shown that would be refused.
"""

from ...ui.html import beat, button, countdown, esc, moment_key, name_of, passing, tag, who
from ...ui.illustrations import chip, column, lock, mini_card, mini_cards, row, rules_box, steps

POWER_NAMES = {"mod10": "Modify \u00b110", "mod20": "Modify \u00b120", "cover": "Cover", "double": "Double"}
POWER_ORDER = ("mod10", "mod20", "cover", "double")
ROW_NAMES = {"top": "top row", "bottom": "bottom row"}
ROW_TITLES = {"top": "Top row \u2193 (from 100, going down)", "bottom": "Bottom row \u2191 (from 1, going up)"}
SHORT_TITLES = {"top": "Top \u2193", "bottom": "Bottom \u2191"}  # in the table's narrow panels
STATUS_WORDS = {"playing": "", "banked": "BANKED", "busted": "BUST"}  # "each player has Banked or Bust"


def _picture():
    """Two rows, a card that fits, a card that fits nowhere, and banking instead."""

    def rows(top, bottom, extra_top="", extra_bottom=""):
        return column(
            row(chip("Top &darr;", "label"), mini_cards(top), extra_top),
            row(chip("Bottom &uarr;", "label"), mini_cards(bottom), extra_bottom),
        )

    return steps(
        "Bank or Bust in four pictures",
        [
            (
                "Top row 100, 72, 40 going down; bottom row 1, 23, 55 going up",
                rows([100, 72, 40], [1, 23, 55]),
                "Your top row goes down from 100, your bottom row goes up from 1.",
            ),
            (
                "You draw a 30; it goes on the end of the top row, after 40, with a tick",
                rows([100, 72, 40], [1, 23, 55], mini_card("30", "drawn") + chip("&#10003; fits", "ok")),
                "Draw a 30: it is below 40, so it fits the top row.",
            ),
            (
                "You draw a 47; it is not below 40 and not above 55, marked with a cross: bust",
                column(
                    row(mini_card("47", "bust"), chip("&#10007; below 40? no", "no")),
                    row(chip("&#10007; above 55? no", "no"), chip("BUST", "bust")),
                ),
                "Draw a 47: it fits neither row. Bust: this round's cards are gone, 0 points this round.",
            ),
            (
                "A padlock beside both rows, marked banked: the rows are safe and score",
                row(lock("BANKED"), rows([100, 72, 40], [1, 23, 55])),
                "Or stop in time: Bank locks in your rows, and they score for this round.",
            ),
        ],
    )


PICTURE = _picture()

RULES_TEXT = (
    "<p>Each turn: <b>Draw</b> a card or <b>Bank</b>. Banking locks in your cards for this round.</p><ul>"
    "<li>A Number card goes at the end of one of your rows: the top row must keep going down from 100, "
    "the bottom row must keep going up from 1. If it fits neither row, you <b>bust</b>: you lose this "
    "round's cards, score 0 this round and take a Discard card.</li>"
    "<li>A Discard card lets you throw away a card you drew and draw again, on any later turn.</li>"
    "<li>Power cards: <b>Modify</b> adds or takes 10 or 20 from the last card of a row; <b>Cover</b> hides "
    "a card, so the card before it counts again; <b>Double</b> doubles one row's card points. Play it, or "
    "throw it away and draw again.</li>"
    "<li>Scoring for banked players: 1 point per Number card (x2 on a doubled row); 5 points if both rows "
    "have 3 or more cards, 15 for 4, 50 for 5; 5 points for the single longest row.</li>"
    "<li>After a round, anyone on 50 or more ends the game: the highest total wins, ties share.</li></ul>"
)
RULES = PICTURE + RULES_TEXT  # what every how-to-play shows: the picture, then the words


# --- words ---------------------------------------------------------------------------------


def card_name(card):
    if isinstance(card, int):
        return str(card)
    return POWER_NAMES.get(card, "?")


def _plain(ctx, pid):
    """An unescaped name, for data-confirm attributes (attrs() escapes them)."""
    return str(ctx["names"].get(pid, "?"))


def _needs(row_view, row):
    """What the next card must be, in the rulebook's words: the top row's cards are lower than the previous
    card, the bottom row's higher."""
    ref = row_view["reference"]
    if row == "top":
        return "lower than %d" % ref
    return "higher than %d" % ref


def log_sentence(entry, ctx):
    """One recent move in words (escaped HTML)."""
    kind = entry.get("type")
    who = name_of(ctx, entry.get("player"))
    card = card_name(entry.get("card"))
    row = ROW_NAMES.get(entry.get("row"), "")
    if kind == "drew":
        return "%s drew %s." % (who, card)
    if kind == "placed":
        if entry.get("auto"):
            return "%s drew %s and placed it on the %s (the only row it fits)." % (who, card, row)
        return "%s placed %s on the %s." % (who, card, row)
    if kind == "played":
        if entry.get("card") == "double":
            return "%s doubled the %s." % (who, row)
        if entry.get("card") == "cover":
            return "%s played Cover on the %s." % (who, row)
        amount = "10" if entry.get("card") == "mod10" else "20"
        sign = "+" if entry.get("sign") == "+" else "\u2212"
        return "%s played Modify %s%s on the %s." % (who, sign, amount, row)
    if kind == "discarded_power":
        return "%s discarded %s and draws again." % (who, card)
    if kind == "auto_discarded":
        return "No row of %s's can take the %s: discarded, drawing again." % (who, card)
    if kind == "used_discard":
        return "%s used a Discard card on %s and draws again." % (who, card)
    if kind == "bust":
        extra = " and took a Discard card" if entry.get("took_discard") else ""
        return "%s BUSTED on %s%s." % (who, card, extra)
    if kind == "banked":
        return "%s banked." % who
    if kind == "passed_over" and entry.get("first"):  # D2-28: the round's first turn, nothing banked
        return "%s is away: the first turn passed on; theirs comes later this round." % who
    if kind == "passed_over":  # D2-28
        return "%s is away: their turn passed, and their rows are banked." % who
    if kind == "no_cards":
        return "No card left to draw for %s: turn over." % who
    if kind == "reshuffled":
        return "The discard pile (%d cards) was shuffled into a new deck." % entry.get("cards", 0)
    if kind == "round_over":
        return "Round %d is over." % entry.get("round", 0)
    if kind == "round_started":
        return "Round %d starts with %s." % (entry.get("round", 0), who)
    if kind == "removed":
        return "The host removed %s." % who
    if kind == "game_over":
        return "Game over."
    return ""


def _player(view, pid):
    for p in view["players"]:
        if p["id"] == pid:
            return p
    return None


def _winners_text(view, ctx):
    names = [name_of(ctx, p) for p in view["winners"]]
    if not names:
        if view.get("ended") == "too_few":
            return "Game over: fewer than 2 players left, no winner."
        return "Game over: the host ended the game, no winner."
    if len(names) == 1:
        return "%s wins!" % names[0]
    return "Shared win: %s!" % " and ".join(names)


def _final_detail(view):
    """How a game won on points ended: the winning total and the number of rounds."""
    if not view["winners"]:
        return ""
    best = 0
    for p in view["players"]:
        if p["id"] in view["winners"]:
            best = p["total"]
    rounds = view["round"]
    return " %d points after %d round%s." % (best, rounds, "" if rounds == 1 else "s")


def status_line(view, ctx):
    """Whose turn and what is happening, for everyone (escaped HTML)."""
    if view["phase"] == "game_over":
        return _winners_text(view, ctx) + _final_detail(view)
    turn = view["turn"]
    who = name_of(ctx, turn)
    pending = view["pending"]
    if view.get("grace_ms") is not None:  # D2-28: their turn passes over them
        return "%s is away: their turn passes in %s." % (who, countdown(view["grace_ms"] - ctx.get("now_ms", 0)))
    if pending is None:
        return "%s's turn: draw or bank." % who
    if pending["kind"] == "number":
        if pending["fits"]:
            return "%s drew %s and is choosing a row." % (who, card_name(pending["card"]))
        return "%s drew %s: it fits nowhere. Discard card or bust?" % (who, card_name(pending["card"]))
    return "%s drew %s and is deciding where to play it." % (who, card_name(pending["card"]))


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
        mods = tag("ul", items, class_="bob-mods", aria_label="Modify cards") + tag(
            "span", "= %d" % slot["effective"], class_="bob-eff"
        )
    label = "%d" % slot["value"]
    cls = "bob-card"
    extra = ""
    if slot["covered"]:
        cls += " bob-covered"
        extra = tag("span", "covered", class_="bob-cover-tag")
    return tag("li", tag("span", label, class_="bob-value") + mods + extra, class_=cls)


def row_html(row_view, row, short=False):
    start = tag("li", tag("span", str(row_view["start"]), class_="bob-value"), class_="bob-card bob-start")
    double = ""
    if row_view["doubled"]:
        double = tag(
            "li",
            tag("span", "\u00d72", class_="bob-value") + tag("span", "Double", class_="bob-cover-tag"),
            class_="bob-card bob-double",
        )
    cards = "".join([slot_html(s) for s in row_view["cards"]])
    head = tag("span", SHORT_TITLES[row] if short else ROW_TITLES[row], class_="bob-row-title")
    if row_view["doubled"]:
        head += tag("span", "DOUBLED", class_="badge bob-doubled")
    cards = tag("ol", double + start + cards, class_="bob-cards", aria_label=ROW_TITLES[row])
    if short:
        # the table's panels: title, cards and what fits next on one line (wrapping only for a long row),
        # so six players' panels keep to a 1280x720 TV; the cards say how many there are
        return tag(
            "div",
            head + cards + tag("span", _needs(row_view, row), class_="bob-row-info"),
            class_="bob-row bob-row-line bob-" + row,
        )
    head += tag(
        "span",
        "%d card%s \u00b7 next: %s" % (row_view["count"], "" if row_view["count"] == 1 else "s", _needs(row_view, row)),
        class_="bob-row-info",
    )
    return tag("div", tag("div", head, class_="bob-row-head") + cards, class_="bob-row bob-" + row)


def _badges(p, view, ctx, mine=False):
    out = ""
    if view["phase"] == "playing" and view["turn"] == p["id"]:
        out += tag("span", "TURN", class_="badge bob-turn")
    word = STATUS_WORDS.get(p["status"], "")
    if word and view["phase"] == "playing":
        out += tag("span", word, class_="badge bob-" + p["status"])
    if p["holds_discard"] and view["phase"] == "playing":  # a Discard card is worth nothing once it is over
        out += tag("span", "Discard card", class_="badge bob-holds", title="holds a Discard card")
    if p["id"] in view["winners"]:
        out += tag("span", "winner", class_="badge win")
    if p["id"] == ctx.get("me") and not mine:
        out += tag("span", "you", class_="badge you")
    connected = ctx.get("connected") or {}
    if not connected.get(p["id"], True) and p["id"] != ctx.get("me"):
        out += tag("span", "away", class_="badge bob-away")
    return out


def _bar(total, target):
    shown = total if total < target else target
    return tag("progress", "%d / %d" % (total, target), max=str(target), value=str(shown))


def progress(total, target):
    return tag(
        "div", _bar(total, target) + tag("span", "%d / %d" % (total, target), class_="bob-total"), class_="bob-progress"
    )


def player_panel(p, view, ctx):
    cls = "bob-player bob-" + p["status"]
    if view["phase"] == "playing" and view["turn"] == p["id"]:
        cls += " bob-active"
    # the name and the points on one line (the name cut short with an ellipsis on a crowded TV); the badges
    # share the progress bar's line
    total = "%d / %d" % (p["total"], view["target"])
    head = tag(
        "h3",
        tag("span", who(ctx, p["id"]), class_="bob-name-text") + tag("span", total, class_="bob-total"),
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
    drew = "You" if pending["player"] == ctx.get("me") else name_of(ctx, pending["player"])
    kind = "Number card" if pending["kind"] == "number" else "Power card"
    # a moment of its own per drawn card: it lands once, and a redraw while the player chooses keeps it still
    key = moment_key("bob", view["round"], pending["player"], "drew", pending["card"])
    return tag(
        "div",
        tag("span", "%s drew" % drew, class_="bob-pending-who")
        + _bigcard(pending["card"])
        + tag("span", kind, class_="bob-pending-kind"),
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
        return "lower than %d? no &middot; higher than %d? no" % (e["lower_than"], e["higher_than"])
    return "fits neither row"


def bust_moment(e, rnd, ctx):
    took = "took a Discard card" if e.get("took_discard") else "kept the Discard card"  # D2-07
    fits = tag(
        "span",
        passing(FITS_AT, BUST_AT - FITS_AT, _why_bust(e), cls="bob-check")
        + beat(BUST_AT, "BUST!", cls="bob-bust-word"),
        class_="beat-stack",
    )
    loses = [beat(OUT_AT, "0 points this round"), beat(DISCARDS_AT, "cards discarded"), beat(TAKES_AT, took)]
    return tag(
        "div",
        beat(LANDS_AT, who(ctx, e["player"]) + " drew", cls="bob-pending-who")
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
                    beat(TALLY_AT, "Number Card Tally %d" % line["tally"]),
                    beat(
                        ROUND_AT,
                        "%d point%s this round" % (line["round_score"], "" if line["round_score"] == 1 else "s"),
                        cls="bob-round",
                    ),
                ]
    p = _player(view, e["player"])
    if p is None:
        return []
    tally = 0
    for side in ("top", "bottom"):
        tally += p[side]["count"] * (2 if p[side]["doubled"] else 1)  # a Double doubles its row's tally
    return [beat(TALLY_AT, "Number Card Tally %d" % tally)]


def bank_moment(view, e, rnd, ctx):
    return tag(
        "div",
        beat(BANKED_AT, lock("BANKED"), cls="bob-lock")
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
    pile = [("Discarded cards", view["discard_count"])] if view["phase"] == "game_over" else []
    items = (
        [("Round", view["round"]), ("Deck", view["deck_count"])]
        + pile
        + [("Discard card supply", view["supply_count"])]
    )
    return tag("dl", "".join([tag("div", tag("dt", k) + tag("dd", str(v))) for k, v in items]), class_="bob-counts")


def _pile(view):
    pile = view.get("discard_pile") or {}
    return pile.get("numbers") or [], pile.get("power") or {}


def pile_top_html(view):
    """The TV's pile as a newcomer reads it: how many cards, and the last ones put on it, newest first."""
    count = view["discard_count"]
    title = tag("h2", "Discarded cards \u00b7 %d" % count, class_="bob-pile-title")
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
        title + tag("span", "last discarded:", class_="bob-pile-last-label") + tag("ol", cards, class_="bob-pile-last")
    )


def pile_numbers_html(view):
    """Every Number card 2-99 in order, the ones on the discard pile (D2-22) marked: which values are gone is
    seen at a glance. For the eye only: pile_said_html() says the same to a screen reader."""
    gone = set(_pile(view)[0])
    cells = "".join([tag("li", str(n), class_="bob-gone" if n in gone else None) for n in range(2, 100)])
    return tag("ol", cells, class_="bob-pile-numbers", aria_hidden="true")


def _power_counts(power):
    return ["%s \u00d7%d" % (POWER_NAMES[c], power[c]) for c in POWER_ORDER if power.get(c)]


def pile_powers_html(view):
    """The Power cards on the discard pile, by name and count."""
    items = _power_counts(_pile(view)[1])
    if not items:
        return ""
    return tag("ul", "".join([tag("li", esc(t)) for t in items]), class_="bob-pile-powers", aria_hidden="true")


def pile_said_html(view):
    numbers, power = _pile(view)
    said = "Discarded: %s." % (", ".join([str(n) for n in numbers]) or "no Number cards")
    if power:
        said += " Power cards: %s." % ", ".join(_power_counts(power))
    return tag("p", said, class_="bob-said")


def summary_table(view, ctx):
    summary = view["summary"]
    if not summary:
        return ""
    # the rulebook's words: Number Card Tally, Pairs, Longest Row
    head = "".join(
        [
            tag("th", h, scope="col")
            for h in ("Player", "Top", "Bottom", "Tally", "Pairs", "Longest Row", "Round", "Total")
        ]
    )
    rows = []
    for line in summary["lines"]:
        if line["status"] == "busted":
            cells = tag("td", "BUST: 0 points", colspan="6") + tag("td", str(line["total"]), class_="bob-num")
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
        rows.append(tag("tr", tag("th", who(ctx, line["player"]), scope="row") + cells))
    caption = "Round %d scores (1 point per Number card, \u00d72 on a row with a Double)" % summary["round"]
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
        tag("h2", "Recent moves") + tag("ol", "".join(items), class_="bob-log", aria_live="polite"),
        class_="bob-recent",
    )


def standings_html(view, ctx):
    players = sorted(view["players"], key=lambda p: -p["total"])
    rows = []
    for p in players:
        mark = tag("span", "winner", class_="badge win") if p["id"] in view["winners"] else ""
        rows.append(
            tag("tr", tag("th", who(ctx, p["id"]) + mark, scope="row") + tag("td", str(p["total"]), class_="bob-num"))
        )
    return tag("table", tag("caption", "Final totals") + tag("tbody", "".join(rows)), class_="bob-standings")


def controls(view, ctx):
    """The host's buttons (the TV's, and the controls phone's: the room's one list, ui/decisions.py). End game in
    sight, a press or two from the table; the Removes, which the table rarely needs, folded (issue 48 point 7)."""
    if not ctx.get("is_host") or view["phase"] != "playing":
        return ""
    removes = _remove_buttons(view, ctx)
    if removes:
        removes = tag(
            "details",
            tag("summary", "Remove a player") + tag("div", removes, class_="actions"),
            class_="bob-host-tools",
        )
    return tag("section", _end_button() + removes, class_="bob-host", aria_label="Host")


def _end_button():
    return button(
        "End game", {"type": "end_game"}, cls="btn danger", confirm="End the game now for everyone? Nobody wins."
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
                "Remove %s" % plain,
                {"type": "remove", "player": p["id"]},
                cls="btn small danger",
                confirm="Remove %s from the game? Their cards go to the discard pile, their "
                "points leave the standings, and they cannot rejoin." % plain,
            )
        )
    return "".join(out)


# --- the screens ---------------------------------------------------------------------------


def _table_status(view, ctx):
    """The table's status line. At the end the room's headline right above names the winners: say only
    how it was won, once."""
    if view["phase"] == "game_over" and view["winners"]:
        return "Game over:" + _final_detail(view)
    return status_line(view, ctx)


def _last_round(view, summary, **attrs):
    return tag("details", tag("summary", "How round %d scored" % view["summary"]["round"]) + summary, **attrs)


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
        tag("summary", "Round %d over: the scores" % rnd) + summary,
        class_="bob-last-round bob-pop bob-round-over",
        id="bob-round-over-%d" % rnd,
        open=True,
    )


def table(view, ctx):
    """The big shared screen: whose turn, every player's rows, counts, the last round's scores. It must fit
    a 1280x720 TV without scrolling, so recent moves and the host's tools go beside it (table_side)."""
    panels = "".join([player_panel(p, view, ctx) for p in view["players"]])
    crowd = " bob-many" if len(view["players"]) >= 4 else ""
    summary = summary_table(view, ctx)
    over = view["phase"] == "game_over"
    fold = ""
    if summary and not over:
        # folded in the header during play, and opened over the table: under the panels it pushed six
        # players' TV past 720 px (e2e/test_tv_fit.py); each phone keeps the last round's scores a tap away too
        if not round_just_over(view):
            fold = _last_round(view, summary, class_="bob-last-round bob-pop", id="bob-last-round")
    parts = [tag("header", tag("h1", "Bank or Bust", class_="bob-title") + counts_html(view), class_="bob-head")]
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
                tag("summary", "Everyone's final rows") + tag("div", panels, class_="bob-players" + crowd),
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


def _move_buttons(view, me):
    """The controls for my pending card or my turn, from the legal moves only (escaped HTML)."""
    moves = view.get("moves") or []
    pending = view["pending"]
    types = [m["type"] for m in moves]
    out = []
    if pending is None:
        if "draw" in types:
            out.append(button("Draw a card", {"type": "draw"}, cls="btn primary big"))
        if "bank" in types:
            out.append(button("Bank my points", {"type": "bank"}, cls="btn big"))
        return out
    card = pending["card"]
    for m in moves:
        if m["type"] == "place":
            row = m["row"]
            out.append(
                button(
                    "Place %d on my %s (%s)" % (card, ROW_NAMES[row], _needs(me[row], row)), m, cls="btn primary big"
                )
            )
        elif m["type"] == "play":
            row = m["row"]
            if card in ("mod10", "mod20"):
                amount = 10 if card == "mod10" else 20
                last = me[row]["cards"][-1]["effective"]
                value = last + amount if m["sign"] == "+" else last - amount
                label = "%s%d on my %s (%d \u2192 %d)" % (
                    "+" if m["sign"] == "+" else "\u2212",
                    amount,
                    ROW_NAMES[row],
                    last,
                    value,
                )
            elif card == "cover":
                label = "Cover on my %s" % ROW_NAMES[row]
            else:
                label = "Double my %s" % ROW_NAMES[row]
            out.append(button(label, m, cls="btn primary big"))
    if "use_discard" in types:
        out.append(
            button(
                "Use my Discard card (throw %s away, draw again)" % card_name(card),
                {"type": "use_discard"},
                cls="btn big",
            )
        )
    if "bust" in types:
        out.append(button("Bust (keep my Discard card)", {"type": "bust"}, cls="btn big danger"))
    if "discard_power" in types:
        out.append(button("Discard it and draw again", {"type": "discard_power"}, cls="btn big"))
    return out


def _hint(view, me, ctx):
    """The one-line 'what can I do now' (escaped HTML)."""
    if view["phase"] == "game_over":
        ranked = sorted(view["players"], key=lambda p: -p["total"])
        place = 1 + len([p for p in ranked if p["total"] > me["total"]])
        # with winners, the room's headline right above names them: here only my own finish
        lead = "" if view["winners"] else _winners_text(view, ctx) + " "
        return "%sYou finished with %d point%s (place %d of %d)." % (
            lead,
            me["total"],
            "" if me["total"] == 1 else "s",
            place,
            len(ranked),
        )
    if not view.get("act"):
        if me["status"] == "banked":
            return "You banked this round. Waiting for %s." % name_of(ctx, view["turn"])
        if me["status"] == "busted":
            return "You busted this round. Waiting for %s." % name_of(ctx, view["turn"])
        return "Waiting for %s." % name_of(ctx, view["turn"])
    pending = view["pending"]
    if pending is None:
        if "draw" not in [m["type"] for m in view["moves"]]:
            return "Your turn: no cards left to draw, so you must bank."
        return "Your turn: draw a card, or bank your points."
    card = card_name(pending["card"])
    if pending["kind"] == "number":
        if not pending["fits"]:
            return (
                "You drew %s. It fits neither row (top needs %s, bottom needs %s): use your Discard card "
                "or bust." % (card, _needs(me["top"], "top"), _needs(me["bottom"], "bottom"))
            )
        if len(pending["fits"]) == 1:
            return "You drew %s: it fits your %s. Place it, or use your Discard card." % (
                card,
                ROW_NAMES[pending["fits"][0]],
            )
        return "You drew %s: choose a row for it." % card
    return "You drew %s: play it, or discard it and draw again." % card


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
            extra = (
                " You took a Discard card: use it on a later turn to throw away a card you drew."
                if e.get("took_discard")
                else " You kept your Discard card."
            )
            return tag(
                "p",
                "BUST! %s fit neither of your rows, so your cards for this round are gone and you "
                "score 0 this round.%s" % (card_name(e.get("card")), extra),
                class_="banner error",
            )
        return ""
    return ""


def my_round_over(view, me_id, rnd):
    """My score for the round that just ended, until the next round's first draw."""
    for line in view["summary"]["lines"]:
        if line["player"] == me_id:
            got = (
                "you busted: 0 points"
                if line["status"] == "busted"
                else "you scored %d point%s" % (line["round_score"], "" if line["round_score"] == 1 else "s")
            )
            return tag(
                "p",
                "Round %d over: %s. Your total: %d." % (rnd, got, line["total"]),
                class_="banner wait bob-round-over-line",
            )
    return ""


def phone(view, ctx):
    """One player's phone: my rows, my choices when it is my turn, everyone else's moves live."""
    me_id = ctx.get("me") or view.get("me")
    me = _player(view, me_id)
    if me is None:
        return tag("div", _status("You are not in this game any more.") + log_html(view, ctx), class_="bob bob-phone")
    parts = [
        tag(
            "header",
            tag("span", "Round %d" % view["round"], class_="bob-round-tag")
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
            tag("h2", "My rows") + row_html(me["top"], "top") + row_html(me["bottom"], "bottom"),
            class_="bob-mine",
        )
    )
    parts.append(log_html(view, ctx, keep=5))
    others = "".join([player_panel(p, view, ctx) for p in view["players"] if p["id"] != me_id])
    parts.append(
        tag(
            "details",
            tag("summary", "Everyone's rows and totals") + tag("div", others, class_="bob-players"),
            class_="bob-everyone",
        )
    )
    count = view["discard_count"]
    parts.append(
        tag(
            "details",
            tag("summary", "Discarded cards (%d)" % count)
            + pile_numbers_html(view)
            + pile_powers_html(view)
            + pile_said_html(view),
            class_="bob-pile bob-pile-fold",
            id="bob-pile",
        )
    )
    if view["summary"]:
        parts.append(tag("details", tag("summary", "Last round's scores") + summary_table(view, ctx)))
    parts.append(rules_box(RULES, id_="bob-rules"))
    return tag("div", "".join(parts), class_="bob bob-phone phase-" + esc(view["phase"]))
