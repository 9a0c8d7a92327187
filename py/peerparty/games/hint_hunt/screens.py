"""Hint Hunt screens: one player's phone (with the host's controls when ctx["is_host"]) and an
optional shared table showing the board being guessed and the scores.

Pure functions view -> HTML string, in the Python subset MicroPython runs. The view names players
by id only; names come from ctx["names"] through name_of() (escaped). Words and hints are escaped
too: boards can come from options, and hints are typed by players.
"""

from ...i18n import N_, _, join, ngettext, pgettext
from ...ui.html import beat, button, esc, first_name_of, moment_key, move_json, name_of, seat_face, signed, tag, who
from ...ui.illustrations import chip, column, grid, row, rules_box, steps, tile

ROLE_POINTS = {"target": "+3", "civilian": "&minus;1", "assassin": "&minus;5"}


def role_label(role):
    """A role on a tile, one word in capitals (HTML, escaped): the game's term, the same on every screen."""
    if role == "target":
        return esc(pgettext("hint hunt role", "TARGET"))
    if role == "civilian":
        return esc(pgettext("hint hunt role", "CIVILIAN"))
    if role == "assassin":
        return esc(pgettext("hint hunt role", "ASSASSIN"))
    return esc(role)


def locked_label(role):
    """A locked word's role on the writer's board (HTML, escaped)."""
    if role == "assassin":
        return esc(_("LOCKED ASSASSIN"))
    return esc(_("LOCKED CIVILIAN"))


def _text(message):
    """A catalog message kept in a constant (N_), in this screen's language; "" stays "" (gettext's "" is the
    catalog's header)."""
    return _(message) if message else ""


END_REASONS = {
    "all_targets": N_("Every target was found."),
    "assassin": N_("The assassin was claimed: this board is over for everyone."),
    "no_guessers": N_("Nobody is left guessing on this board."),
    "host_moved_on": N_("The host moved on."),
}

GUESSING_HINTS = {
    "guessing": N_("Tap each word you think the hint points to."),
    "out": N_("You claimed a civilian, so you are out on this board."),
    "done": N_("You stopped guessing on this board."),
    "stopped": N_("This board is over. Waiting for the host to move on."),
    "writer": N_("This is your board: watch the others guess. You see every role."),
    "spectator": N_("You are watching. Words are claimed as players find them."),
    "removed": N_("You were removed from this game."),
}

# the final screen ranks everyone itself: the room's phone screen shows only its headline above it
OWN_STANDINGS = True


def _examples():
    """The pictures' sample board, in the reader's language (a real board's words are dealt, never translated)."""
    return [
        esc(pgettext("hint hunt example word", "WAVE")),
        esc(pgettext("hint hunt example word", "SHELL")),
        esc(pgettext("hint hunt example word", "PIANO")),
        esc(pgettext("hint hunt example word", "SHARK")),
        esc(pgettext("hint hunt example word", "CLOUD")),
        esc(pgettext("hint hunt example word", "TRAIN")),
        esc(pgettext("hint hunt example word", "BEACH")),
    ]


def _picture():
    """A writer's board with its targets, the same board as guessers see it under the hint, what a tap scores."""
    wave, shell, piano, shark, cloud, train, beach = _examples()
    beach += " 2"  # as a hint reads on the board: its word and its number (boards.hint_text)
    target, civilian, assassin = role_label("target"), role_label("civilian"), role_label("assassin")
    hint = row(chip(esc(_("Hint")), "label"), chip(beach, "hint"))
    writer = column(
        grid(
            [
                tile(wave, target, "target"),
                tile(shell, target, "target"),
                tile(piano, civilian),
                tile(shark, assassin, "assassin"),
                tile(cloud, civilian),
                tile(train, civilian),
            ]
        ),
        hint,
    )
    guessers = column(
        hint,
        grid(
            [
                tile(wave, esc(_("tapped")), "tapped"),
                tile(shell),
                tile(piano),
                tile(shark),
                tile(cloud),
                tile(train),
            ]
        ),
    )
    scores = column(
        row(tile(wave, target, "target"), chip(esc(_("%(points)s, keep going", points="+3")), "ok")),
        row(tile(piano, civilian), chip(_("%(points)s, you are out", points="&minus;1"), "no")),
        row(tile(shark, assassin, "assassin"), chip(_("%(points)s, board over", points="&minus;5"), "bust")),
    )
    return steps(
        _("Hint Hunt in three pictures"),
        [
            (
                _(
                    "Six of your board's words: %(wave)s and %(shell)s ticked as targets, %(shark)s locked as the "
                    "assassin, the rest civilians; your hint reads %(hint)s",
                    wave=wave,
                    shell=shell,
                    shark=shark,
                    hint=beach,
                ),
                writer,
                esc(
                    _(
                        "On your board (12 words, 6 shown here), tick the targets and write one hint that links "
                        "them. The number is added for you."
                    )
                ),
            ),
            (
                _(
                    "The others see the same words without roles, under the hint %(hint)s, and tap %(wave)s",
                    hint=beach,
                    wave=wave,
                ),
                guessers,
                esc(_("Everyone else sees only the words and your hint, and taps the words they think you mean.")),
            ),
            (
                _(
                    "%(wave)s is a target: plus 3. %(piano)s is a civilian: minus 1 and out. %(shark)s is the "
                    "assassin: minus 5, the board ends",
                    wave=wave,
                    piano=piano,
                    shark=shark,
                ),
                scores,
                esc(_("Each tap scores the same for the guesser and for you, the writer.")),
            ),
        ],
    )


