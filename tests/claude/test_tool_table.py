"""The guard's tool table against the tools the installed Claude Code lists in its init event.

A new CLI version that lists a tool the table lacks fails here: teach the guard the tool
(overlord/domain/guard/tools.py and tests/guard/claude_code_tools.json), then pin the version.
"""

from __future__ import annotations

from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.runtimes import claude_code as cc
from overlord.domain import runtime_records as rr
from overlord.domain.guard.tools import missing_tools
from tests.claude.conftest import run_cli


def test_every_tool_the_cli_lists_is_in_the_guard_table(claude_bin, tmp_path, fresh_home):
    root = tmp_path / "work"
    root.mkdir()
    run = run_cli(claude_bin, root=root, home=fresh_home, transcript=Transcript.from_json([{"blocks": [{"text": "hi"}]}]),
                  inv=cc.Invocation(prompt="say hi", max_turns=1))
    inits = run.of(rr.SessionStarted)
    assert inits, run.explain()
    assert isinstance(run.records[0], rr.SessionStarted), run.explain()
    tools = inits[0].tools
    assert "Bash" in tools and "Write" in tools, tools
    assert missing_tools(tools) == [], (
        f"Claude Code {inits[0].version} lists tools the guard's table lacks: {missing_tools(tools)}")
    results = run.of(rr.Finished)
    assert results and not results[-1].is_error and results[-1].result == "hi", run.explain()
