"""The room's own screens: the host's lobby (code, QR, people, game picker) and the phone's join,
lobby and results screens. Game screens plug in through ui/screens.py."""

from ..i18n import N_, _, join, ngettext, sentence
from .decisions import CONTROLS_ICON, GIVE_ICON, REMOVE_ICON, decisions, placed
from .html import attrs, button, esc, face, name_html, tag
from .illustrations import rules_box
from .languages import language_picker
from .screens import screens_for, stylesheet_for


def ui_ctx(room, me, now_ms, is_host):
    people = room["people"]
    names = dict(room.get("former") or {})  # removed seats: a log line still names them
    names.update((p["id"], p["name"]) for p in people)
    return {
        "names": names,
        "me": me,
        "is_host": is_host,
        "now_ms": now_ms,
        "connected": dict((p["id"], p["present"]) for p in people),
        "faces": dict((p["id"], p.get("face") or 0) for p in people),
        # the seat holding the controls: no decision is offered about it (ui/decisions.py)
        "holder": next((p["id"] for p in people if p.get("controls")), None),
    }


def _presence(person):
    # the word is always there for a screen reader; the narrow side list during a game shows only the mark
    # for "connected" (a filled dot, not colour alone) and keeps the word "away"
    if person["present"]:
        return tag("span", tag("span", esc(_("connected")), class_="presence-word"), class_="presence on")
    return tag("span", tag("span", esc(_("away")), class_="presence-word"), class_="presence off")


# i18n: a badge beside the name of the player whose phone holds the host's buttons
CONTROLS_BADGE = N_("controls")  # the word beside the seat holding the controls (room/controls.py)
# where a row is narrow the badge and the seat buttons are marks (ui/decisions.py), and a line says what they mean
# i18n: the marks are ★ (has the controls), ☆ (give them), ✕ (remove)
ICON_LEGEND = N_("%(has)s has the controls \u00b7 %(give)s give them \u00b7 %(remove)s remove")


def people_list(room, listed=(), me=None):
    """The room's people in join order; listed: the host's decisions (ui/decisions.py), whose seat's buttons go
    beside each (a Remove of an away player during play, Give controls, the lobby's Remove)."""
    items = []
    for person in room["people"]:
        role = ""
        if person["host"]:
            role = tag("span", esc(_("host")), class_="badge host-badge")
        if person.get("controls"):
            role += tag(
                "span",
                tag("span", esc(_(CONTROLS_BADGE)), class_="badge-word"),
                class_="badge controls",
                title=_("Holds the controls"),
            )
        if person["spectator"]:
            role += tag("span", esc(_("watching")), class_="badge watching")
        if person["id"] == me and not person["host"]:  # the host's own screen: "host" says it
            role += tag("span", esc(_("you")), class_="badge you")
        extra = placed(listed, "away", person["id"]) + placed(listed, "seat", person["id"])
        path = person.get("path")  # the TV's own stats: this seat's phone reaches it through the relay
        if path == "relay":
            role += tag(
                "span",
                # i18n: a badge: this phone reaches the big screen through the relay server ("via " is hidden
                # where the row is narrow, so it ends in a space)
                tag("span", esc(_("via ")), class_="relay-via") + esc(_("relay")),
                class_="badge relay",
                title=_("Connected through the relay server"),
            )
        items.append(
            tag(
                "li",
                face(person)
                + tag("span", name_html(person["name"]), class_="person-name", title=person["name"])
                + role
                + _presence(person)
                + extra,
                class_="person",
                data_person=person["id"],
                data_path=path,
            )
        )
    if not items:
        return tag("p", esc(_("Nobody has joined yet. Scan the code to join.")), class_="hint")
    return tag("ol", "".join(items), class_="people", aria_label=_("Players in join order"))


def result_table(result, names):
    rows = []
    winners = result.get("winners", [])
    for pid in result.get("ranking", []):
        # i18n: a badge beside a winner's name in the final standings
        mark = tag("span", esc(_("winner")), class_="badge win") if pid in winners else ""
        rows.append(
            tag(
                "tr",
                tag("td", esc(names.get(pid, "?")) + " " + mark)
                + tag("td", str(result["scores"].get(pid, 0)), class_="num"),
            )
        )
    # a game's note is its own N_-marked English (shown in this screen's language)
    caption = tag("caption", esc(_(result["note"]) if result.get("note") else _("Final standings")))
    return tag("table", caption + "".join(rows), class_="standings")


def winners_text(result, names):
    """Who won, as plain text (esc() it for a screen)."""
    winners = [names.get(w, "?") for w in result.get("winners", [])]
    if not winners:
        return _("No winner this time.")
    if len(winners) == 1:
        return _("%(name)s wins!", name=winners[0])
    return _("%(names)s share the win!", names=join(winners))


def winners_line(result, names):
    return esc(winners_text(result, names))


# --- host -------------------------------------------------------------------------------------


def how_to_play(game_id, title, open_=False):
    """The game's own short explanation, one tap away (lobby, host screen and every phone)."""
    module = screens_for(game_id)
    rules = module.rules() if module is not None else ""  # drawn in the language of the moment
    if not rules:
        return ""
    # title: the game's English title, N_-marked by the game (GAME.title)
    return rules_box(rules, esc(_("How to play %(game)s", game=_(title))), "how-" + game_id, open_)


