"""The engine under CPython: bench/pages/engine_bench.py (the same file the Pyodide page runs), timed in-process
with time.perf_counter per iteration (timeit-style; no pytest needed)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _p in (ROOT / "py", ROOT / "bench" / "pages"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

import engine_bench  # noqa: E402


def run(reps, warmup):
    return engine_bench.run(reps, warmup)
