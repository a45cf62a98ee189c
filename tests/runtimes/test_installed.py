"""Overlord as a user installs it: a plain (non-editable) ``pip install .`` into a fresh venv in
another directory, the agent CLI on PATH only, a mission run end to end from outside the
checkout. Nothing may read files from the checkout at run time (the hook client's snapshot comes
from the installed package)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT
from tests.truth.agents import cli


def test_a_plain_pip_install_runs_a_mission_end_to_end(tmp_path):
    cli("claude-code")
    bin_dir = Path(shutil.which("claude") or "/nonexistent").parent  # the CLI as a user has it: on PATH
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True, timeout=120)
    build = tmp_path / "src"  # a copy without the checkout's .venv, .tools, .git
    shutil.copytree(ROOT, build, ignore=shutil.ignore_patterns(".venv", ".tools", ".git", "*.egg-info", "__pycache__",
                                                               ".pytest_cache", "build", "tests"))
    pip = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--disable-pip-version-check", str(build)],
                         capture_output=True, text=True, timeout=600)
    assert pip.returncode == 0, pip.stdout[-2000:] + pip.stderr[-2000:]
    shutil.rmtree(build)  # the source is gone: the installed tool must stand alone
    work, home, where = tmp_path / "work", tmp_path / "home", tmp_path / "elsewhere"
    work.mkdir()
    where.mkdir()
    shutil.copy(ROOT / "examples" / "first-mission" / "mission.toml", where / "mission.toml")
    shutil.copy(ROOT / "examples" / "first-mission" / "transcript.json", where / "transcript.json")
    env = {"PATH": os.pathsep.join([str(venv / "bin"), str(bin_dir), "/usr/local/bin", "/usr/bin", "/bin"]),
           "HOME": str(tmp_path), "OVERLORD_HOME": str(home), "LANG": "C.UTF-8"}
    overlord = str(venv / "bin" / "overlord")
    assert subprocess.run([overlord, "init"], env=env, cwd=where, capture_output=True, timeout=60).returncode == 0
    doctor = subprocess.run([overlord, "doctor"], env=env, cwd=where, capture_output=True, text=True, timeout=120)
    assert any(line.startswith("ok") and "claude-code" in line for line in doctor.stdout.splitlines()), doctor.stdout
    p = subprocess.run([overlord, "run", "--json", "--mission", "mission.toml", "--root", str(work)], env=env, cwd=where,
                       capture_output=True, text=True, timeout=300)
    s = json.loads(p.stdout)
    assert (s["status"], s["stop_code"]) == ("succeeded", "completed"), p.stderr[-3000:]
    assert (work / "greet.py").exists()
    assert subprocess.run([overlord, "verify"], env=env, cwd=where, capture_output=True, timeout=120).returncode == 0
    snapshots = list((home / "snapshots").glob("*/claude_code_hook.py"))
    assert snapshots and str(ROOT) not in str(snapshots[0].resolve())