def game_style(game_id):
    """The picked game's stylesheet, linked from the screen itself: a page fetches a game's styles when the game
    is picked (in the lobby, so they are there when it starts), not every game's up front, and any page that
    shows this HTML (the TV, a phone, a second screen, a replay) brings them along. static/js/glue.js sets
    body[data-styled] once every stylesheet the screen links has loaded."""
    path = stylesheet_for(game_id)
    return "<link%s>" % attrs({"rel": "stylesheet", "href": "./" + path, "data-game-style": game_id}) if path else ""


def tv_decisions(screen, info):
    """The host's decisions on the TV (ui/decisions.py): the very list the controls phone draws."""
    room = screen["room"]
    plays = info.get("host_plays")
    ctx = dict(ui_ctx(room, screen.get("me"), screen.get("now_ms", 0), True), tv=True, beside_table=not plays)
    host = {
        "view": (screen.get("controls") if plays else screen.get("view")) if room["phase"] == "playing" else None,
        "games": info.get("games") or [],
        "can_start": info.get("can_start") or (False, ""),
        "screens": info.get("screens"),
    }
    return decisions(room, host, ctx)


def host_screen(screen, info):
    """info: games [(id, title, min, max)], join_url, join_hint, qr_svg, status_error, can_start (ok, reason),
    error, knocking, relay, intruder (someone failed to prove a takeover: room/fence.py)."""
    info = dict(info, decisions=tv_decisions(screen, info))
    room = screen["room"]
    replay = screen.get("replay")
    # a replay takes the game's layout, its controls in the band in place of the tools
    look = "playing" if replay else room["phase"]
    if replay:
        from .replay import replay_main  # the host's alone: a phone never imports it

        body = replay_main(replay, winners_text(replay.get("result") or {}, replay["names"]))
    elif room["phase"] == "lobby":
        body = _host_lobby(room, info)
    elif room["phase"] == "playing":
        body = _host_game(screen, info)
    else:
        body = _host_over(screen, info)
    style = game_style(replay["game"] if replay else room["game"])
    return (
        style
        + _host_head(screen, info)
        + tag("main", body, class_="host-main phase-" + look + (" replaying" if replay else ""))
        + _add_screen(info)
    )


# What the big screen says while the rules worker boots, by how the room was opened (static/js/host-room.js).
FRAME_NOTICES = {
    "new": N_("Getting the games ready…"),
    "restore": N_("Resuming the room…"),
    "takeover": N_("Taking over…"),
}


def host_frame(code, mode, info):
    """The big screen before the rules worker has answered: the room code and QR code at once (info: join_url,
    join_hint, qr_svg), and for a new room the lobby's frame, nobody in it yet and the games getting ready; for a
    resumed room or a takeover, only a notice. scripts/build.py renders it into host.html, where host-room.js
    fills in the code and QR code as the page is parsed; the rules worker's first screen takes its place."""
    screen = {"room": {"code": code, "phase": "lobby", "people": []}}
    notice = tag("p", esc(_(FRAME_NOTICES[mode])), class_="boot", role="status")
    if mode == "new":
        body = tag(
            "section",
            tag("h2", esc(_("Players (%(n)s)", n=0))) + people_list(screen["room"]),
            class_="panel people-panel",
        ) + tag("section", tag("h2", esc(_("Pick a game"))) + notice, class_="panel game-panel")
    else:
        body = tag("section", notice, class_="panel frame-notice")
    return _host_head(screen, info) + tag("main", body, class_="host-main phase-lobby")


SOUND_LABELS = (N_("Sound: off"), N_("Sound: on"))

# the TV's last words in a room a later host leads (room/fence.py step_aside): it follows that host, as a remote
# screen (the big screen) or as its player's phone (a tab that played a seat)
MOVED_ON = N_("This room has moved on: another device hosts it now. This screen follows it there…")


def _host_head(screen, info):
    room = screen["room"]
    sound = _(SOUND_LABELS[1 if info.get("sound") else 0])
    # a screen is added between games (the game's band keeps to one line); one added before stays
    add = (
        ""
        if room["phase"] == "playing" or (info.get("host_plays") and not info.get("took_over"))
        else button(
            _(ADD_SCREEN),
            {"room": "add_screen"},
            cls="btn small ghost",
            aria_expanded="true" if info.get("screen_qr") else "false",
        )
    )
    tools = tag(
        "div",
        tag(
            "button",
            esc(_("Fullscreen")),
            type="button",
            class_="btn small ghost",
            data_fullscreen="1",
            # i18n: F is the keyboard key that toggles it
            title=_("Fullscreen (F)"),
        )
        + button(sound, {"room": "sound"}, cls="btn small ghost", aria_pressed="true" if info.get("sound") else "false")
        + add
        # a phone that took over runs the room for everyone: a new room there would leave the party behind
        + (
            ""
            if info.get("took_over")
            else button(
                _("New room"),
                {"room": "new_room"},
                cls="btn small ghost",
                confirm=_("Close this room and open a new one? Everyone will need the new code."),
            )
        ),
        class_="host-tools",
    )
    replay = screen.get("replay")
    # during a game the header shrinks to one band: the code stays readable, the table gets the height; a
    # replay takes the game's layout, its controls in the band in place of the tools
    look = "playing" if replay else room["phase"]
    brand = tag("h1", "PeerParty", class_="brand")
    if replay:  # the band is the replay's: its title and controls in place of the brand and the tools
        from .replay import replay_band  # the host's alone: a phone never imports it

        brand, tools = "", replay_band(replay, _(info["titles"].get(replay["game"], replay["game"])))
    # the room's language, in the lobby: under the tools, beside the QR code's height (the lobby keeps to the TV's
    # height: e2e/test_tv_fit.py); not while a replay holds the band (it lay over the replay's Close)
    languages = "" if replay else placed(info.get("decisions") or (), "lobby", "language")
    head = tag(
        "header",
        tag("div", brand + tools + languages + _deal(room, screen, info), class_="brand-box")
        + _join_box(room, info, bool(replay)),
        class_="host-head phase-" + look,
    )
    if info.get("took_over"):
        head += tag("div", esc(_(TOOK_OVER)), class_="banner warn took-over", role="status", data_took_over="1")
    elif info.get("host_plays"):
        head += tag("div", esc(_(PLAYS_HERE)), class_="banner warn plays-here", role="status", data_plays_here="1")
    if info.get("status_error"):
        head += banner(esc(sentence(info["status_error"])), "error")
    if info.get("error"):  # a refusal of the host's last action: its English and values (protocol.said)
        head += banner(esc(sentence(info["error"])), "warn")
    if info.get("intruder"):  # a peer at a later epoch's id could not prove it holds the room (room/fence.py)
        head += tag("div", esc(_(INTRUDER)), class_="banner error intruder", role="alert", data_intruder="1")
    claims = placed(info.get("decisions") or (), "claim")  # Let in / Refuse: the holder's phone has them too
    return head + claims + knocking_banner(info.get("knocking") or [], info.get("relay"))


