"""Every host-side step that reads the worker root (or the runtime's HOME) treats it as the
agent's: no link is followed out of it, nothing in it is run, nothing is written through a link
the agent planted. Each test plants what an agent's script could, then runs the step."""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

import pytest

from overlord.adapters.hooks.install import install_hook, restore_hook
from overlord.adapters.layers import MODE_LINK, Snapshotter, _read
from overlord.adapters.notify import NotifyError, refuse_agent_shaped
from overlord.adapters.runtimes.base import GuardSettings
from overlord.errors import ConfigError
from overlord.gate.axes import GateError
from overlord.gate.runner import _read_bytes, detect
from overlord.gate.toolchains import all_toolchains
from overlord.ledger.blobs import BlobStore
from overlord.sandbox.runtime_jail import Jail, jail_argv, shadow_of, system_mounts
from overlord.supervision.guard_files import GuardFiles, TamperWatch, copy_home, load_baseline, write_under
from tests.attacks.conftest import of
from tests.mission.test_mission_runs import run_mission, scripted, with_steps

SECRET = b"PRIVATE KEY OF THE HOST\n"


@pytest.fixture
def secret(tmp_path) -> Path:
    p = tmp_path / "outside" / "secret.key"
    p.parent.mkdir()
    p.write_bytes(SECRET)
    return p


def _put():
    blobs: dict[str, bytes] = {}

    def put(data: bytes) -> str:
        blobs[hashlib.sha256(data).hexdigest()] = data
        return hashlib.sha256(data).hexdigest()

    return blobs, put


def test_a_seal_never_reads_through_a_link_out_of_the_root(tmp_path, secret):
    root = tmp_path / "w"
    (root / "src").mkdir(parents=True)
    (root / "key.txt").symlink_to(secret)
    (root / "outside-dir").symlink_to(secret.parent, target_is_directory=True)
    (root / "src" / "a.py").write_text("a\n")
    blobs, put = _put()
    seal = Snapshotter(root, put, watch=False).seal()
    got = {p: (b, m) for p, b, m in seal.changes}
    assert got["key.txt"][1] == MODE_LINK and blobs[got["key.txt"][0]] == str(secret).encode()
    assert not any(p.startswith("outside-dir/") for p in got) and SECRET not in blobs.values()
    # the race: a directory the walk saw is a link by the time a file under it is read
    (root / "src" / "a.py").unlink()
    (root / "src").rmdir()
    (root / "src").symlink_to(secret.parent, target_is_directory=True)
    with pytest.raises(OSError, match="leads out of the root|not a regular file|Too many levels"):
        _read(str(root / "src" / "secret.key"), str(root.resolve()))
    with pytest.raises(OSError):
        _read(str(root / "key.txt"), str(root.resolve()))  # a final link is never followed


def test_the_gate_reads_no_link(tmp_path, secret):
    art = tmp_path / "artifact"
    art.mkdir()
    (art / "solution.py").symlink_to(secret)
    (art / "plan.md").write_text("# plan\n")
    with pytest.raises(GateError, match="cannot tell the language"):
        detect(art, all_toolchains())
    with pytest.raises(OSError):
        _read_bytes(art / "solution.py")


def test_a_gate_artifact_that_leads_out_of_the_root_is_unavailable(world, secret):
    tmp, home, root, env = world
    (root / "artifact").symlink_to(secret.parent, target_is_directory=True)
    (secret.parent / "solution.py").write_text("def f():\n    return 1\n")
    with_steps(world, [{"say": "done"}])
    s, entries, p = run_mission(world, scripted(str(tmp / "steps.json"), timeout_ms=60000) + '[gate]\nartifact = "artifact"\n')
    assert s["stop_code"] == "completed" and s["verdict"] == "unavailable", s
    verdict = of(entries, "GateVerdict")
    assert verdict and "leads out of the worker root" in verdict[0]["summary"], entries
    assert not of(entries, "Started")


def test_notify_never_runs_a_file_the_agent_could_write(tmp_path):
    root = tmp_path / "w"
    root.mkdir()
    (root / "notify.sh").write_text("#!/bin/sh\ntouch /tmp/pwned\n")
    (tmp_path / "looks-outside.sh").symlink_to(root / "notify.sh")
    for argv in (["sh", str(root / "notify.sh")], [str(root / "notify.sh")], ["python3", f"{root}/./notify.sh"],
                 ["sh", str(tmp_path / "looks-outside.sh")]):
        with pytest.raises(NotifyError, match="agent could write"):
            refuse_agent_shaped(argv, [str(root)], path="/usr/bin:/bin")
    refuse_agent_shaped(["sh", "-c", "cat > /dev/null"], [str(root)], path="/usr/bin:/bin")  # the owner's own: fine


