"""Programs with a language of their own: sed scripts, tar modes, find expressions,
editors and sqlite3."""

from __future__ import annotations

import posixpath
import re

from overlord.domain.guard.args import Arg, opt_values, opts
from overlord.domain.guard.classes import DenialClass as C
from overlord.domain.guard.context import PROTECTED_NAMES, Context, Finding
from overlord.domain.guard.judging import Judging
from overlord.domain.guard.names import EDITORS, MAX_NESTING
from overlord.domain.guard.paths import is_within
from overlord.domain.guard.shell import SimpleCommand

_FIND_WRITERS = frozenset({"rm", "unlink", "rmdir", "shred", "mv", "chmod", "chown", "cp",
                           "truncate", "tee", "touch", "dd", "install", "ln", "patch", "sponge"})
"""Programs that change the files ``find -exec`` hands them (with editors and ``perl -i``)."""


class ToolRules(Judging):
    """Judges sed, tar, find, editors and sqlite3 (mixed into :class:`BashJudge`)."""

    ctx: Context

    def _sed(self, rest: list[Arg], cwds: tuple[str | None, ...]) -> list[Finding]:
        out: list[Finding] = []
        in_place = False
        suffix = ""
        scripts: list[str | None] = []
        operands: list[Arg] = []
        value: str | None
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
                    suffix = value if eq else ""
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
                        suffix = t[j + 1:]
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
                out.extend(self.backup_write(a, suffix, cwds, "sed -i"))
        return out

    def backup_write(self, target: Arg, suffix: str | None, cwds: tuple[str | None, ...],
                     what: str) -> list[Finding]:
        """The backup an in-place editor (``sed -i``, ``perl -i``) writes: each ``*`` in the
        suffix is the file's name as given (so ``-i'../elsewhere/*'`` writes elsewhere), and a
        suffix without ``*`` is appended to it."""
        if not suffix:
            return []
        if target.text is None:
            return self.write(Arg(None), cwds, f"{what} backup")
        backup = suffix.replace("*", target.text) if "*" in suffix else target.text + suffix
        return self.write(Arg(backup, target.glob), cwds, f"{what} backup {suffix!r}")

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
            "--exclude", "--format", "--label", "--blocking-factor", "--record-size",
            "--index-file", "--volno-file"})
        names = {n for n, _ in options}
        for danger in ("--to-command", "--use-compress-program", "-I", "--info-script",
                       "-F", "--new-volume-script", "--checkpoint-action", "--rsh-command"):
            if danger in names:
                return out + [Finding(C.UNPARSEABLE, f"tar {danger} runs a command")]
        create = bool(names & {"-c", "--create", "-r", "--append", "-u", "--update", "-A",
                               "--catenate", "--concatenate", "--delete"})
        extract = bool(names & {"-x", "--extract", "--get"})
        archives = opt_values(options, "-f", "--file")
        for value in opt_values(options, "-g", "--listed-incremental", "--index-file",
                                "--volno-file"):
            out.extend(self.write(value, cwds, "tar (its snapshot, index or volume file)"))
        for value in opt_values(options, "--one-top-level"):
            out.extend(self.write(value, cwds, "tar --one-top-level"))
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
            top = [t for t in opt_values(options, "--one-top-level") if t.text != ""]
            if top and dirs and top[-1].text is not None and not top[-1].text.startswith("/"):
                top = [Arg(None) if d.text is None else Arg(d.text.rstrip("/") + "/" +
                                                            (top[-1].text or ""))
                       for d in dirs]
            targets = top or dirs or [Arg(".")]
            for d in targets:
                out.extend(self.write(d, cwds, "tar -x", tree=True))
        return out

    def _find(self, rest: list[Arg], cwds: tuple[str | None, ...], depth: int) -> list[Finding]:
        out: list[Finding] = []
        starts: list[Arg] = []
        i = 0
        while i < len(rest) and rest[i].text in ("-H", "-L", "-P", "-O0", "-O1", "-O2", "-O3",
                                                 "-D"):
            i += 2 if rest[i].text == "-D" else 1
        while i < len(rest) and ((t := rest[i].text) is None or not (
                t.startswith("-") or t in ("(", "!", ")"))):
            starts.append(rest[i])
            i += 1
        if not starts:
            starts = [Arg(".")]
        out.extend(self.reads(starts, cwds, "find", recursive=True))
        follows = any(a.text in ("-L", "-H", "-follow") for a in rest)
        acts = any(a.text in ("-delete", "-exec", "-execdir", "-ok", "-okdir", "-fprint",
                              "-fprint0", "-fprintf", "-fls") for a in rest)
        if follows and acts:
            out.append(Finding(C.UNPARSEABLE, "find -L follows symlinks out of the root before "
                               "it deletes or runs commands"))
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
                    writer = bool(names & (_FIND_WRITERS | EDITORS)) or bool(
                        names & {"perl", "ruby", "sed", "gsed"} and any(
                            re.match(r"^-[a-zA-Z]*i", a.text or "") or
                            (a.text or "").startswith("--in-place") for a in sub[1:]))
                    if writer and not filtered:
                        for s in starts:
                            out.extend(self._find_protected(s, cwds, f"find {t}"))
                    elif writer:
                        out.extend(self._find_filtered_protected(rest, starts, cwds,
                                                                 f"find {t} {sub[0].text}"))
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

    def _find_filtered_protected(self, rest: list[Arg], starts: list[Arg],
                                 cwds: tuple[str | None, ...], what: str) -> list[Finding]:
        """A writer run by ``find -exec`` on what a filter selects: a filter that names a
        protected directory, or a ``-name`` that matches a file inside one below the starting
        points, reaches it (unless the walk prunes or excludes protected directories)."""
        texts = [a.text for a in rest]
        if "-prune" in texts or any(
                t in ("!", "-not") and i + 2 < len(texts) and texts[i + 1] in (
                    "-path", "-ipath", "-wholename", "-name", "-iname") and
                any(n in (texts[i + 2] or "") for n in PROTECTED_NAMES)
                for i, t in enumerate(texts)):
            return []
        patterns: list[str] = []
        for i, t in enumerate(texts[:-1]):
            value = texts[i + 1]
            if t in ("-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex",
                     "-name", "-iname"):
                if value is None:
                    return [Finding(C.UNPARSEABLE, f"{what} with a filter the guard cannot "
                                    "see")]
                if any(n in value for n in PROTECTED_NAMES):
                    return [Finding(C.PROTECTED_ROOT, f"{what} edits what the filter {value!r} "
                                    "selects, inside a protected directory")]
                if t in ("-name", "-iname"):
                    patterns.append(value)
        for start in starts:
            for cwd in cwds:
                if start.text is None:
                    continue
                resolved = self.ctx.resolve(start.text, cwd)
                if isinstance(resolved, Finding):
                    continue
                for base in resolved:
                    for hit in self._protected_matches(base, patterns):
                        return [Finding(C.PROTECTED_ROOT, f"{what} reaches {hit}, inside a "
                                        "protected directory")]
        return []

    def _protected_matches(self, base: str, patterns: list[str]) -> list[str]:
        """Files below ``base`` inside a protected directory whose names match one of
        ``patterns`` (looked up a few levels deep through the resolver)."""
        from overlord.domain.guard.paths import TooManyMatches

        dirs: list[str] = []
        levels = ["", "*/", "*/*/"]
        try:
            if any(part in PROTECTED_NAMES for part in base.split("/")):
                dirs.append(base)
            for name in PROTECTED_NAMES:
                for level in levels:
                    dirs.extend(self.ctx.resolver.glob(f"{base.rstrip('/')}/{level}{name}"))
            for d in dirs:
                for pattern in patterns:
                    for level in levels + ["*/*/*/"]:
                        hits = self.ctx.resolver.glob(f"{d}/{level}{pattern}")
                        if hits:
                            return hits[:1]
        except TooManyMatches:
            return [f"{base} (too many files to look through)"]
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
