"""Model prices: what a model call costs, and at most could cost, in integer micro-dollars.

Pure: no I/O. A :class:`Price` is in micro-dollars per million tokens (``3_000_000`` is $3 per
million tokens) for each kind of token: input, output, cache writes (five-minute and one-hour)
and cache reads, with optional long-context tiers (above ``start`` input tokens the whole call
is billed at the tier's price, as providers bill it).

A model name is priced by the first layer that knows it, in this order:

1. the user's price file (a mission's ``[connector] prices = "prices.toml"``);
2. the install's own prices (a tier's ``price`` in the install policy);
3. a package that keeps current list prices (``genai-prices``, given as a :class:`PriceSource`
   by the caller: it is outside the domain);
4. the built-in table below, which prices the default models of the three agent CLIs (Claude
   Code, Codex, Gemini), so a run offline works.

Layers 2 to 4 are the install's table. For a paid upstream (one that bills the owner) the
table is :meth:`PriceTable.raising_only`: the user's file may only raise what the install's
table charges (:meth:`Price.at_least`, at every context length), and a model the install's
table does not price stays unpriced whatever the file says.

Within a table a name matches its exact entry, else the longest entry it starts with followed
by ``-`` (``claude-sonnet-4-5-20250929`` is priced as ``claude-sonnet-4-5``). **A model with no
price is not free**: :meth:`PriceTable.cost` says ``priced=False`` and the spend reserve refuses
a paid call to it (``unpriced``) unless the mission marks the route free.

The price file::

    [models."claude-opus-x"]
    input = 15.0          # USD per million tokens
    output = 75.0
    cache_write = 18.75   # optional, default: input
    cache_write_1h = 30   # optional, default: cache_write
    cache_read = 1.5      # optional, default: input / 10
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from typing import Any, Protocol

from overlord.domain.bounded import loads_toml
from overlord.errors import ConfigError

MILLION = 1_000_000
PRICE_KEYS = ("input", "output", "cache_write", "cache_write_1h", "cache_read")
MAX_USD_PER_MILLION = 1_000_000
"""A price above a million dollars per million tokens is a typo, and would not fit the ledger's integers."""


@dataclass(frozen=True)
class Price:
    """Micro-dollars per million tokens of each kind; ``tiers`` are ``(start, Price)`` pairs,
    ascending: a call whose total input tokens exceed ``start`` is billed wholly at that price.
    ``cache_write_1h`` defaults to ``cache_write``."""

    input: int
    output: int
    cache_write: int
    cache_read: int
    cache_write_1h: int | None = None
    tiers: tuple[tuple[int, Price], ...] = ()

    @property
    def cache_write_long(self) -> int:
        """The one-hour cache write price."""
        return self.cache_write if self.cache_write_1h is None else self.cache_write_1h

    def at(self, input_tokens: int) -> Price:
        """The price that applies to a call of ``input_tokens`` input tokens in all."""
        chosen = self
        for start, tier in self.tiers:
            if input_tokens > start:
                chosen = tier
        return chosen

    def worst_input_rate(self, input_tokens: int) -> int:
        """The highest price any one input token of such a call can cost (cache writes are a
        premium over plain input)."""
        rates = [self.input, self.cache_write, self.cache_write_long, self.cache_read]
        for start, tier in self.tiers:
            if input_tokens > start:
                rates += [tier.input, tier.cache_write, tier.cache_write_long, tier.cache_read]
        return max(rates)

    def worst_output_rate(self, input_tokens: int) -> int:
        """The highest output price for a call of ``input_tokens`` input tokens."""
        return max([self.output, *(t.output for s, t in self.tiers if input_tokens > s)])

    def at_least(self, other: Price) -> Price:
        """A price no lower than this one or ``other`` for any call: each kind of token at the
        dearer of the two, over both prices' long-context thresholds (a call above a threshold
        of either is billed at the dearer of what each charges there)."""
        def dearer(a: Price, b: Price) -> Price:
            return Price(max(a.input, b.input), max(a.output, b.output), max(a.cache_write, b.cache_write),
                         max(a.cache_read, b.cache_read), max(a.cache_write_long, b.cache_write_long))

        starts = sorted({start for start, _ in self.tiers} | {start for start, _ in other.tiers})
        # between two thresholds each price is constant: its value just above the lower one
        return replace(dearer(self.at(0), other.at(0)),
                       tiers=tuple((start, dearer(self.at(start + 1), other.at(start + 1))) for start in starts))


def _p(inp: str, out: str, cw: str, cr: str, cw1h: str | None = None, *tiers: tuple[int, Price]) -> Price:
    def micro(x: str) -> int:
        return int(Decimal(x) * MILLION)

    return Price(micro(inp), micro(out), micro(cw), micro(cr), micro(cw1h) if cw1h else None, tuple(tiers))


