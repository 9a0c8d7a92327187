"""Seven Rounds: seven rounds of secret, simultaneous actions, scored at once (docs/rules/seven-rounds.md:
A.1, D0-01..D0-21).

3-12 players; the host screen is a shared display, not a player. Each round every player locks ONE action
(BANK, TEAM UP x, SWIPE x, PREDICT g, DOUBLE DOWN) before a 60 s timer ends; the host reveals; the engine
scores step 4, then SWIPEs from the captain clockwise, then Secret Missions (+3 once), and records.

Options (all optional, JSON):
    {"missions": {pid: 1..12, ...},   # mission number per player, distinct; players left out are dealt
                                      # from the remaining numbers by setup's rng (D0-02)
     "timer_s": 60}                   # round timer in whole seconds
Missions by number: 1 SOLO BANKER, 2 TRUST BUILDER, 3 CLEAN SWIPE, 4 SHARP EYE, 5 LONE DOUBLER, 6 BIG TURN,
7 NARROW ESCAPE, 8 STEADY SAVER, 9 TWO GOOD GUESSES, 10 TRUSTED PARTNER, 11 COMEBACK, 12 VERSATILE.

Moves (action/guess strings: "bank", "team_up", "swipe", "predict", "double_down"):
    player: {"type": "lock", "action": a, "target": pid (team_up/swipe only), "guess": g (predict only)}
            choose and lock in one move; fields an action does not use are ignored; cannot change.
    HOST:   {"type": "next_round"}  ready/results -> choosing; the timer runs from ctx.now_ms (D0-17).
                                    GAME.start_move: the room plays it when Start is pressed.
            {"type": "add_time"}    +30 s to the time left, or 30 s from now after expiry (D0-04)
            {"type": "reveal", "skip_ok": true}   skip_ok is needed only when someone has not locked,
                                    and is accepted only after expiry (D0-05/D0-06)
            {"type": "end_game"}    any time before FINAL; an unfinished round is discarded (D0-15)
            {"type": "remove", "player": pid}   the player leaves the game and the standings; locks naming them
                                    score as naming a skipped player; below 3 players the game ends as End game
                                    (D0-16); event {"type": "removed", "player"}
    SYSTEM: {"type": "timeout"}     at deadline(s); afterwards locking is refused until time is added

Phases: "ready" (round 0) -> "choosing" -> "results" -> "choosing" ... -> "final" (after round 7's reveal,
or End game). Events never carry a choice before its reveal.

Views (every view): phase, round, rounds (7), scored_rounds, players, captain (of the current round; of
round 1 while ready), scores {pid: n}, standings [{player, score}] ranked, completed_missions [{player, round,
number, name}] (public, D0-11), act.
    choosing: deadline_ms, expired, locked [pids], waiting [pids]     (who has locked, never what)
    results:  next_captain;  results/final: reveal = {round, captain, choices [{player, action, target,
              guess}] (action None = skipped), skipped, counts {action: n}, step4 [{player, points, score}],
              swipes [{swiper, target, success, reason, target_action, target_score}] in captain order
              (reason: ok | target_skipped | target_immune | no_points | already_lost), missions [{player,
              number, name, description, bonus}], breakdown [{player, action, target, guess, start,
              step4_points, action_points, swipe_gained, swipe_lost, mission_bonus, correct_predict,
              mutual_with, total}]}
    final:    final = {winners, ended_early, after_round, note ("ended early after round k" or ""),
              missions [{player, number, name, description, completed, completed_round}] for everyone}
    table (viewer None) adds host {next_round, add_time, reveal, reveal_skip, end_game}: which host
              controls are legal now (reveal_skip = only a reveal that skips is possible).
    player adds me, mission {number, name, description, completed, completed_round}, total, is_locked,
              choice (own lock while choosing, else None), act; when act: actions, targets (the other players), guesses;
              results/final: mine = own breakdown row + round, swipes_by_me, swipes_on_me, skipped.

Decisions where the rulings left room (also cited in code):
- Expiry is state: the SYSTEM timeout marks it; a lock processed before the timeout is in time (DX-04).
  add_time sets the deadline to max(deadline, now) + 30 s, so it also covers a late timeout.
- A reveal with every player locked needs no skip_ok, before or after expiry; a reveal with everyone skipped
  (after expiry) scores an empty round, which still counts as completed (captain passes).
- End game before round 1 gives FINAL with all scores 0 and "ended early after round 0".
- A SWIPE's failure reason is reported by the first failing condition in the order (a) action, (b) points,
  (c) already lost; a skipped target is its own reason.
"""

from ...i18n import N_
from .game import SevenRounds
from .moments import moment

GAME = SevenRounds()

# What the hub reads besides the rules (docs/add-a-game.md). What the rules must not import is named, not
# imported: the screens (drawn from views, on the TV and the phones) and what only the tests read.
GAME.screens = __name__ + ".screens"  # table(), phone(), rules()
GAME.stylesheet = "static/css/games/seven_rounds.css"  # its styles, from the site's root
GAME.moment = moment  # the replay's marks: (event, names) -> a sentence or None
GAME.secrets = __name__ + ".secrets"  # the leak tests: fragments(), perturbed(), PLAYOUTS
GAME.autoplay = __name__ + ".autoplay"  # the simulated people: phone(), host()
GAME.tv_counts = (6, 12)  # players at which its table is fullest (e2e/test_tv_fit.py)
# D0-16; English marked for the catalogs: the room's screens show it with _()
GAME.removal = N_("They leave the game and the standings, and the round goes on without them.")