INTRUDER = N_(
    "Someone tried to take over this room. This screen is still the host: play on. "
    "If it happens again, open a new room."
)


def banner(html, kind):
    """A line under the big screen's header: "error" (the room's link: phones cannot join) or "warn"."""
    return tag("div", html, class_="banner " + kind, role="alert" if kind == "error" else "status")


# The kind of phone a knock's metadata names (static/js/link.js, kept by net/reach.py Knocking), as the big screen words a phone that gave no name
# in "Can't get through to this screen: %(who)s"; any other kind is A_PHONE.
DEVICES = {
    # i18n: a phone that cannot get through, named by its kind in "Can't get through to this screen: %(who)s"
    "iphone": N_("an iPhone"),
    # i18n: a tablet that cannot get through, named by its kind in "Can't get through to this screen: %(who)s"
    "ipad": N_("an iPad"),
    # i18n: a phone that cannot get through, named by its kind in "Can't get through to this screen: %(who)s"
    "android": N_("an Android phone"),
}
# i18n: a phone of a kind not known that cannot get through, in "Can't get through to this screen: %(who)s"
A_PHONE = N_("a phone")


def knocking_banner(labels, relay):
    """Phones that reach the room through the signalling server but find no network path to this screen."""
    if not labels:
        return ""
    who = join([tag("b", esc(name or _(DEVICES.get(device, A_PHONE))), class_="knocker") for name, device in labels])
    # %(who)s is HTML (the names, escaped): the message is escaped first, then filled
    if relay:
        line = esc(_("Can't get through to this screen: %(who)s. Ask them to join this TV's Wi-Fi.")) % {"who": who}
    else:
        line = esc(
            _(
                "Can't get through to this screen: %(who)s. Ask them to join this TV's Wi-Fi, or turn on a relay "
                "(?turn=… in this page's address)."
            )
        ) % {"who": who}
    return tag(
        "div",
        line,
        class_="banner warn knocking",
        role="status",
        data_knocking=str(len(labels)),
    )


def _deal(room, screen, info):
    """The seed's fingerprint from a game's start (Fair deal, shown); at the results the seed itself, and
    Watch it again and Save this game (the last game of the history is the one just played)."""
    if not room.get("deal") or screen.get("replay"):
        return ""
    line = tag(
        "p",
        deal_html(room["deal"]),
        class_="deal",
        title=_("The first digits of the SHA-256 of this game's seed, shown before the first move"),
    )
    if not screen.get("seed"):
        return line
    # i18n: %(deal)s is the fingerprint of the game's seed, %(seed)s the seed itself
    deal = esc(_("Deal %(deal)s from seed %(seed)s")) % {
        "deal": tag("code", esc(room["deal"])),
        "seed": tag("code", esc(screen["seed"])),
    }
    line = tag("p", deal, class_="deal") + final_line(room)
    keep = placed(info.get("decisions") or (), "over", "watch")
    if keep:  # the file is saved by the TV's own browser: not a control a phone has
        keep += button(_("Save this game"), {"room": "save", "game": len(room["history"]) - 1}, cls="btn small ghost")
    return tag("div", line + keep, class_="deal-row")


VERIFIER = "`python3 -m peerparty.replay`"  # a command, typed as it is (docs/replays.md): never translated


def final_line(room):
    """The game's final fingerprint on the results screen, the TV's and every phone's: a saved file whose
    verifier prints the same one is the game the table saw (docs/replays.md)."""
    if not room.get("final"):
        return ""
    # i18n: %(final)s is a fingerprint of the whole game (hex digits)
    line = esc(_("Final fingerprint %(final)s")) % {"final": tag("code", esc(room["final"]))}
    return tag(
        "p",
        line,
        class_="deal final",
        data_final=room["final"],
        # i18n: the command is typed as it is: keep it in English
        title=_("Compare it with the one %(command)s prints", command=VERIFIER),
    )


def deal_html(deal):
    """ "Deal" and the seed's fingerprint (HTML): the TV's band and the phone's header."""
    # i18n: %(deal)s is the fingerprint of the game's seed (hex digits), shown from the game's start
    return esc(_("Deal %(deal)s")) % {"deal": tag("code", esc(deal))}


