"""The replay's marks (room/replay.py): the events at which a Hint Hunt secret became public."""

from ...i18n import _


def moment(event, names):
    if event["type"] == "board_ended":
        # i18n: a replay's mark; %(name)s is the player who wrote the board's hint
        return _("%(name)s's board: every role revealed", name=names.get(event["writer"], "?"))
    return None
