"""Seven Rounds screens: the shared table (with the host's controls) and one player's phone.

Pure functions view -> HTML string, in the Python subset MicroPython runs. Names come from
ctx["names"] through name_of() (escaped); the view refers to players by id only. Every word is a catalog
message (docs/languages.md), looked up when the screen is drawn, so each phone reads its own language and the
TV the room's; the game's terms (the five actions, Secret Mission, Round Captain) keep one translation each.
"""

from ...i18n import N_, _, current, join, ngettext, number, pgettext
from ...ui.html import beat, button, countdown, esc, moment_key, name_of, passing, signed, tag, who
from ...ui.illustrations import chip, column, lock, mini_card, person, rules_box, steps

GUESS_ORDER = ["bank", "team_up", "swipe", "double_down"]
MANY = 6  # past this many players the TV's final count gives each Secret Mission one line


def label(action):
    """An action's name, the game's term (plain text): one translation on every screen."""
    if action == "bank":
        return pgettext("action", "BANK")
    if action == "team_up":
        return pgettext("action", "TEAM UP")
    if action == "swipe":
        return pgettext("action", "SWIPE")
    if action == "predict":
        return pgettext("action", "PREDICT")
    if action == "double_down":
        return pgettext("action", "DOUBLE DOWN")
    return str(action)


def action_help(action):
    """What an action scores, in a line under its name on the lock form."""
    if action == "bank":
        return _("+1, or +2 if nobody else banks.")
    if action == "team_up":
        return _("Name a partner: +3 each if they name you too.")
    if action == "swipe":
        return _("Take 1 point from someone who banks or teams up.")
    if action == "predict":
        return _("Guess the most chosen action: +2 if right.")
    return _("+3 if you are the only one; -1 if not.")


def _values(values):
    for key in values:
        value = values[key]
        if isinstance(value, int) and not isinstance(value, bool):
            values[key] = number(value)
    return values


def said(text, **values):
    """A message as HTML: `text`, what _() gave (its placeholders still open), escaped, then filled with values
    that are HTML already (names from name_of(), action names through esc())."""
    return esc(text) % _values(values) if values else esc(text)


def _b(action):
    return tag("b", esc(label(action)))


def _picture():
    """Hidden choices, locked, revealed together, scored: one round of three players."""
    back = mini_card("?", "back")
    hidden = "".join([person(n, back) for n in ("Ann", "Ben", "Cat")])
    locked = "".join([person(n, column(back, lock(esc(_("locked"))))) for n in ("Ann", "Ben", "Cat")])
    ann, ben, cat = esc(label("bank")), said(_("%(action)s Ann"), action=esc(label("swipe"))), esc(label("double_down"))
    shown = person("Ann", mini_card(ann)) + person("Ben", mini_card(ben)) + person("Cat", mini_card(cat))
    scored = (
        person("Ann", column(mini_card(ann), chip("+2 &minus;1", "points")))
        + person("Ben", column(mini_card(ben), chip("+1", "points")))
        + person("Cat", column(mini_card(cat), chip("+3", "points")))
    )
    return steps(
        _("One round of Seven Rounds, in four pictures"),
        [
            (
                _("Ann, Ben and Cat each hold a face-down card: nobody sees the others' choices"),
                hidden,
                said(_("Everyone picks one action on their phone, in secret.")),
            ),
            (
                _("The three face-down cards each carry a padlock marked locked"),
                locked,
                said(_("Lock it in before the timer runs out. A locked choice cannot be seen or changed.")),
            ),
            (
                _(
                    "The cards are turned over together: Ann %(bank)s, Ben %(swipe)s Ann, Cat %(double_down)s",
                    bank=label("bank"),
                    swipe=label("swipe"),
                    double_down=label("double_down"),
                ),
                shown,
                said(_("The host reveals every choice at once.")),
            ),
            (
                _("Points under each card: Ann plus 2 minus 1, Ben plus 1, Cat plus 3"),
                scored,
                said(
                    _("Ann banks alone (+2) but Ben swipes 1 of it; Cat is the only %(double_down)s (+3)."),
                    double_down=esc(label("double_down")),
                ),
            ),
        ],
    )


_DRAWN = [None, ""]  # the language the rules were last drawn in, and that drawing: a phone redraws often


def rules():
    """What every how-to-play shows, in the current language: the picture, then the words (ui/room.py
    how_to_play)."""
    language = current()
    if _DRAWN[0] is not language:
        _DRAWN[0], _DRAWN[1] = language, _rules()
    return _DRAWN[1]


