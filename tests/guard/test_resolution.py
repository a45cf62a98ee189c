"""Writes resolve before containment: every allowed write is judged where it really lands.

The decision is pure and takes the resolver it is given. A fake resolver (symlinks in a table,
no disk) shows the guard judges the path the resolver returns, not the text; the real
resolver over a real directory with planted symlinks shows the same decisions, and the
decision service and ``overlord guard check`` are wired to the real one.
"""

from __future__ import annotations

import json
import os
import posixpath
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.guard import app
from overlord.adapters.paths import RealPathResolver
from overlord.domain.guard import DenialClass, GuardPolicy, ToolCall, decide_tool_call
from overlord.supervision.decision_service import DecisionCore


class TableResolver:
    """Symlinks from a table (link -> target, relative targets taken from the link's
    directory), resolved component by component as the kernel does: ``..`` after a symlink
    goes up from where the link points. Touches no disk; records every path it resolves."""

    def __init__(self, links: dict[str, str], home: str = "/home/agent") -> None:
        self.links = links
        self._home = home
        self.asked: list[str] = []

    def realpath(self, path: str) -> str:
        self.asked.append(path)
        todo = [p for p in path.split("/") if p]
        here, hops = "/", 0
        while todo:
            part = todo.pop(0)
            if part == ".":
                continue
            if part == "..":
                here = posixpath.dirname(here) or "/"
                continue
            candidate = posixpath.join(here, part)
            if candidate in self.links and hops < 40:
                hops += 1
                target = self.links[candidate]
                todo = [p for p in target.split("/") if p] + todo
                here = "/" if target.startswith("/") else here
                continue
            here = candidate
        return here

    def home(self) -> str:
        return self._home

    def glob(self, pattern: str) -> list[str]:
        return []


ROOT, OUT, HOME = "/w/root", "/w/outside", "/w/ovl"
PLANTED = {
    f"{ROOT}/escape": OUT,                       # a directory link out of the root
    f"{ROOT}/outlink": f"{OUT}/target.txt",      # a file link out of the root
    f"{ROOT}/dangling": f"{OUT}/not-yet.txt",    # a link to a file that does not exist yet
    f"{ROOT}/up": "..",                          # a relative link to the root's parent
    f"{ROOT}/chain": "hop",                      # a chain: chain -> hop -> escape -> OUT
    f"{ROOT}/hop": "escape",
    f"{ROOT}/src/deep": "../../outside/dir",     # relative, from a subdirectory
    f"{ROOT}/keys": f"{HOME}/keys",              # into OVERLORD_HOME
    f"{ROOT}/gitlink": f"{ROOT}/.git",           # into a protected directory
    f"{ROOT}/inside": f"{ROOT}/src",             # a link that stays inside
}

