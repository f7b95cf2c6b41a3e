"""Shared helpers: the command line of the same build ($MLSI, set by ctest) and the repository root."""
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def mlsi_cli(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Runs the build's `mlsi` (the tests compare the module with it, never with its own output)."""
    exe = os.environ.get("MLSI")
    if not exe:
        pytest.fail("$MLSI names the build's mlsi executable (ctest sets it)")
    done = subprocess.run([exe, *args], capture_output=True, text=True, cwd=ROOT)
    if check and done.returncode != 0:
        pytest.fail(f"mlsi {' '.join(args)} exited {done.returncode}: {done.stderr}")
    return done


def cli_json(*args: str) -> dict:
    return json.loads(mlsi_cli(*args, "--format", "json").stdout)