def _rules():
    items = [
        said(_("%(bank)s: +1, or +2 if you are the only one who banks."), bank=_b("bank")),
        said(_("%(team_up)s with a player: +3 each if you name each other."), team_up=_b("team_up")),
        said(
            _(
                "%(swipe)s a player: take 1 point from them if they chose %(bank)s or %(team_up)s, still have a point, "
                "and were not swiped already this round. Swipes go in order from the Round Captain."
            ),
            swipe=_b("swipe"),
            bank=esc(label("bank")),
            team_up=esc(label("team_up")),
        ),
        said(
            _("%(predict)s an action: +2 if it is (or ties for) the most chosen. If everyone predicts, +1 each."),
            predict=_b("predict"),
        ),
        said(
            _("%(double_down)s: +3 if you are the only one; otherwise -1 (never below 0)."),
            double_down=_b("double_down"),
        ),
    ]
    text = (
        tag(
            "p",
            said(
                _(
                    "Seven rounds. Each round everyone secretly picks one action and locks it in before the timer ends. "
                    "Then the host reveals all choices at once."
                )
            ),
        )
        + tag("ul", "".join([tag("li", item) for item in items]))
        + tag(
            "p",
            said(
                _(
                    "Your Secret Mission pays +3 once, when you complete it. Most points after round 7 wins; "
                    "ties share the win."
                )
            ),
        )
    )
    return _picture() + text


# --- small pieces -------------------------------------------------------------------------------


def _names(ctx, pids):
    return join([name_of(ctx, p) for p in pids])


def _choice_text(ctx, action, target, guess):
    """A revealed or own choice in words (escaped HTML)."""
    if action is None:
        return said(_("no choice (skipped)"))
    if action == "team_up" or action == "swipe":
        return "%s &rarr; %s" % (esc(label(action)), name_of(ctx, target))
    if action == "predict":
        return "%s: %s" % (esc(label(action)), esc(label(guess)))
    return esc(label(action))


def _points(n):
    return esc(ngettext("%(n)s point", "%(n)s points", n))


# Why a SWIPE worked or failed, one whole sentence for each reason and for who reads it: "mine" when I swiped,
# "me" when I was swiped, "" for anyone else (the TV)
SWIPE_SENTENCES = {
    ("ok", ""): N_("%(who)s took 1 point from %(target)s."),
    ("ok", "mine"): N_("You took 1 point from %(target)s."),
    ("ok", "me"): N_("%(who)s took 1 point from you."),
    ("target_skipped", ""): N_("%(who)s swiped %(target)s and got nothing: %(target)s had no locked choice."),
    ("target_skipped", "mine"): N_("You swiped %(target)s and got nothing: %(target)s had no locked choice."),
    ("target_skipped", "me"): N_("%(who)s swiped you and got nothing: you had no locked choice."),
    ("target_immune", ""): N_(
        "%(who)s swiped %(target)s and got nothing: %(target)s chose %(action)s, which cannot be swiped."
    ),
    ("target_immune", "mine"): N_(
        "You swiped %(target)s and got nothing: %(target)s chose %(action)s, which cannot be swiped."
    ),
    ("target_immune", "me"): N_("%(who)s swiped you and got nothing: you chose %(action)s, which cannot be swiped."),
    ("no_points", ""): N_("%(who)s swiped %(target)s and got nothing: %(target)s had no point to take."),
    ("no_points", "mine"): N_("You swiped %(target)s and got nothing: %(target)s had no point to take."),
    ("no_points", "me"): N_("%(who)s swiped you and got nothing: you had no point to take."),
    ("already_lost", ""): N_(
        "%(who)s swiped %(target)s and got nothing: %(target)s had already lost a point to a swipe this round."
    ),
    ("already_lost", "mine"): N_(
        "You swiped %(target)s and got nothing: %(target)s had already lost a point to a swipe this round."
    ),
    ("already_lost", "me"): N_(
        "%(who)s swiped you and got nothing: you had already lost a point to a swipe this round."
    ),
}


def swipe_sentence(ctx, swipe, me=None):
    """Why a SWIPE worked or failed, in words a player reads at a glance; `me` reads as "you"."""
    reason = (
        swipe["reason"] if swipe["reason"] in ("ok", "target_skipped", "target_immune", "no_points") else "already_lost"
    )
    role = "mine" if swipe["swiper"] == me else ("me" if swipe["target"] == me else "")
    return said(
        _(SWIPE_SENTENCES[(reason, role)]),
        who=name_of(ctx, swipe["swiper"]),
        target=name_of(ctx, swipe["target"]),
        action=esc(label(swipe.get("target_action"))),
    )


