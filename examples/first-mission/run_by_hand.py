"""The first mission, by hand: the real Claude Code CLI replaying a transcript with the guard armed.

What `overlord run --mission` will do, spelled out step by step until it lands: open a Run in
the home, host the guard's decision service, install and arm the hook in the worker root (two
probes must be denied), start the replay connector, run the CLI (cwd = the worker root,
HOME = a fresh temp dir, an allow-listed environment), record its exit, settle, restore the
hook settings and sign a checkpoint.

    python examples/first-mission/run_by_hand.py --home HOME --root DIR [--transcript FILE] [--claude PATH]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from overlord import __version__
from overlord.adapters.clock import SystemClock
from overlord.adapters.connector.replay import ConnectorThread
from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.hooks.install import restore_hook
from overlord.adapters.runtimes import claude_code as cc
from overlord.domain import runtime_records as rr
from overlord.domain.guard import GuardPolicy
from overlord.domain.run import Run
from overlord.domain.settlement import Settlement, StopCode, settle_exit
from overlord.errors import OverlordError
from overlord.ledger.session import open_home
from overlord.supervision.decision_service import DecisionCore, DecisionService, RunRecorder, arm_guard

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parents[1]
PROMPT = "Write greet.py with a greet(name) function in this directory."


def show(record: rr.Record) -> None:
    """One line per record, for a person watching."""
    if isinstance(record, rr.SessionStarted):
        print(f"  claude-code {record.version}: session {record.session_id}, {len(record.tools)} tools")
    elif isinstance(record, rr.Turn) and record.text:
        print(f"  agent: {record.text}")
    elif isinstance(record, rr.ToolUsed):
        print(f"  tool call: {record.name} {dict(record.input)}")
    elif isinstance(record, rr.ToolReturned):
        verdict = "DENIED" if record.denied else ("error" if record.is_error else "ran")
        print(f"    -> {verdict}: {record.content[:300]}")
    elif isinstance(record, rr.Finished):
        print(f"  result: {record.subtype}, {record.num_turns} turns, error={record.is_error}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--home", type=Path, required=True, help="an OVERLORD_HOME made by `overlord init`")
    ap.add_argument("--root", type=Path, required=True, help="the worker root (created if missing)")
    ap.add_argument("--transcript", type=Path, default=HERE / "transcript.json")
    ap.add_argument("--claude", default=None, help="the CLI (default: .tools/claude-code, else PATH)")
    args = ap.parse_args()

    root = args.root.resolve()
    root.mkdir(parents=True, exist_ok=True)
    binary = cc.find_binary(args.claude, search_dirs=[PROJECT], path=os.environ.get("PATH", ""))
    transcript = Transcript.from_file(args.transcript)
    session = open_home(args.home)
    clock = SystemClock()
    inv = cc.Invocation(prompt=PROMPT, max_turns=10, allowed_tools=("Read", "Write", "Edit", "Bash"))
    run = Run.open(run_id=uuid.uuid4(), cwd=str(root), argv=cc.build_argv(binary, inv), policy_hash="",
                   overlord_version=__version__, runtime=cc.NAME, sandbox="none", at=clock.now())
    session.ledger.append(run)
    print(f"run {run.id} opened in {root}")
    sock_dir = Path(tempfile.mkdtemp(prefix="ovl-demo-", dir="/tmp"))
    cli_home = Path(tempfile.mkdtemp(prefix="ovl-demo-home-"))
    settlement = Settlement("failed", StopCode.CONTROLLER_ERROR.value, "the demo failed before settling")
    try:
        policy = GuardPolicy(worker_root=str(root))
        core = DecisionCore(policy, overlord_home=str(session.home.root),
                            recorder=RunRecorder(session.ledger, run.id, clock), run_id=str(run.id))
        with DecisionService(sock_dir / "guard.sock", core) as service:
            arm_guard(session, root=root, policy=policy, clock=clock, run_id=run.id, service=service)
            print("guard armed: both probes denied")
            with ConnectorThread(transcript) as conn:
                env = cc.build_env(base_url=conn.url, api_key=f"sk-overlord-run-{run.id.hex[:12]}", home=cli_home,
                                   host_env=os.environ, extra={"OVERLORD_SOCKET": str(service.socket_path),
                                                               "OVERLORD_RUN_ID": str(run.id)})
                print(f"claude-code replaying {args.transcript.name} through {conn.url}")
                started = time.monotonic_ns()
                proc = subprocess.Popen(cc.build_argv(binary, inv), cwd=root, env=env, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
                out = []
                assert proc.stdout is not None
                for line in proc.stdout:
                    out.append(line)
                    for record in cc.parse_line(line):
                        show(record)
                stderr = proc.stderr.read() if proc.stderr else b""
                code = proc.wait()
                stdout = b"".join(out)
                run = session.ledger.get(run.id)
                run.record_exit(exit_code=code, signal=None, duration_ns=time.monotonic_ns() - started,
                                stdout_blob=session.blobs.put(stdout), stderr_blob=session.blobs.put(stderr),
                                stdout_bytes=len(stdout), stderr_bytes=len(stderr), at=clock.now())
                session.ledger.append(run)
                settlement = settle_exit(code, None)
                print(f"models requested: {sorted({r.model for r in conn.requests if r.model})}")
    finally:
        run = session.ledger.get(run.id)
        run.settle(settlement, at=clock.now())
        session.ledger.append(run)
        try:
            restore_hook(root, session.home.root, session.blobs)
        except OverlordError as e:
            print(f"(hook settings not restored: {e.diagnostics()})", file=sys.stderr)
        cp, _ = session.checkpoint(at=clock.now())
        shutil.rmtree(sock_dir, ignore_errors=True)
        shutil.rmtree(cli_home, ignore_errors=True)
        session.close()
    print(f"settled {settlement.status}/{settlement.stop_code}; checkpoint of {cp.size} events signed")
    print(f"decisions: {run.tool_calls} tool calls, {run.denials} denied")
    return 0 if settlement.stop_code == StopCode.COMPLETED.value else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except OverlordError as e:
        print(f"error: {e.diagnostics()}", file=sys.stderr)
        sys.exit(2)