def _rules_text():
    target = tag("b", esc(_("Target %(points)s", points="+3")))
    civilian = tag("b", _("Civilian %(points)s", points="&minus;1"))
    assassin = tag("b", _("Assassin %(points)s", points="&minus;5"))
    return (
        tag(
            "p",
            esc(
                _(
                    "Everyone gets a private board of 12 words. Three civilians and one assassin are locked. "
                    "Choose 1 to 5 of the other eight words as targets and write one hint (up to 24 characters) "
                    "that links them. The number of targets is shown next to your hint."
                )
            ),
        )
        + tag(
            "p",
            esc(
                _(
                    "Then the boards are played one at a time, in join order. Everyone except the writer "
                    "guesses at once: tap a word to claim it. A word can be claimed only once."
                )
            ),
        )
        + tag(
            "ul",
            tag("li", _("%(role)s: keep guessing.", role=target))
            + tag(
                "li",
                _(
                    "%(role)s: you are out for this board.",
                    role=civilian,
                ),
            )
            + tag(
                "li",
                _(
                    "%(role)s: the board ends for everyone.",
                    role=assassin,
                ),
            ),
        )
        + tag(
            "p",
            esc(
                _(
                    "Each claim changes the guesser's and the writer's score by the same amount. A board also "
                    "ends when all its targets are found or nobody is left guessing. Scores can go below zero; "
                    "the highest total wins and ties share first place."
                )
            ),
        )
    )


def rules():
    """What every how-to-play shows, in the current language: the picture, then the words."""
    return _picture() + _rules_text()


# --- small pieces -------------------------------------------------------------------------------


def _status(text):
    return tag("p", text, class_="hh-status", role="status", aria_live="polite")


def _who(ctx, p):
    """A player in one of the TV's lists: their face, then their name, as who() draws them; the name alone in
    .hh-who (a long one ends in an ellipsis there, and the e2e reads it)."""
    return seat_face(ctx, p) + tag("span", name_of(ctx, p), class_="hh-who")


def _names(ctx, pids):
    return join([name_of(ctx, p) for p in pids])


def _plain_names(ctx, pids):
    """Names for a data-confirm sentence: plain text (attrs() escapes it once)."""
    return join([ctx["names"].get(p, "?") for p in pids])


def _away(ctx, pid):
    connected = ctx.get("connected") or {}
    if pid in connected and not connected[pid]:
        return " " + tag("span", esc(_("away")), class_="badge hh-away")
    return ""


def _you(ctx, pid):
    if pid is not None and pid == ctx.get("me"):
        return " " + tag("span", esc(_("you")), class_="badge hh-you")
    return ""


def _host_badge(view, pid):
    if pid is not None and pid == view.get("host"):
        return " " + tag("span", esc(_("host")), class_="badge hh-host-badge")
    return ""


def _checksum(words):
    """A short number that changes when the board changes (a form id must change with it)."""
    h = 7
    for w in words:
        for ch in w:
            h = (h * 31 + ord(ch)) % 1000003
    return h


LONG_WORD = 8  # longer words get a smaller face on a phone tile, so they never break mid-word


def _word(w):
    cls = "hh-word hh-long" if len(w) > LONG_WORD else "hh-word"
    return tag("span", esc(w), class_=cls)


def _by(name):
    """ "by <name>" under a claimed tile, the name an HTML value; the words around it in .by-word (a TV's tile
    hides them and keeps the face and the name: static/css/app.css)."""
    before, after = _("by %(name)s", name="\x00").split("\x00")
    out = tag("span", esc(before), class_="by-word") + name
    return out + tag("span", esc(after), class_="by-word") if after else out