def _timer(view, ctx):
    if view.get("expired"):
        return tag("p", said(_("Time is up")), class_="sr-timer sr-expired")
    deadline = view.get("deadline_ms")
    if deadline is None:
        return ""
    return tag(
        "p",
        countdown(deadline - ctx.get("now_ms", 0), cls="countdown sr-countdown"),
        class_="sr-timer",
        aria_label=_("time left"),
    )


def _away(ctx, pid):
    connected = ctx.get("connected") or {}
    if connected.get(pid, True):
        return ""
    return tag("span", said(_("away")), class_="badge sr-away")


def _standings(view, ctx, winners=None):
    rows = []
    place = 0
    last = None
    for i, entry in enumerate(view["standings"]):
        if entry["score"] != last:
            place = i + 1
            last = entry["score"]
        mark = ""
        if winners and entry["player"] in winners:
            mark = tag("span", said(_("winner")), class_="badge win")
        if entry["player"] == ctx.get("me"):
            mark += tag("span", said(_("you")), class_="badge you")
        rows.append(
            tag(
                "tr",
                tag("td", number(place))
                + tag("th", who(ctx, entry["player"]) + mark, scope="row")
                + tag("td", number(entry["score"]), class_="sr-num"),
            )
        )
    head = tag(
        "tr",
        tag("th", "#", scope="col")
        + tag("th", said(_("Player")), scope="col")
        + tag("th", said(_("Points")), scope="col"),
    )
    return tag(
        "table",
        tag("caption", said(_("Standings"))) + tag("thead", head) + tag("tbody", "".join(rows)),
        class_="sr-standings",
    )


def _status(text):
    return tag("p", text, class_="sr-status", role="status", aria_live="polite")


def _round_title(view):
    if view["round"] == 0:
        return said(_("Seven Rounds"))
    if view["phase"] == "final" and view["round"] > view["scored_rounds"]:
        # D0-15: ended unfinished
        return said(_("Round %(round)s of %(rounds)s: not scored"), round=view["round"], rounds=view["rounds"])
    return said(_("Round %(round)s of %(rounds)s"), round=view["round"], rounds=view["rounds"])


# --- the reveal walk-through (table) -------------------------------------------------------------
# The reveal is a moment (ui/html.py): the totals table fills in the rulebook's order, a column a step:
# everyone's choice, the BANK/TEAM UP/PREDICT/DOUBLE DOWN points, each SWIPE from the captain clockwise (its
# two cells and its sentence in the caption), the Secret Missions, then the totals; all within MOMENT_MS.
CHOICES_AT, POINTS_AT, SWIPES_AT, MISSIONS_AT, TOTALS_AT = 0, 700, 1150, 2250, 2550


class Beats:
    """When each cell of a round's table appears. Without motion (`moving` False: the final screen's fold)
    every cell is plain."""

    def __init__(self, rec, moving):
        self.moving = moving
        players = [r["player"] for r in rec["breakdown"]]
        self.row = dict((p, i) for i, p in enumerate(players))
        self.n = max(1, len(players))
        self.swipe_ms = (MISSIONS_AT - SWIPES_AT - 150) // max(1, len(rec["swipes"]))
        self.gained, self.lost = {}, {}
        for k, w in enumerate(rec["swipes"]):
            at = SWIPES_AT + k * self.swipe_ms
            self.gained.setdefault(w["swiper"], at)
            if w["success"]:
                self.lost.setdefault(w["target"], at)

    def cell(self, at_ms, body, **attrs):
        if not self.moving:
            return tag("td", body, **attrs)
        return tag("td", beat(at_ms, body), **attrs)

    def head(self, at_ms, label):
        if not self.moving:
            return tag("th", label, scope="col")
        return tag("th", beat(at_ms, label), scope="col")

    def choice_at(self, pid):
        return CHOICES_AT + self.row.get(pid, 0) * (POINTS_AT - CHOICES_AT - 200) // self.n

    def captions(self, rec, ctx):
        """The step now playing, in one place above the table; each SWIPE's sentence in turn."""
        lines = [
            passing(CHOICES_AT, POINTS_AT - CHOICES_AT, "1. " + said(_("Everyone’s choice"))),
            passing(POINTS_AT, SWIPES_AT - POINTS_AT, "2. " + _scored_actions()),
        ]
        if rec["swipes"]:
            for k, w in enumerate(rec["swipes"]):
                lines.append(passing(SWIPES_AT + k * self.swipe_ms, self.swipe_ms, "3. " + _swipe_said(ctx, w)))
        else:
            lines.append(passing(SWIPES_AT, MISSIONS_AT - SWIPES_AT, "3. " + said(_("Swipes: nobody swiped"))))
        lines.append(passing(MISSIONS_AT, TOTALS_AT - MISSIONS_AT, "4. " + said(_("Secret Missions"))))
        return tag("p", "".join(lines), class_="sr-now beat-stack")