def _join_box(room, info, compact=False):
    code = tag(
        "div",
        tag("span", esc(_("Room code")), class_="label")
        + tag("span", esc(room["code"]), class_="code", data_code=room["code"]),
        class_="code-box",
    )
    # at any time (issue 48 point 8): in the lobby and at the results for the next game ("Play again" takes the
    # newcomers in), during a game that takes watchers to watch it, and during any other game to wait for the
    # next one, the table on their phone meanwhile (room/latecomers.py)
    qr = ""
    if info.get("qr_svg") and not compact:
        qr = tag(
            "div",
            info["qr_svg"],
            class_="qr",
            role="img",
            aria_label=_("QR code to join"),
            data_join=info.get("join_url") or None,
        )
    # a narrow box breaks the address after a slash ("127.0.0.1:8000/" over "join.html"), not mid-word
    address = tag("b", esc(info.get("join_hint", "")).replace("/", "/<wbr>"))
    where = ""
    if not compact:  # a replay keeps the band for its controls: the code alone
        # during a game the band keeps to the QR's height (a 1280x720 TV's table needs the rest): the code is
        # right beside it, and join.html asks for it. %(address)s is the join page's address
        if room["phase"] == "lobby":
            line = _("Scan, or open %(address)s and type the code.", address=address)
        elif room["phase"] == "over":
            line = _("Scan to play the next game, or open %(address)s and type the code.", address=address)
        elif info.get("spectators"):
            line = _("Scan to watch, or open %(address)s.", address=address)
        else:
            line = _("Scan to play the next game, or open %(address)s.", address=address)
        where = tag("p", line, class_="join-hint")
    return tag("div", code + qr + where, class_="join-box" + (" compact" if compact else ""))


# "I play on this screen": a host with no TV takes a seat on the host tab (HostSession.plays_here)
PLAY_HERE = N_("No TV? I play on this screen")
PLAY_HERE_LABEL = N_("Your name")
PLAYS_HERE = N_(
    "You play on this screen: it shows your own cards and choices, so keep it to yourself. "
    "No other screen can be added."
)


# the successor's phone, once it hosts (D3-12): told in words what happened, and what it must do
TOOK_OVER = N_(
    "You are the host now: the big screen's tab closed, so this phone runs the room. Keep this page open; "
    "your seat and the host's buttons are here."
)


def _host_lobby(room, info):
    rules = how_to_play(room["game"], info["titles"].get(room["game"], ""), False) if room["game"] else ""
    local = ""
    if not any(p["host"] for p in room["people"]):
        # one line, folded: the lobby keeps to the TV's height (e2e/test_tv_fit.py)
        local = tag(
            "details",
            tag("summary", esc(_(PLAY_HERE)))
            + tag(
                "form",
                tag("label", esc(_(PLAY_HERE_LABEL)), for_="host-name")
                + name_field("host-name")
                + tag("button", esc(_("Take a seat")), type="submit", class_="btn"),
                data_move='{"room":"join_local"}',
                id="host-seat",
                class_="inline-form",
            ),
            id="play-here",
            class_="play-here",
        )
    # up to four, each name whole with the seat buttons' words under it; from five the buttons are marks (a line
    # says what they mean) so each row keeps to one line; from seven, two columns (static/css/app.css .marks, .many)
    marks = len(room["people"]) > 4
    many = len(room["people"]) > 6
    legend = ""
    if marks:
        legend = _(ICON_LEGEND, has=CONTROLS_ICON, give=GIVE_ICON, remove=REMOVE_ICON)
        legend = tag("p", esc(legend), class_="hint icon-legend")
    return tag(
        "section",
        # i18n: the heading of the lobby's list of people; %(n)s is how many
        tag("h2", esc(_("Players (%(n)s)", n=len(room["people"]))))
        + people_list(room, info["decisions"])
        + legend
        + screens_list(info)
        + _history(room, info),
        class_="panel people-panel" + (" marks" if marks else "") + (" many" if many else ""),
    ) + tag(
        "section",
        tag("h2", esc(_("Pick a game")))
        + placed(info["decisions"], "lobby", "pick")
        + local
        + placed(info["decisions"], "lobby", "start")
        + rules,
        class_="panel game-panel",
    )


HISTORY_SHOWN = 3

# --- remote screens (room/screens.py): the TV offers a link to one, and lists those watching -----------------

ADD_SCREEN = N_("Add a screen")
ADD_SCREEN_TEXT = N_(
    "Open this link on a laptop or a smart TV in another room: it shows this screen, live. "
    "Players there scan the code on it and join as anyone else does."
)


# What a remote screen (screen.html, static/js/screen.js) says of its link, in place of the big screen until the
# first frame, and in a line over it after (scripts/build.py writes them into the page)
SCREEN_NOTICES = {
    "connecting": N_("Connecting to the room…"),
    "reconnecting": N_("Reconnecting to the room…"),
    "waiting": N_("The host is getting ready…"),
    # i18n: %s is the host's sentence saying why this screen was refused (the room has enough screens)
    "full": N_("%s This screen asks again every few seconds."),  # the host's words: room/protocol.py
    "no_screens": N_("%s This screen asks again every few seconds."),  # a TV that shows a player's own view
    # its key refused by its own term's host, or by the newest host it can reach (static/js/screen-terms.js)
    "forgotten": N_(
        "The room's host no longer knows this screen (it was dropped, or a new host took over without it), so it "
        "joins as a new screen. If it stays here, open the screen link the TV shows again (Add a screen)."
    ),
    "dropped": N_("The host closed this screen. Open the link again to watch the room."),
    "wrong_room": N_("That is a different room. Check the link."),
    "no_code": N_("This link has no room code. Open the screen link the TV shows (Add a screen)."),
    "bad_signal": N_("The signalling address in this page's link (?signal=) is not host:port/path."),
    "no_webrtc": N_("This browser cannot make the direct connections a screen needs (WebRTC is off or missing)."),
}