_OPUS_4 = _p("15", "75", "18.75", "1.50", "30")
_OPUS_45 = _p("5", "25", "6.25", "0.50", "10")
_SONNET = _p("3", "15", "3.75", "0.30", "6")

BUILT_IN: dict[str, Price] = {
    # Claude Code's models (Anthropic list prices)
    "claude-opus-5-5": _p("4", "20", "5", "0.20", "8"),
    "claude-sonnet-5-5": _p("2", "10", "2.5", "0.10", "4"),
    "claude-haiku-5-5": _p("0.10", "0.50", "0.125", "0.01", "0.20",
                           (100_000, _p("0.50", "2.50", "0.625", "0.05", "1"))),
    "claude-opus-4-8": _OPUS_45,
    "claude-opus-4-7": _OPUS_45,
    "claude-opus-4-6": _OPUS_45,
    "claude-opus-4-5": _OPUS_45,
    "claude-opus-4-1": _OPUS_4,
    "claude-opus-4": _OPUS_4,
    "claude-opus-4-0": _OPUS_4,
    "claude-sonnet-4-6": _SONNET,
    "claude-sonnet-4-5": _p("3", "15", "3.75", "0.30", "6", (200_000, _p("6", "22.5", "7.5", "0.60", "12"))),
    "claude-sonnet-4": _SONNET,
    "claude-sonnet-4-0": _SONNET,
    "claude-3-7-sonnet": _SONNET,
    "claude-3-5-sonnet": _SONNET,
    "claude-haiku-4-5": _p("1", "5", "1.25", "0.10", "2"),
    "claude-3-5-haiku": _p("0.80", "4", "1", "0.08", "1.6"),
    # Codex's default (OpenAI bills no cache writes: they cost as input)
    "gpt-5.5": _p("5", "30", "5", "0.50", None, (272_000, _p("10", "45", "10", "1"))),
    # Gemini CLI's models
    "gemini-2.5-pro": _p("1.25", "10", "1.25", "0.125", None, (200_000, _p("2.5", "15", "2.5", "0.25"))),
    "gemini-2.5-flash": _p("0.30", "2.50", "0.30", "0.03"),
}
"""The built-in list prices (USD per million tokens, as micro-dollars)."""


class PriceSource(Protocol):
    """A layer of prices kept outside Overlord (a package of current list prices)."""

    name: str

    def lookup(self, model: str) -> Price | None:
        """The price of ``model``, or ``None`` when the source does not know it."""


@dataclass(frozen=True)
class Cost:
    """A priced call: ``micro_usd`` (rounded half up, once, over all token kinds) and whether
    the model had a price (``priced``; ``False`` means no price is known: **not** free)."""

    micro_usd: int
    priced: bool


def match(prices: Mapping[str, Price], model: str) -> Price | None:
    """``model``'s entry in ``prices``: exact, else the longest ``entry-`` prefix, else ``None``."""
    if model in prices:
        return prices[model]
    best = max((name for name in prices if model.startswith(name + "-")), key=len, default=None)
    return prices[best] if best else None