def _scored_actions():
    """The actions step 4 scores, named: BANK, TEAM UP, PREDICT, DOUBLE DOWN."""
    return esc(", ".join([label(a) for a in ("bank", "team_up", "predict", "double_down")]))


# a SWIPE in a few words, for the moment's one-line caption (the fold has the whole sentence)
SWIPE_SAID = {
    "target_skipped": N_("%(who)s swiped %(target)s: no locked choice"),
    "no_points": N_("%(who)s swiped %(target)s: no point to take"),
    "already_lost": N_("%(who)s swiped %(target)s: already lost a point"),
}


def _swipe_said(ctx, swipe):
    who, target = name_of(ctx, swipe["swiper"]), name_of(ctx, swipe["target"])
    if swipe["success"]:
        return said(_("%(who)s took 1 point from %(target)s"), who=who, target=target)
    if swipe["reason"] == "target_immune":
        return said(
            _("%(who)s swiped %(target)s: %(action)s cannot be swiped"),
            who=who,
            target=target,
            action=esc(label(swipe["target_action"])),
        )
    return said(_(SWIPE_SAID.get(swipe["reason"], SWIPE_SAID["already_lost"])), who=who, target=target)


def _step_list(rec, ctx):
    """The four steps in words, for the fold under the table."""
    parts = []
    items = []
    for c in rec["choices"]:
        items.append(
            tag(
                "li",
                tag("span", name_of(ctx, c["player"]), class_="sr-who")
                + " "
                + tag(
                    "span",
                    _choice_text(ctx, c["action"], c["target"], c["guess"]),
                    class_="sr-act sr-act-" + esc(c["action"] or "none"),
                ),
            )
        )
    parts.append(
        tag(
            "section",
            tag("h3", "1. " + said(_("Everyone’s choice"))) + tag("ul", "".join(items), class_="sr-choices"),
            class_="sr-step",
        )
    )
    items = []
    for row in rec["step4"]:
        items.append(tag("li", "%s %s &rarr; %d" % (name_of(ctx, row["player"]), signed(row["points"]), row["score"])))
    parts.append(
        tag(
            "section",
            tag("h3", "2. " + _scored_actions()) + tag("ul", "".join(items), class_="sr-step4"),
            class_="sr-step",
        )
    )
    if rec["swipes"]:
        items = []
        for w in rec["swipes"]:
            verdict = "worked" if w["success"] else "failed"
            said_verdict = said(_("WORKED:")) if w["success"] else said(_("FAILED:"))
            items.append(
                tag("li", tag("b", said_verdict + " ") + swipe_sentence(ctx, w), class_="sr-swipe sr-" + verdict)
            )
        swipes = tag("ol", "".join(items), class_="sr-swipes")
    else:
        swipes = tag("p", said(_("Nobody swiped.")))
    parts.append(
        tag("section", tag("h3", "3. " + said(_("Swipes, from the captain clockwise"))) + swipes, class_="sr-step")
    )
    if rec["missions"]:
        items = []
        for done in rec["missions"]:
            items.append(
                tag(
                    "li",
                    said(
                        _("%(name)s completed a Secret Mission: %(mission)s (+%(bonus)s)"),
                        name=name_of(ctx, done["player"]),
                        mission=esc(_(done["name"])),
                        bonus=done["bonus"],
                    ),
                )
            )
        missions = tag("ul", "".join(items), class_="sr-missions")
    else:
        missions = tag("p", said(_("No Secret Mission completed this round.")))
    parts.append(tag("section", tag("h3", "4. " + said(_("Secret Missions"))) + missions, class_="sr-step"))
    return "".join(parts)