def test_a_notify_command_from_the_root_is_refused_and_never_runs(world):
    tmp, home, root, env = world
    mark = tmp / "notify-ran"
    script = root / "notify.sh"
    with_steps(world, [{"write": str(script), "content": f"#!/bin/sh\ntouch {mark}\n"}, {"say": "done"}])
    mission = scripted(str(tmp / "steps.json"), timeout_ms=60000) + f'[notify]\ncommand = ["sh", "{script}"]\n'
    s, entries, _ = run_mission(world, mission)
    assert s["stop_code"] == "completed"
    books = of(entries, "Bookkeeping")
    assert len(books) == 1 and "notify_command" in books[0]["summary"] and "agent could write" in books[0]["summary"]
    assert not mark.exists()


def test_guard_files_are_written_without_following_a_planted_link(tmp_path, secret):
    home = tmp_path / "home"
    home.mkdir()
    (home / ".claude").symlink_to(secret.parent, target_is_directory=True)  # the agent's link
    files = GuardFiles(GuardSettings(home={".claude/settings.json": b"{}\n", ".claude/settings.local.json": b"{}\n"}),
                       home=home, store=tmp_path / "store")
    assert files.write_home() == []
    assert not (home / ".claude").is_symlink() and (home / ".claude" / "settings.json").read_bytes() == b"{}\n"
    assert sorted(os.listdir(secret.parent)) == ["secret.key"] and secret.read_bytes() == SECRET
    (home / ".claude" / "settings.json").unlink()
    (home / ".claude" / "settings.json").symlink_to(secret)
    changed = files.write_home()
    assert changed == [(".claude/settings.json", f"link:{secret}")]
    assert secret.read_bytes() == SECRET and not (home / ".claude" / "settings.json").is_symlink()
    with pytest.raises(ValueError):
        write_under(home, "../escape", b"x")


def test_a_change_is_found_once_recorded_once_and_latched(tmp_path):
    home = tmp_path / "home"
    files = GuardFiles(GuardSettings(home={".claude/settings.json": b"{}\n"}), home=home, store=tmp_path / "s")
    files.write_home()
    recorded = []
    watch = TamperWatch(files, lambda change: recorded.append(change), lambda: None)
    assert watch.check() is None and watch.stop_check() is None
    (home / ".claude" / "settings.json").write_text('{"disableAllHooks": true}')
    code, detail = watch.stop_check()
    assert code.value == "policy" and detail.startswith("guard_tamper: ") and "settings.json was changed" in detail
    (home / ".claude" / "settings.json").write_text("{}\n")  # put back: still tampered
    assert watch.check() is not None and len(recorded) == 1


def test_a_resumed_run_watches_the_roots_settings_against_the_first_runs(tmp_path):
    """What the first arming found in the root is kept with the run; a resume compares the root
    with that, not with what the agent left, and keeps the same baseline for the next resume."""
    root, settings = tmp_path / "work", GuardSettings(project=(".gemini/settings.json",))
    root.mkdir()
    first = GuardFiles(settings, home=tmp_path / "h1", store=tmp_path / "s1", watch=[root / ".gemini/settings.json"])
    first.save_baseline(tmp_path / "s1" / "root-settings.json")
    assert first.check() is None
    (root / ".gemini").mkdir()
    (root / ".gemini" / "settings.json").write_text('{"hooksConfig": {"disabled": ["overlord-guard"]}}')
    kept = load_baseline(tmp_path / "s1" / "root-settings.json")
    assert kept == {root / ".gemini/settings.json": "absent"}
    resumed = GuardFiles(settings, home=tmp_path / "h2", store=tmp_path / "s2", watch=[root / ".gemini/settings.json"],
                         baseline=kept)
    assert "settings.json was changed (absent -> sha256:" in (resumed.check() or "")
    resumed.save_baseline(tmp_path / "s2" / "root-settings.json")
    assert load_baseline(tmp_path / "s2" / "root-settings.json") == kept  # the chain keeps the owner's
    unread = tmp_path / "bad.json"
    unread.write_text('["not", "a", "baseline"]')
    with pytest.raises(ValueError):
        load_baseline(unread)
    assert load_baseline(tmp_path / "none.json") == {}


def test_a_resumed_home_is_copied_without_its_fifos_and_links_kept_as_links(tmp_path, secret):
    src, dst = tmp_path / "old", tmp_path / "new"
    (src / ".claude").mkdir(parents=True)
    (src / ".claude" / "x.json").write_text("{}")
    os.mkfifo(src / "hang")
    (src / "key").symlink_to(secret)
    copy_home(src, dst)
    assert (dst / ".claude" / "x.json").read_text() == "{}" and not (dst / "hang").exists()
    assert (dst / "key").is_symlink() and os.readlink(dst / "key") == str(secret)