def _guesser_label(status):
    """A guesser's standing on the board (HTML, escaped)."""
    if status == "guessing":
        return esc(pgettext("hint hunt guesser", "guessing"))
    if status == "out":
        return esc(pgettext("hint hunt guesser", "out (civilian)"))
    if status == "done":
        return esc(pgettext("hint hunt guesser", "done"))
    if status == "stopped":
        return esc(pgettext("hint hunt guesser", "stopped"))
    return esc(status)


def _board_over(board):
    """How the board ended, two sentences (HTML, escaped)."""
    return esc(_("Board over.") + " " + _text(END_REASONS.get(board.get("end_reason"), ""))).strip()


def _rules():
    return rules_box(rules(), esc(_("How to play")), id_="hh-rules")


# --- moments (issue 30, ui/html.py) -------------------------------------------------------------------
# A claim, in the rulebook's order: the word's role turns over, then who claimed it, then what it scored (on
# the tile, and the guesser's and the writer's scores). Only the latest claim moves: every claimed tile keeps
# one id (its claim's moment key), so a redraw keeps it and older tiles never start again. A board's end
# (D3-08): after its last claim, the words nobody claimed turn over in turn, then the line saying how it ended.
# The board before this one walks the same way when it is shown revealed: every role in claim order, then the
# words nobody claimed, then how it ended and the hint writer's score change. Nothing waits for a moment: the
# claim buttons and the host's Next work throughout.
TURN_AT, BY_AT, POINTS_AT = 0, 350, 700  # a claim
REVEAL_AT, ENDED_AT = 1100, 2400  # a board's end, after its last claim
LAST_LINE_AT, LAST_SCORE_AT = 2100, 2500  # the board before this one: its roles turn in 0..2100


def _claim_key(board, k):
    """The id of the board's k-th claim (1 on): the same on every redraw, new for the next claim."""
    return moment_key("hh", board.get("number", 0), k)


def _latest(view):
    """(claim, its number) of the current board's latest claim, or (None, 0)."""
    claims = (view.get("board") or {}).get("claims") or []
    if view.get("phase") != "guessing" or not claims:
        return None, 0
    return claims[-1], len(claims)


def _turn(at_ms, label):
    """A role turning over (hint_hunt.css .hh-turn); `at_ms` None: already turned."""
    if at_ms is None:
        return label
    return beat(at_ms, label, cls="hh-turn")


def _later(at_ms, body, cls=""):
    if at_ms is None:
        return tag("span", body, class_=cls) if cls else body
    return beat(at_ms, body, cls=cls)


# --- scores ------------------------------------------------------------------------------------


def _ranked(view):
    players = view.get("players") or []
    scores = view.get("scores") or {}
    order = []
    for i in range(len(players)):
        order.append((-scores.get(players[i], 0), i, players[i]))
    order.sort()
    return [entry[2] for entry in order]


def _scores(view, ctx):
    rows = []
    scores = view.get("scores") or {}
    # the latest claim changes two scores, the guesser's and the hint writer's (D3-19): theirs rise in last
    claim, k = _latest(view)
    changed = [claim["player"], view["board"]["writer"]] if claim else []
    for p in _ranked(view):
        # the name and its badges in one line box, so a TV can keep a row to one line (hint_hunt.css)
        line = tag("span", _who(ctx, p) + _you(ctx, p) + _host_badge(view, p) + _away(ctx, p), class_="hh-line")
        number = signed(scores.get(p, 0))
        if p in changed:
            number = beat(POINTS_AT, number, id=_claim_key(view["board"], k) + "-" + str(changed.index(p)))
        rows.append(tag("tr", tag("th", line, scope="row") + tag("td", number, class_="hh-num")))
    head = tag("thead", tag("tr", tag("th", esc(_("Player")), scope="col") + tag("th", esc(_("Score")), scope="col")))
    return tag(
        "section",
        tag("h2", esc(_("Scores"))) + tag("table", head + tag("tbody", "".join(rows)), class_="hh-scores"),
        class_="hh-score-box",
    )


def _points(n):
    return ngettext("%(points)s point", "%(points)s points", abs(n), points=signed(n))


def _standings(view, ctx):
    """The ranked list, titled under the room's winners headline (the results screen, a replay's moment line)."""
    st = view.get("standings") or {}
    winners = st.get("winners") or []
    scores = st.get("scores") or {}
    if len(winners) > 1:
        line = _("Shared first place: %(names)s", names=_names(ctx, winners))
    elif winners:
        line = esc(_("Final standings"))  # the room's headline right above already says who won: once is enough
    else:
        line = esc(_("Game over"))
    rows = []
    for p in st.get("ranking") or []:
        mark = ""
        if p in winners:
            mark = " " + tag("span", esc(_("1st")), class_="badge hh-win")
        rows.append(
            tag(
                "li",
                seat_face(ctx, p)
                + tag("span", name_of(ctx, p) + _you(ctx, p), class_="hh-who")
                + mark
                + " "
                + tag("span", _points(scores.get(p, 0)), class_="hh-num"),
            )
        )
    return (
        tag("h2", line, class_="hh-winners")
        + tag("ol", "".join(rows), class_="hh-standings", aria_label=_("final standings"))
        + tag("p", esc(_text(st.get("note", ""))), class_="hh-note")
    )


