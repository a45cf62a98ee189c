"""What the rule mixins may call on the judge they are mixed into.

:class:`~overlord.domain.guard.commands.BashJudge` is made of one mixin per concern
(:mod:`rules_code`, :mod:`rules_files`, :mod:`rules_git`, :mod:`rules_net`,
:mod:`rules_tools`); each calls helpers that live in the judge or in another mixin. This base
declares them for the type checker only (no code runs here), so a rule that calls a helper
with the wrong arguments, or a helper renamed in one place, is a type error instead of an
``AttributeError`` inside the guard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from overlord.domain.guard.args import Arg
from overlord.domain.guard.context import Context, Finding

if TYPE_CHECKING:
    from overlord.domain.guard.shell import SimpleCommand


class Judging:
    """The judge's surface as the rule mixins see it (declarations for the type checker)."""

    ctx: Context

    if TYPE_CHECKING:
        def write(self, arg: Arg, cwds: tuple[str | None, ...], what: str, *, delete: bool = False,
                  follow: bool = True, tree: bool = False, content: str | None = None,
                  record: bool = True) -> list[Finding]:
            """Findings for a write (or delete) of ``arg`` (commands.BashJudge.write)."""
            raise NotImplementedError

        def note_run(self, text: str | None, cwds: tuple[str | None, ...], language: str, what: str) -> None:
            """Remember that ``what`` runs the file ``text`` (commands.BashJudge.note_run)."""
            raise NotImplementedError

        def option_writes(self, name: str, rest: list[Arg], cwds: tuple[str | None, ...]) -> list[Finding]:
            """Writes named by a program's options (rules_files.FileRules.option_writes)."""
            raise NotImplementedError

        def backup_write(self, target: Arg, suffix: str | None, cwds: tuple[str | None, ...],
                         what: str) -> list[Finding]:
            """The backup an in-place editor writes (rules_tools.ToolRules.backup_write)."""
            raise NotImplementedError

        def reads(self, args: list[Arg], cwds: tuple[str | None, ...], what: str, *,
                  recursive: bool = False) -> list[Finding]:
            """guard_tamper findings for arguments that name OVERLORD_HOME."""
            raise NotImplementedError

        def judge_argv(self, args: list[Arg], cwds: tuple[str | None, ...], cmd: SimpleCommand | None,
                       depth: int) -> list[Finding]:
            """Findings for one argument vector."""
            raise NotImplementedError

        def judge_script(self, text: str, cwds: tuple[str | None, ...], depth: int = 0) -> list[Finding]:
            """Findings for a whole shell script."""
            raise NotImplementedError

        def _chdir(self, cwds: tuple[str | None, ...], value: Arg | None) -> tuple[str | None, ...]:
            raise NotImplementedError

        def _nested(self, value: Arg | None, cwds: tuple[str | None, ...], depth: int, what: str) -> list[Finding]:
            raise NotImplementedError

        def _overlord(self, texts: list[str | None]) -> Finding:
            raise NotImplementedError

        def _network_access(self, what: str, urls: list[str | None], *, http_only: bool = True) -> list[Finding]:
            raise NotImplementedError

        def _link_target(self, target: str, cwds: tuple[str | None, ...], what: str) -> list[Finding]:
            raise NotImplementedError

        def _sed(self, rest: list[Arg], cwds: tuple[str | None, ...]) -> list[Finding]:
            raise NotImplementedError

        def _tar(self, rest: list[Arg], cwds: tuple[str | None, ...]) -> list[Finding]:
            raise NotImplementedError

        def _find(self, rest: list[Arg], cwds: tuple[str | None, ...], depth: int) -> list[Finding]:
            raise NotImplementedError
