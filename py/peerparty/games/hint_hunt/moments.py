"""The replay's marks (room/replay.py): the events at which a Hint Hunt secret became public."""


def moment(event, names):
    if event["type"] == "board_ended":
        return "%s's board: every role revealed" % names.get(event["writer"], "?")
    return None
