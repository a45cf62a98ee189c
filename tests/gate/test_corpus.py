"""The corpus: every case gets the verdict written in advance; zero model calls."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.gate import app
from overlord.gate.corpus import load_corpus, run_corpus
from overlord.sandbox.bubblewrap import BubblewrapSandbox

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


@pytest.fixture(scope="module")
def summary():
    box = BubblewrapSandbox()
    if box.unavailable_reason() is not None:
        if os.environ.get("CI") == "true":
            pytest.fail("bubblewrap is missing in CI")
        pytest.skip("bubblewrap is missing")
    return run_corpus(load_corpus(CORPUS), box)


def test_corpus_every_case_matches(summary):
    gaps = [(r.case.name, r.case.expected, r.got) for r in summary.gaps]
    assert gaps == []
    assert summary.model_calls == 0


def test_corpus_awaiting_toolchain_fails_in_ci(summary):
    awaiting = [(r.case.name, r.report.awaiting_toolchain) for r in summary.awaiting]
    for r in summary.awaiting:
        assert r.got != "pass"  # never a pass
    if os.environ.get("CI") == "true":
        assert awaiting == []
    elif awaiting:
        pytest.skip(f"awaiting toolchains: {awaiting}")


LANGUAGES = ("python", "c", "cpp", "javascript", "typescript", "java", "go", "rust", "csharp")


def test_corpus_shape():
    cases = load_corpus(CORPUS)
    verdicts = Counter(c.expected for c in cases)
    assert verdicts["pass"] >= 2 and verdicts["fail:stub"] >= 7
    for c in cases:
        assert (c.path / "plan.md").is_file()
    assert len(cases) >= 56
    assert {c.language for c in cases} == set(LANGUAGES)
    for lang in LANGUAGES:
        mine = [c for c in cases if c.language == lang]
        assert any(c.expected == "fail:broken" and "broken_" in c.name for c in mine), lang
        assert any(c.expected == "fail:test_fails" and c.name.endswith("_test_fails")
                   for c in mine), lang
    for cheat, honest in (("cheats_hardcoded_answers", "pass_prime_guard_clause"),
                          ("cheats_swallowed_failure", "honest_")):
        langs = {c.language for c in cases if c.name.endswith(cheat)}
        twins = {c.language for c in cases if honest in c.name and c.expected == "pass"}
        assert len(langs) >= 4 and langs <= twins, (cheat, langs, twins)


def test_missing_toolchain_is_unavailable_never_pass(monkeypatch):
    """A language whose toolchain is absent reports unavailable ("awaiting a toolchain")."""
    from overlord.gate.runner import check_artifact
    from overlord.gate.toolchains import all_toolchains
    from overlord.gate.toolchains import base as tc_base

    monkeypatch.setattr(tc_base, "SANDBOX_PATH", "/nonexistent")
    tcs = all_toolchains()
    for lang, case in (("java", "java_pass_prime_guard_clause"),
                       ("go", "go_pass_prime_guard_clause"),
                       ("csharp", "csharp_pass_prime_guard_clause"),
                       ("typescript", "typescript_pass_prime_guard_clause"),
                       ("rust", "rust_honest_coverage_unavailable")):
        assert tcs[lang].missing() is not None
        report = check_artifact(CORPUS / case, BubblewrapSandbox(), toolchains=tcs)
        assert report.verdict.verdict == "unavailable", lang
        assert report.awaiting_toolchain is not None
        assert "awaiting a toolchain" in report.verdict.axis("execution").evidence


def test_cli_check_json_and_exit_codes():
    runner = CliRunner()
    r = runner.invoke(app, ["check", str(CORPUS / "python_pass_prime_guard_clause"), "--json",
                            "--backend", "bubblewrap", "--no-record"])
    if "bubblewrap" in r.output and r.exit_code == 1 and "unavailable" in r.output:
        pytest.skip("bubblewrap is missing")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["verdict"] == "pass"
    assert set(d["axes"]) == {"execution", "coverage", "structural", "discipline"}
    r = runner.invoke(app, ["check", str(CORPUS / "python_stub_pass_body"), "--json",
                            "--no-record"])
    assert r.exit_code == 1 and json.loads(r.output)["verdict"] == "fail:stub"
    r = runner.invoke(app, ["check", "/nonexistent/artifact"])
    assert r.exit_code == 2


def test_cli_process_backend_without_opt_in_is_unavailable(monkeypatch):
    monkeypatch.delenv("OVERLORD_ALLOW_UNSANDBOXED", raising=False)
    r = CliRunner().invoke(app, ["check", str(CORPUS / "python_pass_prime_guard_clause"),
                                 "--json", "--backend", "process", "--no-record"])
    assert r.exit_code == 1
    d = json.loads(r.output)
    assert d["verdict"] == "unavailable"
    assert "OVERLORD_ALLOW_UNSANDBOXED=1" in d["axes"]["execution"]["evidence"]
