"""The replay's marks (room/replay.py): the moments of a Bank or Bust game worth jumping to."""

from ...i18n import _


def moment(event, names):
    if event["type"] == "bust":
        return _("%(name)s went bust", name=names.get(event["player"], "?"))
    return None
