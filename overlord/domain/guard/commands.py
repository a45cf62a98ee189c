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

from overlord.domain.guard.args import Arg, has_opt, opt_values, opts
from overlord.domain.guard.classes import DenialClass as C
from overlord.domain.guard.context import Context, Finding, is_block_device
from overlord.domain.guard.names import (
    AGENT_CLIENTS,
    CODE_TEXT,
    EDITORS,
    ENV_CODE,
    ENV_COMMANDS,
    ESCAPES,
    KILLERS,
    LISTENER_SUBCOMMANDS,
    LISTENERS,
    MAX_NESTING,
    MAX_VARIANTS,
    NETWORK_CLIENTS,
    PACKAGE_MANAGERS,
    PROMPT_VARIABLES,
    PROXY_VARIABLES,
    PYTHONS,
    RESERVED,
    SHELLS,
    SUBSCRIPT_CODE,
)
from overlord.domain.guard.packages import read_only_query
from overlord.domain.guard.paths import is_within
from overlord.domain.guard.rules_code import CodeRules
from overlord.domain.guard.rules_files import FileRules
from overlord.domain.guard.rules_git import GitRules
from overlord.domain.guard.rules_net import NetworkRules
from overlord.domain.guard.rules_tools import ToolRules
from overlord.domain.guard.shell import (
    Redirect,
    Script,
    SimpleCommand,
    Word,
    decode_ansi_c,
    parse_script,
)

__all__ = ["Arg", "BashJudge", "MAX_NESTING", "has_opt", "opt_values", "opts"]