# --- guessing: the board -------------------------------------------------------------------------


def _hint_banner(board, ctx, show=False):
    meta = _("Board %(number)s by %(name)s", number=board.get("number", 1), name=name_of(ctx, board["writer"]))
    left = board.get("boards_left", 0)
    if left:
        meta += " &middot; " + esc(ngettext("%(n)s more to come", "%(n)s more to come", left))
    else:
        meta += " &middot; " + esc(_("final board"))
    return tag(
        "div",
        tag("p", esc(_("Hint")), class_="hh-label")
        + tag("p", esc(board["hint_text"]), class_="hh-hint", dir="auto")
        + tag("p", meta, class_="hh-meta"),
        class_="hh-hint-box",
        data_show="hh-board-%d" % board.get("number", 1) if show else None,
    )


def _tile(word, claim, role, ctx, claimable, key=None, at=None):
    """One word: a claim button when claimable, else its known state in words (never colour alone). A claimed
    tile carries its claim's `key`; `at` (ms) makes it the moment: the role turns over at `at`, then (a claim)
    who claimed it and its points."""
    if claim is not None:
        role = claim["role"]
        moving = at is not None
        body = (
            _word(word)
            + tag(
                "span",
                _turn(at, role_label(role))
                + " "
                + _later(at + POINTS_AT if moving else None, ROLE_POINTS.get(role, "")),
                class_="hh-role",
            )
            + _later(
                at + BY_AT if moving else None,
                _by(first_name_of(ctx, claim["player"])),
                "hh-by",
            )
        )
        return tag("li", body, class_="hh-tile hh-claimed hh-role-" + esc(role), id=key)
    if claimable:
        cls = "btn hh-claim hh-long" if len(word) > LONG_WORD else "btn hh-claim"
        return tag(
            "li",
            button(word, {"type": "claim", "word": word}, cls=cls, aria_label=_("Claim %(word)s", word=word)),
            class_="hh-tile hh-open",
        )
    if role is not None:
        body = (
            _word(word)
            + tag("span", _turn(at, role_label(role)), class_="hh-role")
            + _later(at, esc(_("unclaimed")), "hh-by")
        )
        return tag("li", body, class_="hh-tile hh-unclaimed hh-role-" + esc(role), id=key)
    return tag("li", _word(word) + tag("span", esc(_("unclaimed")), class_="hh-by"), class_="hh-tile hh-hidden")


def _grid(view, ctx, interactive):
    board = view["board"]
    claims = {}
    order = {}
    for k, c in enumerate(board.get("claims") or []):
        claims[c["word"]] = c
        order[c["word"]] = k + 1
    latest = len(order)
    roles = board.get("roles") or {}
    claimable = (view.get("claimable") or []) if interactive else []
    # at the board's end the words nobody claimed turn over in turn (D3-08); the writer saw them all along
    hidden = []
    if board.get("ended") and view.get("status") != "writer":
        hidden = [w for w in board["words"] if w not in claims and w in roles]
    step = (ENDED_AT - REVEAL_AT) // max(1, len(hidden))
    tiles = []
    for w in board["words"]:
        k = order.get(w)
        if k is not None:
            tiles.append(_tile(w, claims[w], None, ctx, False, _claim_key(board, k), TURN_AT if k == latest else None))
        else:
            at = REVEAL_AT + hidden.index(w) * step if w in hidden else None
            key = moment_key("hh", board.get("number", 0), "end", hidden.index(w)) if w in hidden else None
            tiles.append(_tile(w, None, roles.get(w), ctx, w in claimable, key, at))
    words = len(board["words"])
    return tag("ul", "".join(tiles), class_="hh-grid", aria_label=ngettext("the %(n)s word", "the %(n)s words", words))


def _ended_line(view, text):
    """How the board ended: the last step of its end (a moment of its own: the board's end key)."""
    board = view["board"]
    return beat(ENDED_AT, text, id=moment_key("hh", board.get("number", 0), "end"))


