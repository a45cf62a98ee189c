"""What a denied agent is told: the contract it hit, the way forward, and not to work around it.

One message per denial class, filled with the worker root. The reason (what exactly was seen)
comes first, so the agent knows which part of its call was denied.
"""

from __future__ import annotations

from overlord.domain.guard.classes import DenialClass

_NO_RETRY = "Do not retry this by another route: every route is judged the same way."

CONTRACTS: dict[DenialClass, tuple[str, str]] = {
    DenialClass.GUARD_TAMPER: (
        "The guard's own files (its policy, the hook settings, its snapshot, the ledger and "
        "OVERLORD_HOME) are off limits: they may not be written, and OVERLORD_HOME may not be "
        "read.",
        "Leave them alone and carry on with the task inside {root}.",
    ),
    DenialClass.PROTECTED_ROOT: (
        "Protected paths (.git, .overlord, .claude, .codex and the policy's protected_paths) "
        "may not be written or deleted, even inside {root}.",
        "Change ordinary files under {root}; the supervisor handles version control and "
        "settings.",
    ),
    DenialClass.KILL_OR_FORMAT: (
        "Killing processes by force or by name, and formatting or writing disks, is not "
        "allowed.",
        "Stop a process you started by its own means (exit it, or plain `kill PID`); never "
        "touch devices.",
    ),
    DenialClass.CONTAINMENT_ESCAPE: (
        "Work must stay inside the supervised run: no detached, scheduled or daemonized "
        "processes (nohup &, setsid, disown, at, cron, screen/tmux -d, systemd-run).",
        "Run the command in the foreground and wait for it.",
    ),
    DenialClass.AGENT_CLIENT: (
        "Starting another agent (claude, codex, aider, gemini, overlord run, ...) or messaging "
        "one is not allowed.",
        "Do the work yourself in this session.",
    ),
    DenialClass.NATIVE_SUBAGENT: (
        "Native sub-agents are off for this run.",
        "Do the work yourself in this session.",
    ),
    DenialClass.GIT_MUTATION: (
        "Git history and refs belong to the supervisor: only read-only git (status, diff, "
        "log, show, blame, grep, ls-files, rev-parse, describe, branch listing), add and init "
        "are allowed.",
        "Leave your changes in the working tree under {root}; the supervisor commits them.",
    ),
    DenialClass.PACKAGE_INSTALL: (
        "Package managers (pip, uv, npm, npx, apt, cargo install, ...) may not run: the "
        "environment is fixed for this run.",
        "Use what is installed; if something is missing, say so in your final answer.",
    ),
    DenialClass.NETWORK_CLIENT: (
        "Network clients may not run in this run (when the network is allowed, only "
        "http(s) to public hosts, without credentials in the URL).",
        "Work from the files under {root}; if you need something from the network, say so "
        "in your final answer.",
    ),
    DenialClass.DELETE_OUTSIDE: (
        "Delete only under {root}.",
        "Delete files inside {root} only; leave everything outside it as it is.",
    ),
    DenialClass.WRITE_OUTSIDE: (
        "Write only under {root}.",
        "Put the file under {root} instead.",
    ),
    DenialClass.UNKNOWN_TOOL: (
        "Only the tools the guard knows may run (MCP and new tools need the policy's "
        "allow_tools).",
        "Use Bash, Read, Write, Edit, Glob or Grep instead.",
    ),
    DenialClass.UNPARSEABLE: (
        "The guard must be able to read a command to allow it: no unresolvable command "
        "names, variables in write targets, hidden code or syntax errors.",
        "Write the command plainly, with literal paths under {root}.",
    ),
}
"""For each class: the contract, and the way forward (``{root}`` is the worker root)."""


def denial_message(denial_class: DenialClass, reason: str, root: str) -> str:
    """The message for the agent: what was denied, the contract, the way forward, no retry."""
    contract, forward = CONTRACTS[denial_class]
    return (f"Denied ({denial_class.value}): {reason}. {contract.format(root=root)} "
            f"{forward.format(root=root)} {_NO_RETRY}")
