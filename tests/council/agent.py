"""A small coding agent for the ``command`` runtime: each attempt writes the files its plan
gives for that attempt (through the guard, as a tool call), then reports a result.

argv: PLAN.json, ``{"attempts": [{"files": {"rel/path": "text"}, "sleep": S}, ...]}``. The
attempt number is kept in ``.attempts`` in the worker root (the cwd); after the last attempt
the last one repeats. It prints Claude Code stream-json shapes and asks the guard through
OVERLORD_HOOK_COMMAND, as tests/mission/agent.py does.
"""

import json
import os
import subprocess
import sys
import time


def emit(obj):
    print(json.dumps(obj), flush=True)


def ask_guard(tool, tool_input, tool_use_id):
    payload = {"session_id": "council-agent", "transcript_path": "", "cwd": os.getcwd(), "permission_mode": "default",
               "hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": tool_input, "tool_use_id": tool_use_id}
    p = subprocess.run(os.environ["OVERLORD_HOOK_COMMAND"], shell=True, input=json.dumps(payload), text=True,
                       capture_output=True)
    try:
        return json.loads(p.stdout)["hookSpecificOutput"]["permissionDecision"]
    except (ValueError, KeyError):
        return "deny"


def main():
    plan = json.load(open(sys.argv[1]))
    counter = os.path.join(os.getcwd(), ".attempts")
    n = int(open(counter).read()) if os.path.exists(counter) else 0
    with open(counter, "w") as f:
        f.write(str(n + 1))
    attempt = plan["attempts"][min(n, len(plan["attempts"]) - 1)]
    emit({"type": "system", "subtype": "init", "session_id": f"council-{n}", "tools": ["Write"], "model": "scripted"})
    time.sleep(attempt.get("sleep", 0))
    for i, (rel, text) in enumerate(sorted(attempt.get("files", {}).items())):
        path = os.path.join(os.getcwd(), rel)
        tid = f"toolu_{n}_{i}"
        tool_input = {"file_path": path, "content": text}
        emit({"type": "assistant", "message": {"id": f"msg_{n}_{i}", "model": "scripted", "content": [
            {"type": "tool_use", "id": tid, "name": "Write", "input": tool_input}]}})
        if ask_guard("Write", tool_input, tid) != "allow":
            emit({"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": tid, "is_error": True,
                                                           "content": "denied"}]}})
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        emit({"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": tid, "is_error": False,
                                                       "content": "written"}]}})
    emit({"type": "result", "subtype": "success", "is_error": False, "num_turns": 1, "duration_ms": 1,
          "total_cost_usd": 0, "usage": {}, "result": f"attempt {n} written", "session_id": f"council-{n}"})


if __name__ == "__main__":
    main()
