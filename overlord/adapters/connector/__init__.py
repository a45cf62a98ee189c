"""The connector: the runtime's model endpoint (Messages API on loopback).

Replay mode serves a scripted :class:`~overlord.adapters.connector.transcript.Transcript`
with no network (:mod:`overlord.adapters.connector.replay`). The pure parts (transcript
parsing, message and SSE shapes) import nothing from aiohttp.
"""

from overlord.adapters.connector.transcript import (
    FINAL_TURN,
    Block,
    TextBlock,
    ThinkingBlock,
    ToolBlock,
    Transcript,
    TranscriptError,
    Turn,
    Usage,
)

__all__ = [
    "FINAL_TURN", "Block", "TextBlock", "ThinkingBlock", "ToolBlock", "Transcript", "TranscriptError", "Turn", "Usage",
]