def reveal_walkthrough(view, ctx, moving=True):
    """A round's reveal: the totals, leader first, one line a player (choice, points, swipes, mission, total),
    filled in step by step when `moving`; the steps in words one tap away (even four players with long names
    pushed them past a 1280x720 TV: e2e/test_tv_fit.py)."""
    rec = view["reveal"]
    beats = Beats(rec, moving)
    title = tag(
        "h2",
        said(_("Round %(round)s revealed (captain: %(name)s)"), round=rec["round"], name=name_of(ctx, rec["captain"])),
    )
    head = tag("div", title + (beats.captions(rec, ctx) if moving else ""), class_="sr-reveal-head")
    steps_fold = tag(
        "details",
        tag("summary", said(_("Step by step: choices, swipes, Secret Missions")))
        + tag("div", _step_list(rec, ctx), class_="sr-steps"),
        class_="sr-step-fold",
    )
    winners = view["final"]["winners"] if last_reveal_now(view) else None  # its totals are the final ones
    totals = tag(
        "section",
        breakdown_table(rec, ctx, beats, winners),
        class_="sr-step sr-totals",
        aria_label=_("Round totals, leader first"),
    )
    key = moment_key("sr", rec["round"]) if moving else None
    return tag("div", head + totals + steps_fold, class_="sr-reveal", id=key)


def breakdown_table(rec, ctx, beats=None, winners=None):
    beats = beats or Beats(rec, False)
    head = "".join(
        [
            tag("th", said(_("Player")), scope="col"),
            beats.head(CHOICES_AT, said(_("Action"))),
            beats.head(POINTS_AT, said(_("Action points"))),
            beats.head(SWIPES_AT, said(_("Swipes"))),
            beats.head(MISSIONS_AT, said(_("Mission"))),
            beats.head(TOTALS_AT, said(_("Total"))),
        ]
    )
    rows = []
    # leader first: the totals double as the standings between rounds (one table, not two)
    order = []
    for i, r in enumerate(rec["breakdown"]):
        order.append((-r["total"], i, r))
    order.sort(key=lambda e: (e[0], e[1]))
    for entry in order:
        r = entry[2]
        pid = r["player"]
        swipe = ""
        if r["swipe_gained"]:
            swipe = "+" + number(r["swipe_gained"])
        if r["swipe_lost"]:
            swipe += "&minus;" + number(r["swipe_lost"])
        # a swipe cell shows when the first swipe that touches this player resolves, in captain order
        touched = [t for t in (beats.gained.get(pid), beats.lost.get(pid)) if t is not None]
        swipe_at = min(touched) if touched else SWIPES_AT
        rows.append(
            tag(
                "tr",
                tag(
                    "th",
                    tag(
                        "div",
                        who(ctx, pid)
                        + (tag("span", said(_("winner")), class_="badge win") if pid in (winners or ()) else ""),
                        class_="who-line",
                    ),
                    scope="row",
                )
                + beats.cell(beats.choice_at(pid), _choice_text(ctx, r["action"], r["target"], r["guess"]))
                + beats.cell(POINTS_AT, signed(r["action_points"]), class_="sr-num")
                + beats.cell(swipe_at, swipe or "&ndash;", class_="sr-num")
                + beats.cell(
                    MISSIONS_AT, "+" + number(r["mission_bonus"]) if r["mission_bonus"] else "&ndash;", class_="sr-num"
                )
                + beats.cell(TOTALS_AT, number(r["total"]), class_="sr-num sr-total"),
            )
        )
    return tag("table", tag("thead", tag("tr", head)) + tag("tbody", "".join(rows)), class_="sr-breakdown")


def missions_revealed(view, ctx):
    items = []
    for m in view["final"]["missions"]:
        if m["completed"]:
            state = tag("span", said(_("completed in round %(round)s"), round=m["completed_round"]), class_="sr-done")
        else:
            state = tag("span", said(_("not completed")), class_="sr-open")
        items.append(
            tag(
                "li",
                "%s: %s " % (name_of(ctx, m["player"]), tag("b", esc(_(m["name"]))))
                + tag("span", "&mdash; %s " % esc(_(m["description"])), class_="sr-mission-desc")
                + state,
            )
        )
    return tag(
        "section",
        tag("h2", said(_("Every Secret Mission"))) + tag("ul", "".join(items), class_="sr-all-missions"),
        class_="sr-final-missions",
    )


def last_reveal_now(view):
    """The game ended with the last round's Reveal: that reveal has not been seen yet."""
    rec = view.get("reveal")
    return bool(rec) and view["phase"] == "final" and rec["round"] == view["round"] == view["scored_rounds"]


def _final_note(view):
    """How the game ended. The winners' names are the room's own headline right above this screen
    (ui/room.py), and the standings mark them: no second, competing headline here."""
    final = view["final"]
    if final["ended_early"]:
        return tag(
            "p", said(_("Game ended early after round %(round)s."), round=final["after_round"]), class_="sr-note"
        )
    return tag("p", said(_("All %(n)s rounds played."), n=view["rounds"]), class_="sr-note")


# --- the table ------------------------------------------------------------------------------------


