"""Hint Hunt screens: one player's phone (with the host's controls when ctx["is_host"]) and an
optional shared table showing the board being guessed and the scores.

Pure functions view -> HTML string, in the Python subset MicroPython runs. The view names players
by id only; names come from ctx["names"] through name_of() (escaped). Words and hints are escaped
too: boards can come from options, and hints are typed by players.
"""

from ...ui.html import beat, button, esc, first_name_of, moment_key, move_json, name_of, seat_face, signed, tag, who
from ...ui.illustrations import chip, column, grid, row, rules_box, steps, tile

ROLE_LABELS = {"target": "TARGET", "civilian": "CIVILIAN", "assassin": "ASSASSIN"}
ROLE_POINTS = {"target": "+3", "civilian": "&minus;1", "assassin": "&minus;5"}

END_REASONS = {
    "all_targets": "Every target was found.",
    "assassin": "The assassin was claimed: this board is over for everyone.",
    "no_guessers": "Nobody is left guessing on this board.",
    "host_moved_on": "The host moved on.",
}

GUESSING_HINTS = {
    "guessing": "Tap each word you think the hint points to.",
    "out": "You claimed a civilian, so you are out on this board.",
    "done": "You stopped guessing on this board.",
    "stopped": "This board is over. Waiting for the host to move on.",
    "writer": "This is your board: watch the others guess. You see every role.",
    "spectator": "You are watching. Words are claimed as players find them.",
    "removed": "You were removed from this game.",
}

# the final screen ranks everyone itself: the room's phone screen shows only its headline above it
OWN_STANDINGS = True


def _picture():
    """A writer's board with its targets, the same board as guessers see it under the hint, what a tap scores."""
    hint = row(chip("Hint", "label"), chip("BEACH 2", "hint"))
    writer = column(
        grid(
            [
                tile("WAVE", "TARGET", "target"),
                tile("SHELL", "TARGET", "target"),
                tile("PIANO", "CIVILIAN"),
                tile("SHARK", "ASSASSIN", "assassin"),
                tile("CLOUD", "CIVILIAN"),
                tile("TRAIN", "CIVILIAN"),
            ]
        ),
        hint,
    )
    guessers = column(
        hint,
        grid(
            [
                tile("WAVE", "tapped", "tapped"),
                tile("SHELL"),
                tile("PIANO"),
                tile("SHARK"),
                tile("CLOUD"),
                tile("TRAIN"),
            ]
        ),
    )
    scores = column(
        row(tile("WAVE", "TARGET", "target"), chip("+3, keep going", "ok")),
        row(tile("PIANO", "CIVILIAN"), chip("&minus;1, you are out", "no")),
        row(tile("SHARK", "ASSASSIN", "assassin"), chip("&minus;5, board over", "bust")),
    )
    return steps(
        "Hint Hunt in three pictures",
        [
            (
                "Six of your board's words: WAVE and SHELL ticked as targets, SHARK locked as the assassin, the rest "
                "civilians; your hint reads BEACH 2",
                writer,
                "On your board (12 words, 6 shown here), tick the targets and write one hint that links them. The number is added for you.",
            ),
            (
                "The others see the same words without roles, under the hint BEACH 2, and tap WAVE",
                guessers,
                "Everyone else sees only the words and your hint, and taps the words they think you mean.",
            ),
            (
                "WAVE is a target: plus 3. PIANO is a civilian: minus 1 and out. SHARK is the assassin: minus 5, "
                "the board ends",
                scores,
                "Each tap scores the same for the guesser and for you, the writer.",
            ),
        ],
    )


PICTURE = _picture()

