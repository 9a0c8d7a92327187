"""The replay's marks (room/replay.py): the events at which a Seven Rounds secret became public, as plain text in
the language current when the replay asks (the replay escapes it)."""

from ...i18n import _


def moment(event, names):
    if event["type"] == "revealed":
        return _("Round %(round)s revealed: every choice", round=event["round"])
    if event["type"] == "mission_completed":
        return _(
            "%(name)s's Secret Mission revealed: %(mission)s",
            name=names.get(event["player"], "?"),
            mission=_(event["name"]),  # the mission's name, marked in rules.py
        )
    return None