def controls(view, ctx):
    """The host's buttons (the TV's, and the controls phone's: ui/room.py controls_band)."""
    host = view.get("host") or {}
    phase = view["phase"]
    if not ctx.get("is_host") or phase == "final":
        return ""
    out = []
    if phase == "choosing":
        out.append(button("+30 s", {"type": "add_time"}, cls="btn big", disabled=not host.get("add_time")))
        if host.get("reveal"):
            out.append(button(_("Reveal"), {"type": "reveal"}, cls="btn big primary"))
        elif host.get("reveal_skip"):
            # plain names: button() escapes the attribute itself
            missing = join([str(ctx["names"].get(p, "?")) for p in view.get("waiting", [])])
            out.append(
                button(
                    _("Reveal and skip missing"),
                    {"type": "reveal", "skip_ok": True},
                    cls="btn big primary",
                    confirm=_(
                        "Reveal now? These players have not locked in and will be skipped: %(names)s.", names=missing
                    ),
                )
            )
        else:
            out.append(
                button(
                    _("Reveal"),
                    {"type": "reveal"},
                    cls="btn big",
                    disabled=True,
                    title=_("Opens when everyone has locked in, or when time is up"),
                )
            )
    elif host.get("next_round"):
        out.append(
            button(_("Start round %(round)s", round=view["round"] + 1), {"type": "next_round"}, cls="btn big primary")
        )
    if host.get("end_game"):
        if phase == "choosing":
            sure = _(
                "End the game for everyone now? Round %(round)s is not scored; the totals after round %(scored)s "
                "are final.",
                round=view["round"],
                scored=view["scored_rounds"],
            )
        else:
            sure = _(
                "End the game for everyone now? The totals after round %(scored)s are final.",
                scored=view["scored_rounds"],
            )
        out.append(button(_("End game"), {"type": "end_game"}, cls="btn danger", confirm=sure))
    return tag("nav", "".join(out), class_="sr-controls", aria_label=_("host controls"))


def _lock_board(view, ctx, locked):
    items = []
    for p in view["players"]:
        if p in locked:
            state = tag("span", "&#10003; " + said(_("locked in")), class_="sr-state sr-locked")
        else:
            state = tag("span", said(_("choosing\u2026")), class_="sr-state sr-waiting")
        items.append(
            tag(
                "li",
                tag("span", who(ctx, p), class_="sr-who who-line") + _away(ctx, p) + " " + state,
                class_="sr-lock-row" + (" is-locked" if p in locked else ""),
            )
        )
    return tag("ul", "".join(items), class_="sr-lockboard", aria_label=_("who has locked in"))


def table(view, ctx):
    phase = view["phase"]
    if phase == "final" and last_reveal_now(view):
        # all seven rounds played: the room's headline names the winners, the reveal's heading its round
        head = ""
    elif phase == "final":  # no captain any more: the last screen is about the result
        head = tag(
            "header",
            tag("h1", said(_("Seven Rounds: the final count")), class_="sr-title") + _final_note(view),
            class_="sr-head",
        )
    elif phase == "results":  # the reveal's own heading names this round's captain, the status the next
        head = tag("header", tag("h1", _round_title(view), class_="sr-title"), class_="sr-head")
    else:
        head = tag(
            "header",
            tag("h1", _round_title(view), class_="sr-title")
            + tag("p", said(_("Round Captain: %(name)s"), name=name_of(ctx, view["captain"])), class_="sr-captain"),
            class_="sr-head",
        )
    body = []
    if phase == "ready":
        body.append(_status(said(_("Get your phones ready: round 1 starts when the host presses Start."))))
        body.append(_lock_board(view, ctx, []))
    elif phase == "choosing":
        locked = view.get("locked", [])
        waiting = view.get("waiting", [])
        if not waiting:
            line = said(_("Everyone has locked in. Ready to reveal."))
        elif view.get("grace_ms") is not None:  # D0-22: only away players are still to lock
            # a plural with HTML values: ui/room.py's way, the values put into the message as they are (a
            # translation holds no markup its English lacks: tests/test_catalogs.py)
            line = ngettext(
                "%(names)s is away: the round goes on without them in %(time)s.",
                "%(names)s are away: the round goes on without them in %(time)s.",
                len(waiting),
                names=_names(ctx, waiting),
                time=countdown(view["grace_ms"] - ctx.get("now_ms", 0)),
            )
        elif view.get("expired"):
            line = said(_("Time is up. Not locked in: %(names)s."), names=_names(ctx, waiting))
        else:
            line = said(
                _("Choose on your phone and lock in. %(locked)s of %(players)s locked in."),
                locked=len(locked),
                players=len(view["players"]),
            )
        body.append(_timer(view, ctx))
        body.append(_status(line))
        body.append(_lock_board(view, ctx, locked))
    elif phase == "results":
        body.append(
            _status(
                said(
                    _("Round %(round)s is scored. Next Round Captain: %(name)s."),
                    round=view["round"],
                    name=name_of(ctx, view["next_captain"]),
                )
            )
        )
        body.append(reveal_walkthrough(view, ctx))
    else:
        final = view["final"]
        # the points, big, beside every Secret Mission (names only past six players: one line each)
        side = missions_revealed(view, ctx)
        many = " sr-many" if len(view["standings"]) > MANY else ""
        if last_reveal_now(view):
            # the last round's reveal is a moment the table sees, as every round's was (issue 48 point 6): its
            # totals, leader first, are the final standings; the Secret Missions one tap away under it, so the
            # TV keeps its height
            main = reveal_walkthrough(view, ctx)
            side = tag("details", tag("summary", said(_("Every Secret Mission"))) + side, class_="sr-missions-fold")
            many += " sr-final-reveal"
        else:  # ended early: the last reveal was seen when it happened
            main = _standings(view, ctx, final["winners"])
            if view.get("reveal"):
                side += tag(
                    "details", tag("summary", said(_("Last round in detail"))) + reveal_walkthrough(view, ctx, False)
                )
        body.append(tag("div", main + tag("div", side, class_="sr-final-side"), class_="sr-final-grid" + many))
    return tag("section", head + "".join(body) + ctx.get("host_buttons", ""), class_="sr sr-table sr-" + esc(phase))


