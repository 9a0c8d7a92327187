"""Every decision the host may make at this moment, as ONE list (issue 48): the TV's buttons and the controls
phone's are both drawn from `decisions()`, so the phone in the holder's hand is the whole remote by construction,
with the same words and the same confirmations.

A decision is a tuple (where, key, html):

    "claim"    a new phone asks for an away seat (room/claims.py): Let in / Refuse            key: the claim
    "away"     Remove beside a player who is away during play (DX-08)                          key: their seat
    "game"     the game's own host buttons: its screens' controls(view, ctx)                    key: None
    "lobby"    the game picker, Start, the room's language                "pick", "start", "language"
    "over"     Play again and Choose another game, Watch it again                     key: "next", "watch"
    "seat"     Give controls, and in the lobby Remove, beside a seat                            key: the seat
    "history"  Watch beside one of tonight's games (the lobby)                                  key: its index
    "screen"   Drop beside a remote screen                                                      key: its number

The TV puts each where it belongs (a claim over the screen, a seat's beside its name, the game's beside the table:
ui/room.py); the controls phone draws them in the list's order, which is what is most pressing first: a new phone
at the door, then the player the game would wait on (their Remove is never folded away), then the game's own
buttons. tests/room/test_decisions.py compares the two over every screen of whole games.

Nobody is offered a decision about themselves: no Remove of the seat holding the controls (DX-09: it gives them
first), anywhere. What only the TV's own tab does (DX-09: I play on this screen, Save, Add a screen, New room,
Fullscreen, Sound, a replay's steps) is not a decision of this list.
"""

from .. import i18n
from ..i18n import _, ngettext, sentence
from .html import button, esc, icon_button, tag
from .screens import screens_for
from .languages import language_buttons

# where the rows are narrow the seat buttons are these marks (icon_button), and a line says what they mean
CONTROLS_ICON, GIVE_ICON, REMOVE_ICON = "\u2605", "\u2606", "\u2715"


def decisions(room, host, ctx):
    """The list, in the phone's order. room: the room's summary (room/broadcast.py summary); host: what the host
    side adds for its buttons: "view" (the game's view for HOST, or None), "games" [(id, title, min, max)],
    "can_start" (ok, reason), "screens" [numbers]; ctx: ui_ctx, whose "holder" is the seat with the controls, and
    "tv" on the host's own screen."""
    phase = room["phase"]
    out = [("claim", c["claim"], claim_buttons(c)) for c in room.get("claims") or []]
    if phase == "playing":
        for person in room["people"]:
            remove = away_remove(room, person, ctx)
            if remove:
                out.append(("away", person["id"], remove))
        module = screens_for(room["game"])
        draw = getattr(module, "controls", None) if module is not None else None
        if draw is not None and host.get("view") is not None:
            html = draw(host["view"], dict(ctx, is_host=True))
            if html:
                out.append(("game", None, html))
    elif phase == "lobby":
        ok = host["can_start"][0]
        out.append(("lobby", "pick", game_picker(room, host["games"], ok)))
        out.append(("lobby", "start", start_row(room, host["can_start"], "start" if ctx.get("tv") else "start-phone")))
        out.append(("lobby", "language", room_language(room)))
    else:
        out.append(("over", "next", over_actions(room)))
        watch = watch_again(room)
        if watch:
            out.append(("over", "watch", watch))
    for person in room["people"]:
        html = seat_buttons(person, room, ctx)
        if html:
            out.append(("seat", person["id"], html))
    if phase == "lobby":
        for index, html in history_watch(room, host["games"]):
            out.append(("history", index, html))
    for number in host.get("screens") or []:
        out.append(("screen", number, drop_screen(number)))
    return out


def placed(listed, kind, key=None):
    """The HTML of the decisions of one kind (and key, when given), in the list's order."""
    return "".join(html for w, k, html in listed if w == kind and (key is None or k == key))


# --- each decision's buttons --------------------------------------------------------------------------------


