"""File writers: the targets of rm, cp, mv, install, ln, touch, mkdir, chmod, tee, zip,
unzip, cpio, 7z, patch, compilers and the rest."""

from __future__ import annotations

import posixpath
import re

from overlord.domain.guard.args import Arg, has_opt, opt_values, opts
from overlord.domain.guard.classes import DenialClass as C
from overlord.domain.guard.context import Context, Finding
from overlord.domain.guard.judging import Judging
from overlord.domain.guard.names import GENERIC_OUTPUTS, OUTPUT_OPTIONS, RECURSIVE_READERS
from overlord.domain.guard.paths import is_within
from overlord.domain.guard.shell import SimpleCommand


def _patched_files(cmd: SimpleCommand | None) -> list[str] | None:
    """The files a diff fed to ``patch`` as a here-doc names, or ``None`` when not visible."""
    if cmd is None or cmd.stdin not in ("heredoc", "herestring") or not cmd.stdin_known:
        return None
    names = []
    for line in (cmd.stdin_text or "").splitlines():
        if line.startswith(("+++ ", "--- ")):
            name = line[4:].split("\t")[0].strip()
            if name and name != "/dev/null":
                names.append(name)
    return names


def _strips(options: list[tuple[str, Arg | None]]) -> list[int]:
    """How many leading components ``patch -pN`` strips (every choice when unknown)."""
    values = [v.text for n, v in options if n in ("-p", "--strip") and v is not None]
    if not values:
        return [0, 1]
    return [int(v) if v and v.isdigit() else 0 for v in values[-1:]]


RECURSION_FLAGS = {"grep": "rR", "egrep": "rR", "fgrep": "rR", "zgrep": "rR", "ls": "R",
                   "chmod": "R", "chown": "R", "chgrp": "R", "cp": "rRa"}
"""The short flags that make each program walk a directory tree (``ls -a`` does not)."""


def _recursive(name: str, rest: list[Arg]) -> bool:
    """True when ``name``'s arguments ask it to walk directories (``-R``, ``--recursive``, a
    flag cluster holding one, ``grep -d recurse``)."""
    flags = RECURSION_FLAGS.get(name)
    if flags is None:
        return False
    for i, a in enumerate(rest):
        t = a.text
        if t is None:
            continue
        if t in ("--recursive", "--dereference-recursive", "--archive", "--directories=recurse"):
            return True
        if t == "-d" and name.endswith("grep") and i + 1 < len(rest) and \
                rest[i + 1].text == "recurse":
            return True
        if re.fullmatch(r"-[a-zA-Z0-9]+", t) and any(c in flags for c in t[1:]):
            return True
    return False


