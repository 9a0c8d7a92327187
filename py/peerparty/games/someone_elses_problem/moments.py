"""The replay's marks (room/replay.py): the events at which a Someone Else's Problem secret became public, in the
language of the moment they are drawn (plain text: the replay's screen escapes it)."""

from ...i18n import _


def moment(event, names):
    # a hand is private: an answer to a gift shows a card its holder had kept
    name = names.get(event.get("by"), "?")
    if event.get("kind") == "deny":
        return _("%(name)s played a DENY card", name=name)
    if event.get("kind") == "redirect":
        return _("%(name)s played a REDIRECT card", name=name)
    return None
