"""The tool guard: decide every tool call an agent makes before it runs, failing closed.

The public face is :func:`decide_tool_call`, which takes a checked :class:`ToolCall`, a
:class:`GuardPolicy` and a :class:`PathResolver`, and returns a :class:`Decision`. Everything
here is pure: where a path really lands comes from the resolver the caller passes
(:class:`overlord.adapters.paths.RealPathResolver` reads the real filesystem).
"""

from overlord.domain.guard.call import MalformedCallError, ToolCall
from overlord.domain.guard.classes import CLASS_ORDER, DenialClass
from overlord.domain.guard.decide import Decision, decide_payload, decide_tool_call
from overlord.domain.guard.paths import PathResolver
from overlord.domain.guard.policy import GuardPolicy

__all__ = [
    "CLASS_ORDER",
    "Decision",
    "DenialClass",
    "GuardPolicy",
    "MalformedCallError",
    "PathResolver",
    "ToolCall",
    "decide_payload",
    "decide_tool_call",
]