def screens_list(info):
    """The screens watching, under the people: each can be dropped (it is told so and stops)."""
    screens = info.get("screens") or []
    if not screens:
        return ""
    items = [
        tag(
            "li",
            tag("span", esc(_("Screen %(n)s", n=n)), class_="screen-name")
            + placed(info.get("decisions") or (), "screen", n),
            class_="screen-item",
            data_screen=str(n),
        )
        for n in screens
    ]
    return tag(
        "section",
        tag("h2", esc(_("Screens (%(n)s)", n=len(screens)))) + tag("ul", "".join(items), class_="screens"),
        class_="screens-box",
    )


def _add_screen(info):
    """ "Add a screen": the screen page's link and QR code, over the big screen until closed (host-room.js makes
    them when the host asks)."""
    if not info.get("screen_qr"):
        return ""
    url = info.get("screen_url") or ""
    return tag(
        "section",
        tag("h2", esc(_(ADD_SCREEN)))
        + tag("p", esc(_(ADD_SCREEN_TEXT)))
        + tag(
            "div",
            info["screen_qr"],
            class_="qr",
            role="img",
            aria_label=_("QR code of the screen link"),
            data_screen_link=url,
        )
        + tag("p", tag("a", address_breaks(url), href=url, class_="screen-link"))
        + button(_("Close"), {"room": "add_screen"}, cls="btn"),
        class_="panel add-screen",
        role="dialog",
        aria_label=_(ADD_SCREEN),
    )


def address_breaks(url):
    """An address as HTML that may end a line only where an address does: after a slash, before a ? or an &."""
    return esc(url).replace("/", "/<wbr>").replace("?", "<wbr>?").replace("&amp;", "<wbr>&amp;")


def _history(room, info):
    """Tonight's games under the people, newest first: the last few one line each, older ones folded, so a long
    evening never pushes the lobby past the TV's height."""
    if not room["history"]:
        return ""
    items = []
    for i, h in enumerate(room["history"]):
        title = _(info["titles"].get(h["game"], h["game"]))
        watch = placed(info["decisions"], "history", i)
        watch = " " + watch if watch else ""
        items.append(
            tag(
                "li",
                tag(
                    "span",
                    tag("span", esc(title), class_="history-game")
                    + " "
                    + tag(
                        "span",
                        # i18n: a game in the evening's history and who won it, e.g. "won by Ann and Ben"
                        esc(_("won by %(names)s", names=join(h["winners"])) if h["winners"] else _("no winner")),
                        class_="history-won",
                    )
                    + watch,
                    class_="history-line",
                ),
                value=str(i + 1),
            )
        )
    items.reverse()
    recent = tag("ol", "".join(items[:HISTORY_SHOWN]), class_="history-list", reversed=True)
    older = ""
    if len(items) > HISTORY_SHOWN:
        more = len(items) - HISTORY_SHOWN
        older = tag(
            "details",
            tag("summary", esc(ngettext("%(n)s earlier game", "%(n)s earlier games", more)))
            + tag("ol", "".join(items[HISTORY_SHOWN:]), class_="history-list", reversed=True),
            class_="history-older",
        )
    return tag(
        "section",
        # i18n: the heading of the list of tonight's games; %(n)s is how many
        tag("h2", esc(ngettext("Tonight (%(n)s game)", "Tonight (%(n)s games)", len(items)))) + recent + older,
        class_="history",
    )


def _host_game(screen, info):
    room = screen["room"]
    module = screens_for(room["game"])
    listed = info["decisions"]
    # the game's host buttons are the list's (ui/decisions.py): the game's table puts them where it draws them
    ctx = dict(ui_ctx(room, screen["me"], screen["now_ms"], True), host_buttons=placed(listed, "game"))
    if module is None:
        return tag("p", esc(_("This game has no screen yet.")))
    extra = ""
    if info.get("host_plays"):  # "I play on this screen": the seat's own view, the host's buttons beside it
        board = module.phone(screen["view"], dict(ctx, is_host=False))
        extra = ctx["host_buttons"]
    else:
        board = module.table(screen["view"], ctx)
        # a game may put secondary things (recent moves, the host's buttons) under the people, beside its table
        if getattr(module, "table_side", None) is not None:
            extra = module.table_side(screen["view"], ctx)
    side = tag(
        "aside",
        tag("h2", esc(_("Players"))) + people_list(room, listed, screen["me"]) + screens_list(info) + extra,
        class_="panel side",
    )
    return tag("div", board, class_="game-area") + side


LONG_HEADLINE = 24  # characters


def _host_over(screen, info):
    room = screen["room"]
    names = room.get("result_names") or {}
    result = room.get("result") or {}
    module = screens_for(room["game"])
    final = ""
    if module is not None and screen["view"] is not None:
        ctx = ui_ctx(room, screen["me"], screen["now_ms"], True)
        final = module.table(screen["view"], ctx) if not info.get("host_plays") else module.phone(screen["view"], ctx)
    actions = placed(info["decisions"], "over", "next")
    seats = ""
    if placed(info["decisions"], "seat"):  # Give controls at the results: one tap away, the final view keeps the height
        seats = tag(
            "details",
            tag("summary", esc(_("Players (%(n)s)", n=len(room["people"])))) + people_list(room, info["decisions"]),
            class_="over-people",
        )
    # the winners and the host's next step share one band, so the game's final view gets the TV's height; a
    # headline longer than a 20-letter name's "wins!" takes a smaller type so it stays on one or two lines
    headline = winners_text(result, names)
    size = " long" if len(headline) > LONG_HEADLINE else ""
    return tag(
        "section",
        tag(
            "div",
            tag("h2", esc(headline), class_="winners" + size) + _newcomers_line(room) + actions + seats,
            class_="over-top",
        )
        + tag("div", final, class_="final-view"),
        class_="panel over",
    )