@dataclass(frozen=True)
class PriceTable:
    """Prices by model name, in layers: ``user`` entries (a mission's price file), then
    ``install`` (a tier's price), then ``package``, then ``prices`` (the built-in table).
    ``raise_only``: the user's entries may only raise the install's table (a paid upstream).
    See the module docstring."""

    prices: Mapping[str, Price]
    user: Mapping[str, Price] = field(default_factory=dict)
    package: PriceSource | None = None
    install: Mapping[str, Price] = field(default_factory=dict)
    raise_only: bool = False

    @classmethod
    def built_in(cls) -> PriceTable:
        """The built-in table alone."""
        return cls(dict(BUILT_IN))

    def with_package(self, source: PriceSource | None) -> PriceTable:
        """This table with ``source`` as its package layer (below the user's entries)."""
        return replace(self, package=source)

    def lookup(self, model: str | None) -> Price | None:
        """The price of ``model`` from the first layer that knows it, else ``None``."""
        return self.lookup_with_source(model)[0]

    def lookup_with_source(self, model: str | None) -> tuple[Price | None, str | None]:
        """``(price, layer)``: the layer is ``user``, ``install``, the package's name, or
        ``built-in``. With ``raise_only`` a user entry is the dearer of it and the install's
        table, and names nothing the install's table does not price."""
        if not model:
            return None, None
        mine = match(self.user, model)
        found, layer = self._installs(model)
        if mine is None:
            return found, layer
        if not self.raise_only:
            return mine, "user"
        if found is None:
            return None, None  # a paid call to a model the install does not price is refused, not free
        return mine.at_least(found), "user"

    def _installs(self, model: str) -> tuple[Price | None, str | None]:
        """The install's table: its own entries, then the package, then the built-in table."""
        found = match(self.install, model)
        if found is not None:
            return found, "install"
        if self.package is not None:
            try:
                found = self.package.lookup(model)
            except Exception:  # noqa: BLE001 - a broken package layer prices nothing; the next layer decides
                found = None
            if found is not None:
                return found, self.package.name
        found = match(self.prices, model)
        return (found, "built-in") if found is not None else (None, None)

    def cost(self, model: str | None, *, input_tokens: int, output_tokens: int,
             cache_creation_input_tokens: int = 0, cache_read_input_tokens: int = 0,
             cache_creation_1h_input_tokens: int = 0) -> Cost:
        """What a call cost, in integer micro-dollars (``cache_creation_1h_input_tokens`` is
        the one-hour part of ``cache_creation_input_tokens``)."""
        price = self.lookup(model)
        if price is None:
            return Cost(0, False)
        one_hour = min(cache_creation_1h_input_tokens, cache_creation_input_tokens)
        total_in = input_tokens + cache_creation_input_tokens + cache_read_input_tokens
        p = price.at(total_in)
        total = (input_tokens * p.input + output_tokens * p.output
                 + (cache_creation_input_tokens - one_hour) * p.cache_write + one_hour * p.cache_write_long
                 + cache_read_input_tokens * p.cache_read)
        return Cost((total + MILLION // 2) // MILLION, True)

    def extended(self, data: Mapping[str, Any], *, source: str = "prices") -> PriceTable:
        """This table with the entries of a parsed price file in its user layer.

        Raises:
            ConfigError: naming the model and key that is wrong (a negative price included).
        """
        if set(data) - {"models"}:
            raise ConfigError(f"{source}: unknown table {sorted(set(data) - {'models'})[0]!r}", 'write [models."NAME"]')
        models = data.get("models", {})
        if not isinstance(models, Mapping):
            raise ConfigError(f"{source}: models must be a table")
        out = dict(self.user)
        for name, entry in models.items():
            out[name] = price_from_mapping(entry, f"{source}: models.{name!r}")
        return replace(self, user=out)

    def extended_from_toml(self, text: str, *, source: str = "prices") -> PriceTable:
        """:meth:`extended` with a price file's TOML text.

        Raises:
            ConfigError: not TOML, or not of the price file's shape.
        """
        return self.extended(loads_toml(text, source=source), source=source)

    def with_entry(self, model: str, price: Price) -> PriceTable:
        """This table with ``model`` priced at ``price`` in its install layer (a tier's price:
        the install policy's, above the package and the built-in table)."""
        return replace(self, install={**self.install, model: price})

    def raising_only(self) -> PriceTable:
        """This table for a paid upstream: the user's entries may only raise the install's."""
        return replace(self, raise_only=True)


def price_from_mapping(entry: Any, where: str) -> Price:
    """A :class:`Price` from ``{input, output, cache_write?, cache_write_1h?, cache_read?}`` in
    USD per million tokens.

    Raises:
        ConfigError: not such a table, an unknown key, a value that is not a non-negative number.
    """
    if not isinstance(entry, Mapping):
        raise ConfigError(f"{where} must be a table with input and output")
    unknown = sorted(set(entry) - set(PRICE_KEYS))
    if unknown:
        raise ConfigError(f"{where}: unknown key {unknown[0]!r}", f"use {', '.join(PRICE_KEYS)}")
    if "input" not in entry or "output" not in entry:
        raise ConfigError(f"{where} needs input and output (USD per million tokens)")
    inp = usd_per_million(entry["input"], f"{where}.input")
    outp = usd_per_million(entry["output"], f"{where}.output")
    cw = usd_per_million(entry["cache_write"], f"{where}.cache_write") if "cache_write" in entry else inp
    cw1h = usd_per_million(entry["cache_write_1h"], f"{where}.cache_write_1h") if "cache_write_1h" in entry else None
    cr = usd_per_million(entry["cache_read"], f"{where}.cache_read") if "cache_read" in entry else inp // 10
    return Price(inp, outp, cw, cr, cw1h)


def usd_per_million(value: Any, where: str) -> int:
    """A price in USD (a TOML number) as integer micro-dollars.

    Raises:
        ConfigError: not a number, not finite, or negative.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ConfigError(f"{where} must be a number (USD per million tokens), not {type(value).__name__}")
    if isinstance(value, float) and not math.isfinite(value):
        raise ConfigError(f"{where} = {value} is not a price", "give a finite number of USD per million tokens")
    try:
        micro = Decimal(str(value)) * MILLION
    except InvalidOperation as e:  # pragma: no cover - finite numbers always convert
        raise ConfigError(f"{where} is not a number") from e
    if not micro.is_finite():
        raise ConfigError(f"{where} must be a finite number, not {value}")
    if micro < 0:
        raise ConfigError(f"{where} must not be negative, not {value}", "give a price of 0 or more USD per million tokens")
    if micro > MAX_USD_PER_MILLION * MILLION:
        raise ConfigError(f"{where} = {value} is over {MAX_USD_PER_MILLION} USD per million tokens", "check the price")
    return int(micro)
