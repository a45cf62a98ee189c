"""Issue 12, "Also": under ``umask 000`` the home's missing parent directories (and the
witness home's) were created 0777; they are created 0700 whatever the umask."""

from __future__ import annotations

import os
import stat
import subprocess

from tests.conftest import overlord_cmd


def _mode(p) -> int:
    return stat.S_IMODE(os.lstat(p).st_mode)


def test_missing_parents_are_private_under_umask_000(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OVERLORD_")}
    env["OVERLORD_HOME"] = str(tmp_path / "a" / "b" / "home")
    env["OVERLORD_WITNESS_HOME"] = str(tmp_path / "w" / "x" / "whome")
    for argv in (["init"], ["witness", "key"]):
        r = subprocess.run([*overlord_cmd(), *argv], env=env, capture_output=True, text=True, timeout=60,
                           preexec_fn=lambda: os.umask(0))
        assert r.returncode == 0, r.stderr
    for d in ("a", "a/b", "a/b/home", "a/b/home/keys", "a/b/home/blobs", "w", "w/x", "w/x/whome"):
        assert _mode(tmp_path / d) == 0o700, d
    assert _mode(tmp_path / "a/b/home/keys/log.key") == 0o600
    assert _mode(tmp_path / "w/x/whome/witness.key") == 0o600