def phone_decisions(room, controls, ctx):
    """The host's decisions on the phone holding the controls (room/controls.py): the very list the TV draws
    (ui/decisions.py). controls: what the host sent this seat (room/broadcast.py controls_for)."""
    host = {
        "view": controls.get("view") if room["phase"] == "playing" else None,
        "games": controls.get("games") or [],
        "can_start": controls.get("can_start") or (False, ""),
        "screens": controls.get("screens"),
    }
    return decisions(room, host, ctx)


def controls_band(room, listed, view=None):
    """The controls phone's band: every decision of the list but the claims (at the phone's top: phone_screen), in
    its order. A player the game may wait on and who is away comes first, with their Remove in view. view: the
    game's view for the host (room/broadcast.py controls_for), whose ref names a move the table waits for."""
    move = your_move(placed(listed, "game")) if room["phase"] == "playing" else None
    attributes = {}
    if move is None:
        parts = [
            tag("h2", esc(_("You have the controls")), class_="controls-title"),
            tag("p", esc(_("What you tap here, the big screen does.")), class_="hint"),
        ]
    else:
        # a host move the table waits for: the phone says so at its top, the button in view (issue 48 point 3)
        parts = [
            # i18n: %(move)s is the label of the button the table waits for
            tag("h2", esc(_("Your move: %(move)s", move=move)), class_="controls-title"),
            tag("p", esc(_("Everyone waits for you. What you tap here, the big screen does.")), class_="hint"),
        ]
        ref = (view or {}).get("ref", "")
        attributes = {"data_your_move": "1", "data_show": "move-%s-%s" % (esc(ref), esc(move))}
    people = dict((p["id"], p) for p in room["people"])

    def rows(kind, cls):
        items = []
        for w, key, html in listed:
            if w == kind and key in people:
                person = people[key]
                items.append(
                    tag(
                        "li",
                        face(person)
                        + tag("span", esc(person["name"]), class_="person-name")
                        + _presence(person)
                        + html,
                        class_="person",
                        data_person=key,
                    )
                )
        return tag("ol", "".join(items), class_=cls) if items else ""

    away = rows("away", "controls-seats controls-away")
    if away:
        parts.append(tag("p", esc(_("Away now:")), class_="hint") + away)
    for kind in ("game", "lobby", "over"):
        parts.append(placed(listed, kind))
    seats = rows("seat", "controls-seats")
    if seats:
        # its list is not .people: that is the room's own list, which this phone shows too. It opens by itself while
        # someone is away: their Remove is the decision at hand (the lobby's Start warns about them)
        someone_away = any(not people[key]["present"] for w, key, _ in listed if w == "seat" and key in people)
        parts.append(
            tag("details", tag("summary", esc(_("Players"))) + seats, class_="controls-people", open=someone_away)
        )
    watch = [html for w, key, html in listed if w == "history"]
    if watch:
        parts.append(tag("p", esc(_("Watch one of tonight's games again on the big screen:")) + " " + " ".join(watch)))
    screens = [tag("li", esc(_("Screen %(n)s", n=key)) + " " + html) for w, key, html in listed if w == "screen"]
    if screens:
        parts.append(tag("h3", esc(_("Screens"))) + tag("ul", "".join(screens), class_="screens"))
    return tag(
        "section",
        "".join(parts),
        class_="panel controls-band" + (" your-move" if move is not None else ""),
        data_controls="1",
        aria_label=_("The controls"),
        **attributes,
    )


def your_move(html):
    """The label of the host move the table waits for in the controls' HTML: an enabled button that is the
    next action (primary, or data-next as the TV remote reads it, static/js/remote.js), whether or not it asks
    first (Seven Rounds' "Reveal and skip missing" once time is up, Hint Hunt's Start without an away writer's
    board: the table waits for them all the same); None when there is none (End game alone waits for nobody)."""
    for part in html.split("<button")[1:]:
        opening, _, rest = part.partition(">")
        if " disabled" in opening:
            continue
        if 'data-next="1"' in opening or ("class=" in opening and " primary" in opening.split("class=")[1][:60]):
            label = rest.split("</button>")[0]
            while "<" in label:  # an icon button's word: the text without its tags
                before, _, after = label.partition("<")
                label = before + after.partition(">")[2]
            return label.strip()
    return None


def newcomers(room):
    """The people who joined at the results: not in the game that just ended, in the next one."""
    played = room.get("result_names") or {}
    return [p for p in room["people"] if p["id"] not in played and not p["spectator"] and not p["host"]]


def _newcomers_line(room):
    new = [p["name"] for p in newcomers(room)]
    if not new:
        return ""
    line = esc(_("Joining the next game: %(names)s", names=join(new)))
    return tag("p", line, class_="newcomers", aria_live="polite")


# --- phone --------------------------------------------------------------------------------------


def _my_seat(message):
    """This phone's own entry in the room's people (its name and face), or None."""
    if not message:
        return None
    for person in (message.get("room") or {}).get("people") or []:
        if person["id"] == message.get("me"):
            return person
    return None