WRITES = [
    # (tool input, expected class or None for allow)
    ({"tool": "Write", "file_path": "escape/x.txt"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Write", "file_path": "outlink"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Write", "file_path": "dangling"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Write", "file_path": "up/x.txt"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Write", "file_path": "chain/x.txt"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Write", "file_path": "src/deep/x.txt"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Write", "file_path": "escape/../x.txt"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Write", "file_path": "keys/log.key"}, DenialClass.GUARD_TAMPER),
    ({"tool": "Write", "file_path": "gitlink/config"}, DenialClass.PROTECTED_ROOT),
    ({"tool": "Edit", "file_path": f"{ROOT}/src/../escape/y"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Write", "file_path": "inside/new.py"}, None),
    ({"tool": "Write", "file_path": "src/../src/./new.py"}, None),
    ({"tool": "Write", "file_path": "a/b/../../new.txt"}, None),
    ({"tool": "Bash", "command": "echo x > escape/x"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Bash", "command": "echo x >> outlink"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Bash", "command": "cp a.txt escape/"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Bash", "command": "tee up/x < a.txt"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Bash", "command": "sed -i s/a/b/ outlink"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Bash", "command": "touch dangling"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Bash", "command": "cd escape && echo x > y"}, DenialClass.WRITE_OUTSIDE),
    ({"tool": "Bash", "command": "python3 -c \"open('chain/z', 'w').write('1')\""},
     DenialClass.WRITE_OUTSIDE),
    ({"tool": "Bash", "command": "rm -rf escape/"}, DenialClass.DELETE_OUTSIDE),
    ({"tool": "Bash", "command": "rm escape"}, None),       # removes the link itself
    ({"tool": "Bash", "command": "echo x > inside/new.py"}, None),
]


def _decide(spec: dict, resolver, root: str = ROOT, home: str = HOME):
    tool = spec["tool"]
    data = {k: v for k, v in spec.items() if k != "tool"}
    call = ToolCall(tool, data, root)
    return decide_tool_call(call, GuardPolicy(worker_root=root), overlord_home=home,
                            resolver=resolver)


@pytest.mark.parametrize(("spec", "expected"), WRITES, ids=[str(w[0]) for w in WRITES])
def test_writes_are_judged_where_the_fake_resolver_says_they_land(spec, expected) -> None:
    resolver = TableResolver(PLANTED)
    decision = _decide(spec, resolver)
    assert decision.denial_class is expected, decision.reason
    assert resolver.asked, "the decision did not ask the resolver"


def test_the_same_text_is_allowed_when_the_link_stays_inside() -> None:
    """Proof that the decision follows the resolver, not the text: the one change is where
    ``escape`` points."""
    spec = {"tool": "Write", "file_path": "escape/x.txt"}
    assert _decide(spec, TableResolver(PLANTED)).denial_class is DenialClass.WRITE_OUTSIDE
    inside = dict(PLANTED, **{f"{ROOT}/escape": f"{ROOT}/build"})
    assert _decide(spec, TableResolver(inside)).allowed


def _plant(base: Path) -> tuple[str, str, str]:
    """The same tree as :data:`PLANTED`, made of real directories and symlinks."""
    base = Path(os.path.realpath(base))
    root, out, home = base / "root", base / "outside", base / "ovl"
    for d in (root / "src", root / ".git", root / ".claude", out / "dir", home / "keys"):
        d.mkdir(parents=True, exist_ok=True)
    (root / "a.txt").write_text("a")
    (out / "target.txt").write_text("t")
    for link, target in PLANTED.items():
        real_target = target.replace(ROOT, str(root)).replace(OUT, str(out)).replace(
            HOME, str(home))
        if not target.startswith("/"):
            real_target = target.replace("outside", out.name)
        Path(link.replace(ROOT, str(root))).symlink_to(real_target)
    return str(root), str(out), str(home)


@pytest.mark.parametrize(("spec", "expected"), WRITES, ids=[str(w[0]) for w in WRITES])
def test_writes_through_real_planted_symlinks(tmp_path: Path, spec, expected) -> None:
    root, out, home = _plant(tmp_path)
    real = {k: (v.replace(OUT, out) if isinstance(v, str) and k != "tool" else v)
            for k, v in spec.items()}
    real = {k: (v.replace(ROOT, root) if isinstance(v, str) and k != "tool" else v)
            for k, v in real.items()}
    decision = _decide(real, RealPathResolver(), root=root, home=home)
    assert decision.denial_class is expected, decision.reason


def test_the_decision_service_passes_the_real_resolver(tmp_path: Path) -> None:
    root, out, home = _plant(tmp_path)
    core = DecisionCore(GuardPolicy(worker_root=root), overlord_home=home)
    for path, decision in (("escape/x", "deny"), ("up/x", "deny"), ("inside/x", "allow")):
        payload = json.dumps({"tool_name": "Write", "cwd": root, "tool_use_id": path,
                              "tool_input": {"file_path": path, "content": "x"}})
        answer = core.decide_payload(payload, run_id=None)
        assert answer["decision"] == decision, (path, answer)
    assert answer["class"] is None
    payload = json.dumps({"tool_name": "Bash", "cwd": root,
                          "tool_input": {"command": "echo x > chain/y"}})
    assert core.decide_payload(payload, run_id=None)["class"] == "write_outside"


def test_guard_check_resolves_planted_symlinks(tmp_path: Path) -> None:
    root, out, home = _plant(tmp_path)
    data = json.dumps({"tool_name": "Write", "cwd": root,
                       "tool_input": {"file_path": "src/deep/x", "content": "x"}})
    result = CliRunner().invoke(app, ["check"], input=data, env={"OVERLORD_HOME": home})
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["class"] == "write_outside"


@pytest.mark.parametrize("target", ["/dev/fd/../../etc/passwd", "/proc/self/fd/../../../etc/x",
                                    "/proc/self/cwd/../x", "/proc/self/root/etc/x",
                                    "/dev/pts/../../etc/x"])
def test_device_and_proc_spellings_are_not_devices(tmp_path: Path, target: str) -> None:
    """``/dev/fd/N`` is a safe target; a path that only starts like one is resolved (or, through
    the writer's own /proc view, unparseable), never allowed as a device."""
    root, out, home = _plant(tmp_path)
    for spec in ({"tool": "Bash", "command": f"echo x > {target}"},
                 {"tool": "Write", "file_path": target}):
        decision = _decide(spec, RealPathResolver(), root=root, home=home)
        assert decision.decision == "deny", (spec, decision.reason)
    assert _decide({"tool": "Bash", "command": "echo x > /dev/fd/2"}, RealPathResolver(),
                   root=root, home=home).allowed
