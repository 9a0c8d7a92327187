"""The replay's marks (room/replay.py): the events at which a Someone Else's Problem secret became public."""


def moment(event, names):
    # a hand is private: an answer to a gift shows a card its holder had kept
    if event.get("kind") in ("deny", "redirect"):
        return "%s played a %s card" % (names.get(event["by"], "?"), event["kind"].upper())
    return None
