"""Nested shells and interpreters: ``sh -c``, here-docs fed to a shell, ``python -c``,
``node -e``, ``perl -e``, awk, and what inline code is seen to do."""

from __future__ import annotations

import posixpath
import re
from typing import TYPE_CHECKING

from overlord.domain.guard.args import Arg, has_opt, opt_values, opts
from overlord.domain.guard.classes import DenialClass as C
from overlord.domain.guard.context import Context, Finding
from overlord.domain.guard.judging import Judging
from overlord.domain.guard.names import MAX_NESTING, PYTHON_LISTENER_MODULES
from overlord.domain.guard.packages import read_only_query
from overlord.domain.guard.shell import SimpleCommand

if TYPE_CHECKING:
    from overlord.domain.guard.inline import Action


class CodeRules(Judging):
    """Judges shells and interpreters (mixed into :class:`BashJudge`)."""

    ctx: Context

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
            # One this command writes is judged on what it writes.
            self.note_run(operands[0].text, cwds, "sh", name)
            return out + self._script_operand(name, operands[:1])
        if cmd is not None and cmd.stdin == "file":
            for red in cmd.redirects:
                if red.op == "<" and red.target is not None:
                    self.note_run(red.target.text, cwds, "sh", f"{name} <")
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
                    attached = flags[j + 1:]
                    if attached:
                        options.append(("-" + c, Arg(attached)))
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
                from overlord.domain.guard import inline

                return self._actions(inline.python_actions(value.text, home=self.ctx.user_home),
                                     cwds, depth, f"{name} -c")
            if key == "-m":
                module = value.text if value is not None else None
                if module is None:
                    return [Finding(C.UNPARSEABLE, f"{name} -m with a module the guard cannot "
                                    "see")]
                top = module.split(".")[0]
                if top in ("pip", "uv") and module in ("pip", "uv") and read_only_query(
                        top, [o.text for o in operands]):
                    return []
                if top in ("pip", "ensurepip", "uv", "poetry", "pipx", "pipenv", "pdm",
                           "conda"):
                    return [Finding(C.PACKAGE_INSTALL, f"{name} -m {module} installs packages")]
                if top in ("overlord", "cli"):
                    return [self._overlord([o.text for o in operands])]
                if top in ("zipfile", "tarfile") and any(
                        o.text in ("-e", "--extract", "-c", "--create") for o in operands):
                    return [f for o in operands[-1:] for f in self.write(
                        o, cwds, f"{name} -m {module}", tree=True)]
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
                if module in PYTHON_LISTENER_MODULES or top in PYTHON_LISTENER_MODULES or (
                        top == "pydoc" and any(o.text and re.match(r"^-[a-zA-Z]*[pbn]", o.text)
                                               for o in operands)) or (
                        top == "flask" and any(o.text == "run" for o in operands)) or (
                        top == "django" and any(o.text in ("runserver", "testserver")
                                                for o in operands)):
                    return [Finding(C.NETWORK_CLIENT, f"{name} -m {module} starts a network "
                                    "listener")]
                if top == "pytest":
                    self.note_run(".", cwds, "pytest", f"{name} -m pytest")
                self.note_run(module.replace(".", "/") + ".py", cwds, "python", f"{name} -m")
                self.note_run(module.replace(".", "/") + "/__main__.py", cwds, "python",
                              f"{name} -m")
                return self.option_writes(top, operands, cwds)
        if operands and operands[0].text not in ("-", None):
            self.note_run(operands[0].text, cwds, "python", name)
            if len(operands) > 1 and posixpath.basename(operands[0].text or "") == "manage.py" \
                    and any(o.text in ("runserver", "testserver", "runserver_plus")
                            for o in operands[1:]):
                return [Finding(C.NETWORK_CLIENT, f"{name} manage.py runserver starts a network "
                                "listener")]
            return self._script_operand(name, operands[:1])
        if operands and operands[0].text is None:
            return [Finding(C.UNPARSEABLE, f"{name} runs a script whose name the guard cannot "
                            "see")]
        if cmd is not None and cmd.stdin in ("heredoc", "herestring"):
            if cmd.stdin_text is None or not cmd.stdin_known:
                return [Finding(C.UNPARSEABLE, f"{name} reads code with expansions the guard "
                                "cannot see")]
            from overlord.domain.guard import inline

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
            for include in opt_values(options, "-i"):
                if include.text and "inplace" in include.text:
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
        suffix = ""
        if lang in ("perl", "ruby"):
            for a in rest:
                m = re.match(r"^-[a-zA-Z]*?i(.*)$", a.text or "")
                if m and not (a.text or "").startswith("--"):
                    in_place = True
                    suffix = m.group(1)
        if name == "deno" and operands and operands[0].text == "eval":
            code.append(operands[1].text if len(operands) > 1 else None)
            operands = []
        if lang == "php" and has_opt(options, "-S") or lang == "ruby" and any(
                a.text in ("-run", "-rwebrick", "-run -e httpd") for a in rest):
            return out + [Finding(C.NETWORK_CLIENT, f"{name} starts a network listener")]
        if not code:
            if lang == "perl" and in_place and operands:
                for f in operands[1:]:
                    out.extend(self.write(f, cwds, "perl -i"))
                    out.extend(self.backup_write(f, suffix, cwds, "perl -i"))
            if operands and operands[0].text is not None and not in_place:
                self.note_run(operands[0].text, cwds, lang, name)
            return out if in_place else None
        for c in code:
            if c is None:
                out.append(Finding(C.UNPARSEABLE, f"{name} code the guard cannot see"))
            else:
                from overlord.domain.guard import inline

                out.extend(self._actions(inline.script_actions(c, lang), cwds, depth,
                                         f"{name} -e"))
        if in_place:
            for f in operands:
                out.extend(self.write(f, cwds, f"{name} -i"))
                out.extend(self.backup_write(f, suffix, cwds, f"{name} -i"))
        return out

    def _actions(self, actions: list[Action], cwds: tuple[str | None, ...], depth: int,
                 what: str) -> list[Finding]:
        out: list[Finding] = []
        moves = [a.value for a in actions if a.kind == "chdir"]
        if moves:
            # The code changes directory (order unknown): relative paths may be taken from
            # the start or from any place it moves to.
            cwds = tuple(dict.fromkeys(cwds + tuple(
                None if m is None or (c is None and not m.startswith("/"))
                else (m if m.startswith("/") else f"{c}/{m}") for m in moves for c in cwds)))
        for a in actions:
            label = f"{what}: {a.what}"
            run_cwds = cwds if a.cwd == "" else tuple(
                None if a.cwd is None or (c is None and not a.cwd.startswith("/"))
                else (a.cwd if a.cwd.startswith("/") else f"{c}/{a.cwd}") for c in cwds)
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
                    out.extend(self.judge_script(a.value, run_cwds, depth + 1))
            elif a.kind == "argv":
                argv = [Arg(t) for t in a.argv]
                if not argv or argv[0].text is None:
                    out.append(Finding(C.UNPARSEABLE, f"{label} runs a program the guard cannot "
                                       "see"))
                elif len(a.argv) == 1 and a.argv[0] is not None and " " in a.argv[0]:
                    out.extend(self.judge_script(a.argv[0], run_cwds, depth + 1))
                else:
                    if depth >= MAX_NESTING:
                        out.append(Finding(C.UNPARSEABLE, "programs nested too deeply"))
                    else:
                        out.extend(self.judge_argv(argv, run_cwds, None, depth + 1))
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
                out.extend(self._network_access(label, [a.value]))
            elif a.kind == "network_module":
                out.extend(self._network_access(label, []))
            elif a.kind == "listen":
                out.append(Finding(C.NETWORK_CLIENT, f"{label} starts a network listener"))
            elif a.kind == "chdir":
                continue
            else:
                out.append(Finding(C.UNPARSEABLE, a.what))
        return out