def _claim_log(view, ctx):
    claims = view["board"].get("claims") or []
    if not claims:
        return tag("p", esc(_("No words claimed yet.")), class_="hh-note")
    items = []
    for c in claims:
        items.append(
            tag(
                "li",
                _(
                    "%(name)s claimed %(word)s: %(role)s (%(points)s)",
                    name=name_of(ctx, c["player"]),
                    word=esc(c["word"]),
                    role=role_label(c["role"]),
                    points=signed(c["delta"]),
                ),
            )
        )
    return tag("ol", "".join(items), class_="hh-claims", aria_label=_("claims in order"))


def _guessers(view, ctx):
    items = []
    guessers = view.get("guessers") or {}
    for p in view.get("players") or []:
        if p not in guessers:
            continue
        st = guessers[p]
        items.append(
            tag(
                "li",
                _who(ctx, p)
                + _you(ctx, p)
                + _away(ctx, p)
                + ": "
                + tag("span", _guesser_label(st), class_="hh-state hh-" + esc(st)),
            )
        )
    return tag("ul", "".join(items), class_="hh-guessers", aria_label=_("guessers on this board"))


# how a board ended, as the line under a revealed last board says it
ENDED_BY = {
    "all_targets": N_("every target was found"),
    "assassin": N_("the assassin was claimed"),
    "no_guessers": N_("nobody was left guessing"),
    "host_moved_on": N_("the host moved on"),
}


def _last_board(view, ctx, folded=False):
    """The board before this one, ended, with every role shown (D3-08): who claimed what, and the words
    nobody claimed, then how it ended and the hint writer's score change. A section on show until the new
    board's first claim, walking in as a moment (every role turning over in claim order, then the rest), then a
    fold, one tap away and still (its id keeps a person's own tap across re-renders, static/js/glue.js)."""
    last = view.get("last_board")
    if not last:
        return ""
    claims = {}
    for c in last.get("claims") or []:
        claims[c["word"]] = c
    roles = last.get("roles") or {}
    # the order the roles turn over: the claims as they came, then the words nobody claimed
    turns = [c["word"] for c in last.get("claims") or []] + [w for w in last["words"] if w not in claims]
    step = LAST_LINE_AT // max(1, len(turns))

    def at(at_ms):
        return None if folded else at_ms

    tiles = []
    for w in last["words"]:
        role = roles.get(w, "civilian")
        claim = claims.get(w)
        turn = at(turns.index(w) * step)
        by = _later(turn, _("by %(name)s", name=name_of(ctx, claim["player"])), "hh-by") if claim is not None else ""
        meta = tag(
            "span",
            tag("span", _turn(turn, role_label(role)), class_="hh-role") + by,
            class_="hh-mini-meta",
        )
        tiles.append(
            tag(
                "li",
                _word(w) + meta,
                class_="hh-mini-tile hh-role-%s %s" % (esc(role), "hh-got" if claim else "hh-unclaimed"),
            )
        )
    how = esc(_text(ENDED_BY.get(last.get("end_reason"), "")))
    line = tag(
        "p",
        _(
            "%(hint)s by %(name)s",
            hint=tag("strong", esc(last["hint_text"]), class_="hh-last-hint", dir="auto"),
            name=name_of(ctx, last["writer"]),
        )
        + (_later(at(LAST_LINE_AT), " &middot; " + how) if how else ""),
        class_="hh-last-line",
    )
    score = ""
    if last["writer"] in (view.get("players") or []):  # D3-10: a removed writer's changes were not recorded
        # every claim changed the hint writer's score by its points (D3-19): their change on this board
        total = sum([c["delta"] for c in last.get("claims") or []])
        score = _later(at(LAST_SCORE_AT), who(ctx, last["writer"]) + " " + signed(total), "hh-last-score")
    grid = tag(
        "ul",
        "".join(tiles),
        class_="hh-mini",
        aria_label=_("every role on board %(number)s", number=last.get("number", 0)),
    )
    title = esc(_("Board %(number)s revealed", number=last.get("number", 0)))
    if folded:
        return tag(
            "details",
            tag("summary", title) + line + grid,
            class_="hh-last hh-last-folded",
            id="hh-last-%d" % last.get("number", 0),
        )
    return tag(
        "section",
        tag("div", tag("h2", title) + line + score, class_="hh-last-head") + grid,
        class_="hh-last",
        id=moment_key("hh-last", last.get("number", 0)),
    )


def _last_board_open(view):
    """The last board is on show until guessing starts on the new one (its first claim, or its end)."""
    board = view.get("board") or {}
    return bool(view.get("last_board")) and not board.get("claims") and not board.get("ended")


