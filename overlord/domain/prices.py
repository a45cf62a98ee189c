"""Model prices: what a model call cost, in integer micro-dollars. Pure: no I/O.

A price is in micro-dollars per million tokens (so ``3_000_000`` is $3 per million tokens) for
each kind of token: input, output, cache writes and cache reads. A model name is priced by
its exact entry, else by the longest entry it starts with followed by ``-`` (so
``claude-sonnet-4-5-20250929`` is priced as ``claude-sonnet-4-5``). A model with no entry
costs 0 and is reported as unpriced.

The built-in table is small and may be out of date; the user extends or overrides it with a
TOML file (``[connector] prices = "prices.toml"`` in the mission)::

    [models."claude-opus-x"]
    input = 15.0          # USD per million tokens
    output = 75.0
    cache_write = 18.75   # optional, default: input
    cache_read = 1.5      # optional, default: input / 10
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from overlord.errors import ConfigError

MILLION = 1_000_000


@dataclass(frozen=True)
class Price:
    """Micro-dollars per million tokens of each kind."""

    input: int
    output: int
    cache_write: int
    cache_read: int


def _p(inp: str, out: str, cw: str, cr: str) -> Price:
    return Price(*(int(Decimal(x) * MILLION) for x in (inp, out, cw, cr)))


BUILT_IN: dict[str, Price] = {
    "claude-opus-4": _p("15", "75", "18.75", "1.50"),
    "claude-opus-4-1": _p("15", "75", "18.75", "1.50"),
    "claude-opus-4-5": _p("5", "25", "6.25", "0.50"),
    "claude-sonnet-4": _p("3", "15", "3.75", "0.30"),
    "claude-sonnet-4-5": _p("3", "15", "3.75", "0.30"),
    "claude-3-7-sonnet": _p("3", "15", "3.75", "0.30"),
    "claude-3-5-sonnet": _p("3", "15", "3.75", "0.30"),
    "claude-haiku-4-5": _p("1", "5", "1.25", "0.10"),
    "claude-3-5-haiku": _p("0.80", "4", "1", "0.08"),
}
"""The built-in list prices (USD per million tokens, as micro-dollars)."""


@dataclass(frozen=True)
class Cost:
    """A priced call: ``micro_usd`` (rounded half up, once, over all token kinds) and whether
    the model had a price (``priced``; ``False`` means the cost is 0 for want of a price)."""

    micro_usd: int
    priced: bool


@dataclass(frozen=True)
class PriceTable:
    """Prices by model name (see the module docstring for the matching rule)."""

    prices: Mapping[str, Price]

    @classmethod
    def built_in(cls) -> PriceTable:
        """The built-in table."""
        return cls(dict(BUILT_IN))

    def lookup(self, model: str | None) -> Price | None:
        """The price of ``model``: exact, else the longest ``entry-`` prefix, else ``None``."""
        if not model:
            return None
        if model in self.prices:
            return self.prices[model]
        best = max((name for name in self.prices if model.startswith(name + "-")), key=len, default=None)
        return self.prices[best] if best else None

    def cost(self, model: str | None, *, input_tokens: int, output_tokens: int,
             cache_creation_input_tokens: int = 0, cache_read_input_tokens: int = 0) -> Cost:
        """What a call cost, in integer micro-dollars."""
        price = self.lookup(model)
        if price is None:
            return Cost(0, False)
        total = (input_tokens * price.input + output_tokens * price.output
                 + cache_creation_input_tokens * price.cache_write + cache_read_input_tokens * price.cache_read)
        return Cost((total + MILLION // 2) // MILLION, True)

    def extended(self, data: Mapping[str, Any], *, source: str = "prices") -> PriceTable:
        """This table with the entries of a parsed price file added (or replacing).

        Raises:
            ConfigError: naming the model and key that is wrong.
        """
        if set(data) - {"models"}:
            raise ConfigError(f"{source}: unknown table {sorted(set(data) - {'models'})[0]!r}", 'write [models."NAME"]')
        models = data.get("models", {})
        if not isinstance(models, Mapping):
            raise ConfigError(f"{source}: models must be a table")
        out = dict(self.prices)
        for name, entry in models.items():
            where = f"{source}: models.{name!r}"
            if not isinstance(entry, Mapping):
                raise ConfigError(f"{where} must be a table with input and output")
            unknown = sorted(set(entry) - {"input", "output", "cache_write", "cache_read"})
            if unknown:
                raise ConfigError(f"{where}: unknown key {unknown[0]!r}", "use input, output, cache_write, cache_read")
            if "input" not in entry or "output" not in entry:
                raise ConfigError(f"{where} needs input and output (USD per million tokens)")
            inp = _usd(entry["input"], f"{where}.input")
            outp = _usd(entry["output"], f"{where}.output")
            cw = _usd(entry["cache_write"], f"{where}.cache_write") if "cache_write" in entry else inp
            cr = _usd(entry["cache_read"], f"{where}.cache_read") if "cache_read" in entry else inp // 10
            out[name] = Price(inp, outp, cw, cr)
        return PriceTable(out)

    def extended_from_toml(self, text: str, *, source: str = "prices") -> PriceTable:
        """:meth:`extended` with a price file's TOML text.

        Raises:
            ConfigError: not TOML, or not of the price file's shape.
        """
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise ConfigError(f"{source}: not valid TOML: {e}") from e
        return self.extended(data, source=source)


def _usd(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ConfigError(f"{where} must be a number (USD per million tokens), not {type(value).__name__}")
    try:
        micro = Decimal(str(value)) * MILLION
    except InvalidOperation as e:  # pragma: no cover - numbers always convert
        raise ConfigError(f"{where} is not a number") from e
    if micro < 0:
        raise ConfigError(f"{where} must not be negative")
    return int(micro)