class BashJudge(CodeRules, GitRules, NetworkRules, FileRules, ToolRules):
    """Judges shell commands in one :class:`Context`."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.runs: list[tuple[str, tuple[str | None, ...], str, str]] = []
        self._group_redirects: set[int] = set()

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
        if "XDG_DATA_HOME" in script.references:
            findings.append(Finding(C.GUARD_TAMPER, "the command names $XDG_DATA_HOME, where "
                                    "OVERLORD_HOME lives by default"))
        for name, values in script.assigned:
            findings.extend(self._judge_env(name, values, cwds, depth))
        findings.extend(self._subscript_code(script))
        for cmd in script.commands:
            findings.extend(self.judge_command(cmd, depth))
        if depth == 0:
            findings.extend(self.judge_runs())
        return findings

    @staticmethod
    def _subscript_code(script: Script) -> list[Finding]:
        """Text in the command that bash may evaluate as an array subscript (through
        ``$((x))``, ``[[ x -eq 1 ]]``, ``test -v``, ``printf -v``, ``read``, ``declare -n``,
        ``${!x}``, ...) and that holds a command substitution: that command would run."""
        texts: list[str] = [v for _, values in script.assigned for v in values or ()]
        for cmd in script.commands:
            texts.extend(v for w in cmd.argv for v in w.values or ())
            if cmd.stdin_text and any(w.text in ("read", "mapfile", "readarray")
                                      for w in cmd.argv[:8]):
                texts.append(cmd.stdin_text)
        for text in texts:
            m = SUBSCRIPT_CODE.search(text)
            if m:
                return [Finding(C.UNPARSEABLE, f"{m.group(0)!r}... is an array subscript with a "
                                "command substitution, which runs if bash evaluates it "
                                "arithmetically")]
        return []

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
        if name in PROMPT_VARIABLES:
            if values is None or any(CODE_TEXT.search(v) for v in values):
                return [Finding(C.UNPARSEABLE, f"{name} is prompt-expanded (set -x traces with "
                                "PS4), which runs the command substitutions in it")]
            return []
        if PROXY_VARIABLES.fullmatch(name):
            if values is not None and all(v == "" for v in values):
                return []
            return self._network_access(f"${name}", list(values) if values is not None
                                        else [None])
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
        text = _output_text(cmd)
        for red in cmd.redirects:
            if not cmd.argv:
                self._group_redirects.add(id(red))
            shown = None if id(red) in self._group_redirects or red.fd not in (None, 1) else text
            out.extend(self._redirect(red, cwds, content=shown))
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

    def _redirect(self, red: Redirect, cwds: tuple[str | None, ...], *,
                  content: str | None = None) -> list[Finding]:
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
        writes: tuple[str | None, ...] = target.values if target.values is not None else (None,)
        for written in writes:
            for cwd in cwds:
                out.extend(self.ctx.judge_write(written, cwd, what=f"a {op} redirection",
                                                glob=target.glob,
                                                content=content if op in (">", ">>", ">|", "&>",
                                                                          "&>>") else None))
            if written is not None:
                f = self.ctx.judge_read(written, cwds[0], what="a redirection")
                if f:
                    out.append(f)
        return out

    # ---- scripts written and run in the same command -------------------------------------
    def note_run(self, text: str | None, cwds: tuple[str | None, ...], language: str,
                 what: str) -> None:
        """Remember that ``what`` runs the file ``text`` as ``language`` code (``"sh"``,
        ``"python"``, ``"node"``, ..., ``"exec"``: by its ``#!`` line, ``"make"``,
        ``"pytest"``: the test files and conftest.py under ``text``)."""
        if text:
            self.runs.append((text, cwds, language, what))

    def judge_runs(self) -> list[Finding]:
        """A file this command writes and also runs is judged on what it writes; when that
        cannot be seen, the command is unparseable."""
        out: list[Finding] = []
        i = 0
        while i < len(self.runs) and i < 64:
            text, cwds, language, what = self.runs[i]
            i += 1
            for cwd in cwds:
                resolved = self.ctx.resolve(text, cwd) if cwd is not None or text.startswith(
                    "/") else []
                if isinstance(resolved, Finding):
                    continue
                for path in resolved:
                    if language == "pytest":
                        found = [(p, c) for p, c in self.ctx.written.items() if is_within(
                            p, path) and re.fullmatch(r"conftest\.py|test_.*\.py|.*_test\.py",
                                                      posixpath.basename(p))]
                        for p, contents in found:
                            out.extend(self._written_script(p, p, contents, "python", cwds,
                                                            what))
                        continue
                    written = self.ctx.wrote(path)
                    if written is not None:
                        out.extend(self._written_script(path, text, written, language, cwds,
                                                        what))
        return out

    def _written_script(self, path: str, text: str, contents: list[str | None], language: str,
                        cwds: tuple[str | None, ...], what: str) -> list[Finding]:
        if None in contents or (len(contents) > 1 and any(
                not (c or "").endswith("\n") for c in contents[:-1])):
            return [Finding(C.UNPARSEABLE, f"{what} runs {text!r}, which this command writes, "
                            "and the guard cannot see all it writes there")]
        pieces = [c for c in contents if c is not None]
        if len(pieces) > 1:
            pieces.append("".join(pieces))
        out: list[Finding] = []
        for code in pieces:
            lang = _shebang_language(code) if language == "exec" else language
            label = f"{what} {text}"
            if lang == "sh":
                out.extend(self.judge_script(code, cwds, 1))
            elif lang == "python":
                from overlord.domain.guard import inline

                out.extend(self._actions(inline.python_actions(code, home=self.ctx.user_home),
                                         cwds, 1, label))
            elif lang in ("node", "perl", "ruby", "php", "lua"):
                from overlord.domain.guard import inline

                out.extend(self._actions(inline.script_actions(code, lang), cwds, 1, label))
            else:
                out.append(Finding(C.UNPARSEABLE, f"{what} runs {text!r}, which this command "
                                   f"writes, as {lang or 'code'} the guard cannot judge"))
        return out

    # ---- helpers ----------------------------------------------------------------------
    def write(self, arg: Arg, cwds: tuple[str | None, ...], what: str, *, delete: bool = False,
              follow: bool = True, tree: bool = False,
              content: str | None = None, record: bool = True) -> list[Finding]:
        """Findings for a write (or delete) of ``arg`` from every possible directory
        (``tree``: everything below it is written too; ``content``: the text written, when
        seen)."""
        out: list[Finding] = []
        if arg.text is not None and arg.glob:
            f = self.ctx.judge_glob_protected(arg.text, what=what)
            if f:
                out.append(f)
        for cwd in cwds:
            out.extend(self.ctx.judge_write(arg.text, cwd, what=what, delete=delete,
                                            glob=arg.glob, follow=follow, tree=tree,
                                            content=content, record=record))
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
                    out.extend(self._judge_env(key, (value_text,), cwds, depth))
                    operands = operands[1:]
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
                if name in ("gdb", "perf") and operands and operands[0].text in (
                        "--args", "record", "stat", "trace"):
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
        if "/" in (args[0].text or ""):
            self.note_run(args[0].text, cwds, "exec", name)
        out.extend(self._judge_program(name, args, cwds, cmd, depth))
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
                       cmd: SimpleCommand | None, depth: int) -> list[Finding]:
        out: list[Finding] = []
        rest = args[1:]
        texts = [a.text for a in rest]
        # kill_or_format
        if name == "kill":
            return out + _kill(texts)
        if name == "fuser" and any(t and (t == "--kill" or re.fullmatch(r"-[a-zA-Z]*k[a-zA-Z]*",
                                                                       t)) for t in texts):
            return [Finding(C.KILL_OR_FORMAT, "fuser -k kills every process using the file or "
                            "port")]
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
        if name == "crontab" and texts and all(t in ("-l", "-u") or (
                t is not None and not t.startswith("-") and i > 0 and texts[i - 1] == "-u")
                for i, t in enumerate(texts)) and "-l" in texts:
            return out  # listing the table schedules nothing
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
            if rest:
                self.note_run(rest[0].text, cwds, "sh", name)
            return out + self._script_operand(name, rest[:1])
        if name == "hash" and any(t is None or re.fullmatch(r"-[a-zA-Z]*p.*", t) for t in texts):
            return out + [Finding(C.UNPARSEABLE, "hash -p makes a command name run another "
                                  "program")]
        if name in LISTENERS or (name in LISTENER_SUBCOMMANDS and any(
                t in LISTENER_SUBCOMMANDS[name] for t in texts)):
            return out + [Finding(C.NETWORK_CLIENT, f"{name} starts a network listener")]
        if name in ("pytest", "py.test"):
            self.note_run(".", cwds, "pytest", name)
        if name in ("make", "gmake"):
            options, _ = opts(rest, "CfjlIoWB", {"--directory", "--file", "--makefile"})
            files = [v.text for v in opt_values(options, "-f", "--file", "--makefile")]
            base = next((v.text for v in opt_values(options, "-C", "--directory")), None)
            for f in files or ["Makefile", "makefile", "GNUmakefile"]:
                if f is not None:
                    path = f if base is None or f.startswith("/") else base.rstrip("/") + "/" + f
                    self.note_run(path, cwds, "make", name)
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
            if read_only_query(name, texts):
                return out
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
        return out + self._files(name, rest, cwds, depth, cmd)

    def _overlord(self, texts: list[str | None]) -> Finding:
        sub = next((t for t in texts if t and not t.startswith("-")), None)
        if sub == "run":
            return Finding(C.AGENT_CLIENT, "overlord run starts another agent")
        return Finding(C.GUARD_TAMPER, "overlord commands read the ledger and keys in "
                       "OVERLORD_HOME")


def _output_text(cmd: SimpleCommand) -> str | None:
    """What ``cmd`` prints, when the guard can see it: ``echo`` and ``printf`` of literal
    text, ``cat`` of a here-doc or here-string, or nothing at all (a bare redirection)."""
    if not cmd.argv:
        return ""
    words = [w.text for w in cmd.argv]
    if any(w is None for w in words):
        return None
    name, args = words[0], [w for w in words[1:] if w is not None]
    if name == "echo":
        newline, escapes = True, False
        while args and re.fullmatch(r"-[neE]+", args[0]):
            newline = newline and "n" not in args[0]
            escapes = "e" in args[0] or (escapes and "E" not in args[0])
            args = args[1:]
        text = " ".join(args)
        if escapes:
            decoded = decode_ansi_c(text)
            if decoded is None:
                return None
            text = decoded
        return text + ("\n" if newline else "")
    if name == "printf" and len(args) == 1 and "%" not in args[0]:
        return decode_ansi_c(args[0])
    if (name == "cat" and not args) or name == "tee":
        if cmd.stdin in ("heredoc", "herestring") and cmd.stdin_known and \
                cmd.stdin_text is not None:
            return cmd.stdin_text + ("\n" if cmd.stdin == "herestring" else "")
    return None


def _shebang_language(code: str) -> str | None:
    """The language a file runs as when executed: its ``#!`` interpreter, else the shell."""
    if not code.startswith("#!"):
        return "sh"
    line = code.split("\n", 1)[0][2:].strip().split()
    if not line:
        return "sh"
    prog = posixpath.basename(line[0])
    if prog == "env" and len(line) > 1:
        prog = posixpath.basename(next((w for w in line[1:] if not w.startswith("-")), ""))
    if prog in SHELLS:
        return "sh"
    if PYTHONS.match(prog):
        return "python"
    return {"node": "node", "nodejs": "node", "perl": "perl", "ruby": "ruby", "php": "php",
            "lua": "lua"}.get(prog)


