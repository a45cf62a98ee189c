"""Resolving a secret by its environment-variable name: the store, then the environment.

Order: the home's secret store when it is unlocked; then the given environment (the
``overlord`` process's own, passed in by the CLI); else :class:`MissingSecretError`, which
names both places and says when the store exists but is locked. A run whose agent is not
contained (``--no-sandbox``) is never served from the store (``use_store=False``): an
unsandboxed agent runs as the owner and could read the unlocked key from the keyring.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from overlord.adapters.secrets.envelope import SecretStoreError
from overlord.adapters.secrets.store import NoStore, SecretStore, StoreLocked, check_name
from overlord.errors import ConfigError


class MissingSecretError(ConfigError):
    """A secret is neither in the (unlocked) store nor in the environment."""


@dataclass(frozen=True)
class Resolved:
    """A resolved secret: its ``name``, ``value`` and where it came from (``store`` or
    ``environment``). ``repr`` never shows the value."""

    name: str
    value: str
    source: str

    def __repr__(self) -> str:
        return f"Resolved(name={self.name!r}, source={self.source!r})"


def resolve_secret(name: str, *, store: SecretStore | None, environ: Mapping[str, str],
                   use_store: bool = True) -> Resolved:
    """The value of secret ``name``.

    Raises:
        MissingSecretError: in neither place (saying whether the store is locked, or was not
            consulted for an unsandboxed run).
        SecretStoreError: the store is there but fails its checks (tampered: never skipped).
    """
    check_name(name)
    state = "absent"
    if store is not None and use_store:
        try:
            value = store.lookup(name)
        except NoStore:
            value = None
        except StoreLocked:
            value, state = None, "locked"
        else:
            state = "unlocked"
        if value:
            return Resolved(name, value, "store")
    elif store is not None and store.exists():
        state = "skipped"
    value = environ.get(name)
    if value:
        return Resolved(name, value, "environment")
    where = {
        "absent": "there is no secret store",
        "locked": "the secret store exists but is locked",
        "unlocked": "the secret store does not hold it",
        "skipped": "a --no-sandbox run is never served from the secret store",
    }[state]
    hint = {
        "absent": f"run `overlord secret init` and `overlord secret set {name}`, or export {name}",
        "locked": f"run `overlord secret unlock` (or export {name})",
        "unlocked": f"run `overlord secret set {name}` (or export {name})",
        "skipped": f"run the agent in the sandbox, or export {name} for this run",
    }[state]
    raise MissingSecretError(f"the secret {name} is not in the environment, and {where}", hint)


__all__ = ["MissingSecretError", "Resolved", "SecretStoreError", "resolve_secret"]
