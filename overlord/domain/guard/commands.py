"""What each shell command means to the guard: wrappers unwrapped, targets found, classes named.

:class:`BashJudge` takes the simple commands :mod:`shell` found and turns each into findings:
it strips wrappers (``env``, ``sudo``, ``nice``, ``timeout``, ``xargs``, ...), follows nested
shells (``sh -c``, ``eval``, here-docs fed to a shell) and inline code (``python -c``), and
knows which arguments of cp, mv, tar, sed -i, dd, find, git, curl and the rest are written,
deleted or fetched.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from dataclasses import dataclass

from overlord.domain.guard import inline, network
from overlord.domain.guard.classes import DenialClass as C
from overlord.domain.guard.context import Context, Finding, is_block_device
from overlord.domain.guard.paths import is_within
from overlord.domain.guard.shell import SimpleCommand, Word, parse_script

MAX_NESTING = 6
"""How many shells deep (``sh -c "bash -c '...'"``) the guard follows before denying."""

MAX_VARIANTS = 16


@dataclass(frozen=True)
class Arg:
    """One argument after expansion: its text (``None`` when unknown) and whether it is an
    unquoted pattern."""

    text: str | None
    glob: bool = False


AGENT_CLIENTS = frozenset({"claude", "codex", "omp", "opencode", "goose", "aider", "gemini",
                           "qwen", "cursor-agent", "amp", "crush", "claude-code", "openhands",
                           "cline", "continue", "copilot", "llm", "sgpt", "interpreter"})
PACKAGE_MANAGERS = frozenset({"pip", "pip3", "uv", "uvx", "poetry", "pipx", "pipenv", "pdm",
                              "npm", "pnpm", "yarn", "npx", "pnpx", "bun", "bunx", "corepack",
                              "apt", "apt-get", "aptitude", "dnf", "yum", "zypper", "apk",
                              "pacman", "snap", "flatpak", "gem", "brew", "conda", "mamba",
                              "micromamba", "easy_install", "rustup", "composer", "nix-env",
                              "cpan", "cpanm", "port", "choco", "winget", "bundle", "bundler"})
NETWORK_CLIENTS = frozenset({"curl", "wget", "nc", "ncat", "netcat", "socat", "telnet", "ssh",
                             "scp", "sftp", "ftp", "lftp", "http", "https", "xh", "aria2c",
                             "ping", "ping6", "dig", "nslookup", "host", "traceroute", "mtr",
                             "websocat", "gh", "hub", "mosh", "tftp", "nmap", "axel", "sshpass",
                             "ssh-copy-id", "rclone", "s3cmd", "aws", "gcloud", "az", "kubectl"})
HTTP_CLIENTS = frozenset({"curl", "wget", "http", "https", "xh", "aria2c"})
ESCAPES = frozenset({"setsid", "disown", "systemd-run", "at", "batch", "crontab", "daemonize",
                     "start-stop-daemon", "dtach", "abduco", "docker", "podman", "nerdctl",
                     "chroot", "unshare", "nsenter", "machinectl", "systemctl", "launchctl",
                     "atd", "cron", "anacron", "incrontab", "runit", "sv", "supervisorctl"})
KILLERS = frozenset({"pkill", "killall", "killall5", "skill", "slay", "wipefs", "fdisk",
                     "sfdisk", "cfdisk", "gdisk", "sgdisk", "parted", "blkdiscard", "mkswap",
                     "reboot", "shutdown", "halt", "poweroff", "pgrep-kill", "xkill"})
SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "csh", "tcsh",
                    "busybox-sh", "rbash", "yash", "posh"})
PYTHONS = re.compile(r"^(python|python3|python2|pypy|pypy3)(\.\d+)*$")
GIT_READ = frozenset({"status", "diff", "log", "show", "blame", "grep", "ls-files", "rev-parse",
                      "describe", "shortlog", "ls-tree", "cat-file", "rev-list", "show-ref",
                      "merge-base", "version", "help", "whatchanged", "annotate", "diff-tree",
                      "diff-files", "diff-index", "name-rev", "for-each-ref", "count-objects",
                      "check-ignore", "var", "cherry", "show-branch", "check-attr",
                      "verify-commit", "verify-tag", "range-diff"})
GIT_NETWORK = frozenset({"clone", "fetch", "pull", "push", "ls-remote", "remote", "submodule",
                         "archive", "request-pull", "send-email", "svn", "p4"})
GIT_BRANCH_LIST = frozenset({"-a", "--all", "-r", "--remotes", "-l", "--list", "-v", "-vv",
                             "--verbose", "--show-current", "--contains", "--no-contains",
                             "--merged", "--no-merged", "--points-at", "--column",
                             "--no-column", "--color", "--no-color", "-i", "--ignore-case",
                             "--sort", "--format", "--abbrev", "--no-abbrev", "-q", "--quiet"})
ENV_COMMANDS = ("PAGER", "GIT_PAGER", "EDITOR", "VISUAL", "GIT_EDITOR", "GIT_SSH_COMMAND",
                "GIT_SSH", "GIT_EXTERNAL_DIFF", "LESSOPEN", "LESSCLOSE", "MANPAGER", "BROWSER",
                "PROMPT_COMMAND", "BASH_ENV", "ENV", "GIT_ASKPASS", "SSH_ASKPASS", "SHELL",
                "GIT_SEQUENCE_EDITOR", "SYSTEMD_PAGER")
ENV_CODE = ("LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "PYTHONSTARTUP", "NODE_OPTIONS",
            "PERL5OPT", "RUBYOPT", "GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS", "GIT_EXEC_PATH",
            "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_TEMPLATE_DIR", "BASH_FUNC_")
RECURSIVE_READERS = frozenset({"find", "rg", "ag", "ack", "du", "tree", "fd", "fdfind",
                               "locate"})
RESERVED = frozenset({"{", "}", "then", "else", "elif", "fi", "do", "done", "esac", "in",
                      "function", "select", "until", "while", "for", "if", "case", "[[", "]]",
                      "!", "coproc", "time -p"})
"""Shell reserved words: a command by that name means the parse went astray."""
EDITORS = frozenset({"vi", "vim", "nvim", "view", "ex", "ed", "red", "emacs", "nano", "pico",
                     "micro", "joe", "kak", "hx", "code", "subl", "gedit", "vimdiff"})
GENERIC_OUTPUTS = ("--output", "--output-file", "--outfile", "--log-file", "--junitxml",
                   "--junit-xml", "--basetemp", "--out", "--output-dir", "--outdir",
                   "--target-dir", "--build-dir", "--dest", "--destination", "--prefix",
                   "--root", "--cache-dir", "--html-dir", "--report-dir")
"""Options that name where any program writes, judged wherever they appear."""
SAFE_LOOKUPS = frozenset({"which", "type", "hash", "whereis", "command-v", "apropos", "man",
                          "help", "whatis", "info"})


def opts(args: list[Arg], takes: str = "", long_takes: frozenset[str] | set[str] = frozenset(),
         *, first_operand_stops: bool = False) -> tuple[list[tuple[str, Arg | None]], list[Arg]]:
    """Split ``args`` into options (``(name, value)``) and operands, getopt-style.

    ``takes`` lists the short options that take a value; ``long_takes`` the long ones.
    """
    options: list[tuple[str, Arg | None]] = []
    operands: list[Arg] = []
    i = 0
    while i < len(args):
        a = args[i]
        t = a.text
        if t is None or t == "-" or not t.startswith("-"):
            operands.append(a)
            if first_operand_stops:
                operands.extend(args[i + 1:])
                return options, operands
            i += 1
            continue
        if t == "--":
            operands.extend(args[i + 1:])
            break
        if t.startswith("--"):
            name, eq, value = t.partition("=")
            if eq:
                options.append((name, Arg(value)))
            elif name in long_takes:
                options.append((name, args[i + 1] if i + 1 < len(args) else None))
                i += 1
            else:
                options.append((name, None))
            i += 1
            continue
        j = 1
        while j < len(t):
            c = t[j]
            if c in takes:
                rest = t[j + 1:]
                if rest:
                    options.append(("-" + c, Arg(rest)))
                else:
                    options.append(("-" + c, args[i + 1] if i + 1 < len(args) else None))
                    i += 1
                break
            options.append(("-" + c, None))
            j += 1
        i += 1
    return options, operands


def has_opt(options: list[tuple[str, Arg | None]], *names: str) -> bool:
    """True when any of ``names`` was given."""
    return any(n in names for n, _ in options)


def opt_values(options: list[tuple[str, Arg | None]], *names: str) -> list[Arg]:
    """The values given to any of ``names`` (unknown when an option lacked its value)."""
    return [v if v is not None else Arg(None) for n, v in options if n in names]


class BashJudge:
    """Judges shell commands in one :class:`Context`."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    # ---- scripts ---------------------------------------------------------------------
    def judge_script(self, text: str, cwds: tuple[str | None, ...], depth: int = 0,
                     ) -> list[Finding]:
        """Findings for a whole shell script run from any of ``cwds``."""
        if depth > MAX_NESTING:
            return [Finding(C.UNPARSEABLE, "shells nested too deeply to follow")]
        env: dict[str, tuple[str, ...] | None] = {}
        if self.ctx.home_raw:
            env["OVERLORD_HOME"] = (self.ctx.home_raw,)
        script = parse_script(text, cwds, home=self.ctx.user_home, env=env)
        findings = [Finding(C.UNPARSEABLE, p) for p in script.problems]
        if "OVERLORD_HOME" in script.references:
            findings.append(Finding(C.GUARD_TAMPER, "the command reads $OVERLORD_HOME"))
        for name, values in script.assigned:
            findings.extend(self._judge_env(name, values, cwds, depth))
        for cmd in script.commands:
            findings.extend(self.judge_command(cmd, depth))
        return findings

    def _judge_env(self, name: str, values: tuple[str, ...] | None,
                   cwds: tuple[str | None, ...], depth: int) -> list[Finding]:
        if name in ENV_COMMANDS:
            if values is None:
                return [Finding(C.UNPARSEABLE, f"${name} is set to a command the guard cannot "
                                "see")]
            out: list[Finding] = []
            for v in values:
                out.extend(self.judge_script(v, cwds, depth + 1))
            return out
        if name.startswith(ENV_CODE) or name in ENV_CODE:
            return [Finding(C.UNPARSEABLE, f"setting {name} changes what programs load or run")]
        if name == "PATH" and values is not None:
            return []
        return []

    def judge_command(self, cmd: SimpleCommand, depth: int) -> list[Finding]:
        """Findings for one simple command (its redirections and its argument vector)."""
        out: list[Finding] = []
        cwds = cmd.cwds or (None,)
        for cwd in cwds:
            if cwd is not None and self.ctx.home and is_within(
                    self.ctx.resolver.realpath(cwd), self.ctx.home):
                out.append(Finding(C.GUARD_TAMPER, f"the command runs inside OVERLORD_HOME "
                                   f"({cwd})"))
        for red in cmd.redirects:
            out.extend(self._redirect(red, cwds))
        if not cmd.argv:
            return out
        for args in self._variants(cmd.argv):
            out.extend(self.judge_argv(args, cwds, cmd, depth))
        return out

    def _variants(self, words: tuple[Word, ...]) -> list[list[Arg]]:
        choices: list[list[list[Arg]]] = []
        count = 1
        for w in words:
            if w.values is None:
                choices.append([[Arg(None, w.glob)]])
            elif w.spread:
                choices.append([[Arg(v, w.glob) for v in w.values]])
            else:
                choices.append([[Arg(v, w.glob)] for v in w.values])
                count *= len(w.values)
        if count > MAX_VARIANTS:
            return [[Arg(w.values[0], w.glob) if w.values and len(w.values) == 1 and
                     not w.spread else Arg(None) for w in words]]
        result: list[list[Arg]] = [[]]
        for options in choices:
            result = [r + o for r in result for o in options]
        return result

    def _redirect(self, red, cwds: tuple[str | None, ...]) -> list[Finding]:
        op = red.op
        target = red.target
        out: list[Finding] = []
        if target is None:
            return out
        text = target.text if target.known else None
        for value in target.values or ():
            if value.startswith(("/dev/tcp/", "/dev/udp/")):
                out.append(Finding(C.NETWORK_CLIENT, f"a redirection to {value} opens a network "
                                   "connection"))
        if op in ("<", "<<<"):
            for cwd in cwds:
                f = self.ctx.judge_read(text, cwd, what="a < redirection", glob=target.glob)
                if f:
                    out.append(f)
            return out
        if op in (">&", "<&") or op.endswith("&"):
            if text is not None and (text.isdigit() or text == "-" or text.endswith("-")):
                return out
            if text is not None and op == "<&":
                return out
        writes = target.values if target.values is not None else (None,)
        for value in writes:
            for cwd in cwds:
                out.extend(self.ctx.judge_write(value, cwd, what=f"a {op} redirection",
                                                glob=target.glob))
            if value is not None:
                f = self.ctx.judge_read(value, cwds[0], what="a redirection")
                if f:
                    out.append(f)
        return out

    # ---- helpers ----------------------------------------------------------------------
    def write(self, arg: Arg, cwds: tuple[str | None, ...], what: str, *, delete: bool = False,
              follow: bool = True) -> list[Finding]:
        """Findings for a write (or delete) of ``arg`` from every possible directory."""
        out: list[Finding] = []
        if arg.text is not None and arg.glob:
            f = self.ctx.judge_glob_protected(arg.text, what=what)
            if f:
                out.append(f)
        for cwd in cwds:
            out.extend(self.ctx.judge_write(arg.text, cwd, what=what, delete=delete,
                                            glob=arg.glob, follow=follow))
        return out

    def reads(self, args: list[Arg], cwds: tuple[str | None, ...], what: str, *,
              recursive: bool = False) -> list[Finding]:
        """guard_tamper findings for arguments that name OVERLORD_HOME."""
        out: list[Finding] = []
        for a in args:
            t = a.text
            if not t:
                continue
            if t.startswith("-") and "=" in t:
                t = t.split("=", 1)[1]
            elif t.startswith("-"):
                continue
            if "=" in t and not t.startswith("/"):
                t = t.split("=", 1)[1]
            for cwd in cwds:
                f = self.ctx.judge_read(t, cwd, what=what, recursive=recursive, glob=a.glob)
                if f:
                    out.append(f)
                    break
        return out

    # ---- argument vectors ----------------------------------------------------------------
    def judge_argv(self, args: list[Arg], cwds: tuple[str | None, ...],
                   cmd: SimpleCommand | None, depth: int) -> list[Finding]:
        """Findings for one argument vector (wrappers are unwrapped here)."""
        out: list[Finding] = []
        background = cmd.background if cmd is not None else False
        from_stdin = False
        env_names: dict[str, str | None] = {}
        out.extend(self.reads(args, cwds, "the command"))
        while args:
            head = args[0]
            if head.text is None:
                out.append(Finding(C.UNPARSEABLE, "the command name cannot be resolved (it is "
                                   "built from a variable or a substitution)"))
                return out
            if head.glob:
                out.append(Finding(C.UNPARSEABLE, f"the command name {head.text!r} is a pattern"))
                return out
            if re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", head.text):
                # An assignment where a command may stand (``time X=1 cmd``): an env entry.
                key, _, value_text = head.text.partition("=")
                out.extend(self._judge_env(key, (value_text,), cwds, depth))
                args = args[1:]
                continue
            name = posixpath.basename(head.text) if "/" in head.text else head.text
            rest = args[1:]
            if name in RESERVED or not name:
                out.append(Finding(C.UNPARSEABLE, f"{name!r} stands where a command name "
                                   "should be"))
                return out
            if name == "env":
                options, operands = opts(rest, "uCSP", {"--unset", "--chdir", "--split-string",
                                                        "--block-signal", "--default-signal",
                                                        "--ignore-signal"},
                                         first_operand_stops=True)
                for key, value in options:
                    if key in ("-C", "--chdir"):
                        cwds = self._chdir(cwds, value)
                    if key in ("-S", "--split-string"):
                        if value is None or value.text is None:
                            out.append(Finding(C.UNPARSEABLE, "env -S splits a string the "
                                               "guard cannot see"))
                            return out
                        try:
                            operands = [Arg(t) for t in shlex.split(value.text)] + operands
                        except ValueError:
                            out.append(Finding(C.UNPARSEABLE, "env -S string does not split"))
                            return out
                while operands and operands[0].text is not None and re.match(
                        r"^[A-Za-z_][A-Za-z0-9_]*=", operands[0].text):
                    key, _, value_text = operands[0].text.partition("=")
                    env_names[key] = value_text
                    out.extend(self._judge_env(key, (value_text,), cwds, depth))
                    operands = operands[1:]
                if operands and operands[0].text is None and operands[0].glob is False and \
                        any(a.text is None for a in rest[:1]):
                    pass
                args = operands
                continue
            if name in ("sudo", "doas", "run0", "pkexec"):
                options, operands = opts(rest, "ugCDhprtUTRa", {"--user", "--group", "--chdir",
                                                                "--host", "--prompt", "--role",
                                                                "--type", "--other-user",
                                                                "--command-timeout", "--chroot",
                                                                "--close-from"},
                                         first_operand_stops=True)
                if has_opt(options, "-b", "--background"):
                    out.append(Finding(C.CONTAINMENT_ESCAPE, "sudo -b runs the command detached"))
                if has_opt(options, "-e", "--edit"):
                    for a in operands:
                        out.extend(self.write(a, cwds, "sudo -e"))
                    return out
                for key, value in options:
                    if key in ("-D", "--chdir"):
                        cwds = self._chdir(cwds, value)
                    if key in ("-R", "--chroot"):
                        out.append(Finding(C.CONTAINMENT_ESCAPE, "sudo --chroot"))
                args = operands
                continue
            if name in ("nice", "ionice", "stdbuf", "builtin", "exec", "nohup", "time",
                        "chronic", "unbuffer", "catchsegv", "fakeroot", "setpriv", "chrt",
                        "taskset", "numactl", "prlimit", "caffeinate", "trickle", "torsocks",
                        "proxychains", "proxychains4", "tsocks", "faketime", "cgexec", "busybox",
                        "strace", "ltrace", "valgrind", "gdb", "perf", "hyperfine", "entr",
                        "nocache", "eatmydata", "ccache", "sccache", "dbus-run-session", "xvfb-run",
                        "script", "with-contenv", "s6-setuidgid", "gosu", "su-exec", "runuser",
                        "sg", "newgrp", "ssh-agent", "flatpak-spawn", "firejail", "bwrap"):
                if name in ("torsocks", "proxychains", "proxychains4", "tsocks", "trickle"):
                    out.append(Finding(C.NETWORK_CLIENT, f"{name} routes traffic over a network"))
                if name in ("bwrap", "firejail", "flatpak-spawn", "gosu", "su-exec", "runuser",
                            "sg", "newgrp", "setpriv"):
                    out.append(Finding(C.CONTAINMENT_ESCAPE, f"{name} changes the sandbox or the "
                                       "user the command runs as"))
                if name == "nohup" and background:
                    out.append(Finding(C.CONTAINMENT_ESCAPE, "nohup … & detaches a process from "
                                       "the run"))
                if name == "script":
                    options, operands = opts(rest, "cEeIOT", {"--command", "--log-out",
                                                             "--log-in", "--log-io"})
                    for value in opt_values(options, "-c", "--command"):
                        if value.text is None:
                            out.append(Finding(C.UNPARSEABLE, "script -c runs a hidden command"))
                        else:
                            out.extend(self.judge_script(value.text, cwds, depth + 1))
                    for a in operands[:1]:
                        out.extend(self.write(a, cwds, "script"))
                    return out
                takes = {"nice": "n", "ionice": "cnpPu", "stdbuf": "ioe", "time": "fo",
                         "exec": "a", "chrt": "", "strace": "oeEpPsSuUXba", "ltrace": "oeEnpsSuX",
                         "valgrind": "", "prlimit": "p", "numactl": "CNmiPp",
                         "perf": "oecCpt", "hyperfine": "wrmMpcsSnuiL", "cgexec": "g",
                         "runuser": "ugGs", "sg": "", "gdb": "x", "busybox": "",
                         "faketime": "f"}.get(name, "")
                options, operands = opts(rest, takes, {"--adjustment", "--output", "--format",
                                                       "--class", "--classdata", "--pid",
                                                       "--input", "--error", "--user",
                                                       "--group"},
                                         first_operand_stops=True)
                if name in ("time", "strace", "ltrace", "perf"):
                    for value in opt_values(options, "-o", "--output"):
                        out.extend(self.write(value, cwds, f"{name} -o"))
                if name == "chrt" and operands and operands[0].text and \
                        operands[0].text.isdigit():
                    operands = operands[1:]
                if name in ("taskset",) and operands:
                    operands = operands[1:]
                if name == "gdb" or name == "perf" and operands[:1] and operands[0].text != "record":
                    if operands and operands[0].text in ("--args", "record", "stat", "trace"):
                        operands = operands[1:]
                if name == "perf" and operands and operands[0].text in ("record", "stat",
                                                                          "trace"):
                    operands = operands[1:]
                if name == "hyperfine":
                    for o in operands:
                        if o.text is None:
                            out.append(Finding(C.UNPARSEABLE, "hyperfine runs a hidden command"))
                        else:
                            out.extend(self.judge_script(o.text, cwds, depth + 1))
                    return out
                if name == "exec" and not operands:
                    return out
                args = operands
                continue
            if name == "command":
                options, operands = opts(rest, "", first_operand_stops=True)
                if has_opt(options, "-v", "-V"):
                    return out
                args = operands
                continue
            if name == "timeout":
                options, operands = opts(rest, "sk", {"--signal", "--kill-after"},
                                         first_operand_stops=True)
                args = operands[1:]
                continue
            if name in ("xargs", "parallel"):
                options, operands = opts(rest, "aEdIiLlnPs" if name == "xargs" else "jS",
                                         {"--arg-file", "--delimiter", "--eof", "--replace",
                                          "--max-lines", "--max-args", "--max-procs",
                                          "--max-chars", "--process-slot-var", "--jobs"},
                                         first_operand_stops=True)
                if name == "parallel":
                    operands = [o for o in operands if o.text not in (":::", "::::")]
                if not operands:
                    operands = [Arg("echo")]
                replace = [v.text for v in opt_values(options, "-I", "--replace", "-i")]
                if replace:
                    operands = [Arg(None) if any(r and o.text and r in o.text for r in replace)
                                else o for o in operands]
                args = [*operands, Arg(None)]
                from_stdin = True
                continue
            if name == "flock":
                options, operands = opts(rest, "wEc", {"--timeout", "--conflict-exit-code",
                                                       "--command"})
                for value in opt_values(options, "-c", "--command"):
                    out.extend(self._nested(value, cwds, depth, "flock -c"))
                args = operands[1:]
                continue
            if name == "watch":
                options, operands = opts(rest, "ndq", {"--interval", "--differences"},
                                         first_operand_stops=True)
                if any(o.text is None for o in operands):
                    out.append(Finding(C.UNPARSEABLE, "watch runs a hidden command"))
                    return out
                out.extend(self.judge_script(" ".join(o.text or "" for o in operands), cwds,
                                             depth + 1))
                return out
            break
        if not args:
            return out
        name = posixpath.basename(args[0].text or "")
        out.extend(self._judge_program(name, args, cwds, cmd, depth, from_stdin, env_names))
        return out

    def _chdir(self, cwds: tuple[str | None, ...], value: Arg | None) -> tuple[str | None, ...]:
        if value is None or value.text is None:
            return (None,)
        t = value.text
        return tuple(t if t.startswith("/") else (None if c is None else c + "/" + t)
                     for c in cwds)

    def _nested(self, value: Arg | None, cwds: tuple[str | None, ...], depth: int,
                what: str) -> list[Finding]:
        if value is None or value.text is None:
            return [Finding(C.UNPARSEABLE, f"{what} runs a command string the guard cannot see")]
        return self.judge_script(value.text, cwds, depth + 1)

    # ---- programs ---------------------------------------------------------------------
    def _judge_program(self, name: str, args: list[Arg], cwds: tuple[str | None, ...],
                       cmd: SimpleCommand | None, depth: int, from_stdin: bool,
                       env_names: dict[str, str | None]) -> list[Finding]:
        out: list[Finding] = []
        rest = args[1:]
        texts = [a.text for a in rest]
        background = cmd.background if cmd is not None else False
        # kill_or_format
        if name == "kill":
            for i, t in enumerate(texts):
                nxt = texts[i + 1] if i + 1 < len(texts) else None
                if t is None:
                    continue
                if re.fullmatch(r"-(9|KILL|SIGKILL|s\s*(9|KILL|SIGKILL)|n\s*9)", t, re.I) or \
                        (t in ("-s", "-n", "--signal") and nxt is not None and
                         re.fullmatch(r"(9|KILL|SIGKILL)", nxt, re.I)) or \
                        re.fullmatch(r"--signal=(9|KILL|SIGKILL)", t, re.I):
                    out.append(Finding(C.KILL_OR_FORMAT, "kill -9 kills a process by force"))
                    break
            if any(t in ("-1", "--", "0") and False for t in texts):
                pass
            return out
        if name in KILLERS or name.startswith("mkfs") or name.startswith("mke2fs") or \
                name in ("mkfs", "newfs"):
            return [Finding(C.KILL_OR_FORMAT, f"{name} kills processes or formats disks")]
        if name == "dd":
            for t in texts:
                if t and t.startswith("of="):
                    target = t[3:]
                    if is_block_device(target):
                        return [Finding(C.KILL_OR_FORMAT, f"dd writes the device {target}")]
                    out.extend(self.write(Arg(target), cwds, "dd of="))
                elif t is None:
                    out.append(Finding(C.UNPARSEABLE, "a dd operand the guard cannot see"))
            return out
        if name in ("shred", "srm", "wipe"):
            for a in rest:
                if a.text and is_block_device(a.text):
                    return [Finding(C.KILL_OR_FORMAT, f"{name} wipes the device {a.text}")]
        # containment_escape
        if name in ESCAPES:
            if name == "systemctl" and texts[:1] and texts[0] in ("status", "is-active",
                                                                 "list-units", "show", "cat"):
                return out
            if name in ("docker", "podman", "nerdctl") and texts[:1] and texts[0] in (
                    "ps", "images", "version", "info", "inspect", "logs"):
                return out
            return [Finding(C.CONTAINMENT_ESCAPE, f"{name} starts work outside the run")]
        if name == "screen" and any(t and re.match(r"^-[A-Za-z]*[dD]", t) for t in texts):
            return [Finding(C.CONTAINMENT_ESCAPE, "screen -d starts a detached session")]
        if name == "tmux":
            if any(t and re.match(r"^-[A-Za-z]*d", t) for t in texts) or "-d" in texts:
                return [Finding(C.CONTAINMENT_ESCAPE, "tmux -d starts a detached session")]
            if texts[:1] and texts[0] in ("new", "new-session", "new-window", "split-window",
                                           "run-shell", "run", "send-keys", "send"):
                return [Finding(C.CONTAINMENT_ESCAPE, f"tmux {texts[0]} runs outside the run")]
            return out
        # agent_client
        if name in AGENT_CLIENTS:
            return [Finding(C.AGENT_CLIENT, f"{name} starts another agent")]
        if name == "overlord" or name.startswith("overlord-"):
            return [self._overlord(texts)]
        # nested shells and interpreters
        if name in SHELLS:
            return out + self._shell(name, rest, cwds, cmd, depth)
        if name == "eval":
            if any(t is None for t in texts):
                return out + [Finding(C.UNPARSEABLE, "eval runs a string the guard cannot see")]
            return out + self.judge_script(" ".join(t or "" for t in texts), cwds, depth + 1)
        if name in ("su",):
            options, operands = opts(rest, "cgGlsw", {"--command", "--group", "--shell"})
            if has_opt(options, "-c", "--command"):
                for value in opt_values(options, "-c", "--command"):
                    out.extend(self._nested(value, cwds, depth, "su -c"))
            return out
        if PYTHONS.match(name):
            return out + self._python(name, rest, cwds, cmd, depth)
        if name in ("node", "nodejs", "deno", "bun", "perl", "ruby", "php", "lua", "Rscript",
                    "osascript", "tclsh", "awk", "gawk", "mawk", "nawk", "jshell", "julia",
                    "pwsh", "powershell"):
            found = self._interpreter(name, rest, cwds, cmd, depth)
            if found is not None:
                return out + found
        if name in ("source", "."):
            return out + self._script_operand(name, rest[:1])
        if name == "trap":
            code = next((a for a in rest if a.text is None or not a.text.startswith("-")), None)
            if code is not None and not (code.text or "").isdigit():
                out.extend(self._nested(code, cwds, depth, "trap"))
            return out
        if name in ("alias", "unalias", "enable") or (name == "shopt" and any(
                a.text == "expand_aliases" for a in rest)):
            if name == "alias" and not any(a.text is None or "=" in a.text for a in rest):
                return out
            return out + [Finding(C.UNPARSEABLE, f"{name} can make a command name mean "
                                  "something the guard cannot see")]
        if name in EDITORS:
            return out + self._editor(name, rest, cwds, cmd)
        if name in ("sqlite3", "sqlite"):
            return out + self._sqlite(rest, cwds, cmd)
        # git
        if name == "git":
            return out + self._git(rest, cwds, depth)
        # package managers
        if name in PACKAGE_MANAGERS or re.fullmatch(r"pip\d(\.\d+)?", name):
            return out + [Finding(C.PACKAGE_INSTALL, f"{name} is a package manager")]
        if name == "dpkg" and any(t and (t in ("-i", "--install", "--unpack", "-E", "-r",
                                               "-P", "--remove", "--purge", "--configure") or
                                         re.fullmatch(r"-[a-zA-Z]*[iPr][a-zA-Z]*", t))
                                  for t in texts):
            return out + [Finding(C.PACKAGE_INSTALL, "dpkg installs or removes packages")]
        if name == "cargo" and texts[:1] and texts[0] in ("install", "add", "binstall",
                                                          "uninstall"):
            return out + [Finding(C.PACKAGE_INSTALL, f"cargo {texts[0]} installs packages")]
        if name == "go" and texts[:1] and texts[0] in ("install", "get"):
            return out + [Finding(C.PACKAGE_INSTALL, f"go {texts[0]} installs packages")]
        if name in ("deno",) and texts[:1] and texts[0] in ("install", "add"):
            return out + [Finding(C.PACKAGE_INSTALL, f"deno {texts[0]} installs packages")]
        # network clients
        if name in NETWORK_CLIENTS:
            return out + self._network(name, rest, cwds)
        if name == "rsync":
            return out + self._rsync(rest, cwds)
        if name == "openssl" and texts[:1] and texts[0] in ("s_client", "s_time", "ocsp"):
            return out + [Finding(C.NETWORK_CLIENT, f"openssl {texts[0]} opens a connection")]
        # file writers
        return out + self._files(name, rest, cwds, depth, from_stdin)

    @staticmethod
    def _script_operand(name: str, operands: list[Arg]) -> list[Finding]:
        """A script read from a stream (``<(...)``, /dev/stdin, /dev/fd/N) is code the guard
        cannot see."""
        for a in operands:
            t = a.text
            if t is None or t.startswith(("/dev/fd/", "/proc/")) or t in ("/dev/stdin", "-"):
                return [Finding(C.UNPARSEABLE, f"{name} runs a script from a stream the guard "
                                "cannot see")]
        return []

    def _editor(self, name: str, rest: list[Arg], cwds: tuple[str | None, ...],
                cmd: SimpleCommand | None) -> list[Finding]:
        """Editors write the files they are given; scripted editors can write anything."""
        out: list[Finding] = []
        scripted = name in ("ed", "ex", "red") or (cmd is not None and cmd.stdin in (
            "pipe", "heredoc", "herestring"))
        files: list[Arg] = []
        skip = False
        for a in rest:
            t = a.text
            if skip:
                skip = False
                continue
            if t is None:
                files.append(a)
            elif t in ("-c", "--cmd", "-S", "-s", "-u", "-W", "-w", "--eval", "-l", "--load",
                       "--script", "-x", "--batch", "-f", "--funcall") or t.startswith("+"):
                scripted = True
                skip = not t.startswith("+")
            elif not t.startswith("-"):
                files.append(a)
        if scripted:
            out.append(Finding(C.UNPARSEABLE, f"{name} runs editor commands the guard cannot "
                               "follow"))
        for f in files:
            out.extend(self.write(f, cwds, name))
        return out

    def _sqlite(self, rest: list[Arg], cwds: tuple[str | None, ...],
                cmd: SimpleCommand | None) -> list[Finding]:
        """sqlite3 writes its database; dot-commands and ATTACH can reach any file or run
        commands."""
        out: list[Finding] = []
        options, operands = opts(rest, "", {"-cmd", "-separator", "-nullvalue", "-newline",
                                            "-init", "-mmap", "-vfs", "-lookaside",
                                            "-pagecache"}, first_operand_stops=True)
        sql = [v.text for n, v in options if n in ("-cmd", "-init") and v is not None]
        if operands:
            out.extend(self.write(operands[0], cwds, "sqlite3"))
            sql.extend(a.text for a in operands[1:])
        if cmd is not None and cmd.stdin in ("heredoc", "herestring"):
            sql.append(cmd.stdin_text if cmd.stdin_known else None)
        elif cmd is not None and cmd.stdin == "pipe":
            sql.append(None)
        for text in sql:
            if text is None or re.search(r"(?i)\.(shell|system|output|once|save|backup|"
                                         r"import|load|open|read|excel|clone|restore)\b|"
                                         r"\battach\b|\bvacuum\s+into\b|load_extension|"
                                         r"writefile|edit\s*\(", text):
                out.append(Finding(C.UNPARSEABLE, "sqlite3 commands that reach files or run "
                                   "programs the guard cannot follow"))
                break
        return out

    def _overlord(self, texts: list[str | None]) -> Finding:
        sub = next((t for t in texts if t and not t.startswith("-")), None)
        if sub == "run":
            return Finding(C.AGENT_CLIENT, "overlord run starts another agent")
        return Finding(C.GUARD_TAMPER, "overlord commands read the ledger and keys in "
                       "OVERLORD_HOME")

    def _shell(self, name: str, rest: list[Arg], cwds: tuple[str | None, ...],
               cmd: SimpleCommand | None, depth: int) -> list[Finding]:
        out: list[Finding] = []
        i = 0
        command: Arg | None = None
        has_c = False
        reads_stdin = False
        while i < len(rest):
            t = rest[i].text
            if t is None:
                break
            if t in ("-o", "+o", "-O", "+O", "--rcfile", "--init-file"):
                i += 2
                continue
            if t.startswith("-") and len(t) > 1 and not t.startswith("--"):
                if "c" in t[1:]:
                    has_c = True
                if "s" in t[1:]:
                    reads_stdin = True
                i += 1
                continue
            if t.startswith("--"):
                i += 1
                continue
            break
        operands = rest[i:]
        if has_c:
            command = operands[0] if operands else Arg(None)
            return self._nested(command, cwds, depth, f"{name} -c")
        if operands and not reads_stdin:
            # A script file: the guard cannot see into it (the sandbox can); a stream is worse.
            return out + self._script_operand(name, operands[:1])
        if cmd is not None and cmd.stdin in ("heredoc", "herestring"):
            if cmd.stdin_text is None or not cmd.stdin_known:
                return [Finding(C.UNPARSEABLE, f"{name} reads a script with expansions the "
                                "guard cannot see")]
            return self.judge_script(cmd.stdin_text, cwds, depth + 1)
        if cmd is not None and cmd.stdin in ("pipe",):
            return [Finding(C.UNPARSEABLE, f"{name} reads commands from a pipe the "
                            "guard cannot see")]
        return out

    def _python(self, name: str, rest: list[Arg], cwds: tuple[str | None, ...],
                cmd: SimpleCommand | None, depth: int) -> list[Finding]:
        options: list[tuple[str, Arg | None]] = []
        operands: list[Arg] = []
        i = 0
        while i < len(rest):
            t = rest[i].text
            if t is None or not t.startswith("-") or t == "-":
                operands = rest[i:]
                break
            if t == "--":
                operands = rest[i + 1:]
                break
            flags = t[1:]
            taken = False
            for j, c in enumerate(flags):
                if c in "cmWX":
                    value = flags[j + 1:]
                    if value:
                        options.append(("-" + c, Arg(value)))
                    else:
                        options.append(("-" + c, rest[i + 1] if i + 1 < len(rest) else None))
                        i += 1
                    taken = c in "cm"
                    break
            i += 1
            if taken:
                operands = rest[i:]
                break
        for key, value in options:
            if key == "-c":
                if value is None or value.text is None:
                    return [Finding(C.UNPARSEABLE, f"{name} -c code the guard cannot see")]
                return self._actions(inline.python_actions(value.text, home=self.ctx.user_home),
                                     cwds, depth, f"{name} -c")
            if key == "-m":
                module = value.text if value is not None else None
                if module is None:
                    return [Finding(C.UNPARSEABLE, f"{name} -m with a module the guard cannot "
                                    "see")]
                top = module.split(".")[0]
                if top in ("pip", "ensurepip", "uv", "poetry", "pipx", "pipenv", "pdm",
                           "conda"):
                    return [Finding(C.PACKAGE_INSTALL, f"{name} -m {module} installs packages")]
                if top in ("overlord", "cli"):
                    return [self._overlord([o.text for o in operands])]
                if top in ("zipfile", "tarfile") and any(
                        o.text in ("-e", "--extract", "-c", "--create") for o in operands):
                    return [f for o in operands[-1:] for f in self.write(o, cwds,
                                                                        f"{name} -m {module}")]
                if top in ("compileall", "py_compile"):
                    return [f for o in operands if o.text is None or not o.text.startswith("-")
                            for f in self.write(o, cwds, f"{name} -m {module}")]
                if top in ("venv", "virtualenv"):
                    return [f for o in operands if o.text and not o.text.startswith("-")
                            for f in self.write(o, cwds, f"{name} -m venv")]
                if top in ("http",) and module != "http.server":
                    return [Finding(C.NETWORK_CLIENT, f"{name} -m {module}")]
                if top in ("aider", "openhands", "interpreter"):
                    return [Finding(C.AGENT_CLIENT, f"{name} -m {module} starts another agent")]
                return []
        if operands and operands[0].text not in ("-", None):
            return self._script_operand(name, operands[:1])
        if operands and operands[0].text is None:
            return [Finding(C.UNPARSEABLE, f"{name} runs a script whose name the guard cannot "
                            "see")]
        if cmd is not None and cmd.stdin in ("heredoc", "herestring"):
            if cmd.stdin_text is None or not cmd.stdin_known:
                return [Finding(C.UNPARSEABLE, f"{name} reads code with expansions the guard "
                                "cannot see")]
            return self._actions(inline.python_actions(cmd.stdin_text, home=self.ctx.user_home),
                                 cwds, depth, name)
        if cmd is not None and cmd.stdin in ("pipe",):
            return [Finding(C.UNPARSEABLE, f"{name} reads code from a pipe the guard "
                            "cannot see")]
        return []

    def _interpreter(self, name: str, rest: list[Arg], cwds: tuple[str | None, ...],
                     cmd: SimpleCommand | None, depth: int) -> list[Finding] | None:
        out: list[Finding] = []
        code: list[str | None] = []
        in_place = False
        files: list[Arg] = []
        if name in ("awk", "gawk", "mawk", "nawk"):
            options, operands = opts(rest, "fvFEi", {"--file", "--assign", "--field-separator",
                                                     "--include"})
            if has_opt(options, "-f", "--file"):
                return out
            if operands:
                code.append(operands[0].text)
            for value in opt_values(options, "-i"):
                if value.text and "inplace" in value.text:
                    in_place = True
            files = operands[1:]
            for c in code:
                if c is None:
                    out.append(Finding(C.UNPARSEABLE, "awk code the guard cannot see"))
                elif re.search(r"\bsystem\s*\(|\|\s*&?\s*getline|print[^;]*\|\s*\"|"
                               r"print[^;]*>\s*\"?", c):
                    targets = re.findall(r">>?\s*\"([^\"]+)\"", c)
                    if re.search(r"\bsystem\s*\(|\|", c) or not targets:
                        out.append(Finding(C.UNPARSEABLE, "awk code that runs commands or "
                                           "writes files the guard cannot follow"))
                    for t in targets:
                        out.extend(self.write(Arg(t), cwds, "awk print >"))
            if in_place:
                for f in files:
                    out.extend(self.write(f, cwds, "awk -i inplace"))
            return out
        lang = {"nodejs": "node", "bun": "node", "deno": "node"}.get(name, name)
        takes = {"node": "erp", "perl": "eEIMm", "ruby": "eEIrCx", "php": "rdcf",
                 "lua": "el", "Rscript": "e", "osascript": "e", "tclsh": "",
                 "jshell": "", "julia": "eE", "pwsh": "cC", "powershell": "cC"}.get(lang, "e")
        longs = {"--eval", "--print", "--require", "--command"}
        options, operands = opts(rest, takes.replace("i", "") if lang == "perl" else takes,
                                 longs, first_operand_stops=True)
        code_options = {"node": ("-e", "--eval", "-p", "--print"), "perl": ("-e", "-E"),
                        "php": ("-r",), "pwsh": ("-c", "-C", "--command"),
                        "powershell": ("-c", "-C", "--command"),
                        "julia": ("-e", "-E")}.get(lang, ("-e",))
        for key, value in options:
            if key in code_options:
                code.append(value.text if value is not None else None)
            if lang == "perl" and key == "-i":
                in_place = True
            if lang == "ruby" and key == "-i":
                in_place = True
        if lang in ("perl", "ruby"):
            for a in rest:
                if a.text and re.match(r"^-[a-zA-Z]*i", a.text) and not a.text.startswith("--"):
                    in_place = True
        if name == "deno" and operands and operands[0].text == "eval":
            code.append(operands[1].text if len(operands) > 1 else None)
            operands = []
        if not code:
            if lang == "perl" and in_place and operands:
                for f in operands[1:]:
                    out.extend(self.write(f, cwds, "perl -i"))
            return out if in_place else None
        for c in code:
            if c is None:
                out.append(Finding(C.UNPARSEABLE, f"{name} code the guard cannot see"))
            else:
                out.extend(self._actions(inline.script_actions(c, lang), cwds, depth,
                                         f"{name} -e"))
        if in_place:
            for f in operands:
                out.extend(self.write(f, cwds, f"{name} -i"))
        return out

    def _actions(self, actions: list[inline.Action], cwds: tuple[str | None, ...], depth: int,
                 what: str) -> list[Finding]:
        out: list[Finding] = []
        for a in actions:
            label = f"{what}: {a.what}"
            if a.kind in ("write", "delete"):
                if a.value is None:
                    out.append(Finding(C.UNPARSEABLE, f"{label} writes to a path computed at run "
                                       "time"))
                else:
                    out.extend(self.write(Arg(a.value), cwds, label, delete=a.kind == "delete"))
            elif a.kind == "read":
                if a.value is not None:
                    for cwd in cwds:
                        f = self.ctx.judge_read(a.value, cwd, what=label)
                        if f:
                            out.append(f)
            elif a.kind == "shell":
                if a.value is None:
                    out.append(Finding(C.UNPARSEABLE, f"{label} runs a command string the guard "
                                       "cannot see"))
                else:
                    out.extend(self.judge_script(a.value, cwds, depth + 1))
            elif a.kind == "argv":
                argv = [Arg(t) for t in a.argv]
                if not argv or argv[0].text is None:
                    out.append(Finding(C.UNPARSEABLE, f"{label} runs a program the guard cannot "
                                       "see"))
                elif len(a.argv) == 1 and a.argv[0] is not None and " " in a.argv[0]:
                    out.extend(self.judge_script(a.argv[0], cwds, depth + 1))
                else:
                    if depth >= MAX_NESTING:
                        out.append(Finding(C.UNPARSEABLE, "programs nested too deeply"))
                    else:
                        out.extend(self.judge_argv(argv, cwds, None, depth + 1))
            elif a.kind == "linkto":
                link = a.argv[0] if a.argv else None
                if a.value is None or link is None:
                    out.append(Finding(C.UNPARSEABLE, f"{label} makes a link the guard cannot "
                                       "follow"))
                else:
                    target = a.value if a.value.startswith("/") else posixpath.join(
                        posixpath.dirname(link) or ".", a.value)
                    out.extend(self._link_target(target, cwds, label))
            elif a.kind == "escape":
                out.append(Finding(C.CONTAINMENT_ESCAPE, f"{label} detaches a process"))
            elif a.kind == "network":
                out.extend(self._network_access(label, [a.value] if a.value else []))
            else:
                out.append(Finding(C.UNPARSEABLE, a.what))
        return out

    # ---- git --------------------------------------------------------------------------
    def _git(self, rest: list[Arg], cwds: tuple[str | None, ...], depth: int) -> list[Finding]:
        out: list[Finding] = []
        i = 0
        git_cwds = cwds
        while i < len(rest):
            t = rest[i].text
            nxt = rest[i + 1] if i + 1 < len(rest) else Arg(None)
            if t is None:
                return [Finding(C.UNPARSEABLE, "a git argument the guard cannot see")]
            if t == "-C":
                git_cwds = self._chdir(git_cwds, nxt)
                i += 2
                continue
            if t in ("-c", "--config-env") or t.startswith("--config-env=") or t.startswith(
                    "--exec-path="):
                return [Finding(C.GIT_MUTATION, f"git {t} changes configuration, which can run "
                                "commands")]
            if t in ("--git-dir", "--work-tree", "--namespace", "--super-prefix",
                     "--list-cmds", "--attr-source"):
                if t == "--work-tree":
                    git_cwds = self._chdir(git_cwds, nxt)
                i += 2
                continue
            if t.startswith("--work-tree="):
                git_cwds = self._chdir(git_cwds, Arg(t.split("=", 1)[1]))
                i += 1
                continue
            if t.startswith("-"):
                i += 1
                continue
            break
        if i >= len(rest):
            return out
        sub = rest[i].text or ""
        args = rest[i + 1:]
        texts = [a.text for a in args]
        for a in args:
            if a.text and a.text.startswith(("--output=", "--output-directory=")):
                out.extend(self.write(Arg(a.text.split("=", 1)[1]), git_cwds, f"git {sub} --output"))
        for j, a in enumerate(args):
            if a.text in ("--output", "-o") and sub in ("diff", "log", "show", "format-patch") \
                    and j + 1 < len(args):
                out.extend(self.write(args[j + 1], git_cwds, f"git {sub} --output"))
        if sub in GIT_READ:
            if sub == "grep" and any(t and (t.startswith("-O") or t.startswith(
                    "--open-files-in-pager")) for t in texts):
                return out + [Finding(C.GIT_MUTATION, "git grep -O runs a pager command")]
            if sub in ("diff", "log", "show") and any(t and (t.startswith("--ext-diff") or
                                                             t.startswith("--textconv"))
                                                      for t in texts):
                return out
            return out
        if sub == "add":
            return out
        if sub == "init":
            options, operands = opts(args, "b", {"--template", "--separate-git-dir",
                                                 "--initial-branch", "--object-format",
                                                 "--shared", "--ref-format"})
            for value in opt_values(options, "--separate-git-dir", "--template"):
                out.extend(self.write(value, git_cwds, "git init"))
            for o in operands[:1]:
                out.extend(self.write(o, git_cwds, "git init"))
            if not operands:
                for cwd in git_cwds:
                    out.extend(self.ctx.judge_write(cwd or None, "/", what="git init"))
            return out
        if sub == "branch":
            options, operands = opts(args, "", {"--contains", "--no-contains", "--merged",
                                                "--no-merged", "--points-at", "--sort",
                                                "--format", "--color", "--column"})
            listing = has_opt(options, "-l", "--list")
            if all(n.split("=")[0] in GIT_BRANCH_LIST for n, _ in options) and (
                    not operands or listing):
                return out
            return out + [Finding(C.GIT_MUTATION, "git branch with a name changes refs")]
        if sub in ("stash", "worktree", "notes", "reflog", "tag", "config", "remote",
                   "submodule") and self._git_listing(sub, texts):
            return out
        if sub == "ls-remote":
            return out + self._network_access("git ls-remote", [t for t in texts if t and
                                                                not t.startswith("-")],
                                              http_only=True)
        if sub in GIT_NETWORK and sub not in ("remote", "submodule", "archive"):
            return out + [Finding(C.GIT_MUTATION, f"git {sub} changes repositories (and reaches "
                                  "the network)")]
        return out + [Finding(C.GIT_MUTATION, f"git {sub} is not a read-only git command")]

    @staticmethod
    def _git_listing(sub: str, texts: list[str | None]) -> bool:
        first = texts[0] if texts else None
        if sub == "stash":
            return first in ("list", "show")
        if sub == "worktree":
            return first == "list"
        if sub == "notes":
            return first in ("list", "show")
        if sub == "reflog":
            return first in (None, "show") or (first or "").startswith("-") and "expire" not in \
                texts and "delete" not in texts
        if sub == "tag":
            return not texts or first in ("-l", "--list", "-n") or all(
                t in ("-l", "--list", "-n") or (t or "").startswith(("--sort", "--contains",
                                                                     "--points-at"))
                for t in texts[:1])
        if sub == "config":
            return bool(texts) and all(
                t is not None for t in texts) and (first in ("--get", "--get-all", "--list",
                                                              "-l", "--get-regexp", "get",
                                                              "list", "--show-origin")) or (
                len(texts) == 1 and first is not None and not first.startswith("-"))
        if sub == "remote":
            return not texts or first in ("-v", "--verbose", "get-url")
        if sub == "submodule":
            return first in ("status", "summary", "foreach") and first != "foreach"
        return False

    # ---- network ------------------------------------------------------------------------
    def _network(self, name: str, rest: list[Arg], cwds: tuple[str | None, ...]) -> list[Finding]:
        out: list[Finding] = []
        if rest and all(a.text in ("--version", "-V", "--help", "-h", "-help", "-version")
                        for a in rest):
            return out
        if name in ("curl",):
            options, operands = opts(rest, "dHoOuAebcXFTwmxEKrCDyYzQLtUP", {
                "--data", "--data-raw", "--data-binary", "--data-urlencode", "--header",
                "--output", "--user", "--user-agent", "--referer", "--cookie", "--cookie-jar",
                "--request", "--form", "--upload-file", "--write-out", "--max-time", "--proxy",
                "--cert", "--key", "--config", "--range", "--continue-at", "--dump-header",
                "--speed-limit", "--speed-time", "--time-cond", "--quote", "--resolve",
                "--connect-to", "--unix-socket", "--abstract-unix-socket", "--interface",
                "--dns-servers", "--doh-url", "--output-dir", "--trace", "--trace-ascii",
                "--stderr", "--url", "--cacert", "--capath", "--json", "--retry",
                "--connect-timeout", "--limit-rate", "--max-filesize", "--proxy-user",
                "--noproxy", "--preproxy", "--socks5", "--socks5-hostname", "--socks4",
                "--socks4a", "--libcurl", "--netrc-file", "--variable", "--expand-url"})
            urls = [o.text for o in operands] + [v.text for v in opt_values(options, "--url")]
            for key in ("-x", "--proxy", "--resolve", "--connect-to", "--unix-socket",
                        "--abstract-unix-socket", "-K", "--config", "--interface",
                        "--dns-servers", "--doh-url", "--preproxy", "--socks5",
                        "--socks5-hostname", "--socks4", "--socks4a", "--netrc-file",
                        "--variable", "--expand-url", "-:", "--next"):
                if has_opt(options, key):
                    out.append(Finding(C.NETWORK_CLIENT, f"curl {key} changes where the request "
                                       "goes"))
            for value in opt_values(options, "-o", "--output", "-D", "--dump-header", "-c",
                                    "--cookie-jar", "--trace", "--trace-ascii", "--stderr",
                                    "--libcurl"):
                if value.text != "-":
                    out.extend(self.write(value, cwds, "curl output"))
            for value in opt_values(options, "--output-dir"):
                out.extend(self.write(value, cwds, "curl --output-dir"))
            if has_opt(options, "-O", "--remote-name", "--remote-name-all", "-J"):
                for cwd in cwds:
                    out.extend(self.ctx.judge_write(cwd, "/", what="curl -O"))
            for value in opt_values(options, "-d", "--data", "--data-binary", "--data-urlencode",
                                    "-T", "--upload-file", "-F", "--form", "--json"):
                t = value.text or ""
                path = t[1:] if t.startswith("@") else (t.split("@", 1)[1] if "=@" in t or
                                                        "=<" in t else t)
                for cwd in cwds:
                    f = self.ctx.judge_read(path, cwd, what="curl upload")
                    if f:
                        out.append(f)
            out.extend(self._network_access("curl", urls))
            return out
        if name == "wget":
            options, operands = opts(rest, "OoaPieUtTwQlAR", {
                "--output-document", "--output-file", "--append-output", "--directory-prefix",
                "--input-file", "--execute", "--user-agent", "--header", "--post-data",
                "--post-file", "--tries", "--timeout", "--wait", "--quota", "--level",
                "--accept", "--reject", "--user", "--password", "--bind-address", "--proxy-user",
                "--proxy-password", "--load-cookies", "--save-cookies", "--config",
                "--body-file", "--body-data", "--method", "--ca-certificate", "--certificate"})
            for key in ("-e", "--execute", "-i", "--input-file", "--config", "--bind-address",
                        "--use-askpass"):
                if has_opt(options, key):
                    out.append(Finding(C.NETWORK_CLIENT, f"wget {key} changes what is fetched "
                                       "or how"))
            wrote = False
            for value in opt_values(options, "-O", "--output-document", "-o", "--output-file",
                                    "-a", "--append-output", "--save-cookies"):
                if value.text != "-":
                    out.extend(self.write(value, cwds, "wget output"))
                wrote = True
            for value in opt_values(options, "-P", "--directory-prefix"):
                out.extend(self.write(value, cwds, "wget -P"))
                wrote = True
            if not wrote:
                for cwd in cwds:
                    out.extend(self.ctx.judge_write(cwd, "/", what="wget"))
            out.extend(self._network_access("wget", [o.text for o in operands]))
            return out
        if name in HTTP_CLIENTS:
            urls = [a.text for a in rest if a.text and not a.text.startswith("-") and (
                "://" in a.text or "." in a.text or ":" in a.text)][:1]
            return out + self._network_access(name, urls or [None])
        return [Finding(C.NETWORK_CLIENT, f"{name} is a network client")]

    def _network_access(self, what: str, urls: list[str | None], *,
                        http_only: bool = True) -> list[Finding]:
        if not self.ctx.policy.allow_network:
            return [Finding(C.NETWORK_CLIENT, f"{what} reaches the network")]
        if not urls:
            return []
        out: list[Finding] = []
        for url in urls:
            if url is None:
                out.append(Finding(C.NETWORK_CLIENT, f"{what}: a destination the guard cannot "
                                   "see"))
                continue
            problem = network.url_problem(url)
            if problem is not None:
                out.append(Finding(C.NETWORK_CLIENT, f"{what}: {problem}"))
        return out

    def _rsync(self, rest: list[Arg], cwds: tuple[str | None, ...]) -> list[Finding]:
        out: list[Finding] = []
        options, operands = opts(rest, "eBfTM", {
            "--rsh", "--rsync-path", "--filter", "--exclude", "--include", "--files-from",
            "--log-file", "--backup-dir", "--partial-dir", "--temp-dir", "--link-dest",
            "--compare-dest", "--copy-dest", "--password-file", "--port", "--chmod",
            "--bwlimit", "--exclude-from", "--include-from", "--suffix", "--timeout",
            "--max-size", "--min-size", "--chown", "--usermap", "--groupmap", "--info",
            "--debug", "--out-format", "--log-file-format", "--sockopts", "--address",
            "--write-batch", "--only-write-batch", "--read-batch"})
        if has_opt(options, "-e", "--rsh", "--rsync-path"):
            out.append(Finding(C.UNPARSEABLE, "rsync -e runs a remote shell command"))
        remote = [o for o in operands if o.text is None or "::" in o.text or
                  o.text.startswith("rsync://") or re.match(r"^[^/]*:", o.text or "")]
        if remote:
            out.append(Finding(C.NETWORK_CLIENT, "rsync to or from a host reaches the network"))
        for value in opt_values(options, "--log-file", "--backup-dir", "--partial-dir",
                                "--temp-dir", "--write-batch", "--only-write-batch"):
            out.extend(self.write(value, cwds, "rsync"))
        for value in opt_values(options, "--link-dest", "--copy-dest"):
            out.extend(self.write(value, cwds, "rsync --link-dest"))
        if len(operands) >= 2:
            dest = operands[-1]
            delete = any(n.startswith("--delete") or n == "--del" for n, _ in options)
            out.extend(self.write(dest, cwds, "rsync"))
            if delete:
                out.extend(self.write(dest, cwds, "rsync --delete", delete=True))
            if has_opt(options, "--remove-source-files"):
                for src in operands[:-1]:
                    out.extend(self.write(src, cwds, "rsync --remove-source-files", delete=True))
            out.extend(self.reads(operands[:-1], cwds, "rsync", recursive=True))
        return out

    # ---- file writers -------------------------------------------------------------------
    def _files(self, name: str, rest: list[Arg], cwds: tuple[str | None, ...], depth: int,
               from_stdin: bool) -> list[Finding]:
        out: list[Finding] = []
        if name in RECURSIVE_READERS or (name in ("grep", "egrep", "fgrep", "ls", "chmod",
                                                  "chown", "chgrp", "cp", "zgrep")
                                         and any(a.text and re.match(r"^-[a-zA-Z]*[rRa]", a.text)
                                                 or a.text in ("--recursive",
                                                               "--dereference-recursive")
                                                 for a in rest)):
            out.extend(self.reads(rest, cwds, name, recursive=True))
        if name in ("rm", "unlink", "rmdir", "shred", "srm", "wipe", "trash", "trash-put",
                    "gio-trash"):
            _, operands = opts(rest, "", set())
            for a in operands:
                out.extend(self.write(a, cwds, name, delete=True, follow=False))
            return out
        if name in ("cp", "mv", "install", "ln"):
            return out + self._copy(name, rest, cwds)
        if name in ("touch", "mkdir", "truncate", "tee", "mkfifo", "chattr", "setfacl",
                    "chmod", "chown", "chgrp", "mknod", "sponge", "fallocate", "rmdir"):
            takes = {"touch": "drt", "mkdir": "m", "truncate": "sr", "tee": "",
                     "mkfifo": "mZ", "chattr": "vp", "setfacl": "mMxX", "chmod": "",
                     "chown": "", "chgrp": "", "mknod": "mZ", "sponge": "",
                     "fallocate": "lon"}.get(name, "")
            if name == "chmod":
                # Modes can look like options (chmod -w f): take them as the mode operand.
                mode_first = [a for a in rest]
                options, operands = opts([a for a in mode_first if not (
                    a.text and re.fullmatch(r"-[rwxXst]+", a.text))], "", {"--reference"})
                if any(a.text and re.fullmatch(r"-[rwxXst]+", a.text) for a in rest):
                    operands = [Arg("mode"), *operands]
            else:
                options, operands = opts(rest, takes, {"--reference", "--date", "--size",
                                                       "--mode", "--length", "--offset"})
            if name in ("chmod", "chown", "chgrp") and not has_opt(options, "--reference"):
                operands = operands[1:]
            if name == "mknod":
                operands = operands[:1]
            for a in operands:
                out.extend(self.write(a, cwds, name))
            return out
        if name in ("sed", "gsed"):
            return out + self._sed(rest, cwds)
        if name in ("tar", "bsdtar", "gtar"):
            return out + self._tar(rest, cwds)
        if name == "unzip":
            options, operands = opts(rest, "dxP", set())
            if has_opt(options, "-l", "-t", "-Z", "-p", "-v", "-z"):
                return out
            dests = opt_values(options, "-d")
            if not dests:
                for cwd in cwds:
                    out.extend(self.ctx.judge_write(cwd, "/", what="unzip"))
            for d in dests:
                out.extend(self.write(d, cwds, "unzip -d"))
            return out
        if name in ("zip",):
            options, operands = opts(rest, "bnstxiPO", {"--unzip-command"})
            if has_opt(options, "-TT", "--unzip-command") or any(
                    a.text == "-TT" for a in rest):
                return out + [Finding(C.UNPARSEABLE, "zip -TT runs a command")]
            for a in operands[:1]:
                out.extend(self.write(a, cwds, "zip"))
            return out
        if name in ("gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd",
                    "lz4", "compress", "uncompress"):
            options, operands = opts(rest, "oSbT", {"--suffix", "--output"})
            if has_opt(options, "-c", "--stdout", "-l", "--list", "-t", "--test"):
                return out
            for value in opt_values(options, "-o", "--output"):
                out.extend(self.write(value, cwds, name))
            for a in operands:
                out.extend(self.write(a, cwds, name))
                out.extend(self.write(a, cwds, name, delete=True))
            return out
        if name == "find":
            return out + self._find(rest, cwds, depth)
        if name == "cpio":
            options, operands = opts(rest, "DEFHIMORst", {"--directory", "--file",
                                                          "--pattern-file", "--format"})
            if has_opt(options, "--rsh-command") or any(
                    v.text and ":" in v.text for v in opt_values(options, "-F", "-O", "-I",
                                                                 "--file")):
                out.append(Finding(C.UNPARSEABLE, "cpio with a remote archive or command"))
            for value in opt_values(options, "-F", "-O", "--file"):
                out.extend(self.write(value, cwds, "cpio"))
            dirs = opt_values(options, "-D", "--directory")
            if has_opt(options, "-p", "--pass-through"):
                dirs.extend(operands[-1:])
            if has_opt(options, "-i", "--extract") or has_opt(options, "-p", "--pass-through"):
                if not dirs:
                    dirs = [Arg(".")]
                for d in dirs:
                    out.extend(self.write(d, cwds, "cpio"))
            return out
        if name in ("7z", "7za", "7zr", "7zz"):
            verb = rest[0].text if rest else None
            outs = [Arg(a.text[2:]) for a in rest if a.text and a.text.startswith("-o")]
            operands = [a for a in rest[1:] if a.text is None or not a.text.startswith("-")]
            if verb in ("x", "e"):
                for d in outs or [Arg(".")]:
                    out.extend(self.write(d, cwds, "7z"))
            elif verb in ("a", "u", "d", "rn"):
                for a in operands[:1]:
                    out.extend(self.write(a, cwds, "7z"))
            return out
        if name == "go" and len(rest) >= 2 and rest[0].text == "env" and any(
                a.text in ("-w", "-u") for a in rest[1:]):
            return out + [Finding(C.WRITE_OUTSIDE, "go env -w writes the user's Go settings")]
        if name in ("sort",):
            options, operands = opts(rest, "ktSTo", {"--key", "--field-separator",
                                                      "--buffer-size", "--temporary-directory",
                                                      "--output", "--files0-from",
                                                      "--parallel", "--compress-program"})
            for value in opt_values(options, "-o", "--output"):
                out.extend(self.write(value, cwds, "sort -o"))
            if has_opt(options, "--compress-program"):
                out.append(Finding(C.UNPARSEABLE, "sort --compress-program runs a command"))
            return out
        if name == "uniq":
            options, operands = opts(rest, "fsw", {"--skip-fields", "--skip-chars",
                                                    "--check-chars", "--group"})
            for a in operands[1:2]:
                out.extend(self.write(a, cwds, "uniq"))
            return out
        if name in ("split", "csplit"):
            options, operands = opts(rest, "abClnpft", {"--prefix", "--suffix-length",
                                                        "--bytes", "--lines",
                                                        "--line-bytes", "--number",
                                                        "--additional-suffix", "--filter"})
            if has_opt(options, "--filter"):
                out.append(Finding(C.UNPARSEABLE, "split --filter runs a command"))
            prefixes = opt_values(options, "-f", "--prefix") if name == "csplit" else (
                operands[1:2])
            if not prefixes:
                for cwd in cwds:
                    out.extend(self.ctx.judge_write(cwd, "/", what=name))
            for p in prefixes:
                out.extend(self.write(p, cwds, name))
            return out
        if name == "patch":
            options, operands = opts(rest, "oDdpirBFVzYgbBE", {"--output", "--directory",
                                                               "--input", "--reject-file",
                                                               "--strip", "--prefix",
                                                               "--basename-prefix",
                                                               "--suffix"})
            for value in opt_values(options, "-o", "--output", "-r", "--reject-file"):
                if value.text != "-":
                    out.extend(self.write(value, cwds, "patch -o"))
            dirs = opt_values(options, "-d", "--directory")
            for d in dirs or [None]:
                for cwd in cwds:
                    target = cwd if d is None else (d.text if d.text is None or
                                                    d.text.startswith("/") or cwd is None
                                                    else cwd + "/" + d.text)
                    out.extend(self.ctx.judge_write(target, "/", what="patch"))
            for a in operands[:1]:
                out.extend(self.write(a, cwds, "patch"))
            return out
        if name in ("make", "gmake", "cmake", "ninja", "meson"):
            options, operands = opts(rest, "CfjlIoWB" if name != "cmake" else "BSCDGTAUE",
                                     {"--directory", "--file", "--makefile", "--jobs"})
            for value in opt_values(options, "-C", "--directory", "-B"):
                out.extend(self.write(value, cwds, f"{name} -C"))
            return out
        if name in ("gcc", "g++", "cc", "c++", "clang", "clang++", "ld", "as", "rustc", "javac",
                    "tsc", "esbuild", "go", "pandoc", "convert", "ffmpeg", "objcopy", "strip"):
            if name == "ffmpeg":
                if rest and rest[-1].text and not rest[-1].text.startswith("-"):
                    out.extend(self.write(rest[-1], cwds, "ffmpeg"))
                return out
            for i, a in enumerate(rest):
                t = a.text
                if t is None:
                    continue
                if t in ("-o", "--outDir", "--outdir", "--out-dir", "-d", "--output",
                         "--outfile") and i + 1 < len(rest):
                    if name in ("go",) and t != "-o":
                        continue
                    out.extend(self.write(rest[i + 1], cwds, f"{name} {t}"))
                elif t.startswith("-o") and len(t) > 2 and name in ("gcc", "g++", "cc", "c++",
                                                                     "clang", "clang++", "ld"):
                    out.extend(self.write(Arg(t[2:]), cwds, f"{name} -o"))
                elif t.startswith(("--outfile=", "--outdir=", "--output=", "--outDir=",
                                   "--out-dir=")):
                    out.extend(self.write(Arg(t.split("=", 1)[1]), cwds, f"{name} {t}"))
            return out
        if name in ("ssh-keygen",):
            options, operands = opts(rest, "fbtCNmnI", set())
            for value in opt_values(options, "-f"):
                out.extend(self.write(value, cwds, "ssh-keygen -f"))
            return out
        if name in ("mount", "umount", "losetup", "swapon", "swapoff", "modprobe", "insmod",
                    "rmmod", "sysctl", "iptables", "nft", "ip", "ifconfig", "route", "useradd",
                    "userdel", "usermod", "passwd", "chpasswd", "visudo", "groupadd", "chsh"):
            if name == "ip" and rest[:1] and rest[0].text in ("a", "addr", "address", "r",
                                                               "route", "link", "-br") and \
                    len(rest) <= 2:
                return out
            return out + [Finding(C.WRITE_OUTSIDE, f"{name} changes the system outside the "
                                  "worker root")]
        for i, a in enumerate(rest):
            t = a.text
            if t in GENERIC_OUTPUTS and i + 1 < len(rest):
                out.extend(self.write(rest[i + 1], cwds, f"{name} {t}"))
            if t and t.startswith(tuple(o + "=" for o in GENERIC_OUTPUTS) + (
                    "--cov-report=html:",)):
                value = t.split("=", 1)[1]
                if t.startswith("--cov-report="):
                    value = t.split(":", 1)[1]
                out.extend(self.write(Arg(value, a.glob), cwds, f"{name} {t.split('=')[0]}"))
        return out

    def _copy(self, name: str, rest: list[Arg], cwds: tuple[str | None, ...]) -> list[Finding]:
        out: list[Finding] = []
        takes = {"cp": "tS", "mv": "tS", "install": "tSmogC", "ln": "tS"}[name]
        options, operands = opts(rest, takes, {"--target-directory", "--suffix", "--mode",
                                               "--owner", "--group", "--backup",
                                               "--context", "--reflink", "--sparse",
                                               "--preserve", "--no-preserve"} - (
            {"--backup", "--preserve", "--reflink", "--sparse"}))
        if name == "install" and has_opt(options, "-d", "--directory"):
            for a in operands:
                out.extend(self.write(a, cwds, "install -d"))
            return out
        targets = opt_values(options, "-t", "--target-directory")
        if targets:
            dest: Arg | None = targets[-1]
            sources = operands
        elif len(operands) >= 2:
            dest = operands[-1]
            sources = operands[:-1]
        elif name == "ln" and len(operands) == 1:
            dest = Arg(".")
            sources = operands
        else:
            dest = None
            sources = operands
        if dest is None:
            return out
        symbolic = has_opt(options, "-s", "--symbolic")
        linking = name == "ln" or has_opt(options, "-l", "--link", "-s", "--symbolic-link")
        follow = not (name == "ln")
        out.extend(self.write(dest, cwds, name, follow=follow))
        if dest.text is not None and not dest.glob:
            for src in sources:
                if src.text is None:
                    continue
                base = posixpath.basename(src.text.rstrip("/"))
                if base and base not in (".", ".."):
                    out.extend(self.write(Arg(dest.text.rstrip("/") + "/" + base), cwds, name,
                                          follow=follow))
        if name == "mv":
            for src in sources:
                out.extend(self.write(src, cwds, "mv (source)", delete=True, follow=False))
        if linking:
            for src in sources:
                if src.text is None:
                    out.append(Finding(C.UNPARSEABLE, f"{name} links to a target the guard "
                                       "cannot see"))
                    continue
                if symbolic and dest.text is not None and not src.text.startswith("/"):
                    base_dir = dest.text if (targets or len(sources) > 1) else (
                        posixpath.dirname(dest.text) or ".")
                    target = base_dir.rstrip("/") + "/" + src.text if base_dir else src.text
                else:
                    target = src.text
                out.extend(self._link_target(target, cwds, name))
        return out

    def _link_target(self, target: str, cwds: tuple[str | None, ...], what: str) -> list[Finding]:
        """A link that points outside the writable roots lets a later write escape."""
        out: list[Finding] = []
        for cwd in cwds:
            resolved = self.ctx.resolve(target, cwd)
            if isinstance(resolved, Finding):
                out.append(resolved)
                continue
            for path in resolved:
                if self.ctx.home and is_within(path, self.ctx.home):
                    out.append(Finding(C.GUARD_TAMPER, f"{what} links to {target!r} in "
                                       "OVERLORD_HOME"))
                elif not any(is_within(path, a) for a in self.ctx.allowed):
                    out.append(Finding(C.WRITE_OUTSIDE, f"{what} makes a link to {target!r}, "
                                       "outside the worker root, which a later write could "
                                       "follow"))
                else:
                    f = self.ctx._judge_path(path, target, what=f"{what} (link target)",
                                             delete=False)
                    if f is not None and f.denial_class in (C.GUARD_TAMPER, C.PROTECTED_ROOT):
                        out.append(f)
        return out

    def _sed(self, rest: list[Arg], cwds: tuple[str | None, ...]) -> list[Finding]:
        out: list[Finding] = []
        in_place = False
        scripts: list[str | None] = []
        operands: list[Arg] = []
        i = 0
        while i < len(rest):
            a = rest[i]
            t = a.text
            if t is None:
                operands.append(a)
                i += 1
                continue
            if t == "--":
                operands.extend(rest[i + 1:])
                break
            if t.startswith("--"):
                key, eq, value = t.partition("=")
                if key == "--in-place":
                    in_place = True
                elif key in ("--expression", "--file"):
                    if not eq:
                        i += 1
                        value = rest[i].text if i < len(rest) else None
                    scripts.append(value if key == "--expression" else "")
                i += 1
                continue
            if t.startswith("-") and len(t) > 1:
                j = 1
                while j < len(t):
                    c = t[j]
                    if c == "i":
                        in_place = True
                        break
                    if c in "ef":
                        value = t[j + 1:] or None
                        if value is None:
                            i += 1
                            value = rest[i].text if i < len(rest) else None
                        scripts.append(value if c == "e" else "")
                        break
                    if c in "l":
                        if not t[j + 1:]:
                            i += 1
                        break
                    j += 1
                i += 1
                continue
            operands.append(a)
            i += 1
        if not scripts and operands:
            scripts.append(operands[0].text)
            operands = operands[1:]
        for s in scripts:
            if s is None:
                out.append(Finding(C.UNPARSEABLE, "a sed script the guard cannot see"))
            elif re.search(r"(^|[;\n{}]|/[gpIiMm0-9]*)\s*[0-9$,!]*\s*[wWe](\s|$|;)", s):
                out.append(Finding(C.UNPARSEABLE, "a sed script with w or e commands writes "
                                   "files or runs commands"))
        if in_place:
            for a in operands:
                out.extend(self.write(a, cwds, "sed -i"))
        return out

    def _tar(self, rest: list[Arg], cwds: tuple[str | None, ...]) -> list[Finding]:
        out: list[Finding] = []
        args = list(rest)
        if args and args[0].text and not args[0].text.startswith("-") and re.fullmatch(
                r"[a-zA-Z]+", args[0].text):
            args[0] = Arg("-" + args[0].text)
        options, operands = opts(args, "fCbTXIFgHKLNV", {
            "--file", "--directory", "--files-from", "--exclude-from", "--use-compress-program",
            "--to-command", "--info-script", "--new-volume-script", "--checkpoint-action",
            "--listed-incremental", "--transform", "--xform", "--owner", "--group", "--mode",
            "--exclude", "--format", "--label", "--blocking-factor", "--record-size"})
        names = {n for n, _ in options}
        for danger in ("--to-command", "--use-compress-program", "-I", "--info-script",
                       "-F", "--new-volume-script", "--checkpoint-action", "--rsh-command"):
            if danger in names:
                return out + [Finding(C.UNPARSEABLE, f"tar {danger} runs a command")]
        create = bool(names & {"-c", "--create", "-r", "--append", "-u", "--update", "-A",
                               "--catenate", "--concatenate", "--delete"})
        extract = bool(names & {"-x", "--extract", "--get"})
        archives = opt_values(options, "-f", "--file")
        dirs = opt_values(options, "-C", "--directory")
        for a in archives:
            if a.text and re.match(r"^[^/]+:", a.text):
                out.append(Finding(C.NETWORK_CLIENT, "tar with a remote archive"))
        if create:
            for a in archives:
                if a.text != "-":
                    out.extend(self.write(a, cwds, "tar"))
            if "--remove-files" in names:
                base = cwds
                for a in operands:
                    out.extend(self.write(a, base, "tar --remove-files", delete=True))
            out.extend(self.reads(operands, cwds, "tar", recursive=True))
        if extract:
            if names & {"-P", "--absolute-names"}:
                out.append(Finding(C.WRITE_OUTSIDE, "tar -P extracts absolute paths from the "
                                   "archive"))
            targets = dirs or [Arg(".")]
            for d in targets:
                out.extend(self.write(d, cwds, "tar -x"))
        return out

    def _find(self, rest: list[Arg], cwds: tuple[str | None, ...], depth: int) -> list[Finding]:
        out: list[Finding] = []
        starts: list[Arg] = []
        i = 0
        while i < len(rest) and rest[i].text in ("-H", "-L", "-P", "-O0", "-O1", "-O2", "-O3",
                                                 "-D"):
            i += 2 if rest[i].text == "-D" else 1
        while i < len(rest) and (rest[i].text is None or not (
                rest[i].text.startswith("-") or rest[i].text in ("(", "!", ")"))):
            starts.append(rest[i])
            i += 1
        if not starts:
            starts = [Arg(".")]
        out.extend(self.reads(starts, cwds, "find", recursive=True))
        filtered = any(a.text in ("-name", "-iname", "-regex", "-iregex", "-path", "-ipath",
                                  "-wholename", "-prune", "-newer", "-mtime", "-mmin", "-size",
                                  "-empty")
                       for a in rest[i:])
        while i < len(rest):
            t = rest[i].text
            if t == "-delete":
                for s in starts:
                    out.extend(self.write(self._found(s), cwds, "find -delete", delete=True))
                    if not filtered:
                        out.extend(self._find_protected(s, cwds, "find -delete"))
            elif t in ("-exec", "-execdir", "-ok", "-okdir"):
                j = i + 1
                sub: list[Arg] = []
                while j < len(rest) and rest[j].text not in (";", "+"):
                    sub.append(rest[j])
                    j += 1
                expanded: list[Arg] = []
                for a in sub:
                    if a.text is not None and "{}" in a.text:
                        found = self._found(starts[0]).text if len(starts) == 1 else None
                        if found is not None:
                            expanded.append(Arg(a.text.replace("{}", found)))
                        else:
                            expanded.append(Arg(None))
                    else:
                        expanded.append(a)
                if not sub:
                    out.append(Finding(C.UNPARSEABLE, f"find {t} with no command"))
                elif depth >= MAX_NESTING:
                    out.append(Finding(C.UNPARSEABLE, "commands nested too deeply"))
                else:
                    out.extend(self.judge_argv(expanded, cwds, None, depth + 1))
                    names = {posixpath.basename(a.text or "") for a in sub[:1]}
                    if not filtered and names & {"rm", "unlink", "rmdir", "shred", "mv",
                                                 "chmod", "chown", "cp", "sed", "truncate",
                                                 "tee", "touch"}:
                        for s in starts:
                            out.extend(self._find_protected(s, cwds, f"find {t}"))
                i = j
            elif t in ("-fprint", "-fprint0", "-fprintf", "-fls"):
                if i + 1 < len(rest):
                    out.extend(self.write(rest[i + 1], cwds, f"find {t}"))
                i += 1
            i += 1
        return out

    @staticmethod
    def _found(start: Arg) -> Arg:
        """A path find may hand to -delete or -exec: an entry below ``start``."""
        if start.text is None:
            return start
        return Arg(start.text.rstrip("/") + "/" + "<found>", start.glob)

    def _find_protected(self, start: Arg, cwds: tuple[str | None, ...],
                        what: str) -> list[Finding]:
        """A recursive change under ``start`` reaches the protected directories below it."""
        out: list[Finding] = []
        if start.text is None:
            return out
        for cwd in cwds:
            resolved = self.ctx.resolve(start.text, cwd)
            if isinstance(resolved, Finding):
                continue
            for path in resolved:
                for allowed in self.ctx.allowed:
                    if is_within(allowed, path) or is_within(path, allowed) and path == allowed:
                        out.append(Finding(C.PROTECTED_ROOT, f"{what} from {start.text!r} walks "
                                           "into .git, .claude and the other protected paths"))
                        return out
        return out
