"""Which screen module draws which game; both pages import this, so the phone bundle follows it.

A game's screens are imported the first time that game is drawn: a phone joining a lobby does not load four
games' screens (66 KB of bytecode) before its Join form works. The imports are written out one by one so the
build (scripts/build.py, which follows imports in any scope) still bundles every game for the phone.
"""
GAME_IDS = ("seven_rounds", "bank_or_bust", "hint_hunt", "someone_elses_problem")


def _import(game_id):
    if game_id == "seven_rounds":
        from . import seven_rounds as module
    elif game_id == "bank_or_bust":
        from . import bank_or_bust as module
    elif game_id == "hint_hunt":
        from . import hint_hunt as module
    else:
        from . import someone_elses_problem as module
    return module


def screens_for(game_id):
    """The screen module of a game id, or None for an unknown one (after its first time, the import is a
    lookup in sys.modules)."""
    if game_id not in GAME_IDS:
        return None
    return _import(game_id)
