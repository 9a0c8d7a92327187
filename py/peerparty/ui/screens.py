"""Which screen module draws which game; both pages import this, so the phone bundle follows it."""
from . import bank_or_bust, hint_hunt, seven_rounds, someone_elses_problem

GAME_SCREENS = {
    "seven_rounds": seven_rounds,
    "bank_or_bust": bank_or_bust,
    "hint_hunt": hint_hunt,
    "someone_elses_problem": someone_elses_problem,
}


def screens_for(game_id):
    return GAME_SCREENS.get(game_id)