def phone_screen(state):
    """state: status, code, error (dict), view (last view message or None), signal_error, reach (the link's
    state: connecting, open, no-path, no-webrtc), reach_sentence (what to do when the phone cannot connect) and
    host_waiting (the host said its rules are still loading), waiting (the host's sentence while it keeps this
    phone's name: a game to end, or the host to let it into an away seat)."""
    status = state["status"]
    code = esc(state["code"])
    # from a game's start the seed's fingerprint, the same the TV shows (Fair deal, shown)
    message = state.get("view")
    deal = (message or {}).get("room", {}).get("deal") if status == "joined" else None
    where = tag("span", _("Room %(code)s", code=code), class_="room-tag")
    if deal:
        where = tag("span", where + tag("span", deal_html(deal), class_="deal"), class_="room-deal")
    mine = _my_seat(message) if status == "joined" else None
    brand = tag("span", "PeerParty", class_="brand small")
    if mine is not None:  # the face this player wears on the TV, in place of the brand
        brand = tag(
            "span",
            face(mine) + tag("span", name_html(mine["name"]), class_="me-name"),
            class_="me-face",
            data_face=str(mine.get("face") or 0),
        )
    top = tag("header", brand + where, class_="phone-head")
    banner = ""
    offline = state.get("link") not in (None, "open") and status == "joined"
    if state.get("reach_sentence"):
        banner = tag(
            "div", esc(_(state["reach_sentence"])), class_="banner error", role="alert", data_reach=state["reach"]
        )
    elif offline:  # the screen stays to read but takes no tap until the host is back (main is inert below)
        banner = tag(
            "div",
            esc(_("Reconnecting to the host… Your taps work again in a moment.")),
            class_="banner warn",
            role="status",
            data_offline="1",
        )
    if state.get("signal_error"):
        banner += tag("div", esc(sentence(state["signal_error"])), class_="banner error", role="alert")
    if state.get("host_waiting"):
        banner += tag("div", esc(_("The host is getting ready…")), class_="banner wait", role="status")
    error = state.get("error")
    note = ""
    if error and status != "removed":
        note = tag("p", esc(sentence(error)), class_="error-line", role="alert")
    if status == "removed":
        return top + tag(
            "main",
            tag("h1", esc(_("You were removed")))
            + tag(
                "p",
                esc(
                    _(
                        "The host removed you from this room, so your seat is closed. "
                        "To play again, ask the host to open a new room."
                    )
                ),
            ),
            class_="phone-main",
        )
    if status == "left":
        return top + tag(
            "main",
            tag("h1", esc(_("You left the room")))
            + tag("p", esc(_("Your seat is closed. Scan the code on the big screen to join again."))),
            class_="phone-main",
        )
    if status == "moved":  # the host let another phone take this seat (room/claims.py)
        return top + tag(
            "main",
            tag("h1", esc(_("Your seat moved")))
            + tag(
                "p",
                esc(
                    _(
                        "The host gave your seat to another phone. To play here, scan the code on the "
                        "big screen and join with another name."
                    )
                ),
            ),
            class_="phone-main",
        )
    if status == "waiting":  # the host keeps the name: a game to end first, or the host to let it in
        name = state.get("name")
        watching = state.get("watching")
        return (
            (game_style(watching["room"].get("game")) if watching else "")
            + top
            + banner
            + tag(
                "main",
                tag("h1", esc(_("Hi, %(name)s", name=name) if name else _("Almost in")))
                # the host's sentence, its English and values: drawn in this phone's language
                + tag("p", esc(sentence(state.get("waiting"))), class_="big-wait", role="status", data_waiting="1")
                + (live_table(watching) if watching else ""),
                class_="phone-main",
            )
        )
    if status in ("connecting", "joining") and state.get("token"):
        name = state.get("name")
        wait = _("Rejoining as %(name)s…", name=esc(name)) if name else _("Finding your seat…")
        return top + banner + tag("main", tag("p", wait, class_="big-wait", role="status"), class_="phone-main")
    message = state.get("view")
    if status == "joined" and message is None:  # seated, the room's view still on its way (or the phone's Python:
        # join.html draws this frame when the early link's welcome comes before MicroPython is up)
        return (
            top
            + banner
            + tag(
                "main",
                tag("h1", esc(_("You're in!")))
                + tag("p", esc(_("Your phone is getting ready…")), class_="big-wait", role="status"),
                class_="phone-main",
                data_seated="1",
            )
        )
    if status != "joined" or message is None:
        return top + banner + tag("main", _join_form(state, note), class_="phone-main")
    room = message["room"]
    me = message["me"]
    ctx = ui_ctx(room, me, message.get("now_ms", 0), False)
    holder = bool(message.get("controls"))
    ctx["has_controls"] = holder  # a game's phone says "you" where it would say "the host" (issue 48 point 3)
    if room["phase"] == "lobby":
        picked = room.get("game_title")  # the game's English title (N_-marked by the game): shown with _()
        if holder:  # the host is this phone: its buttons are above
            waiting = (
                _("Start %(game)s with your controls above.", game=_(picked)) if picked else _("Pick a game above.")
            )
        else:
            waiting = (
                _("Wait for the host to start %(game)s.", game=_(picked))
                if picked
                else _("Wait for the host to pick a game.")
            )
        body = (
            tag("h1", esc(_("You're in!")))
            + tag("p", esc(waiting), class_="hint", aria_live="polite")
            + (how_to_play(room["game"], picked) if picked else "")
            + tag("h2", esc(_("Players")))
            + people_list(room, (), me)
        )
    else:
        module = screens_for(room["game"])
        body = module.phone(message["view"], ctx) if module and message.get("view") is not None else ""
        if room["phase"] == "over" and room.get("result"):
            names = room.get("result_names") or ctx["names"]
            # a game whose own final screen ranks everyone (OWN_STANDINGS) keeps the one list: say it once
            table = "" if getattr(module, "OWN_STANDINGS", False) and body else result_table(room["result"], names)
            if me in names and holder:  # the host is this phone (issue 48 point 3)
                next_line = _("Play again or choose another game with your controls above.")
            elif me in names:
                next_line = _("The host can start another game.")
            else:  # watched it, or joined at the results (no game view then): a seat in the next game
                next_line = _("You're in! You play in the next game.")
            body = (
                tag(
                    "h1",
                    winners_line(room["result"], names),
                    class_="winners",
                    data_show="over-%s" % esc(room.get("final") or room.get("deal") or len(room.get("history") or [])),
                )
                + table
                + body
                + tag("p", esc(next_line), class_="hint", aria_live="polite")
                + final_line(room)
            )
    if holder:  # near the player's own buttons: under them in a game, else first; first when the table waits
        listed = phone_decisions(room, message["controls"], ctx)
        band = controls_band(room, listed, message["controls"].get("view"))
        first = room["phase"] != "playing" or "data-your-move" in band
        body = band + body if first else body + band
        body = placed(listed, "claim") + body  # a new phone at the door: at the top (issue 48)
    return (
        game_style(room["game"])
        + top
        + banner
        + tag(
            "main",
            note + body,
            class_="phone-main phase-" + room["phase"],
            inert=offline,
            data_offline="1" if offline else None,
        )
        # this phone's own language, at any moment of the evening: a tap redraws it here and tells the host nothing
        # (app/phone.py), so the seat and what it chose stay as they are; outside main, which goes inert offline
        + tag("footer", language_picker(), class_="phone-foot")
    )