def _kill(texts: list[str | None]) -> list[Finding]:
    """``kill -9`` (any spelling of SIGKILL), and a signal sent to every process (``-1``) or to
    a whole process group (``0``, ``-PGID``), kill by force."""
    signal_given = False
    operands: list[str] = []
    i = 0
    while i < len(texts):
        t, nxt = texts[i], texts[i + 1] if i + 1 < len(texts) else None
        i += 1
        if t is None:
            continue
        if re.fullmatch(r"-(9|KILL|SIGKILL|s\s*(9|KILL|SIGKILL)|n\s*9)", t, re.I) or \
                (t in ("-s", "-n", "--signal") and nxt is not None and
                 re.fullmatch(r"(9|KILL|SIGKILL)", nxt, re.I)) or \
                re.fullmatch(r"--signal=(9|KILL|SIGKILL)", t, re.I):
            return [Finding(C.KILL_OR_FORMAT, "kill -9 kills a process by force")]
        if t == "--":
            operands.extend(x for x in texts[i:] if x is not None)
            break
        if t in ("-s", "-n", "--signal"):
            signal_given = True
            i += 1
        elif t.startswith("-") and not signal_given and not operands and t not in ("-l", "-L"):
            signal_given = True
        else:
            operands.append(t)
    for pid in operands:
        if pid in ("-1", "0") or re.fullmatch(r"-\d+", pid):
            return [Finding(C.KILL_OR_FORMAT, f"kill {pid} signals every process or a whole "
                            "process group")]
    return []
