"""Games that follow docs/add-a-game.md but are not offered in the hub: tests/games_under_test.py runs them
through the same contract tests as the four real games."""
