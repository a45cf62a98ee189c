"""Clocks. Domain code never reads time; it is handed a :class:`Clock`."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Protocol


class Clock(Protocol):
    """Gives the current time as an aware UTC ``datetime``."""

    def now(self) -> datetime: ...


class SystemClock:
    """The machine's clock, in UTC."""

    def now(self) -> datetime:
        """The current UTC time."""
        return datetime.now(UTC)
