"""Property tests: nothing crashes the guard, everything yields a decision, hiding a denied
command does not get it allowed, and what the guard allows changes nothing outside the root
when it really runs (inside bubblewrap)."""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cli.guard import app
from overlord.domain.guard import (
    DenialClass,
    GuardPolicy,
    ToolCall,
    decide_payload,
    decide_tool_call,
)

from .conftest import Tree, build_tree, load_corpus

SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

SHELL_TOKENS = [
    "rm", "-rf", "cp", "mv", "echo", "x", "/etc/passwd", "..", "../", "~", "~/.bashrc", "$X",
    "${X}", "$(", ")", "`", "'", '"', "\\", "|", "||", "&&", "&", ";", "\n", ">", ">>", "2>",
    "&>", "<", "<<", "<<'EOF'", "EOF", "<(", "{", "}", "(", "sh", "-c", "bash", "eval", "env",
    "sudo", "xargs", "find", "-exec", "{}", "\\;", "-delete", "git", "commit", "push", "curl",
    "http://127.0.0.1", "pip", "install", "python", "-c", "open('/x','w')", "nohup", "kill",
    "-9", "dd", "of=/dev/sda", "tar", "-C", "sed", "-i", "cd", "pushd", "*", "?", "[a]", "$'\\x72'",
    "=", "X=/tmp", "for", "in", "do", "done", "if", "then", "fi", "case", "esac", "!", "#",
    "ln", "-s", ".git", ".claude/settings.json", "tee", "\x00", "é", "\t",
]
shell_like = st.lists(st.sampled_from(SHELL_TOKENS), max_size=25).map(" ".join)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20)
TOOLS = ["Bash", "Write", "Edit", "MultiEdit", "NotebookEdit", "Read", "Glob", "Grep", "LS",
         "WebFetch", "WebSearch", "Task", "TodoWrite", "mcp__x__y", "Nope", ""]


def _is_decision(decision) -> bool:
    if decision.decision == "allow":
        return decision.denial_class is None and decision.message == ""
    return (decision.decision == "deny" and isinstance(decision.denial_class, DenialClass)
            and decision.reason and decision.message.startswith("Denied ("))


@SETTINGS
@given(st.binary(max_size=300))
def test_random_bytes_payload_yields_a_decision(tree: Tree, data: bytes) -> None:
    decision = decide_payload(data, GuardPolicy(), overlord_home=tree.overlord_home,
                              resolver=tree.resolver)
    assert _is_decision(decision)


@SETTINGS
@given(st.sampled_from(TOOLS), st.dictionaries(st.sampled_from(
    ["command", "file_path", "notebook_path", "url", "path", "pattern", "query", "edits"]),
    json_values, max_size=4), st.sampled_from(["{ROOT}", "/", "relative", "{OUT}", ""]))
def test_random_payload_objects_yield_a_decision(tree: Tree, tool: str, tool_input: dict,
                                                 cwd: str) -> None:
    payload = {"tool_name": tool, "tool_input": tool_input, "cwd": tree.fill(cwd)}
    decision = decide_payload(json.dumps(payload), GuardPolicy(),
                              overlord_home=tree.overlord_home, resolver=tree.resolver)
    assert _is_decision(decision)


@SETTINGS
@given(shell_like)
def test_random_shell_like_commands_yield_a_decision(tree: Tree, command: str) -> None:
    call = ToolCall("Bash", {"command": command}, tree.root)
    decision = decide_tool_call(call, GuardPolicy(), overlord_home=tree.overlord_home,
                                resolver=tree.resolver)
    assert _is_decision(decision)
    if "\x00" in command:
        assert decision.decision == "deny"


@SETTINGS
@given(st.text(max_size=200))
def test_random_text_commands_yield_a_decision(tree: Tree, command: str) -> None:
    call = ToolCall("Bash", {"command": command}, tree.root)
    decision = decide_tool_call(call, GuardPolicy(allow_network=True),
                                overlord_home=tree.overlord_home, resolver=tree.resolver)
    assert _is_decision(decision)


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.binary(max_size=200), shell_like.map(
    lambda c: json.dumps({"tool_name": "Bash", "tool_input": {"command": c}, "cwd": "/"})
    .encode())))
def test_guard_check_always_prints_one_decision(tree: Tree, data: bytes) -> None:
    result = CliRunner().invoke(app, ["check"], input=data,
                                env={"OVERLORD_HOME": tree.overlord_home})
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert set(out) == {"decision", "class", "reason"}
    assert out["decision"] in ("allow", "deny")
    assert (out["class"] is None) == (out["decision"] == "allow")


DENIED = [c for c in load_corpus()
          if c["tool"] == "Bash" and c["expect"] == "deny" and not c.get("policy")
          and isinstance(c["input"].get("command"), str)]
