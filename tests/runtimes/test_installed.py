"""Overlord as a user installs it: a plain (non-editable) ``pip install .`` into a fresh venv in
another directory, each agent CLI on PATH only, each runtime's shipped example mission run end
to end from a directory outside the checkout. Nothing may read files from the checkout at run
time (the hook client's snapshot comes from the installed package; the source is deleted before
anything runs)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from overlord.adapters.runtimes.registry import get_runtime
from tests.conftest import ROOT
from tests.truth.agents import cli

EXAMPLES = {"claude-code": "first-mission", "codex": "codex-mission", "gemini": "gemini-mission"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The venv with Overlord installed from a copy of the source that is gone afterwards."""
    tmp = tmp_path_factory.mktemp("installed")
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True, timeout=120)
    build = tmp / "src"  # a copy without the checkout's .venv, .tools, .git
    shutil.copytree(ROOT, build, ignore=shutil.ignore_patterns(".venv", ".tools", ".git", "*.egg-info", "__pycache__",
                                                               ".pytest_cache", "build", "tests", ".mypy_cache",
                                                               ".ruff_cache", ".hypothesis", "test-artifacts"))
    pip = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--disable-pip-version-check", str(build)],
                         capture_output=True, text=True, timeout=900)
    assert pip.returncode == 0, pip.stdout[-2000:] + pip.stderr[-2000:]
    shutil.rmtree(build)  # the source is gone: the installed tool must stand alone
    return venv


@pytest.mark.parametrize("runtime", sorted(EXAMPLES))
def test_a_plain_pip_install_runs_each_runtime_end_to_end(installed, tmp_path, runtime):
    cli(runtime)
    executable = get_runtime(runtime).executable
    assert executable is not None
    found = shutil.which(executable)
    assert found, f"{executable} is not on PATH"
    bin_dir = Path(found).parent  # the CLI as a user has it: on PATH
    work, home, where = tmp_path / "work", tmp_path / "home", tmp_path / "elsewhere"
    work.mkdir()
    where.mkdir()
    example = ROOT / "examples" / EXAMPLES[runtime]
    shutil.copy(example / "mission.toml", where / "mission.toml")
    shutil.copy(example / "transcript.json", where / "transcript.json")
    env = {"PATH": os.pathsep.join([str(installed / "bin"), str(bin_dir), "/usr/local/bin", "/usr/bin", "/bin"]),
           "HOME": str(tmp_path), "OVERLORD_HOME": str(home), "LANG": "C.UTF-8"}
    overlord = str(installed / "bin" / "overlord")
    assert subprocess.run([overlord, "init"], env=env, cwd=where, capture_output=True, timeout=60).returncode == 0
    doctor = subprocess.run([overlord, "doctor"], env=env, cwd=where, capture_output=True, text=True, timeout=120)
    assert any(line.startswith("ok") and runtime in line for line in doctor.stdout.splitlines()), doctor.stdout
    p = subprocess.run([overlord, "run", "--json", "--mission", "mission.toml", "--root", str(work)], env=env, cwd=where,
                       capture_output=True, text=True, timeout=400)
    s = json.loads(p.stdout)
    assert (s["status"], s["stop_code"]) == ("succeeded", "completed"), p.stderr[-3000:]
    assert (work / "greet.py").exists()
    assert subprocess.run([overlord, "verify"], env=env, cwd=where, capture_output=True, timeout=120).returncode == 0
    snapshots = list((home / "snapshots").glob("*/claude_code_hook.py"))
    assert snapshots and str(ROOT) not in str(snapshots[0].resolve())
    report = subprocess.run([overlord, "report", s["run_id"]], env=env, cwd=where, capture_output=True, text=True,
                            timeout=60)
    assert report.returncode == 0 and "stop code completed" in report.stdout, report.stdout + report.stderr