def _guess_box(view, ctx):
    """Who is guessing on this board. While the last board is on show a TV draws that in this box's place;
    once guessing has started, the last board is folded at this box's heading, one tap away."""
    if _last_board_open(view):
        return tag(
            "section", tag("h2", esc(_("Guessers"))) + _guessers(view, ctx), class_="hh-guess-box hh-beside-last"
        )
    return tag(
        "section",
        tag("h2", esc(_("Guessers"))) + _last_board(view, ctx, folded=True) + _guessers(view, ctx),
        class_="hh-guess-box",
    )


def _board_status(view):
    board = view["board"]
    if board.get("ended"):
        text = _board_over(board)
        if view.get("status") in ("guessing", "stopped"):
            text += " " + esc(_("Waiting for the host."))
        return _ended_line(view, text)
    return esc(_text(GUESSING_HINTS.get(view.get("status"), "")))


# --- hint writing ---------------------------------------------------------------------------------


def _write_form(view):
    board = view["board"]
    locked = board.get("locked") or {}
    draft = board.get("targets") or []
    items = []
    for w in board["words"]:
        if w in locked:
            role = locked[w]
            items.append(
                tag(
                    "li",
                    _word(w) + tag("span", locked_label(role), class_="hh-role"),
                    class_="hh-pick hh-locked hh-role-" + esc(role),
                )
            )
        else:
            box = '<input type="checkbox" name="targets" value="%s"%s>' % (esc(w), " checked" if w in draft else "")
            items.append(tag("li", tag("label", box + " " + _word(w)), class_="hh-pick"))
    grid = tag(
        "ul",
        "".join(items),
        class_="hh-grid hh-write-grid",
        aria_label=ngettext("your %(n)s word", "your %(n)s words", len(board["words"])),
    )
    count = tag(
        "p",
        # i18n: %(count)s is how many words are ticked, counted on the page as they are ticked
        _(
            "Targets chosen: %(count)s (pick %(low)s to %(high)s)",
            count=tag("span", "", class_="hh-count-n"),
            low=board.get("min_targets", 1),
            high=board.get("max_targets", 5),
        ),
        class_="hh-count",
    )
    hint = tag(
        "label",
        esc(
            _(
                "Your hint (up to %(max)s characters, no need to type the number)",
                max=board.get("hint_max", 24),
            )
        )
        + '<input type="text" name="hint" maxlength="%d" required autocomplete="off" value="%s">'
        % (board.get("hint_max", 24), esc(board.get("hint", ""))),
        class_="hh-hint-input",
    )
    submit = tag("button", esc(_("Submit")), type="submit", class_="btn hh-submit")
    # the hint and Submit stay at the foot of a phone's screen while the words scroll under them (issue 38: Submit
    # started below a 360x640 phone's fold)
    return tag(
        "form",
        grid + count + tag("div", hint + submit, class_="hh-write-foot"),
        class_="hh-write",
        id="hh-write-%d" % _checksum(board["words"]),
        data_move=move_json({"type": "submit"}),
    )


def _submitted(view):
    board = view["board"]
    locked = board.get("locked") or {}
    targets = board.get("targets") or []
    items = []
    for w in board["words"]:
        if w in targets:
            label = role_label("target")
            cls = "target"
        elif w in locked:
            label = locked_label(locked[w])
            cls = locked[w]
        else:
            label = role_label("civilian")
            cls = "civilian"
        items.append(tag("li", _word(w) + tag("span", label, class_="hh-role"), class_="hh-pick hh-role-" + esc(cls)))
    mine = tag("strong", esc(board.get("hint_text", "")), class_="hh-hint", dir="auto")  # typed: its own direction
    out = [tag("p", _("Your hint: %(hint)s", hint=mine), class_="hh-mine")]
    upper = board.get("hint", "").upper()
    if upper in board["words"]:  # D3-04: a soft warning only; the host moderates
        out.append(tag("p", esc(_("Heads up: your hint is one of your board's words.")), class_="hh-warn"))
    out.append(tag("ul", "".join(items), class_="hh-grid", aria_label=_("your board")))
    if view.get("can_edit"):
        out.append(button(_("Edit"), {"type": "edit"}, cls="btn hh-edit"))
    return "".join(out)


def _submit_board(view, ctx):
    items = []
    submitted = view.get("submitted") or {}
    for p in view.get("players") or []:
        done = submitted.get(p)
        state = tag(
            "span",
            "&#10003; " + esc(pgettext("hint hunt writer", "submitted")) if done else esc(_("writing…")),
            class_="hh-state " + ("hh-submitted" if done else "hh-waiting"),
        )
        items.append(tag("li", _who(ctx, p) + _you(ctx, p) + _host_badge(view, p) + _away(ctx, p) + " " + state))
    return tag(
        "section",
        tag("h2", esc(_("Hints")))
        + tag("ul", "".join(items), class_="hh-who-submitted", aria_label=_("who has submitted")),
        class_="hh-submit-box",
    )


