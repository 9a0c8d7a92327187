"""The replay's marks (room/replay.py): the events at which a Seven Rounds secret became public."""


def moment(event, names):
    if event["type"] == "revealed":
        return "Round %d revealed: every choice" % event["round"]
    if event["type"] == "mission_completed":
        return "%s's Secret Mission revealed: %s" % (names.get(event["player"], "?"), event["name"])
    return None