def claim_buttons(claim):
    """Let in / Refuse a new phone asking for an away seat: host_actions "let_in" and "refuse". Only the host's (or
    the holder's) yes moves a seat (docs/trust.md)."""
    name = esc(claim["name"])
    # %(seat)s is the name in bold (HTML), %(name)s the name: the message is escaped first, then filled
    asks = esc(_("A new phone asks to be %(seat)s. %(name)s is away: let this phone take their seat?"))
    return tag(
        "div",
        tag("p", asks % {"seat": tag("b", name), "name": name})
        + button(
            _("Let in"),
            {"room": "let_in", "claim": claim["claim"]},
            cls="btn primary",
            aria_label=_("Let the new phone in as %(name)s", name=claim["name"]),
            data_let_in=str(claim["claim"]),
        )
        + button(
            _("Refuse"),
            {"room": "refuse", "claim": claim["claim"]},
            cls="btn ghost",
            aria_label=_("Refuse the new phone asking to be %(name)s", name=claim["name"]),
        ),
        class_="banner warn claim",
        role="alert",
        data_claim=str(claim["claim"]),
    )


def seat_buttons(person, room, ctx):
    """Beside one seat: Give controls (to a seat that is here and does not hold them), and in the lobby Remove
    (never the holder's own seat, nor the TV's)."""
    out = ""
    if room["phase"] == "lobby" and not person["host"] and person["id"] != ctx.get("holder"):
        out += icon_button(
            _("Remove"),
            REMOVE_ICON,
            {"room": "remove", "seat": person["id"]},
            cls="btn small ghost",
            confirm=_("Remove %(name)s from the room? They cannot rejoin.", name=person["name"]),
            aria_label=_("Remove %(name)s", name=person["name"]),
        )
    if not person.get("controls") and person["present"] and not person["host"]:
        out += icon_button(
            _("Give controls"),
            GIVE_ICON,
            {"room": "give_controls", "seat": person["id"]},
            cls="btn small ghost give",
            confirm=_("Give the controls to %(name)s? Their phone then has the host's buttons.", name=person["name"]),
            aria_label=_("Give controls to %(name)s", name=person["name"]),
        )
    return out


def away_remove(room, person, ctx):
    """Remove beside a player who is away during play, when the game takes a removal (room["removal"] says what it
    does to them: DX-08). A host_action "remove"."""
    if not room.get("removal") or person["present"] or person["spectator"] or person["host"]:
        return ""
    if person["id"] == ctx.get("holder"):
        return ""
    # room["removal"]: the game's N_-marked English of what a removal does to them (its GAME.removal)
    return icon_button(
        _("Remove"),
        REMOVE_ICON,
        {"room": "remove", "seat": person["id"]},
        cls="btn small danger",
        confirm=_(
            "Remove %(name)s from the game? %(removal)s They cannot rejoin.",
            name=person["name"],
            removal=_(room["removal"]),
        ),
        aria_label=_("Remove %(name)s", name=person["name"]),
        data_away_remove=person["id"],
    )


def away_names(room):
    """The names of the people in the room who are away (not the host's own seat)."""
    return [p["name"] for p in room["people"] if not p["present"] and not p["host"]]


def start_row(room, can_start, id_="start"):
    """The lobby's Start button and the line beside it (can_start: (ok, reason)): why it is disabled, or who is
    away (Start then asks first). id_: the TV's #start, the phone's #start-phone."""
    ok, reason = can_start
    away = away_names(room) if ok else []
    confirm = None
    if away:
        names = i18n.join(away)
        reason = ngettext(
            "%(names)s is away: wait for them, or remove them.",
            "%(names)s are away: wait for them, or remove them.",
            len(away),
            names=names,
        )
        confirm = ngettext(
            "%(names)s is away. Start anyway? The game will wait for them or skip them.",
            "%(names)s are away. Start anyway? The game will wait for them or skip them.",
            len(away),
            names=names,
        )
    start = button(_("Start"), {"room": "start"}, cls="btn primary big", disabled=not ok, id=id_, confirm=confirm)
    # the host's reason comes as its English and values (room/table.py can_start): drawn in this screen's language
    line = esc(sentence(reason)) if reason else esc(_("Ready when you are."))
    return tag(
        "div",
        start
        + tag(
            "p",
            line,
            class_="start-reason" + (" away" if away else ""),
            aria_live="polite",
            data_away=str(len(away)) if away else None,
        ),
        class_="start-row",
    )


