"""A small scripted agent for the `command` runtime, driven by a script file.

It prints Claude Code stream-json shapes on stdout (init, assistant turns, tool uses, tool
results, a result), asks the guard before each tool call through the installed hook command
(OVERLORD_HOOK_COMMAND, the same client Claude Code runs), and performs allowed calls.
Script: JSON list of steps: {"bash": CMD} | {"write": PATH, "content": TEXT} | {"sleep": S}
| {"think": TEXT} | {"say": TEXT} | {"spam": N} | {"spawn": CMD} | {"raw_print": LINE}
| {"raw_run": ARGV, "input": TEXT, "env": {...}, "into": PATH}.
"""

import json
import os
import subprocess
import sys
import time


def emit(obj):
    print(json.dumps(obj), flush=True)


def ask_guard(tool, tool_input, tool_use_id):
    payload = {"session_id": "scripted", "transcript_path": "", "cwd": os.getcwd(), "permission_mode": "default",
               "hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": tool_input, "tool_use_id": tool_use_id}
    p = subprocess.run(os.environ["OVERLORD_HOOK_COMMAND"], shell=True, input=json.dumps(payload), text=True,
                       capture_output=True)
    try:
        out = json.loads(p.stdout)["hookSpecificOutput"]
        return out["permissionDecision"], out.get("permissionDecisionReason", "")
    except (ValueError, KeyError):
        return "deny", p.stderr


def main():
    steps = json.load(open(sys.argv[1]))
    emit({"type": "system", "subtype": "init", "session_id": "scripted-1", "tools": ["Bash", "Write"], "model": "scripted"})
    for i, step in enumerate(steps):
        mid = f"msg_{i}"
        if "raw_read" in step or "raw_write" in step:  # behind the guard's back: the sandbox must hold
            try:
                if "raw_read" in step:
                    with open(step["raw_read"]) as f:
                        outcome = "read:" + f.read(40)
                else:
                    with open(step["raw_write"], "w") as f:
                        f.write("escaped\n")
                    outcome = "wrote"
            except OSError as e:
                outcome = f"error:{e.strerror}"
            with open(step["into"], "a") as f:
                f.write(outcome + "\n")
            continue
        if "raw_run" in step:  # a program of its own, behind the guard's back: {"raw_run": argv, "input", "env", "into"}
            try:
                p = subprocess.run(step["raw_run"], input=step.get("input", ""), capture_output=True, text=True,
                                   env={**os.environ, **step.get("env", {})}, timeout=60)
                outcome = f"exit {p.returncode}: {(p.stdout + p.stderr).strip()[-400:]}"
            except (OSError, subprocess.SubprocessError) as e:
                outcome = f"error: {e}"
            with open(step["into"], "a") as f:
                f.write(outcome.replace("\n", " ") + "\n")
            continue
        if "raw_print" in step:  # a line as it is, whatever it holds (hostile stream input)
            print(step["raw_print"], flush=True)
            continue
        if "spawn" in step:  # a child of the agent's own, outside any tool call
            subprocess.Popen(step["spawn"], shell=True)
            continue
        if "sleep" in step:
            time.sleep(step["sleep"])
            continue
        if "think" in step:
            emit({"type": "assistant", "message": {"id": mid, "model": "scripted", "content": [{"type": "thinking", "thinking": step["think"]}]}})
            continue
        if "say" in step:
            emit({"type": "assistant", "message": {"id": mid, "model": "scripted", "content": [{"type": "text", "text": step["say"]}]}})
            continue
        if "spam" in step:
            sys.stdout.write("x" * step["spam"] + "\n")
            sys.stdout.flush()
            continue
        tid = f"toolu_{i}"
        if "bash" in step:
            tool, tool_input = "Bash", {"command": step["bash"]}
        else:
            tool, tool_input = "Write", {"file_path": step["write"], "content": step["content"]}
        emit({"type": "assistant", "message": {"id": mid, "model": "scripted", "content": [
            {"type": "tool_use", "id": tid, "name": tool, "input": tool_input}]}})
        decision, reason = ask_guard(tool, tool_input, tid)
        if decision != "allow":
            emit({"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": tid, "is_error": True, "content": reason}]},
                  "tool_use_result": reason,
                  "tool_result_meta": [{"id": tid, "permission_decision": {"decision": "reject", "source": "hook"}}]})
            continue
        if tool == "Bash":
            p = subprocess.run(step["bash"], shell=True, capture_output=True, text=True)
            ok, content = p.returncode == 0, (p.stdout + p.stderr)[-2000:]
        else:
            with open(step["write"], "w") as f:
                f.write(step["content"])
            ok, content = True, "written"
        emit({"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": tid, "is_error": not ok, "content": content}]}})
    emit({"type": "result", "subtype": "success", "is_error": False, "num_turns": len(steps), "duration_ms": 1,
          "total_cost_usd": 0, "usage": {}, "result": "done", "session_id": "scripted-1"})


if __name__ == "__main__":
    main()
