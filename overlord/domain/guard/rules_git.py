"""git: only the read-only subcommands, ``add`` and ``init`` pass; global options that
change configuration or the directory are followed."""

from __future__ import annotations

from overlord.domain.guard.args import Arg, has_opt, opt_values, opts
from overlord.domain.guard.classes import DenialClass as C
from overlord.domain.guard.context import Context, Finding
from overlord.domain.guard.judging import Judging
from overlord.domain.guard.names import GIT_BRANCH_LIST, GIT_NETWORK, GIT_READ


class GitRules(Judging):
    """Judges git (mixed into :class:`BashJudge`)."""

    ctx: Context

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
