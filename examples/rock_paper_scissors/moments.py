"""The replay's marks (room/replay.py): a round settles, and both throws become public."""


def moment(event, names):
    if event["type"] == "round_settled":
        winner = event["winner"]
        won = "%s wins it" % names.get(winner, "?") if winner is not None else "nobody wins it"
        return "Round %d: both throws shown, %s" % (event["round"], won)
    return None