# --- the phone ------------------------------------------------------------------------------------


def _mission_box(view):
    """My Secret Mission, its meaning in full (a name alone, "SOLO BANKER", had to be decoded behind a fold)."""
    m = view["mission"]
    if m["completed"]:
        state = tag(
            "span", "&#10003; " + said(_("done in round %(round)s (+3)"), round=m["completed_round"]), class_="sr-done"
        )
    else:
        state = tag("span", said(_("+3 once")), class_="sr-open")
    return tag(
        "section",
        tag(
            "p",
            said(_("My Secret Mission: %(mission)s"), mission=tag("b", esc(_(m["name"])))) + " " + state,
            class_="sr-mission-name",
        )
        + tag("p", esc(_(m["description"])), class_="sr-mission-desc"),
        class_="sr-mission",
    )


# what the Round Captain is for, in a line (docs/rules/seven-rounds.md, scoring step 4: swipes resolve in seat order from the captain, and a
# player can be swiped only once a round, so the order matters only when two SWIPE the same player)
def captain_why():
    return said(
        _("When two players %(swipe)s the same one, the one nearest the captain (clockwise) takes the point."),
        swipe=esc(label("swipe")),
    )


def _radio(name, value, text_html, hint=""):
    # in its own direction (a Latin name in a right-to-left room is cut at its end, not its start)
    text = tag("span", text_html, class_="sr-opt-label", dir="auto")
    if hint:
        text += tag("span", esc(hint), class_="sr-opt-hint")
    return tag("label", '<input type="radio" name="%s" value="%s">' % (name, esc(value)) + text, class_="sr-opt")


def lock_form(view, ctx):
    actions = [_radio("action", a, esc(label(a)), action_help(a)) for a in view["actions"]]
    targets = [_radio("target", p, name_of(ctx, p)) for p in view["targets"]]
    guesses = [_radio("guess", g, esc(label(g))) for g in view["guesses"]]
    who_for = said(_("Who? (for %(team_up)s or %(swipe)s)"), team_up=esc(label("team_up")), swipe=esc(label("swipe")))
    guess_for = said(_("Your guess (for %(predict)s)"), predict=esc(label("predict")))
    body = (
        tag("fieldset", tag("legend", "1. " + said(_("Your action"))) + "".join(actions), class_="sr-actions")
        + tag("fieldset", tag("legend", "2. " + who_for) + "".join(targets), class_="sr-targets")
        + tag("fieldset", tag("legend", "3. " + guess_for) + "".join(guesses), class_="sr-guesses")
        + tag("button", said(_("Lock in")), type="submit", class_="btn big primary sr-lock")
    )
    return tag(
        "form",
        body,
        data_move='{"type":"lock"}',
        id="sr-lock-r%d" % view["round"],
        class_="sr-lock-form",
        data_show="sr-lock-r%d" % view["round"],
    )


