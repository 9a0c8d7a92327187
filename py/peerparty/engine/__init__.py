"""Pure rules machinery shared by every game: moves, steps, matches and replay."""

from .core import (
    AWAY_GRACE_MS,
    HOST,
    SYSTEM,
    IllegalMove,
    Ctx,
    can,
    step,
    standings,
    shared_winners,
    move_type,
    field,
    int_field,
    str_field,
    away_field,
)
from .match import Match

__all__ = [
    "AWAY_GRACE_MS",
    "HOST",
    "SYSTEM",
    "IllegalMove",
    "Ctx",
    "can",
    "step",
    "standings",
    "shared_winners",
    "move_type",
    "field",
    "int_field",
    "str_field",
    "away_field",
    "Match",
]
