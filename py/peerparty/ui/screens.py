"""Which screen module draws which game; both pages import this, so the phone bundle follows it."""

GAME_SCREENS = {}


def screens_for(game_id):
    return GAME_SCREENS.get(game_id)