def over_actions(room):
    """The next step at the results. Play again with someone away asks first, naming them (issue 48): the game
    would start with their seat in it."""
    away = away_names(room)
    confirm = None
    if away:
        confirm = ngettext(
            "%(names)s is away. Play again anyway? Their seat is in the game, and they play on when they are back.",
            "%(names)s are away. Play again anyway? Their seat is in the game, and they play on when they are back.",
            len(away),
            names=i18n.join(away),
        )
    return tag(
        "div",
        button(
            _("Play again"), {"room": "again"}, cls="btn primary big", confirm=confirm, data_again_away=str(len(away))
        )
        + button(_("Choose another game"), {"room": "lobby"}, cls="btn big"),
        class_="actions",
    )


def watch_again(room):
    """Watch the game just played again (on the TV), where its record is kept."""
    last = len(room["history"]) - 1
    if last >= 0 and room["history"][last].get("replay"):
        return button(_("Watch it again"), {"room": "watch", "game": last}, cls="btn small")
    return ""


def history_watch(room, games):
    """[(index, Watch button)] for tonight's games whose record is kept."""
    titles = dict((g[0], g[1]) for g in games)
    out = []
    for i, h in enumerate(room["history"]):
        if h.get("replay"):
            title = _(titles.get(h["game"], h["game"]))  # the game's N_-marked English title
            out.append(
                (
                    i,
                    button(
                        _("Watch"),
                        {"room": "watch", "game": i},
                        cls="btn tiny",
                        aria_label=_("Watch game %(n)s again: %(game)s", n=i + 1, game=title),
                    ),
                )
            )
    return out


def drop_screen(number):
    return button(
        _("Drop"),
        {"room": "drop_screen", "screen": number},
        cls="btn tiny ghost",
        aria_label=_("Drop screen %(n)s", n=number),
        confirm=_("Drop screen %(n)s? It stops showing this room until it is opened again.", n=number),
    )


def game_picker(room, games, ok=True):
    """The games to pick from (games: [(id, title, min, max)]). ok: whether Start can start; while it cannot, the
    picker holds the TV remote's next action (static/js/remote.js)."""
    picker = []
    for n, (gid, title, low, high) in enumerate(games):
        chosen = gid == room["game"]
        ahead = not ok and (chosen or (n == 0 and not room["game"]))
        picker.append(
            tag(
                "button",
                tag(
                    "span",
                    esc(_(title))  # the game's N_-marked English title
                    # i18n: beside the game picked in the lobby's list of games (aria-pressed says it to readers)
                    + (
                        tag("span", " ✓ " + esc(_("chosen")), class_="game-chosen", aria_hidden="true")
                        if chosen
                        else ""
                    ),
                    class_="game-title",
                )
                + tag(
                    "span",
                    # i18n: how many players a game takes, e.g. "3–12 players"
                    esc(ngettext("%(low)s–%(n)s player", "%(low)s–%(n)s players", high, low=low)),
                    class_="game-range",
                ),
                type="button",
                class_="game-pick" + (" chosen" if chosen else ""),
                data_move='{"room":"pick","game":"%s"}' % gid,
                aria_pressed="true" if chosen else "false",
                data_next="1" if ahead else None,
            )
        )
    return tag("div", "".join(picker), class_="picker")


def room_language(room):
    """The room's language (issue 49): the big screen's, and the option of the games that take it
    (room/table.py language). The same buttons as the phone's own picker (ui/languages.py), but a room action: no
    data-lang, which the phone's page takes for its own language."""
    buttons = language_buttons(room.get("lang") or i18n.SOURCE, "language", "data_room_lang")
    label = _("The big screen's language")
    return tag(
        "nav",
        tag("span", esc(_("Big screen")), class_="label") + buttons,
        class_="languages room-languages",
        aria_label=label,
    )