RULES_TEXT = (
    "<p>Everyone gets a private board of 12 words. Three civilians and one assassin are locked. "
    "Choose 1 to 5 of the other eight words as targets and write one hint (up to 24 characters) "
    "that links them. The number of targets is shown next to your hint.</p>"
    "<p>Then the boards are played one at a time, in join order. Everyone except the writer "
    "guesses at once: tap a word to claim it. A word can be claimed only once.</p><ul>"
    "<li><b>Target +3</b>: keep guessing.</li>"
    "<li><b>Civilian &minus;1</b>: you are out for this board.</li>"
    "<li><b>Assassin &minus;5</b>: the board ends for everyone.</li></ul>"
    "<p>Each claim changes the guesser's and the writer's score by the same amount. A board also "
    "ends when all its targets are found or nobody is left guessing. Scores can go below zero; "
    "the highest total wins and ties share first place.</p>"
)
RULES = PICTURE + RULES_TEXT  # what every how-to-play shows: the picture, then the words


# --- small pieces -------------------------------------------------------------------------------


def _status(text):
    return tag("p", text, class_="hh-status", role="status", aria_live="polite")


def _who(ctx, p):
    """A player in one of the TV's lists: their face, then their name, as who() draws them; the name alone in
    .hh-who (a long one ends in an ellipsis there, and the e2e reads it)."""
    return seat_face(ctx, p) + tag("span", name_of(ctx, p), class_="hh-who")


def _names(ctx, pids):
    return ", ".join([name_of(ctx, p) for p in pids])


def _plain_names(ctx, pids):
    """Names for a data-confirm sentence: plain text (attrs() escapes it once)."""
    return ", ".join([ctx["names"].get(p, "?") for p in pids])


def _away(ctx, pid):
    connected = ctx.get("connected") or {}
    if pid in connected and not connected[pid]:
        return " " + tag("span", "away", class_="badge hh-away")
    return ""


def _you(ctx, pid):
    if pid is not None and pid == ctx.get("me"):
        return " " + tag("span", "you", class_="badge hh-you")
    return ""


def _host_badge(view, pid):
    if pid is not None and pid == view.get("host"):
        return " " + tag("span", "host", class_="badge hh-host-badge")
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


def _rules():
    return rules_box(RULES, id_="hh-rules")


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


def _scores(view, ctx, title="Scores"):
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
    head = tag("thead", tag("tr", tag("th", "Player", scope="col") + tag("th", "Score", scope="col")))
    return tag(
        "section",
        tag("h2", title) + tag("table", head + tag("tbody", "".join(rows)), class_="hh-scores"),
        class_="hh-score-box",
    )


def _points(n):
    return signed(n) + (" point" if abs(n) == 1 else " points")


def _standings(view, ctx):
    """The ranked list, titled under the room's winners headline (the results screen, a replay's moment line)."""
    st = view.get("standings") or {}
    winners = st.get("winners") or []
    scores = st.get("scores") or {}
    if len(winners) > 1:
        line = "Shared first place: " + _names(ctx, winners)
    elif winners:
        line = "Final standings"  # the room's headline right above already says who won: once is enough
    else:
        line = "Game over"
    rows = []
    for p in st.get("ranking") or []:
        mark = ""
        if p in winners:
            mark = " " + tag("span", "1st", class_="badge hh-win")
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
        + tag("ol", "".join(rows), class_="hh-standings", aria_label="final standings")
        + tag("p", esc(st.get("note", "")), class_="hh-note")
    )


# --- guessing: the board -------------------------------------------------------------------------


def _hint_banner(board, ctx, show=False):
    meta = "Board %d by %s" % (board.get("number", 1), name_of(ctx, board["writer"]))
    left = board.get("boards_left", 0)
    if left:
        meta += " &middot; %d more to come" % left
    else:
        meta += " &middot; final board"
    return tag(
        "div",
        tag("p", "Hint", class_="hh-label")
        + tag("p", esc(board["hint_text"]), class_="hh-hint")
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
                _turn(at, ROLE_LABELS.get(role, esc(role)))
                + " "
                + _later(at + POINTS_AT if moving else None, ROLE_POINTS.get(role, "")),
                class_="hh-role",
            )
            + _later(
                at + BY_AT if moving else None,
                tag("span", "by ", class_="by-word") + first_name_of(ctx, claim["player"]),
                "hh-by",
            )
        )
        return tag("li", body, class_="hh-tile hh-claimed hh-role-" + esc(role), id=key)
    if claimable:
        cls = "btn hh-claim hh-long" if len(word) > LONG_WORD else "btn hh-claim"
        return tag(
            "li",
            button(word, {"type": "claim", "word": word}, cls=cls, aria_label="Claim " + word),
            class_="hh-tile hh-open",
        )
    if role is not None:
        body = (
            _word(word)
            + tag("span", _turn(at, ROLE_LABELS.get(role, esc(role))), class_="hh-role")
            + _later(at, "unclaimed", "hh-by")
        )
        return tag("li", body, class_="hh-tile hh-unclaimed hh-role-" + esc(role), id=key)
    return tag("li", _word(word) + tag("span", "unclaimed", class_="hh-by"), class_="hh-tile hh-hidden")


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
    return tag("ul", "".join(tiles), class_="hh-grid", aria_label="the 12 words")


