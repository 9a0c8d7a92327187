"""The TV's replay screen (Watch it again): a finished game's table step by step, the controls to move
through it, and a line marking the moments secrets became public. The room builds the replay
(room/replay.py) and hands over only the table's view at the current step.

The game's own table screen draws the step inside a still frame (data-still): its buttons are hidden and do
nothing there, and its countdowns stand at the time left at that step (static/js/glue.js).
"""

from ..i18n import _
from .html import button, esc, tag, who
from .screens import screens_for


def replay_band(replay, title):
    """The TV's top band during a replay, in place of the room's tools: which game, which step, the controls."""
    at, last = replay["at"], replay["last"]
    first, final = at == 0, at == last
    playing = replay["playing"]
    controls = [
        button(
            "\u00ab",
            _do("previous_moment"),
            cls="btn small",
            disabled=first,
            title=_("Previous moment"),
            aria_label=_("Back to the previous moment"),
        ),
        button("\u2039 " + _("Back"), _do("back"), cls="btn small", disabled=first, aria_label=_("One step back")),
        button(
            _("Pause") if playing else (_("Play again") if final else _("Play")),
            _do("pause" if playing else "play"),
            cls="btn small primary replay-play",
            aria_pressed="true" if playing else "false",
        ),
        button(
            _("Forward") + " \u203a", _do("forward"), cls="btn small", disabled=final, aria_label=_("One step forward")
        ),
        button(
            "\u00bb",
            _do("next_moment"),
            cls="btn small",
            disabled=final,
            title=_("Next moment"),
            aria_label=_("On to the next moment"),
        ),
        button(
            "%d\u00d7" % replay["speed"],
            _do("speed"),
            cls="btn small ghost",
            title=_("Speed"),
            aria_label=_("Speed: %(n)s times; change", n=replay["speed"]),
        ),
    ]
    keep = [
        button(_("Save this game"), {"room": "save", "game": replay["index"]}, cls="btn small ghost"),
        button(_("Close"), {"room": "close_replay"}, cls="btn small ghost", aria_label=_("Close the replay")),
    ]
    # title: the game's title, already in this screen's language (ui/room.py)
    head = tag("h2", esc(_("Replay: %(game)s", game=title)), class_="replay-title") + tag(
        "p", esc(_("Step %(at)s of %(last)s", at=at, last=last)), class_="replay-where", aria_live="polite"
    )
    return tag(
        "section",
        tag("div", head, class_="replay-what")
        + tag("nav", "".join(controls), class_="replay-controls", aria_label=_("Replay"))
        + tag("div", "".join(keep), class_="replay-keep"),
        class_="replay-bar",
        data_replay_at=str(at),
        data_replay_last=str(last),
        data_replay_playing="1" if playing else "0",
        aria_label=_("Replay of a finished game"),
    )


def replay_main(replay, winners):
    """The <main> body: the line of the game and this step's moment over the game's own table, beside the
    game's players. `winners` is the result's headline (shown once the replay reaches the last step)."""
    module = screens_for(replay["game"])
    names = replay["names"]
    faces = replay.get("faces") or {}
    ctx = {
        "names": names,
        "me": None,
        "is_host": False,
        "now_ms": replay["now_ms"],
        "connected": dict((p, True) for p in names),
        "faces": faces,
    }
    board = module.table(replay["view"], ctx) if module is not None else ""
    extra = ""
    if module is not None and getattr(module, "table_side", None) is not None:
        extra = module.table_side(replay["view"], ctx)
    seats = "".join(tag("li", who(ctx, p), class_="replay-seat who-line") for p in names)
    side = tag(
        "aside",
        tag("h2", esc(_("Players")))
        + tag("ol", seats, class_="replay-seats")
        + tag("div", extra, class_="replay-still", data_still="1"),
        class_="panel side",
    )
    line = tag("div", _timeline(replay) + _moment(replay, winners), class_="replay-story")
    return tag("div", line + tag("div", board, class_="replay-stage", data_still="1"), class_="game-area replay") + side


def _do(what):
    return {"room": "replay", "do": what}


def _timeline(replay):
    """The game as a line: how far the replay is, and a mark at each moment a secret became public (a tap goes
    there). Positions are percentages of the whole game."""
    last = max(1, replay["last"])
    ticks = []
    for step, text in replay["marks"]:
        here = " here" if step == replay["at"] else ""
        # a tap's target; a TV remote steps along the line itself (tabindex -1: the arrows pass them by)
        ticks.append(
            tag(
                "button",
                "",
                type="button",
                class_="replay-tick" + here,
                title=_(text),
                aria_label=_("Step %(n)s: %(moment)s", n=step, moment=_(text)),
                style="inset-inline-start:%.2f%%" % (100.0 * step / last),  # mirrored right to left
                data_move='{"room":"replay","do":"seek","at":%d}' % step,
                tabindex="-1",
            )
        )
    done = tag("span", "", class_="replay-done", style="width:%.2f%%" % (100.0 * replay["at"] / last))
    # the TV remote's place in a replay (static/js/remote.js): left and right step, OK plays and pauses
    return tag(
        "div",
        done + "".join(ticks),
        class_="replay-line",
        role="group",
        tabindex="0",
        data_next="1",
        data_replay_line="1",
        aria_label=_(
            "The game's line, with the moments a secret became public: left and right step, OK plays or pauses"
        ),
    )


def _moment(replay, winners):
    """This step's moment, big; otherwise the last one before it, quiet; at the end, the result."""
    # a moment is the game's N_-marked English (its record's marks): shown in this screen's language
    now = [_(text) for text in replay["moments"]]
    if replay.get("result") is not None:
        now.append(winners)
    if now:
        return tag("p", "\u2605 " + esc(" \u00b7 ".join(now)), class_="replay-moment now")
    before = [text for step, text in replay["marks"] if step < replay["at"]]
    if before:
        return tag("p", esc(_("Last moment: %(moment)s", moment=_(before[-1]))), class_="replay-moment")
    return tag("p", esc(_("Each mark on the line is a moment a secret became public.")), class_="replay-moment")