def live_table(watching):
    """The game under way as the big screen shows it (its table), on a phone waiting to join when it ends
    (room/latecomers.py): the room's people beside it, as on the TV."""
    room = watching["room"]
    module = screens_for(room.get("game"))
    if module is None or room.get("phase") != "playing":
        return ""
    ctx = ui_ctx(room, None, watching.get("now_ms", 0), False)
    return tag(
        "section",
        tag("h2", esc(_("On the big screen now")))
        + tag("div", module.table(watching["view"], ctx), class_="live-board")
        + tag("h2", esc(_("Players")))
        + people_list(room),
        class_="live-table",
        data_live_table=room.get("game"),
        aria_label=_("The game under way"),
    )


# While the link to the host is still opening the form works: a Join tapped then is kept and sent the moment the
# link opens (room/rejoin.py's opened() says hello with the name). Only these states hold the button back.
JOIN_WAITING = {"no-webrtc": N_("Cannot join from this browser"), "no-path": N_("Still trying…")}
# What a new guest can read while waiting for the host to pick a game (each game's own rules come with it)
PARTY_HOW = N_(
    "Type the name the others will see, and tap Join. The host picks a game on the big screen; "
    "this phone then shows your cards, your choices and the game's own rules. Keep this page open: "
    "if the phone sleeps or the Wi-Fi drops, it takes you back to your seat. On another phone, join "
    "with the same name: the host can let you back into your seat."
)


NAME_MAX = 20  # the host's clean_name (room/protocol.py NAME_MAX): ui/ imports nothing from room/


def name_field(field_id, value="", extra=""):
    """A name's input and, under it, its limit in words: glue.js counts what is typed as the host does (code
    points, docs/decisions.md "A name is 20 characters") and says when the field is full, where a maxlength
    (which counts UTF-16 units: an emoji is two) would just stop taking keys."""
    note = field_id + "-count"
    return (
        '<input id="%s" name="name" data-limit="%d" aria-describedby="%s" required autocomplete="nickname" %s'
        'value="%s">'
        % (field_id, NAME_MAX, note, extra, esc(value))
        + tag(
            "small",
            esc(_("Up to %(limit)s characters", limit=NAME_MAX)),
            id=note,
            class_="name-count",
            aria_live="polite",
            # glue.js says these as the name is typed, before and after MicroPython is up
            data_none=_("Up to %(limit)s characters"),
            data_some=_("%(count)s of %(limit)s characters"),
            data_full=_("%(limit)s of %(limit)s: a name holds no more"),
        )
    )


def _join_form(state, note=""):
    """The form a new guest fills in, then `note` (why the last try failed). state["name"] is the name this
    phone gave last time (pre-filled). join.html's first frame is this form, drawn at build time."""
    label = JOIN_WAITING.get(state.get("reach"))
    joining = _("Joining…")
    if label is None and state["status"] == "joining":
        label = joining
    name = state.get("name") or ""
    # i18n: the name field's example: a short first name common where the language is spoken
    example = attrs({"placeholder": _("e.g. Sam")})
    return (
        tag(
            "form",
            tag("h1", esc(_("Join the party")))
            + tag("label", esc(_("Your name")), for_="name")
            + name_field("name", name, 'autofocus autocapitalize="words" enterkeyhint="go"%s ' % example)
            + tag(
                "button",
                esc(_(label) if label else _("Join")),
                type="submit",
                class_="btn primary big",
                disabled=label is not None,
            ),
            data_move='{"room":"join"}',
            data_busy=joining,  # the button's word for a Join tapped before MicroPython is up (first-frame.js)
            id="join",
            class_="join-form",
        )
        + note
        + rules_box(tag("p", esc(_(PARTY_HOW))), esc(_("How to play")), "how-party")
        + language_picker()
    )
