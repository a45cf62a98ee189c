"""End to end: `overlord witness serve|key|add-log`, `overlord checkpoint --witness`, `overlord verify`."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.request

from tests.conftest import _free_port, overlord_cmd


def _env(tmp_path):
    env = dict(os.environ)
    env["OVERLORD_HOME"] = str(tmp_path / "home")
    env["OVERLORD_WITNESS_HOME"] = str(tmp_path / "whome")
    return env


def _ov(env, *args, check=True):
    r = subprocess.run([*overlord_cmd(), *args], env=env, capture_output=True, text=True, timeout=60)
    if check:
        assert r.returncode == 0, r.stdout + r.stderr
    return r


def _wait(port: int) -> None:
    deadline = time.time() + 20
    while time.time() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError("server did not start")


def test_checkpoint_with_witness_then_verify(tmp_path) -> None:
    env = _env(tmp_path)
    _ov(env, "init")
    _ov(env, "run", "--", "true")
    wkey = _ov(env, "witness", "key").stdout.strip()
    assert "+" in wkey and wkey == _ov(env, "witness", "key").stdout.strip()
    assert oct((tmp_path / "whome" / "witness.key").stat().st_mode & 0o777) == "0o600"
    port = _free_port()
    server = subprocess.Popen([*overlord_cmd(), "witness", "serve", "--port", str(port)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        _wait(port)
        assert oct((tmp_path / "home" / "witness.token").stat().st_mode & 0o777) == "0o600"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz") as r:
            assert json.loads(r.read())["ok"] is True
        # the witness key is not trusted yet: refused, nothing stored
        r = _ov(env, "checkpoint", "--witness", f"http://127.0.0.1:{port}", check=False)
        assert r.returncode == 2 and "witness <key>" in r.stderr
        with open(tmp_path / "home" / "trust", "a") as f:
            f.write(f"witness {wkey}\n")
        out = json.loads(_ov(env, "checkpoint", "--json", "--witness", f"http://127.0.0.1:{port}").stdout)
        assert len(out["cosignatures"]) == 1
        # again: the client sends the size the witness last saw (or learns it from a 409)
        out2 = json.loads(_ov(env, "checkpoint", "--json", "--witness", f"http://127.0.0.1:{port}").stdout)
        assert out2["size"] > out["size"] and len(out2["cosignatures"]) == 1
        v = _ov(env, "verify", "--json")
        assert json.loads(v.stdout)["ok"] is True
        # the Cosigned events follow the checkpoint they cosign; a last checkpoint covers them
        topics = [json.loads(line)["event_type"] for line in _ov(env, "journal", "--json").stdout.splitlines()]
        assert topics[-2:] == ["Cosigned", "CheckpointSigned"]
        # an untrusted witness: verify fails and names the Cosigned event
        trust = (tmp_path / "home" / "trust").read_text().replace(f"witness {wkey}\n", "")
        (tmp_path / "home" / "trust").write_text(trust)
        v = _ov(env, "verify", "--json", check=False)
        report = json.loads(v.stdout)
        assert v.returncode == 1 and "unknown witness" in report["first_failure"]["problem"]
        assert report["first_failure"]["stream"] and report["first_failure"]["version"] == 2
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)


def test_add_log(tmp_path) -> None:
    env = _env(tmp_path)
    vkey = "example.com/log+00000000+AQ"  # malformed: refused, exit 2
    r = _ov(env, "witness", "add-log", "example.com/log", vkey, check=False)
    assert r.returncode == 2
    from overlord.ledger.note import Signer

    good = Signer("example.com/log", b"\x01" * 32).verifier().to_key()
    r = _ov(env, "witness", "add-log", "example.com/log", good)
    assert "example.com/log" in r.stdout
