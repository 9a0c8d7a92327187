"""A guest who is away, as the room tells the host: what removing them during play does (the game's own
sentence), and who is away when the host presses Start (DX-08)."""

REMOVAL_DEFAULT = "They leave the game."


def removal(game, phase):
    """The sentence the Remove beside an away player confirms with during play, or None when the game takes no
    removal (the room then refuses one: HostSession._remove)."""
    if phase != "playing" or "remove" not in game.host_moves:
        return None
    return getattr(game, "removal", None) or REMOVAL_DEFAULT