class FileRules(Judging):
    """Judges programs that write or delete files (mixed into :class:`BashJudge`)."""

    ctx: Context

    def option_writes(self, name: str, rest: list[Arg], cwds: tuple[str | None, ...]
                      ) -> list[Finding]:
        """Writes named by ``name``'s options (the :data:`OUTPUT_OPTIONS` table, the linker's
        ``-Wl,-Map=``, rustc's ``--emit KIND=PATH``, pytest's ``-o cache_dir=``)."""
        table = OUTPUT_OPTIONS.get(name, {})
        out: list[Finding] = []
        for i, a in enumerate(rest):
            t = a.text
            if t is None:
                continue
            nxt = rest[i + 1] if i + 1 < len(rest) else Arg(None)
            for found, value in _option_values(t, nxt, table):
                out.extend(self._option_write(name, found, value, table[found], cwds))
            if name in OUTPUT_OPTIONS and name in ("gcc", "g++", "cc", "c++", "clang",
                                                   "clang++"):
                m = re.match(r"^-Wl,(?:-Map[=,]|--Map[=,]|-o,)(.+)$", t)
                if m:
                    out.extend(self.write(Arg(m.group(1).split(",")[0]), cwds, f"{name} -Wl"))
            if name == "rustc" and (t.startswith("--emit") or t == "--emit"):
                spec = t.split("=", 1)[1] if "=" in t else (nxt.text or "")
                for part in spec.split(","):
                    if "=" in part:
                        out.extend(self.write(Arg(part.split("=", 1)[1]), cwds, "rustc --emit"))
            if name == "pytest" and (t in ("-o", "--override-ini") or t.startswith(
                    ("-o", "--override-ini="))):
                setting = nxt.text if t in ("-o", "--override-ini") else (
                    t[2:] if t.startswith("-o") else t.split("=", 1)[1])
                if setting is None:
                    out.append(Finding(C.UNPARSEABLE, "pytest -o with a setting the guard cannot "
                                       "see"))
                    continue
                key, _, setting_value = setting.partition("=")
                if key.strip() in ("cache_dir", "log_file", "junit_logfile") and setting_value:
                    out.extend(self._option_write(name, f"-o {key}", Arg(setting_value.strip()),
                                                  "dir" if key.strip() == "cache_dir" else
                                                  "write", cwds))
            if name == "pytest" and t.startswith("--debug="):
                out.extend(self.write(Arg(t.split("=", 1)[1]), cwds, "pytest --debug"))
            if name == "pytest" and (t == "--pastebin" or t.startswith("--pastebin=")):
                out.append(Finding(C.NETWORK_CLIENT, "pytest --pastebin sends the results to a "
                                   "paste service"))
        return out

    def _option_write(self, name: str, option: str, value: Arg, kind: str,
                      cwds: tuple[str | None, ...]) -> list[Finding]:
        what = f"{name} {option}"
        if kind == "clear":
            return (self.write(value, cwds, what, delete=True)
                    + self.write(value, cwds, what, tree=True))
        if kind == "cache":
            target = Arg(None) if value.text is None else Arg(
                value.text.rstrip("/") + "/.pytest_cache")
            return self.write(target, cwds, what, tree=True)
        return self.write(value, cwds, what, tree=kind == "dir")

    # ---- file writers -------------------------------------------------------------------
    def _files(self, name: str, rest: list[Arg], cwds: tuple[str | None, ...], depth: int,
               cmd: SimpleCommand | None = None) -> list[Finding]:
        out: list[Finding] = []
        if name in RECURSIVE_READERS or _recursive(name, rest):
            out.extend(self.reads(rest, cwds, name, recursive=True))
        out.extend(self.option_writes(name, rest, cwds))
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
            recursive = any(a.text in ("-R", "--recursive") or (
                a.text and re.fullmatch(r"-[a-zA-Z]*R[a-zA-Z]*", a.text)) for a in rest)
            keeps = name in ("touch", "chattr", "setfacl", "chmod", "chown", "chgrp")
            text = _tee_text(cmd) if name == "tee" else None
            for a in operands:
                out.extend(self.write(a, cwds, name, tree=recursive, record=not keeps,
                                      content=text))
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
                    out.extend(self.ctx.judge_write(cwd, "/", what="unzip", tree=True))
            for d in dests:
                out.extend(self.write(d, cwds, "unzip -d", tree=True))
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
                    out.extend(self.write(d, cwds, "cpio", tree=True))
            return out
        if name == "ar" and rest:
            ops = (rest[0].text or "").lstrip("-")
            if rest[0].text is None:
                return out + [Finding(C.UNPARSEABLE, "ar with operations the guard cannot see")]
            if "x" in ops:
                for cwd in cwds:
                    out.extend(self.ctx.judge_write(cwd, "/", what="ar x", tree=True))
            elif any(c in ops for c in "rqdmsu"):
                for a in rest[1:2]:
                    out.extend(self.write(a, cwds, "ar (the archive)"))
            return out
        if name == "jar" and rest:
            ops = (rest[0].text or "").lstrip("-")
            if "x" in ops:
                for cwd in cwds:
                    out.extend(self.ctx.judge_write(cwd, "/", what="jar x", tree=True))
            elif "f" in ops and any(c in ops for c in "cu") and len(rest) > 1:
                out.extend(self.write(rest[1], cwds, "jar (the archive)"))
            return out
        if name in ("7z", "7za", "7zr", "7zz"):
            verb = rest[0].text if rest else None
            outs = [Arg(a.text[2:]) for a in rest if a.text and a.text.startswith("-o")]
            operands = [a for a in rest[1:] if a.text is None or not a.text.startswith("-")]
            if verb in ("x", "e"):
                for d in outs or [Arg(".")]:
                    out.extend(self.write(d, cwds, "7z", tree=True))
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
            names = _patched_files(cmd) if not operands else None
            directories: list[Arg | None] = [*dirs] if dirs else [None]
            for directory in directories:
                for cwd in cwds:
                    target = cwd if directory is None else (
                        directory.text if directory.text is None or directory.text.startswith("/") or cwd is None
                        else cwd + "/" + directory.text)
                    if names is None or target is None:
                        out.extend(self.ctx.judge_write(target, "/", what="patch", tree=True))
                        continue
                    for strip in _strips(options):
                        for n in names:
                            parts = n.split("/")[strip:]
                            if parts:
                                out.extend(self.ctx.judge_write(
                                    "/".join(parts), target, what="patch"))
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
                named = t.split("=", 1)[1]
                if t.startswith("--cov-report="):
                    named = t.split(":", 1)[1]
                out.extend(self.write(Arg(named, a.glob), cwds, f"{name} {t.split('=')[0]}"))
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
        if any(s.text is None or s.text.rstrip("/").endswith("/.") or s.text == "."
               for s in sources) and name in ("cp", "mv"):
            # ``cp -r dir/. dest``: the contents, whatever their names, land in dest.
            out.extend(self.write(dest, cwds, name, follow=follow, tree=True))
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
                    f = self.ctx.judge_path(path, target, what=f"{what} (link target)",
                                             delete=False)
                    if f is not None and f.denial_class in (C.GUARD_TAMPER, C.PROTECTED_ROOT):
                        out.append(f)
        return out


def _option_values(text: str, nxt: Arg, table: dict[str, str]) -> list[tuple[str, Arg]]:
    """The ``(option, value)`` pairs ``text`` (with ``nxt`` after it) gives for ``table``:
    ``--opt=V``, ``--opt V``, ``-oV`` (one-letter options), Go's ``-opt=V``/``--opt V``."""
    found: list[tuple[str, Arg]] = []
    if text in table:
        found.append((text, nxt))
        return found
    if "=" in text:
        key, _, value = text.partition("=")
        for k in (key, "-" + key.lstrip("-"), "--" + key.lstrip("-")):
            if k in table:
                return [(k, Arg(value))]
    if text.startswith("--") and "-" + text[2:] in table:
        return [("-" + text[2:], nxt)]
    if re.fullmatch(r"-[A-Za-z]\S+", text) and text[:2] in table and not text.startswith("--"):
        found.append((text[:2], Arg(text[2:])))
    return found


def _tee_text(cmd: SimpleCommand | None) -> str | None:
    """What ``tee`` writes, when it reads a here-doc or here-string the guard can see."""
    if cmd is None or cmd.stdin not in ("heredoc", "herestring") or not cmd.stdin_known or \
            cmd.stdin_text is None:
        return None
    return cmd.stdin_text + ("\n" if cmd.stdin == "herestring" else "")
