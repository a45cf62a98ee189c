"""The human-only channel: `overlord policy set` asks on the terminal and nowhere else.

With stdin piped and no terminal it refuses and changes nothing; on a pseudo-terminal a wrong
confirmation is refused and the right one (`apply` and the first 8 hex digits of the new
policy's SHA-256) applies it as the next PolicyChanged. An agent inside a run (no terminal,
the home hidden) cannot use it even when it is handed the right answer.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import on_terminal as run_on_terminal
from tests.policy.conftest import OV, World

NEW = b'# stricter\n[approval]\nclasses = ["package_install"]\ntimeout_ms = 30000\n'
AGENT = Path(__file__).resolve().parents[1] / "mission" / "agent.py"


def _confirmation(data: bytes) -> str:
    return f"apply {hashlib.sha256(data).hexdigest()[:8]}"


def on_terminal(w: World, args: list[str], answer: str) -> tuple[int, str]:
    """``overlord ARGS`` on a pseudo-terminal in ``w``'s home (see tests.conftest.on_terminal)."""
    return run_on_terminal([*OV, *args], env=w.env, cwd=w.work, answer=answer)


def test_with_stdin_piped_and_no_terminal_it_refuses_and_changes_nothing(world):
    w = world
    (w.tmp / "new.toml").write_bytes(NEW)
    before = w.policy.read_bytes()
    p = subprocess.run([*OV, "policy", "set", str(w.tmp / "new.toml")], input=_confirmation(NEW) + "\n", text=True,
                       capture_output=True, env=w.env, start_new_session=True, timeout=120)
    assert p.returncode == 2 and "no terminal" in p.stderr and "never on stdin" in p.stderr, p.stderr
    assert w.policy.read_bytes() == before
    assert w.kinds().count("PolicyChanged") == 1


def test_on_a_terminal_a_wrong_confirmation_is_refused_and_the_right_one_applies(world):
    w = world
    new = w.tmp / "new.toml"
    new.write_bytes(NEW)
    before = w.policy.read_bytes()
    expected = _confirmation(NEW)
    code, screen = on_terminal(w, ["policy", "set", str(new)], "apply 00000000")
    assert code == 2, screen
    assert f'Type "{expected}" to confirm: ' in screen, screen
    assert "+classes = [\"package_install\"]" in screen, "the diff was shown first"
    assert "\x1b[" not in screen.split("to confirm:")[0], "plain text: no styling, no pager"
    assert "did not match" in screen and w.policy.read_bytes() == before
    assert w.kinds().count("PolicyChanged") == 1

    code, screen = on_terminal(w, ["policy", "set", str(new)], expected)
    assert code == 0, screen
    assert "install policy version 2 applied" in screen
    assert w.policy.read_bytes() == NEW
    changed = [e for e in w.journal() if e["event_type"] == "PolicyChanged"]
    assert len(changed) == 2 and "version 2" in changed[1]["summary"] and "policy set" in changed[1]["summary"]
    show = json.loads(w.ov("policy", "show", "--json").stdout)
    assert show["intact"] and show["version"] == 2 and show["policy"]["approval"]["classes"] == ["package_install"]
    assert show["sha256"] == hashlib.sha256(NEW).hexdigest()


def test_an_agent_inside_a_run_cannot_use_the_channel(world):
    """The scripted agent, in its jail, runs `overlord policy set` itself (behind the guard's
    back), with the real home named and the right confirmation on stdin; it also tries to open
    /dev/tty. Both fail; the policy is unchanged."""
    w = world
    evil = w.work / "evil.toml"
    evil.write_bytes(b'[missions]\nallow_network = true\n[approval]\nclasses = ["network_client"]\n')
    report = w.work / "report.txt"
    steps = w.tmp / "steps.json"
    steps.write_text(json.dumps([
        {"raw_run": [*OV, "policy", "set", str(evil)], "input": _confirmation(evil.read_bytes()) + "\n",
         "env": {"OVERLORD_HOME": str(w.home)}, "into": str(report)},
        {"raw_run": [sys.executable, "-c", "open('/dev/tty', 'r+b')"], "into": str(report)},
        {"say": "done"}]))
    mission = w.tmp / "mission.toml"
    mission.write_text(f'[mission]\ngoal = "x"\nruntime = "command"\ncommand = ["{sys.executable}", "{AGENT}", '
                       f'"{steps}"]\n[limits]\ntimeout_ms = 120000\n')
    before = w.policy.read_bytes()
    p = w.ov("run", "--json", "--mission", str(mission), "--root", str(w.work), timeout=300)
    assert json.loads(p.stdout)["stop_code"] == "completed", p.stderr
    lines = report.read_text().splitlines()
    assert lines[0].startswith("exit 2:") and "Overlord home" in lines[0], lines  # the home is hidden from it
    assert lines[1].startswith("exit 1:") and "/dev/tty" in lines[1], lines  # and it has no terminal
    assert w.policy.read_bytes() == before and w.kinds().count("PolicyChanged") == 1
