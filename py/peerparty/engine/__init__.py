"""Pure rules machinery shared by every game: moves, steps, matches and replay."""

from .core import (
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
)
from .match import Match

__all__ = [
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
    "Match",
]
