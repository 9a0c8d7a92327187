"""Run a script under node for the tests that compare a page's JavaScript with its Python twin: the script reads a
JSON value on stdin and writes one on stdout."""

import json
import shutil
import subprocess

import pytest


def run_node(script, args, given, timeout=120):
    """node -e script args..., given as JSON on stdin; its stdout parsed as JSON. Skips where node is missing (CI
    installs it: .ci/run)."""
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed")
    done = subprocess.run(
        [node, "-e", script, *map(str, args)], input=json.dumps(given), capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
