"""Current list prices from the ``genai-prices`` package, as a price layer.

``genai-prices`` ships its price data inside the package and answers offline (FACTS.md).
:class:`GenaiPrices` turns its per-model prices (Decimal USD per million tokens, with
long-context tiers) into :class:`~overlord.domain.prices.Price` values for the domain's
:class:`~overlord.domain.prices.PriceTable`, which puts the user's file above it and the
built-in table below it. A model the package does not know, or any error inside it, prices
nothing here (the next layer decides; unpriced is never free).
"""

from __future__ import annotations

import threading
from datetime import datetime
from decimal import Decimal
from typing import Any

from overlord.domain.prices import MILLION, Price

NAME = "genai-prices"


def _micro(value: Any) -> int | None:
    if value is None:
        return None
    base = getattr(value, "base", value)
    if not isinstance(base, Decimal) or base < 0:
        return None
    return int(base * MILLION)


def _tiers(value: Any) -> list[tuple[int, Decimal]]:
    return [(int(t.start), t.price) for t in getattr(value, "tiers", None) or []]


class GenaiPrices:
    """The ``genai-prices`` layer, priced as of ``at`` (prices change over time).

    Args:
        at: the time whose prices apply (an aware datetime from the caller's clock).
        provider: the provider id to look in (``anthropic``, ``openai``, ``google``), or
            ``None`` to let the package guess from the model name.
    """

    name = NAME

    def __init__(self, at: datetime, provider: str | None = None) -> None:
        self.at = at
        self.provider = provider
        self._cache: dict[str, Price | None] = {}
        self._lock = threading.Lock()

    def lookup(self, model: str) -> Price | None:
        """The package's price of ``model`` (``None`` when it does not know it)."""
        with self._lock:
            if model in self._cache:
                return self._cache[model]
        price = self._find(model)
        with self._lock:
            self._cache[model] = price
        return price

    def _find(self, model: str) -> Price | None:
        try:
            from genai_prices import data_snapshot
        except ImportError:  # pragma: no cover - a declared dependency
            return None
        try:
            _, info = data_snapshot.get_snapshot().find_provider_model(model, None, self.provider, None)
            mp = info.get_prices(self.at)
        except (LookupError, ValueError, TypeError, AttributeError):
            return None
        raw = {k: getattr(mp, f"{k}_mtok", None) for k in ("input", "output", "cache_write", "cache_write_1h", "cache_read")}
        inp, out = _micro(raw["input"]), _micro(raw["output"])
        if inp is None or out is None:
            return None
        cw = _micro(raw["cache_write"])
        cw = inp if cw is None else cw
        cr = _micro(raw["cache_read"])
        cr = inp // 10 if cr is None else cr
        cw1h = _micro(raw["cache_write_1h"])
        tiers: dict[int, dict[str, int]] = {}
        for kind, value in raw.items():
            for start, tier_price in _tiers(value):
                tiers.setdefault(start, {})[kind] = int(tier_price * MILLION)
        base = Price(inp, out, cw, cr, cw1h)
        built = tuple(
            (start, Price(t.get("input", base.input), t.get("output", base.output),
                          t.get("cache_write", t.get("input", base.cache_write)),
                          t.get("cache_read", base.cache_read), t.get("cache_write_1h", base.cache_write_1h)))
            for start, t in sorted(tiers.items()))
        return Price(inp, out, cw, cr, cw1h, built)