WRAPS = [
    "true && {c}", "false || {c}", "{c}; true", "( {c} )", "{{ {c}; }}", "echo \"$({c})\"",
    "echo `{c}`", "bash -c {q}", "sh -c {q}", "eval {q}", "env {c}", "timeout 5 {c}",
    "sudo {c}", "nice -n 5 {c}", "if true; then {c}; fi", "f() {{ {c}; }}; f",
    "cat <(bash -c {q})", "bash -c {qq}", "A=1 {c}", "time {c}",
]


@SETTINGS
@given(st.sampled_from(DENIED), st.sampled_from(WRAPS))
def test_hiding_a_denied_command_keeps_it_denied(tree: Tree, case: dict, wrap: str) -> None:
    command = tree.fill(case["input"]["command"])
    if "`" in wrap and "`" in command:
        return  # backticks do not nest: the wrapped text is another (harmless) command
    quoted = shlex.quote(command)
    wrapped = wrap.format(c=command, q=quoted, qq=shlex.quote("bash -c " + quoted))
    call = ToolCall("Bash", {"command": wrapped}, tree.root)
    decision = decide_tool_call(call, GuardPolicy(), overlord_home=tree.overlord_home,
                                resolver=tree.resolver)
    assert decision.decision == "deny", (wrapped, decision.reason)


# ---- the oracle: allowed commands really run in bubblewrap change nothing outside ----------
VERBS = ["rm -rf {t}", "touch {t}", "mkdir -p {t}", "cp a.txt {t}", "mv b.txt {t}",
         "echo x > {t}", "echo x >> {t}", "ln -s a.txt {t}", "sed -i s/a/z/ {t}", "tee {t}",
         "dd if=a.txt of={t}", "truncate -s 0 {t}", "chmod 600 {t}", "cp -r src {t}",
         "install -d {t}", "tar cf {t} src", "find {t} -name '*.txt' -delete", "rm -f {t}/*",
         "python3 -c \"open('{t}', 'w').write('x')\"", "rsync -a src/ {t}",
         "cp -t {t} a.txt", "unlink {t}", "rmdir {t}"]
TARGETS = ["x", "src/x", "../outside/x", "escape/x", "escape", "outlink", "{OUT}/a.txt",
           "src/../../outside/a.txt", "~/x", "{OUT}", "../home/keys", "homelink/keys/k",
           "../outside", "{UHOME}/.bashrc", "build", "./src", "src/../a.txt", "escape/",
           "outlink/", "..", "escape/../x", "{ROOT}/src/y", "../root/src/z"]
PREFIXES = ["", "cd .. && ", "cd src && ", "cd escape && ", "cd src; cd ..; ", "( cd .. ); ",
            "pushd src >/dev/null && ", "cd escape || ", "X=../outside; ", "bash -c 'cd ..' && "]


def _snapshot(base: Path, skip: Path) -> dict[str, str]:
    state: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(base):
        here = Path(dirpath)
        if here == skip or skip in here.parents:
            dirnames[:] = []
            continue
        for name in dirnames + filenames:
            p = here / name
            rel = str(p.relative_to(base))
            if p.is_relative_to(skip):
                continue
            st_ = p.lstat()
            if p.is_symlink():
                state[rel] = "link:" + os.readlink(p)
            elif p.is_dir():
                state[rel] = f"dir:{oct(st_.st_mode)}"
            else:
                state[rel] = f"file:{oct(st_.st_mode)}:" + hashlib.sha256(
                    p.read_bytes()).hexdigest()
    return state


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.sampled_from(PREFIXES), st.sampled_from(VERBS), st.sampled_from(TARGETS))
def test_allowed_commands_change_nothing_outside_the_root(prefix: str, verb: str,
                                                          target: str) -> None:
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed")
    with tempfile.TemporaryDirectory() as base:
        tree = build_tree(Path(base))
        command = tree.fill(prefix + verb.format(t=target))
        call = ToolCall("Bash", {"command": command}, tree.root)
        decision = decide_tool_call(call, GuardPolicy(), overlord_home=tree.overlord_home,
                                    resolver=tree.resolver)
        if decision.decision != "allow":
            return
        real = Path(tree.root).parent
        before = _snapshot(real, Path(tree.root))
        subprocess.run(
            ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
             "--bind", str(real), str(real), "--chdir", tree.root, "--unshare-all",
             "--die-with-parent", "--setenv", "HOME", tree.user_home,
             "bash", "-c", command],
            stdin=subprocess.DEVNULL, capture_output=True, timeout=30, check=False)
        after = _snapshot(real, Path(tree.root))
        changed = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
        assert changed == set(), f"allowed {command!r} changed {sorted(changed)} outside the root"
