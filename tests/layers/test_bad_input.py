"""Bad input to the views: one clear line on stderr, exit 2, no traceback. Also: a scripted
run through the command runtime seals layer 0 and the settlement layer."""

from __future__ import annotations

import json
import subprocess

from tests.conftest import overlord_cmd
from tests.mission.test_mission_runs import run_mission, scripted, with_steps, world  # noqa: F401 - fixture


def test_bad_input_is_one_line_exit_2(world):  # noqa: F811
    tmp, home, root, env = world
    (root / "old.txt").write_text("kept\n")
    with_steps(world, [{"write": str(root / "a.txt"), "content": "one\ntwo\n"}, {"say": "done"}])
    s, journal, _ = run_mission(world, scripted(str(tmp / "steps.json"), timeout_ms=60000))
    assert s["stop_code"] == "completed"
    sealed = [e for e in journal if e["event_type"] == "LayerSealed"]
    assert len(sealed) == 2 and "as found" in sealed[0]["summary"]

    def ov(*args):
        return subprocess.run([*overlord_cmd(), *args], env=env, capture_output=True, text=True, timeout=60)

    d = json.loads(ov("diff", s["run_id"], "--json").stdout)
    assert [f["path"] for f in d["files"]] == ["a.txt"] and "+one\n+two\n" in d["files"][0]["diff"]
    cases = [
        (("diff", s["run_id"], "--to", "7"), "no layer 7"),
        (("diff", s["run_id"], "--from", "-1"), "no layer -1"),
        (("diff", "ffffffff"), "no run ffffffff"),
        (("blame", str(tmp / "elsewhere.txt")), "under no root"),
        (("blame", "/etc/hostname"), "under no root"),
        (("blame", str(root / "missing.txt")), "no layer holds missing.txt"),
        (("cost", "--by", "week"), "not a grouping"),
        (("cost", "--since", "yesterday"), "not a date"),
        (("report", "nope"), "no run nope"),
    ]
    for args, needle in cases:
        p = ov(*args)
        assert p.returncode == 2 and needle in p.stderr, (args, p.returncode, p.stderr)
        assert len(p.stderr.strip().splitlines()) == 1 and "Traceback" not in p.stderr, p.stderr
    blame = [json.loads(x) for x in ov("blame", str(root / "old.txt"), "--json").stdout.splitlines()]
    assert blame == [{**blame[0], "text": "kept", "layer": 0, "tool_use_id": None}]
