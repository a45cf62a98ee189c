"""Every hostile file of the corpus gets one line and exit 2: no traceback, no hang, and a peak
resident memory under 256 MiB, measured for that one child."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import msgpack
import pytest

from overlord.adapters.runtimes import claude_code as cc
from overlord.errors import OverlordError
from tests.conftest import need_part, overlord_cmd
from tests.hostile.conftest import assert_one_line_refusal, run_measured
from tests.hostile.corpus import CASES, DIR, FIFO, SPARSE_5G, Case


@pytest.fixture(scope="module")
def export(world) -> tuple[Path, dict]:
    """A real export of the test home, and its decoded document (what the builders change)."""
    work, env = world
    path = work.parent / "real.export"
    if not path.exists():
        subprocess.run([*overlord_cmd(), "export", str(path)], env=env, cwd=work, check=True, capture_output=True,
                       timeout=60)
    return path, msgpack.unpackb(path.read_bytes(), raw=False)


def _build(case: Case, root: Path, doc: dict) -> Path:
    d = root / "cases" / case.name
    d.mkdir(parents=True)
    for name, content in case.files.items():
        p = d / name
        if content == FIFO:
            os.mkfifo(p)
        elif content == DIR:
            p.mkdir()
        elif content == SPARSE_5G:
            with open(p, "wb") as f:
                f.truncate(5 * 2**30)
        elif callable(content):
            p.write_bytes(content(doc))
        else:
            p.write_bytes(content)
    return d


def _has_claude() -> bool:
    try:
        cc.find_binary(path=os.environ.get("PATH", ""))
    except OverlordError:
        return False
    return True


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_hostile_input_is_one_line_and_exit_2(case: Case, world, export) -> None:
    if case.needs_claude:  # the connector's files are read once the CLI is found, as a user has it (PATH)
        need_part(_has_claude(), "the Claude Code CLI (bash .ci/install-claude-code.sh)")
    work, env = world
    export_path, doc = export
    d = _build(case, work.parent, doc)
    subst = {"d": str(d), "work": str(work), "export": str(export_path)}
    argv = [a.format(**subst) for a in case.argv]
    out = run_measured([*overlord_cmd(), *argv], env=env, cwd=Path(case.cwd.format(**subst)), stdin=case.stdin)
    assert_one_line_refusal(out, expect_text=case.expect)


def test_the_real_export_still_verifies(world, export) -> None:
    """The corpus's baseline: the untouched export verifies (exit 0), so each refusal is the change's."""
    work, env = world
    out = run_measured([*overlord_cmd(), "verify", "--file", str(export[0])], env=env, cwd=work)
    assert out.code == 0 and out.stdout.startswith("verified:"), out.stdout + out.stderr
