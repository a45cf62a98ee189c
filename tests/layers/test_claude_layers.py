"""A real Claude Code run (a replayed transcript) edits three files over five tool calls:
`diff` shows exactly those edits, `blame` gives each changed line the right tool call, `cost`
equals the sum of the connector's events, and Overlord commits the last layer on a pass."""

from __future__ import annotations

import json
import subprocess

from overlord.domain.run import Run
from overlord.ledger.session import open_home
from tests.claude.conftest import claude_bin  # noqa: F401 - the real CLI fixture
from tests.conftest import overlord_cmd
from tests.mission.test_mission_runs import claude_mission, run_mission, world  # noqa: F401 - fixtures

A1 = "def area(w, h):\n    return w * h\n\n\ndef name():\n    return 'box'\n"
A2 = A1.replace("return w * h", "return abs(w * h)")
B1 = "alpha\nbeta\ngamma\n"
B2 = "alpha\nBETA\ngamma\ndelta\n"
C1 = "# Notes\n\nThe box module.\n"

TRANSCRIPT = [
    {"blocks": [{"text": "Writing a.py."}, {"tool": "Write", "input": {"file_path": "a.py", "content": A1}}],
     "usage": {"input_tokens": 1000, "output_tokens": 50}},
    {"blocks": [{"tool": "Write", "input": {"file_path": "b.txt", "content": B1}}],
     "usage": {"input_tokens": 1100, "output_tokens": 30}},
    {"blocks": [{"tool": "Edit", "input": {"file_path": "a.py", "old_string": "return w * h",
                                           "new_string": "return abs(w * h)"}}],
     "usage": {"input_tokens": 1200, "output_tokens": 40}},
    {"blocks": [{"tool": "Write", "input": {"file_path": "c.md", "content": C1}}],
     "usage": {"input_tokens": 1300, "output_tokens": 35}},
    {"blocks": [{"tool": "Edit", "input": {"file_path": "b.txt", "old_string": "beta\ngamma\n",
                                           "new_string": "BETA\ngamma\ndelta\n"}}],
     "usage": {"input_tokens": 1400, "output_tokens": 45}},
    {"blocks": [{"text": "Done: a.py, b.txt and c.md."}], "usage": {"input_tokens": 1500, "output_tokens": 20}},
]


def ov(env, *args, check=True):
    p = subprocess.run([*overlord_cmd(), *args], env=env, capture_output=True, text=True, timeout=120)
    if check:
        assert p.returncode == 0, p.stderr
    return p


def git(root, *args):
    return subprocess.run(["git", "-c", "user.name=T", "-c", "user.email=t@x", *args], cwd=root, check=True,
                          capture_output=True, text=True).stdout.strip()