# --- host controls ------------------------------------------------------------------------------


def controls(view, ctx):
    """The rulebook host's buttons, from a view with "controls" (the host's seat's, or view(s, HOST)): beside the
    table on the TV, in the phone of the seat holding the controls (ui/room.py controls_band)."""
    c = view.get("controls")
    if not c or not ctx.get("is_host"):
        return ""
    # beside the table on the TV, the table itself says who is writing and who is guessing: the buttons alone there
    beside = ctx.get("beside_table")
    out = [] if beside else [tag("h2", esc(_("Host controls")))]
    phase = view["phase"]
    if phase == "hint_writing":
        waiting = c.get("waiting_for") or []
        left_out = c.get("left_out") or []
        if c.get("can_start_guessing"):
            # the TV remote's next action once every hint is in (static/js/remote.js takes the focus there);
            # D3-22: a writer away with no hint in is named first, and their board is not played
            confirm = None
            if left_out:
                confirm = ngettext(
                    "%(names)s is away with no hint in. Start without their board?",
                    "%(names)s are away with no hint in. Start without their boards?",
                    len(left_out),
                    names=_plain_names(ctx, left_out),
                )
            out.append(
                button(_("Start game"), {"type": "start_guessing"}, cls="btn hh-start", data_next="1", confirm=confirm)
            )
        else:
            out.append(button(_("Start game"), {"type": "start_guessing"}, cls="btn hh-start", disabled=True))
            if not beside:
                out.append(
                    tag("p", _("Waiting for a hint from: %(names)s", names=_names(ctx, waiting)), class_="hh-note")
                )
    elif phase == "guessing":
        still = c.get("still_guessing") or []
        label = _(c.get("next_label") or "Next hint")  # the view's English (views.py), marked there
        confirm = None
        if c.get("next_needs_confirm"):
            confirm = ngettext(
                "%(names)s is still guessing. Move on anyway? They stop with no score change.",
                "%(names)s are still guessing. Move on anyway? They stop with no score change.",
                len(still),
                names=_plain_names(ctx, still),
            )
        out.append(
            button(
                label,
                {"type": "next_board", "confirm": True},
                cls="btn hh-next",
                disabled=not c.get("can_next"),
                confirm=confirm,
                data_next="1" if confirm is None else None,
            )
        )  # the board is over: on to the next
        if still and not beside:
            out.append(tag("p", _("Still guessing: %(names)s", names=_names(ctx, still)), class_="hh-note"))
    rows = []
    rejectable = c.get("rejectable") or []
    for entry in c.get("removable") or []:
        p = entry["player"]
        if p == ctx.get("holder"):
            continue  # nobody is offered to remove themselves (DX-09)
        plain = ctx["names"].get(p, "?")
        buttons = ""
        if p in rejectable:
            buttons += button(
                _("Reject hint"),
                {"type": "reject", "player": p},
                cls="btn hh-reject",
                confirm=_("Reject %(name)s's hint? %(name)s gets a new board and writes again.", name=plain),
            )
        if entry.get("confirm_needed"):
            sentence = _(
                "Remove %(name)s? Fewer than two players would remain, so the game ends and "
                "everyone returns to the lobby.",
                name=plain,
            )
        else:
            sentence = _("Remove %(name)s from the game? They cannot rejoin.", name=plain)
        buttons += button(
            _("Remove"),
            {"type": "remove", "player": p, "confirm": bool(entry.get("confirm_needed"))},
            cls="btn hh-remove",
            confirm=sentence,
        )
        rows.append(tag("li", tag("span", name_of(ctx, p) + _away(ctx, p), class_="hh-who") + " " + buttons))
    if rows:
        # one tap away, so the TV keeps its height with twelve players (e2e/test_tv_fit.py); who has written
        # a hint is in the Hints list beside it
        summary = _("Reject a hint or remove a player") if rejectable else _("Remove a player")
        out.append(
            tag(
                "details",
                tag("summary", esc(summary))
                + tag("ul", "".join(rows), class_="hh-host-players", aria_label=_("players")),
                class_="hh-host-tools",
            )
        )
    return tag("nav", "".join(out), class_="hh-controls", aria_label=_("host controls"))


# --- screens ------------------------------------------------------------------------------------