def _ended_line(view, text):
    """How the board ended: the last step of its end (a moment of its own: the board's end key)."""
    board = view["board"]
    return beat(ENDED_AT, text, id=moment_key("hh", board.get("number", 0), "end"))


def _claim_log(view, ctx):
    claims = view["board"].get("claims") or []
    if not claims:
        return tag("p", "No words claimed yet.", class_="hh-note")
    items = []
    for c in claims:
        items.append(
            tag(
                "li",
                "%s claimed %s: %s (%s)"
                % (
                    name_of(ctx, c["player"]),
                    esc(c["word"]),
                    ROLE_LABELS.get(c["role"], esc(c["role"])),
                    signed(c["delta"]),
                ),
            )
        )
    return tag("ol", "".join(items), class_="hh-claims", aria_label="claims in order")


def _guessers(view, ctx):
    labels = {"guessing": "guessing", "out": "out (civilian)", "done": "done", "stopped": "stopped"}
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
                + tag("span", labels.get(st, esc(st)), class_="hh-state hh-" + esc(st)),
            )
        )
    return tag("ul", "".join(items), class_="hh-guessers", aria_label="guessers on this board")


# how a board ended, as the line under a revealed last board says it
ENDED_BY = {
    "all_targets": "every target was found",
    "assassin": "the assassin was claimed",
    "no_guessers": "nobody was left guessing",
    "host_moved_on": "the host moved on",
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
        by = _later(turn, "by " + name_of(ctx, claim["player"]), "hh-by") if claim is not None else ""
        meta = tag(
            "span",
            tag("span", _turn(turn, ROLE_LABELS.get(role, esc(role))), class_="hh-role") + by,
            class_="hh-mini-meta",
        )
        tiles.append(
            tag(
                "li",
                _word(w) + meta,
                class_="hh-mini-tile hh-role-%s %s" % (esc(role), "hh-got" if claim else "hh-unclaimed"),
            )
        )
    how = ENDED_BY.get(last.get("end_reason"), "")
    line = tag(
        "p",
        tag("strong", esc(last["hint_text"]), class_="hh-last-hint")
        + " by "
        + name_of(ctx, last["writer"])
        + (_later(at(LAST_LINE_AT), " &middot; " + how) if how else ""),
        class_="hh-last-line",
    )
    score = ""
    if last["writer"] in (view.get("players") or []):  # D3-10: a removed writer's changes were not recorded
        # every claim changed the hint writer's score by its points (D3-19): their change on this board
        total = sum([c["delta"] for c in last.get("claims") or []])
        score = _later(at(LAST_SCORE_AT), who(ctx, last["writer"]) + " " + signed(total), "hh-last-score")
    grid = tag("ul", "".join(tiles), class_="hh-mini", aria_label="every role on board %d" % last.get("number", 0))
    title = "Board %d revealed" % last.get("number", 0)
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
        return tag("section", tag("h2", "Guessers") + _guessers(view, ctx), class_="hh-guess-box hh-beside-last")
    return tag(
        "section",
        tag("h2", "Guessers") + _last_board(view, ctx, folded=True) + _guessers(view, ctx),
        class_="hh-guess-box",
    )


def _board_status(view):
    board = view["board"]
    if board.get("ended"):
        text = "Board over. " + END_REASONS.get(board.get("end_reason"), "")
        if view.get("status") in ("guessing", "stopped"):
            text += " Waiting for the host."
        return _ended_line(view, text)
    return GUESSING_HINTS.get(view.get("status"), "")


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
                    _word(w) + tag("span", "LOCKED " + ROLE_LABELS.get(role, esc(role)), class_="hh-role"),
                    class_="hh-pick hh-locked hh-role-" + esc(role),
                )
            )
        else:
            box = '<input type="checkbox" name="targets" value="%s"%s>' % (esc(w), " checked" if w in draft else "")
            items.append(tag("li", tag("label", box + " " + _word(w)), class_="hh-pick"))
    grid = tag("ul", "".join(items), class_="hh-grid hh-write-grid", aria_label="your 12 words")
    count = tag(
        "p",
        "Targets chosen: "
        + tag("span", "", class_="hh-count-n")
        + " (pick %d to %d)" % (board.get("min_targets", 1), board.get("max_targets", 5)),
        class_="hh-count",
    )
    hint = tag(
        "label",
        "Your hint (up to %d characters, no need to type the number)" % board.get("hint_max", 24)
        + '<input type="text" name="hint" maxlength="%d" required autocomplete="off" value="%s">'
        % (board.get("hint_max", 24), esc(board.get("hint", ""))),
        class_="hh-hint-input",
    )
    submit = tag("button", "Submit", type="submit", class_="btn hh-submit")
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
            label = "TARGET"
            cls = "target"
        elif w in locked:
            label = "LOCKED " + ROLE_LABELS.get(locked[w], esc(locked[w]))
            cls = locked[w]
        else:
            label = "CIVILIAN"
            cls = "civilian"
        items.append(tag("li", _word(w) + tag("span", label, class_="hh-role"), class_="hh-pick hh-role-" + esc(cls)))
    out = [tag("p", "Your hint: " + tag("strong", esc(board.get("hint_text", "")), class_="hh-hint"), class_="hh-mine")]
    upper = board.get("hint", "").upper()
    if upper in board["words"]:  # D3-04: a soft warning only; the host moderates
        out.append(tag("p", "Heads up: your hint is one of your board's words.", class_="hh-warn"))
    out.append(tag("ul", "".join(items), class_="hh-grid", aria_label="your board"))
    if view.get("can_edit"):
        out.append(button("Edit", {"type": "edit"}, cls="btn hh-edit"))
    return "".join(out)