def test_claude_run_layers_diff_blame_cost_commit(world, claude_bin):  # noqa: F811
    tmp, home, root, env = world
    (root / "README").write_text("as found\n")
    (root / ".gitignore").write_text("*.log\n")
    (root / "noise.log").write_text("ignored\n")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "start")
    (tmp / "t.json").write_text(json.dumps(TRANSCRIPT))
    mission = claude_mission(str(tmp / "t.json")) + "[commit]\non_pass = true\n"
    s, journal, _ = run_mission(world, mission)
    assert (s["status"], s["stop_code"]) == ("succeeded", "completed"), s
    assert (root / "a.py").read_text() == A2 and (root / "b.txt").read_text() == B2

    session = open_home(home, writable=False)
    try:
        from uuid import UUID

        events = list(session.ledger.events.get(UUID(s["run_id"])))
    finally:
        session.close()
    tool_ids = [e.tool_use_id for e in events if isinstance(e, Run.ToolUsed)]
    assert len(tool_ids) == 5
    layers = [e for e in events if isinstance(e, Run.LayerSealed)]
    assert layers[0].tool_use_id is None and {c[0] for c in layers[0].changes} == {"README", ".gitignore"}
    # one layer after each of the five tool calls, each holding that call's change, then the settlement seal
    by_call = {e.tool_use_id: [c[0] for c in e.changes] for e in layers if e.tool_use_id}
    assert by_call == {tool_ids[0]: ["a.py"], tool_ids[1]: ["b.txt"], tool_ids[2]: ["a.py"],
                       tool_ids[3]: ["c.md"], tool_ids[4]: ["b.txt"]}, by_call
    assert layers[-1].tool_use_id is None and layers[-1].changes == []

    # diff: exactly those edits
    d = json.loads(ov(env, "diff", s["run_id"], "--json").stdout)
    files = {f["path"]: f for f in d["files"]}
    assert set(files) == {"a.py", "b.txt", "c.md"}
    assert [ln for ln in files["a.py"]["diff"].splitlines() if ln[:1] in "+-" and ln[:3] not in ("+++", "---")] == \
        ["+" + x for x in A2.splitlines()]
    one = ov(env, "diff", s["run_id"][:8], "--from", "2", "--to", "3").stdout  # the Edit of a.py alone
    assert "-    return w * h\n+    return abs(w * h)\n" in one and "b.txt" not in one
    five = json.loads(ov(env, "diff", s["run_id"], "--from", "4", "--to", "6", "--json").stdout)["files"]
    b = next(f for f in five if f["path"] == "b.txt")
    assert (b["added"], b["removed"]) == (2, 1) and "-beta\n+BETA\n" in b["diff"] and "+delta\n" in b["diff"]
    stat = ov(env, "diff", s["run_id"], "--stat").stdout
    assert "3 files changed" in stat

    # blame: each changed line -> the right tool call
    blame = [json.loads(x) for x in ov(env, "blame", str(root / "a.py"), "--json").stdout.splitlines()]
    assert [x["text"] for x in blame] == A2.splitlines()
    assert [x["tool_use_id"] for x in blame] == [tool_ids[0], tool_ids[2]] + [tool_ids[0]] * 4
    assert blame[1]["tool"] == "Edit" and blame[0]["tool"] == "Write" and blame[1]["layer"] == 3
    blame_b = [json.loads(x) for x in ov(env, "blame", str(root / "b.txt"), "--json").stdout.splitlines()]
    assert [x["tool_use_id"] for x in blame_b] == [tool_ids[1], tool_ids[4], tool_ids[1], tool_ids[4]]
    readme = [json.loads(x) for x in ov(env, "blame", str(root / "README"), "--json").stdout.splitlines()]
    assert readme[0]["layer"] == 0 and readme[0]["tool_use_id"] is None

    # cost: the sum of the connector's events
    called = [e for e in events if isinstance(e, Run.ConnectorCalled)]
    assert len(called) == len(TRANSCRIPT)  # replay: priced at zero unless the price table says otherwise
    c = json.loads(ov(env, "cost", "--json").stdout)
    assert c["total_micro_usd"] == sum(e.cost_micro_usd for e in called)
    assert json.loads(ov(env, "cost", "--by", "model", "--json").stdout)["total_micro_usd"] == c["total_micro_usd"]

    # commit: Overlord, not the agent, committed the last layer
    committed = [e for e in events if isinstance(e, Run.Committed)]
    assert len(committed) == 1 and committed[0].layer == len(layers) - 1
    assert git(root, "log", "-1", "--format=%an|%H|%T") == f"Overlord|{committed[0].sha}|{committed[0].tree}"
    assert s["run_id"] in git(root, "log", "-1", "--format=%B")
    assert git(root, "ls-tree", "--name-only", "HEAD").split() == [".gitignore", "README", "a.py", "b.txt", "c.md"]
    assert git(root, "status", "--porcelain") == ""
    blame_c = [json.loads(x) for x in ov(env, "blame", str(root / "c.md"), "--json").stdout.splitlines()]
    assert {x["commit"] for x in blame_c} == {committed[0].sha}

    # ps and report read the runs digest
    assert s["run_id"][:8] in ov(env, "ps").stdout
    rep = json.loads(ov(env, "report", s["run_id"], "--json").stdout)
    assert rep["run"]["stop_code"] == "completed" and rep["cost_micro_usd"] == c["total_micro_usd"]
    assert rep["run"]["commit_sha"] == committed[0].sha and len(rep["layers"]) == len(layers)
    assert "completed" in ov(env, "report", s["run_id"]).stdout
