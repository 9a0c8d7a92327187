"""The evening simulator: whole party nights of the real room code under one seed and a virtual clock.

docs/simulation.md describes what it models and checks; `python3 -m tests.sim --help` runs it.
"""

import os
import sys

_PY = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "py")
if _PY not in sys.path:  # pytest sets this up from pyproject.toml; `python3 -m tests.sim` needs it here
    sys.path.insert(0, _PY)
