"""Seven Rounds: every number, name and mission of the game in one place (docs/rules/seven-rounds.md, A.1)."""

from ...i18n import N_

GAME_ID = "seven_rounds"  # D0-21: the rulebook has no title; working name "Seven Rounds"
TITLE = N_("Seven Rounds")  # the lobby shows it with _()
MIN_PLAYERS = 3  # D0-01
MAX_PLAYERS = 12  # D0-01: online cap
ROUNDS = 7
TIMER_S = 60  # round timer
ADD_TIME_MS = 30000  # D0-04: the host's +30 s
MISSION_BONUS = 3  # paid once per game

# phases
READY = "ready"  # set up, round 0, waiting for Start (D0-17)
CHOOSING = "choosing"  # players choose and lock; the timer runs
RESULTS = "results"  # a round was revealed and scored; waiting for Next round
FINAL = "final"  # after round 7, or after End game (D0-15)

BANK = "bank"
TEAM_UP = "team_up"
SWIPE = "swipe"
PREDICT = "predict"
DOUBLE_DOWN = "double_down"
ACTIONS = (BANK, TEAM_UP, SWIPE, PREDICT, DOUBLE_DOWN)
TARGETED = (TEAM_UP, SWIPE)  # D0-03: another player, never yourself or the host
GUESSES = (BANK, TEAM_UP, SWIPE, DOUBLE_DOWN)  # D0-03/D0-07: PREDICT cannot be guessed
SWIPEABLE = (BANK, TEAM_UP)  # only these targets can lose a point

# why a SWIPE succeeded or failed (the screens turn these into sentences with names)
SWIPE_OK = "ok"
SWIPE_TARGET_SKIPPED = "target_skipped"  # the target had no locked choice
SWIPE_TARGET_IMMUNE = "target_immune"  # the target chose SWIPE, PREDICT or DOUBLE DOWN
SWIPE_NO_POINTS = "no_points"  # D0-19: the target had 0 points when checked
SWIPE_ALREADY_LOST = "already_lost"  # the target already lost a point to a SWIPE this round

SOLO_BANKER = 1
TRUST_BUILDER = 2
CLEAN_SWIPE = 3
SHARP_EYE = 4
LONE_DOUBLER = 5
BIG_TURN = 6
NARROW_ESCAPE = 7
STEADY_SAVER = 8
TWO_GOOD_GUESSES = 9
TRUSTED_PARTNER = 10
COMEBACK = 11
VERSATILE = 12

# number -> (NAME, what it asks, in plain words): English marked for the catalogs, shown by the screens with _()
# in the reader's language; the views and the record keep the English
MISSIONS = {
    SOLO_BANKER: (N_("SOLO BANKER"), N_("Be the only player who chooses BANK in a round.")),
    TRUST_BUILDER: (N_("TRUST BUILDER"), N_("TEAM UP with someone who TEAMS UP with you in the same round.")),
    CLEAN_SWIPE: (N_("CLEAN SWIPE"), N_("Take a point from someone with a successful SWIPE.")),
    SHARP_EYE: (N_("SHARP EYE"), N_("PREDICT the most chosen action (a tie for most counts).")),
    LONE_DOUBLER: (N_("LONE DOUBLER"), N_("Be the only player who chooses DOUBLE DOWN in a round.")),
    BIG_TURN: (N_("BIG TURN"), N_("Earn 3 or more points from your own action in one round.")),
    NARROW_ESCAPE: (
        N_("NARROW ESCAPE"),
        N_("Be the target of at least one SWIPE in a round, and have every one of them fail."),
    ),
    STEADY_SAVER: (N_("STEADY SAVER"), N_("Choose BANK in 3 different rounds.")),
    TWO_GOOD_GUESSES: (N_("TWO GOOD GUESSES"), N_("Make a correct PREDICT in 2 different rounds.")),
    TRUSTED_PARTNER: (N_("TRUSTED PARTNER"), N_("Make a two-way TEAM UP with the same partner in 2 different rounds.")),
    COMEBACK: (
        N_("COMEBACK"),
        N_(
            "From round 2 on, start a round at the lowest score (alone or tied) and earn "
            "2 or more points from your own action in it."
        ),
    ),
    VERSATILE: (N_("VERSATILE"), N_("Earn at least 1 point from each of 3 different actions over the game.")),
}


def captain_of(players, round_no, passed=()):
    """Round r's captain is seat (r-1) mod N: seat 0 first, then one seat clockwise per round (DX-01). D0-22: a
    seat that was away when the round started (`passed`) is passed over, clockwise, for that round only."""
    n = len(players)
    first = (max(round_no, 1) - 1) % n
    for k in range(n):
        seat = players[(first + k) % n]
        if seat not in passed:
            return seat
    return players[first]  # everyone away: the rotation's own


def mission_card(number, completed_round=0):
    name, description = MISSIONS[number]
    return {
        "number": number,
        "name": name,
        "description": description,
        "completed": completed_round > 0,
        "completed_round": completed_round,
    }
