"""The replay's marks (room/replay.py): the moments of a Bank or Bust game worth jumping to."""


def moment(event, names):
    if event["type"] == "bust":
        return "%s went bust" % names.get(event["player"], "?")
    return None
