"""How a secret reads in a view's text, for a game's secrets module (games/<id>/secrets.py) and the leak tests
(tests/test_leaks.py search every view of random playouts, as canonical JSON, for the fragments a game lists)."""

import json

from .record import canonical

__all__ = ["canonical", "quoted"]


def quoted(text):
    """A string as it reads in canonical JSON."""
    if text.isalnum() and text.isascii():
        return '"' + text + '"'  # board words, names: their JSON form, without the encoder's cost
    return json.dumps(text)
