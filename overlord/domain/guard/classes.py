"""The denial classes of the tool guard, in the order they are reported.

The classes are code, not configuration: no policy key can switch one off. When several
classes apply to one tool call, the first in :data:`CLASS_ORDER` is the one reported.
"""

from __future__ import annotations

from enum import Enum


class DenialClass(str, Enum):
    """Why a tool call was denied. Declaration order is report order (first wins)."""

    GUARD_TAMPER = "guard_tamper"
    PROTECTED_ROOT = "protected_root"
    KILL_OR_FORMAT = "kill_or_format"
    CONTAINMENT_ESCAPE = "containment_escape"
    AGENT_CLIENT = "agent_client"
    NATIVE_SUBAGENT = "native_subagent"
    GIT_MUTATION = "git_mutation"
    PACKAGE_INSTALL = "package_install"
    NETWORK_CLIENT = "network_client"
    DELETE_OUTSIDE = "delete_outside"
    WRITE_OUTSIDE = "write_outside"
    UNKNOWN_TOOL = "unknown_tool"
    UNPARSEABLE = "unparseable"

    @property
    def rank(self) -> int:
        """Position in the report order: lower is reported first."""
        return CLASS_ORDER.index(self)


CLASS_ORDER: tuple[DenialClass, ...] = tuple(DenialClass)
"""Every denial class, in report order."""
