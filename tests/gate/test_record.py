"""Axis results and the verdict as signed ledger events (the GateCheck aggregate)."""

from __future__ import annotations

import json
import os
import subprocess
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from overlord.domain.events import topics_of
from overlord.domain.gate_check import GateCheck, GateCheckError
from overlord.ledger.application import AGGREGATES
from overlord.projections.journal import summarize
from overlord.sandbox.bubblewrap import BubblewrapSandbox
from tests.conftest import overlord_cmd

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
T0 = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def _check() -> GateCheck:
    return GateCheck.start(check_id=uuid.uuid4(), artifact="a", language="python",
                           sandbox="bubblewrap", run_id=None, at=T0)


def test_topics_are_explicit_and_registered():
    topics = topics_of(GateCheck)
    assert set(topics) == {"overlord.gate.GateCheck", "overlord.gate.Started",
                           "overlord.gate.AxisRecorded", "overlord.gate.VerdictRecorded"}
    assert GateCheck in AGGREGATES


def test_events_in_order_with_the_given_times():
    c = _check()
    for i, axis in enumerate(("execution", "coverage", "structural", "discipline")):
        c.record_axis(axis=axis, status="fail" if axis == "discipline" else "pass",
                      code="fail:hardcoded_answer" if axis == "discipline" else None,
                      evidence=f"e{i}", stdout_blob=None, stderr_blob=None,
                      at=T0 + timedelta(seconds=i + 1))
    c.record_verdict(verdict="fail:hardcoded_answer", reason="per discipline",
                     at=T0 + timedelta(seconds=9))
    events = c.collect_events()
    assert [type(e).TOPIC for e in events] == ["overlord.gate.Started"] + [
        "overlord.gate.AxisRecorded"] * 4 + ["overlord.gate.VerdictRecorded"]
    assert events[-1].timestamp == T0 + timedelta(seconds=9)
    assert c.verdict == "fail:hardcoded_answer"
    assert "discipline: fail:hardcoded_answer" in summarize(events[4])
    assert "verdict fail:hardcoded_answer" in summarize(events[5])


def test_out_of_order_and_bad_values_are_refused():
    c = _check()
    with pytest.raises(GateCheckError):
        c.record_verdict(verdict="pass", reason="r", at=T0)  # axes missing
    with pytest.raises(GateCheckError):
        c.record_axis(axis="speed", status="pass", code=None, evidence="", stdout_blob=None,
                      stderr_blob=None, at=T0)
    with pytest.raises(GateCheckError):
        c.record_axis(axis="coverage", status="fail", code=None, evidence="",
                      stdout_blob=None, stderr_blob=None, at=T0)
    c.record_axis(axis="coverage", status="unavailable", code=None, evidence="", stdout_blob=None,
                  stderr_blob=None, at=T0)
    with pytest.raises(GateCheckError):
        c.record_axis(axis="coverage", status="pass", code=None, evidence="", stdout_blob=None,
                      stderr_blob=None, at=T0)


def _ov(*args: str, home: Path, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "OVERLORD_HOME"}
    env["OVERLORD_HOME"] = str(home)
    return subprocess.run([*overlord_cmd(), *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


@pytest.fixture
def bwrap(require):
    require(BubblewrapSandbox().unavailable_reason() is None, "bubblewrap")


def test_gate_check_records_signed_events_that_verify(tmp_path, bwrap):
    home, wd = tmp_path / "home", tmp_path / "work"
    wd.mkdir()
    assert _ov("init", home=home, cwd=wd).returncode == 0
    r = _ov("gate", "check", str(CORPUS / "python_test_fails"), "--json", home=home, cwd=wd)
    assert r.returncode == 1, r.stderr
    out = json.loads(r.stdout)
    assert out["verdict"] == "fail:test_fails" and out["gate_check"]
    assert "recorded as gate check" in r.stderr
    v = _ov("verify", "--json", home=home, cwd=wd)
    assert v.returncode == 0, v.stdout + v.stderr
    assert json.loads(v.stdout)["ok"]
    lines = [json.loads(x) for x in _ov("journal", "--json", home=home, cwd=wd).stdout.splitlines()]
    mine = [x for x in lines if x["stream"] == out["gate_check"]]
    assert [x["event_type"] for x in mine] == ["Started"] + ["AxisRecorded"] * 4 + [
        "VerdictRecorded"]
    assert "execution: fail:test_fails" in mine[1]["summary"]
    assert "verdict fail:test_fails" in mine[-1]["summary"]
    # the test step's output is kept as blobs, named by the execution axis's event
    contents = {p.read_bytes() for p in (home / "blobs").rglob("*") if p.is_file()}
    assert any(b"FAILED" in c for c in contents)
    # --no-record adds nothing
    before = len(lines)
    r = _ov("gate", "check", str(CORPUS / "python_test_fails"), "--no-record", home=home, cwd=wd)
    assert r.returncode == 1
    assert len(_ov("journal", "--json", home=home, cwd=wd).stdout.splitlines()) == before


def test_gate_check_without_a_home_says_so_and_still_prints(tmp_path, bwrap):
    r = _ov("gate", "check", str(CORPUS / "python_pass_prime_guard_clause"), "--json",
            home=tmp_path / "nohome", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["verdict"] == "pass"
    assert "no Overlord home" in r.stderr and "not recorded" in r.stderr
    assert not (tmp_path / "nohome").exists()
