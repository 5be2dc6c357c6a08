"""Shared helpers of the tests: where the repository, ../shared and the `qili` binary are.

Tests that need ../shared (the real games, the vectors) or the command-line binary (to
compare with its output) skip with the reason printed (`pytest -rs` lists them); CI builds
the binary before it runs pytest and lays shared/ beside the clone.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def shared_dir():
    """$QILI_SHARED, else a shared/ beside the repository or one of its parents."""
    candidates = [os.environ.get("QILI_SHARED", "")]
    candidates += [str(p / "shared") for p in list(REPO.parents)[:3]]
    for c in candidates:
        if c and (Path(c) / "vectors").is_dir():
            return Path(c)
    return None


@pytest.fixture(scope="session")
def shared():
    s = shared_dir()
    if s is None:
        pytest.skip("../shared is absent (set QILI_SHARED): the vectors and real games are not here")
    return s


def qili_binary():
    """$QILI_BIN, else the workspace's release or debug build."""
    for c in (os.environ.get("QILI_BIN", ""), REPO / "target/release/qili",
              REPO / "target/debug/qili"):
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return str(c)
    return None


@pytest.fixture(scope="session")
def cli():
    """Runs the `qili` binary; returns (exit code, stdout)."""
    binary = qili_binary()
    if binary is None:
        pytest.skip("no qili binary (cargo build, or set QILI_BIN): nothing to compare with")

    def run(*args, cwd=None):
        p = subprocess.run([binary, *map(str, args)], capture_output=True, cwd=cwd)
        return p.returncode, p.stdout.decode("utf-8")

    return run


def json_lines(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]