def my_round(view, ctx, show=False):
    """What happened to me in the last revealed round, and why. show: the result that matters now, brought into
    view on the phone (glue.js data-show)."""
    mine = view["mine"]
    lines = []
    if mine["skipped"]:
        lines.append(said(_("You had no locked choice, so you were skipped.")))
    else:
        lines.append(
            ngettext(  # HTML values: as above
                "You chose %(choice)s: %(points)s action point.",
                "You chose %(choice)s: %(points)s action points.",
                abs(mine["action_points"]),
                choice=_choice_text(ctx, mine["action"], mine["target"], mine["guess"]),
                points=signed(mine["action_points"]),
            )
        )
    if mine["mutual_with"]:
        lines.append(said(_("You and %(name)s teamed up with each other."), name=name_of(ctx, mine["mutual_with"])))
    if mine["correct_predict"]:
        lines.append(said(_("Your prediction was right.")))
    for w in mine["swipes_by_me"] + mine["swipes_on_me"]:
        lines.append(swipe_sentence(ctx, w, ctx.get("me")))
    if mine["mission_bonus"]:
        lines.append(said(_("You completed your Secret Mission: +%(bonus)s."), bonus=mine["mission_bonus"]))
    items = "".join([tag("li", line) for line in lines])
    return tag(
        "section",
        tag("h2", said(_("Round %(round)s: what happened to me"), round=mine["round"]))
        + tag("ul", items)
        + tag("p", said(_("My total: %(total)s"), total=mine["total"]), class_="sr-my-total"),
        class_="sr-mine",
        data_show="sr-mine-%d" % mine["round"] if show else None,
    )


def phone(view, ctx):
    phase = view["phase"]
    me = view.get("me")
    head = tag(
        "header",
        tag("p", _round_title(view), class_="sr-title")
        + tag(
            "p",
            "%s &middot; %s" % (said(_("Me: %(name)s"), name=name_of(ctx, me)), _points(view.get("total", 0))),
            class_="sr-me",
        )
        + tag("p", said(_("Captain: %(name)s"), name=name_of(ctx, view["captain"])), class_="sr-captain"),
        class_="sr-head",
    )
    if phase == "choosing":
        head += tag("p", captain_why(), class_="sr-captain-why")
    body = []
    if "mission" in view and phase != "final":
        body.append(_mission_box(view))  # one tap away, above the long lock form
    holder = ctx.get("has_controls")  # this phone is the host's: "you", never "the host" (issue 48 point 3)
    if phase == "ready":
        body.append(
            _status(
                said(_("Start round 1 with your controls."))
                if holder
                else said(_("Waiting for the host to start round 1."))
            )
        )
    elif phase == "choosing":
        body.append(_timer(view, ctx))
        choice = view.get("choice")
        if view.get("act"):
            body.append(_status(said(_("Pick one action (and a player or a guess if it needs one), then Lock in."))))
            body.append(lock_form(view, ctx))
        elif choice:
            body.append(_status(said(_("Locked in. Waiting for the others and the reveal."))))
            body.append(
                tag(
                    "p",
                    said(
                        _("My choice: %(choice)s"),
                        choice=_choice_text(ctx, choice["action"], choice["target"], choice["guess"]),
                    ),
                    class_="sr-my-choice is-locked",
                )
            )
        else:
            body.append(
                _status(said(_("Time is up and you did not lock in. If the host adds time you can still choose.")))
            )
    elif phase == "results":
        if holder:
            then = said(
                _("Round %(round)s revealed. Start the next round when the table is ready."), round=view["round"]
            )
        else:
            then = said(
                _("Round %(round)s revealed. Waiting for the host to start the next round."), round=view["round"]
            )
        body.append(_status(then))
        body.append(my_round(view, ctx, show=True))
        body.append(tag("details", tag("summary", said(_("Standings"))) + _standings(view, ctx)))
    else:
        final = view["final"]
        # the room's screen above already names the winners and lists the final points
        body.append(_final_note(view))
        if view.get("mine") and last_reveal_now(view):
            body.append(my_round(view, ctx))  # the last reveal, not folded away (issue 48 point 6)
        elif view.get("mine"):
            body.append(tag("details", tag("summary", said(_("My last round"))) + my_round(view, ctx)))
        body.append(
            tag("details", tag("summary", said(_("Standings with places"))) + _standings(view, ctx, final["winners"]))
        )
        body.append(tag("details", tag("summary", said(_("Every Secret Mission"))) + missions_revealed(view, ctx)))
    body.append(rules_box(rules(), said(_("How to play")), id_="sr-rules"))
    return tag("section", head + "".join(body), class_="sr sr-phone sr-" + esc(phase))