def test_a_resumed_home_leaves_behind_the_runtime_state_that_names_the_old_home(tmp_path):
    """Codex's thread index names each rollout by the old HOME's path: not carried; its
    session files (what ``exec resume`` reads) are."""
    from overlord.adapters.runtimes.registry import get_runtime

    src, dst = tmp_path / "old", tmp_path / "new"
    (src / ".codex" / "sessions" / "2026").mkdir(parents=True)
    for name in ("state_5.sqlite", "state_5.sqlite-wal", "state_5.sqlite-shm", "logs_2.sqlite"):
        (src / ".codex" / name).write_text(str(src))
    (src / ".codex" / "sessions" / "2026" / "rollout-x.jsonl").write_text("{}\n")
    (src / "state_5.sqlite").write_text("not Codex's: kept")
    copy_home(src, dst, uncarried=get_runtime("codex").home_uncarried)
    assert sorted(p.name for p in (dst / ".codex").iterdir()) == ["logs_2.sqlite", "sessions"]
    assert (dst / ".codex" / "sessions" / "2026" / "rollout-x.jsonl").read_text() == "{}\n"
    assert (dst / "state_5.sqlite").exists()
    assert get_runtime("claude-code").home_uncarried == get_runtime("gemini").home_uncarried == ()


def test_restore_refuses_a_settings_directory_the_agent_replaced_with_a_link(tmp_path, secret):
    root, home = tmp_path / "w", tmp_path / "ovl"
    root.mkdir()
    home.mkdir()
    blobs = BlobStore(home / "blobs")
    install_hook(root, home, blobs)
    (root / ".claude" / "settings.json").unlink()
    (root / ".claude").rmdir()
    (root / ".claude").symlink_to(secret.parent, target_is_directory=True)
    with pytest.raises(ConfigError, match="symlink"):
        restore_hook(root, home, blobs)
    assert sorted(os.listdir(secret.parent)) == ["secret.key"]


def test_the_jail_has_its_own_network_read_only_sockets_and_a_rebuilt_parent(tmp_path):
    etc = tmp_path / "etc"
    (etc / "ssl").mkdir(parents=True)
    (etc / "hosts").write_text("127.0.0.1 localhost\n")
    (etc / "mtab").symlink_to("/proc/self/mounts")
    managed = ((str(tmp_path / "guard"), str(etc / "claude-code")),)
    shadows = system_mounts(managed)
    assert shadows == (shadow_of(str(etc), without=("claude-code",)),)
    assert dict((n, k) for n, k, _ in shadows[0].entries) == {"hosts": "bind", "mtab": "link", "ssl": "bind"}
    argv = jail_argv("bwrap", Jail(writable=("/w",), hidden=("/h",), sockets=("/s",), system=managed, shadows=shadows),
                     ["claude"], cwd="/w")
    text = " ".join(argv)
    assert "--unshare-net" in argv and "--ro-bind /s /s" in text
    assert f"--tmpfs {etc} " in text and f"--symlink /proc/self/mounts {etc}/mtab" in text
    assert f"--ro-bind {tmp_path}/guard {etc}/claude-code" in text and text.index("--remount-ro") > text.index("claude-code")
    assert argv[-2:] == ["--", "claude"]
    with pytest.raises(ConfigError):
        Jail(writable=(), hidden=(), network="bridge")


def test_git_runs_with_a_neutral_environment_and_config(tmp_path):
    from overlord.adapters.git import NEUTRAL_CONFIG, git_argv, git_env

    env = git_env(tmp_path)
    assert env["GIT_CONFIG_GLOBAL"] == "/dev/null" and env["GIT_CONFIG_NOSYSTEM"] == "1"
    assert env["GIT_DIR"] == str(tmp_path / ".git") and env["HOME"] == "/nonexistent"
    assert "PYTHONPATH" not in env and "LD_PRELOAD" not in env and set(env) == set(git_env(tmp_path))
    argv = git_argv("status")
    assert ("core.hooksPath", "/dev/null") in NEUTRAL_CONFIG and "core.hooksPath=/dev/null" in argv
    assert "core.fsmonitor=false" in argv and argv[1] == "--no-pager" and argv[-1] == "status"
    assert stat.S_ISDIR(os.stat("/dev/null").st_mode) is False
    assert json.dumps(env)  # plain strings only


def test_a_locked_guard_file_is_read_only_in_the_jail_and_its_home_writable(tmp_path):
    """``GuardSettings.locked``: a file carrying the hook inside a directory the runtime must
    write (a config home) is bound read-only over itself."""
    import shutil
    import subprocess

    from tests.conftest import need_part

    need_part(shutil.which("bwrap") is not None, "bubblewrap")
    home = tmp_path / "home"
    files = GuardFiles(GuardSettings(locked={".codex/config.toml": b"[hooks]\n"}), home=home, store=tmp_path / "s")
    files.write_home()
    assert files.locked == (str(home / ".codex" / "config.toml"),)
    script = (f"open('{home}/.codex/sessions.log', 'w').write('ok')\n"
              f"try:\n    open('{home}/.codex/config.toml', 'w').write('x')\nexcept OSError as e:\n    print(e.errno)\n")
    argv = jail_argv(shutil.which("bwrap"), Jail(writable=(str(home),), hidden=(), read_only=files.locked),
                     ["python3", "-c", script], cwd="/")
    p = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    assert p.stdout.strip() == "30", p.stdout + p.stderr  # EROFS
    assert (home / ".codex" / "sessions.log").read_text() == "ok"
    assert (home / ".codex" / "config.toml").read_bytes() == b"[hooks]\n" and files.check() is None