def phone(view, ctx):
    """One player's phone: big tap targets, a one-line status, host controls when hosting. Two columns
    (hh-col-main: the board; hh-col-info: who, scores, controls): stacked on a phone, side by side when
    the host plays on a wide screen, so the host's next button is never below the TV's edge."""
    phase = view.get("phase")
    status = view.get("status")
    body = []
    info = []
    folds = []  # one tap away: side by side on a TV while folded (hint_hunt.css)
    if phase == "abandoned":
        body.append(tag("h1", esc(_("Game ended")), class_="hh-title"))
        body.append(_status(esc(_("Fewer than two players remained, so everyone goes back to the lobby."))))
    elif phase == "hint_writing":
        body.append(tag("h1", esc(_("Write your hint")), class_="hh-title"))
        if status == "writing":
            board = view["board"]
            pick = _(
                "Pick %(low)s to %(high)s targets and write a hint that links them, then Submit.",
                low=board.get("min_targets", 1),
                high=board.get("max_targets", 5),
            )
            body.append(_status(esc(pick)))
            body.append(_write_form(view))
        elif status == "submitted":
            body.append(_status(esc(_("Submitted. Wait for the others, or tap Edit to change it."))))
            body.append(_submitted(view))
        elif status == "removed":
            body.append(_status(esc(_(GUESSING_HINTS["removed"]))))
        else:
            body.append(_status(esc(_("Players are writing their hints. You are watching."))))
        info.append(_submit_board(view, ctx))
    elif phase == "guessing":
        board = view["board"]
        # a new board is the moment: its hint brought into view on the phone (glue.js data-show)
        body.append(_hint_banner(board, ctx, show=True))
        body.append(_status(_board_status(view)))
        body.append(_grid(view, ctx, True))
        if view.get("can_done"):
            body.append(button(_("I'm done guessing"), {"type": "done_guessing"}, cls="btn hh-done"))
        if _last_board_open(view):
            body.append(_last_board(view, ctx))
        # who is still guessing belongs with the board (under it); the scores and the story beside it
        body.append(_guess_box(view, ctx))
        info.append(_scores(view, ctx))
        folds.append(tag("details", tag("summary", esc(_("Claims so far"))) + _claim_log(view, ctx), class_="hh-log"))
    elif phase == "scoreboard":
        body.append(_standings(view, ctx))
        info.append(_last_board(view, ctx))  # beside the standings on a TV, under them on a phone
    host = controls(view, ctx)
    if host:
        info.insert(0, host)  # the host's next step comes first in its column
    folds.append(_rules())
    info.append(tag("div", "".join(folds), class_="hh-folds"))
    return tag(
        "section",
        tag("div", "".join(body), class_="hh-col hh-col-main") + tag("div", "".join(info), class_="hh-col hh-col-info"),
        class_="hh hh-phone hh-" + esc(phase or "unknown"),
    )


def table_side(view, ctx):
    """Beside the table on the TV, under the people: the host's buttons (view(s, HOST) carries them)."""
    return ctx.get("host_buttons", "")  # controls(), drawn once by the room's list (ui/decisions.py)


def table(view, ctx):
    """The shared screen (view(s, None)): the board being guessed and the scores, large and calm."""
    phase = view.get("phase")
    body = []
    if phase == "abandoned":
        body.append(tag("h1", esc(_("Game ended")), class_="hh-title"))
        body.append(_status(esc(_("Fewer than two players remained. Back to the lobby."))))
    elif phase == "hint_writing":
        body.append(tag("h1", esc(_("Hint Hunt: everyone is writing a hint")), class_="hh-title"))
        submitted = view.get("submitted") or {}
        done = len([p for p in submitted if submitted[p]])
        body.append(
            _status(
                esc(
                    ngettext(
                        "%(done)s of %(n)s hint submitted.",
                        "%(done)s of %(n)s hints submitted.",
                        len(submitted),
                        done=done,
                    )
                )
            )
        )
        body.append(_submit_board(view, ctx))
    elif phase == "guessing":
        board = view["board"]
        body.append(_hint_banner(board, ctx))
        if board.get("ended"):
            body.append(_status(_ended_line(view, _board_over(board))))
        else:
            body.append(_status(esc(_("Guess on your phones: tap a word to claim it."))))
        body.append(_grid(view, ctx, False))
        # as on the host's own screen: under the board, the board before it until the new one's first claim
        # (everyone is guessing then), after that who is guessing, with the last board folded at its heading;
        # the scores beside
        body.append(_last_board(view, ctx) if _last_board_open(view) else _guess_box(view, ctx))
        body.append(tag("div", _scores(view, ctx), class_="hh-side"))
    elif phase == "scoreboard":
        body.append(_standings(view, ctx))
        body.append(_last_board(view, ctx, folded=True))  # one tap away: the standings keep the TV's height
    return tag("section", "".join(body), class_="hh hh-table hh-" + esc(phase or "unknown"))
