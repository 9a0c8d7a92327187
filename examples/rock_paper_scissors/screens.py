"""Rock, Paper, Scissors screens: the TV's table, the host's End game (controls) and one player's phone.

Pure functions view -> HTML string, in the Python subset MicroPython runs, like every module in
py/peerparty/ui/. Names come from ctx["names"] through name_of() (escaped); buttons come only from the
hands the view lists as legal, so a phone never offers a throw the host would refuse.
"""

from peerparty.ui.html import button, countdown, name_of, tag
from peerparty.ui.illustrations import arrow, chip, mini_card, person, row, rules_box, steps

HAND_NAMES = {"rock": "Rock", "paper": "Paper", "scissors": "Scissors"}

PICTURE = steps(
    "Rock, Paper, Scissors in three pictures",
    [
        (
            "Ann and Ben each hold a face-down card: their throws, hidden from each other",
            row(person("Ann", mini_card("?", "back")), person("Ben", mini_card("?", "back"))),
            "Both of you throw on your phone, in secret: Rock, Paper or Scissors.",
        ),
        (
            "Rock beats Scissors, Scissors beats Paper, Paper beats Rock: a row of chips joined by arrows",
            row(
                chip("Rock"),
                arrow("beats"),
                chip("Scissors"),
                arrow("beats"),
                chip("Paper"),
                arrow("beats"),
                chip("Rock"),
            ),
            "Rock beats Scissors beats Paper beats Rock. The same throw twice: throw again.",
        ),
        (
            "Ann has won two rounds, so she wins the game",
            row(person("Ann", chip("2 rounds", "ok")), chip("WINS", "ok")),
            "Win two rounds and you win. No throw when the clock runs out loses the round.",
        ),
    ],
)


def rules():
    """The how-to-play the room shows (ui/room.py how_to_play): the picture, then the words."""
    return PICTURE + (
        "<p>Two players, one phone each. Every round you both throw <b>Rock</b>, <b>Paper</b> or "
        "<b>Scissors</b> in secret; the host's screen shows who has thrown, never what. When both have "
        "thrown, the round is settled. The first to win two rounds wins.</p>"
    )


def _hand(hand):
    return HAND_NAMES.get(hand, "nothing")


def round_line(record, ctx):
    """One settled round, as a sentence: "Round 2: Ann Rock, Ben Scissors. Ann wins the round." """
    throws = ", ".join([name_of(ctx, p) + " " + _hand(record["throws"][p]) for p in record["throws"]])
    if record["winner"] is None:
        outcome = "Nobody wins the round."
    else:
        outcome = name_of(ctx, record["winner"]) + " wins the round."
    return "Round %d: %s. %s" % (record["round"], throws, outcome)


RECENT = 2  # rounds listed: a long game's list would push the table off the TV (e2e/test_tv_fit.py found it)


def _rounds(view, ctx):
    if not view["rounds"]:
        return ""
    latest = list(reversed(view["rounds"]))
    items = "".join([tag("li", round_line(r, ctx)) for r in latest[:RECENT]])
    earlier = len(latest) - RECENT
    more = (
        tag("p", "and %d earlier round%s" % (earlier, "" if earlier == 1 else "s"), class_="hint")
        if earlier > 0
        else ""
    )
    return tag("ol", items, class_="rps-rounds", aria_label="latest rounds, latest first") + more


def _clock(view, ctx):
    if view["deadline_ms"] is None:
        return ""
    return tag("p", "Time left " + countdown(view["deadline_ms"] - ctx.get("now_ms", 0)), class_="rps-clock")


def _score(view, ctx, pid):
    state = ""
    if view["phase"] == "throwing":
        state = "&#10003; thrown" if pid in view["thrown"] else "thinking&hellip;"
    return tag(
        "li",
        tag("b", name_of(ctx, pid))
        + " "
        + tag("span", "%d of %d" % (view["wins"][pid], view["target"]), class_="badge")
        + " "
        + state,
        class_="rps-player",
    )


def table(view, ctx):
    title = "Rock, Paper, Scissors"
    if view["round"]:
        title += ": round %d" % view["round"]
    head = tag("h1", title)
    players = tag("ul", "".join([_score(view, ctx, p) for p in view["players"]]), class_="rps-players")
    end = ctx.get("host_buttons", "")  # controls(), drawn by the room's one list of decisions (ui/decisions.py)
    gone = ""
    if view["removed"] is not None:
        gone = tag("p", name_of(ctx, view["removed"]) + " was removed from the game.", class_="hint")
    return tag("section", head + _clock(view, ctx) + players + gone + _rounds(view, ctx) + end, class_="rps rps-table")


def controls(view, ctx):
    """The host's buttons: the room draws them once, for the TV (beside the table) and for the phone holding the
    controls alike (ui/decisions.py), so the two cannot differ."""
    if view["phase"] == "over":
        return ""
    return button(
        "End game", {"type": "end_game"}, cls="btn danger", confirm="End the game for everyone now? Nobody wins it."
    )


def phone(view, ctx):
    me = view.get("me")
    if me is None:  # a spectator: the table, without the host's button
        return tag(
            "section",
            tag("h1", "Watching")
            + tag("ul", "".join([_score(view, ctx, p) for p in view["players"]]))
            + _rounds(view, ctx),
            class_="rps rps-phone",
        )
    other = [p for p in view["players"] if p != me][0]
    head = tag(
        "p",
        "Round %d &middot; me %d, %s %d" % (view["round"], view["wins"][me], name_of(ctx, other), view["wins"][other]),
        class_="rps-score",
    )
    if view.get("act"):
        body = tag("p", "Throw!", class_="hint") + tag(
            "div",
            "".join([button(_hand(h), {"type": "throw", "hand": h}, cls="btn big primary") for h in view["hands"]]),
            class_="rps-hands",
        )
    elif view["phase"] == "throwing":
        body = tag("p", "You threw %s. Waiting for %s." % (_hand(view["mine"]), name_of(ctx, other)), class_="hint")
    elif view["phase"] == "ready":
        body = tag("p", "Waiting for the host to start.", class_="hint")
    else:
        body = ""  # the room's results screen says who won
    return tag(
        "section",
        head + _clock(view, ctx) + body + _rounds(view, ctx) + rules_box(rules(), "How to play", "rps-rules"),
        class_="rps rps-phone",
    )