def _submit_board(view, ctx):
    items = []
    submitted = view.get("submitted") or {}
    for p in view.get("players") or []:
        done = submitted.get(p)
        state = tag(
            "span",
            "&#10003; submitted" if done else "writing&hellip;",
            class_="hh-state " + ("hh-submitted" if done else "hh-waiting"),
        )
        items.append(tag("li", _who(ctx, p) + _you(ctx, p) + _host_badge(view, p) + _away(ctx, p) + " " + state))
    return tag(
        "section",
        tag("h2", "Hints") + tag("ul", "".join(items), class_="hh-who-submitted", aria_label="who has submitted"),
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
    out = [] if beside else [tag("h2", "Host controls")]
    phase = view["phase"]
    if phase == "hint_writing":
        waiting = c.get("waiting_for") or []
        left_out = c.get("left_out") or []
        if c.get("can_start_guessing"):
            # the TV remote's next action once every hint is in (static/js/remote.js takes the focus there);
            # D3-22: a writer away with no hint in is named first, and their board is not played
            confirm = None
            if left_out:
                confirm = "%s away with no hint in. Start without %s?" % (
                    _plain_names(ctx, left_out) + (" is" if len(left_out) == 1 else " are"),
                    "their board" if len(left_out) == 1 else "their boards",
                )
            out.append(
                button("Start game", {"type": "start_guessing"}, cls="btn hh-start", data_next="1", confirm=confirm)
            )
        else:
            out.append(button("Start game", {"type": "start_guessing"}, cls="btn hh-start", disabled=True))
            if not beside:
                out.append(tag("p", "Waiting for a hint from: " + _names(ctx, waiting), class_="hh-note"))
    elif phase == "guessing":
        still = c.get("still_guessing") or []
        label = c.get("next_label", "Next hint")
        confirm = None
        if c.get("next_needs_confirm"):
            confirm = "%s still guessing. Move on anyway? They stop with no score change." % (
                _plain_names(ctx, still) + (" is" if len(still) == 1 else " are")
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
            out.append(tag("p", "Still guessing: " + _names(ctx, still), class_="hh-note"))
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
                "Reject hint",
                {"type": "reject", "player": p},
                cls="btn hh-reject",
                confirm="Reject %s's hint? %s gets a new board and writes again." % (plain, plain),
            )
        if entry.get("confirm_needed"):
            sentence = (
                "Remove %s? Fewer than two players would remain, so the game ends and "
                "everyone returns to the lobby." % plain
            )
        else:
            sentence = "Remove %s from the game? They cannot rejoin." % plain
        buttons += button(
            "Remove",
            {"type": "remove", "player": p, "confirm": bool(entry.get("confirm_needed"))},
            cls="btn hh-remove",
            confirm=sentence,
        )
        rows.append(tag("li", tag("span", name_of(ctx, p) + _away(ctx, p), class_="hh-who") + " " + buttons))
    if rows:
        # one tap away, so the TV keeps its height with twelve players (e2e/test_tv_fit.py); who has written
        # a hint is in the Hints list beside it
        summary = "Reject a hint or remove a player" if rejectable else "Remove a player"
        out.append(
            tag(
                "details",
                tag("summary", summary) + tag("ul", "".join(rows), class_="hh-host-players", aria_label="players"),
                class_="hh-host-tools",
            )
        )
    return tag("nav", "".join(out), class_="hh-controls", aria_label="host controls")


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
        body.append(tag("h1", "Game ended", class_="hh-title"))
        body.append(_status("Fewer than two players remained, so everyone goes back to the lobby."))
    elif phase == "hint_writing":
        body.append(tag("h1", "Write your hint", class_="hh-title"))
        if status == "writing":
            body.append(_status("Pick 1 to 5 targets and write a hint that links them, then Submit."))
            body.append(_write_form(view))
        elif status == "submitted":
            body.append(_status("Submitted. Wait for the others, or tap Edit to change it."))
            body.append(_submitted(view))
        elif status == "removed":
            body.append(_status(GUESSING_HINTS["removed"]))
        else:
            body.append(_status("Players are writing their hints. You are watching."))
        info.append(_submit_board(view, ctx))
    elif phase == "guessing":
        board = view["board"]
        # a new board is the moment: its hint brought into view on the phone (glue.js data-show)
        body.append(_hint_banner(board, ctx, show=True))
        body.append(_status(_board_status(view)))
        body.append(_grid(view, ctx, True))
        if view.get("can_done"):
            body.append(button("I'm done guessing", {"type": "done_guessing"}, cls="btn hh-done"))
        if _last_board_open(view):
            body.append(_last_board(view, ctx))
        # who is still guessing belongs with the board (under it); the scores and the story beside it
        body.append(_guess_box(view, ctx))
        info.append(_scores(view, ctx))
        folds.append(tag("details", tag("summary", "Claims so far") + _claim_log(view, ctx), class_="hh-log"))
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
        body.append(tag("h1", "Game ended", class_="hh-title"))
        body.append(_status("Fewer than two players remained. Back to the lobby."))
    elif phase == "hint_writing":
        body.append(tag("h1", "Hint Hunt: everyone is writing a hint", class_="hh-title"))
        submitted = view.get("submitted") or {}
        done = len([p for p in submitted if submitted[p]])
        body.append(_status("%d of %d hints submitted." % (done, len(submitted))))
        body.append(_submit_board(view, ctx))
    elif phase == "guessing":
        board = view["board"]
        body.append(_hint_banner(board, ctx))
        if board.get("ended"):
            body.append(_status(_ended_line(view, "Board over. " + END_REASONS.get(board.get("end_reason"), ""))))
        else:
            body.append(_status("Guess on your phones: tap a word to claim it."))
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
