"""The install policy's ``[oracle]`` table, read from the home: one small function.

The install policy (``OVERLORD_HOME/policy.toml``, changed only by ``overlord policy set``)
is the Fates' to define and check; until their reader is on main this reads only its
``[oracle]`` table (the balance and the tiers, see :mod:`overlord.domain.oracle`). A home
with no policy file has no install cap and no tiers.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from overlord.domain.oracle import OraclePolicy
from overlord.errors import ConfigError

POLICY_FILE = "policy.toml"


def load_oracle_policy(home: Path) -> OraclePolicy:
    """The ``[oracle]`` table of ``home``'s install policy (empty when there is none).

    Raises:
        ConfigError: the file cannot be read, is not TOML, or its ``[oracle]`` table is wrong.
    """
    path = home / POLICY_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return OraclePolicy()
    except (OSError, UnicodeError) as e:
        raise ConfigError(f"cannot read the install policy {path}: {e}", "fix it with `overlord policy set`") from e
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"the install policy {path} is not valid TOML: {e}", "fix it with `overlord policy set`") from e
    return OraclePolicy.from_mapping(data.get("oracle", {}), source=str(path))
