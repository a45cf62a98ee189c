"""The Overlord home: the one directory that holds the keys, the ledger and its caches.

Layout (``OVERLORD_HOME``, default ``$XDG_DATA_HOME/overlord``)::

    config.toml      [ledger] origin, store ("sqlite" | "postgres"); [postgres] ...
    policy.toml      the install policy (changed only by `overlord policy set`; each version a
                     signed PolicyChanged event, checked at every start)
    keys/log.key     the log's signer key (C2SP signed-note form), mode 0600
    trust            verifier keys trusted by `overlord verify`, one per line
    ledger.sqlite    the event store (SQLite, the embedded default)
    views.sqlite     projections (journal, ...): caches, rebuilt from the ledger at will
    blobs/           content-addressed blobs (sha256)
    checkpoint       the latest signed checkpoint, pinned outside the store
    runs/<id>/       per-run scratch (control files); never a record of truth

The home must never be inside a worker root: an agent must not read the keys.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from overlord.domain.bounded import loads_toml
from overlord.errors import ConfigError, HomeError, InputError
from overlord.inputs import TOML_MAX_BYTES, read_text
from overlord.ledger.store import PostgresConfig, StoreConfig

CONFIG = "config.toml"
LOG_KEY = "keys/log.key"
TRUST = "trust"
LEDGER_DB = "ledger.sqlite"
VIEWS_DB = "views.sqlite"
BLOBS = "blobs"
PINNED = "checkpoint"
RUNS = "runs"


@dataclass(frozen=True)
class HomeConfig:
    """``config.toml`` checked: the log's origin and where its events are stored."""

    origin: str
    store_kind: str = "sqlite"
    postgres: PostgresConfig | None = None

    @classmethod
    def from_toml(cls, text: str, *, postgres_password: str = "") -> HomeConfig:
        """Parse and check ``config.toml``.

        Raises:
            ConfigError: bad TOML, an unknown key, or a value of the wrong type.
        """
        try:
            data = loads_toml(text, source="config.toml")
        except InputError as e:
            raise ConfigError(e.message, e.hint) from e
        unknown = set(data) - {"ledger", "postgres"}
        if unknown:
            raise ConfigError(f"config.toml: unknown table {sorted(unknown)[0]!r}", "allowed: [ledger], [postgres]")
        ledger = _table(data, "ledger", {"origin": str, "store": str})
        if "origin" not in ledger:
            raise ConfigError("config.toml: [ledger] origin is missing")
        kind = ledger.get("store", "sqlite")
        if kind not in ("sqlite", "postgres"):
            raise ConfigError(f"config.toml: [ledger] store = {kind!r}", "use 'sqlite' or 'postgres'")
        pg = None
        if kind == "postgres":
            raw = _table(data, "postgres", {"host": str, "port": int, "dbname": str, "user": str, "schema": str})
            pg = PostgresConfig(**raw, password=postgres_password)
        return cls(origin=ledger["origin"], store_kind=kind, postgres=pg)

    def to_toml(self) -> str:
        """The TOML text of this configuration."""
        lines = ["[ledger]", f'origin = "{self.origin}"', f'store = "{self.store_kind}"']
        if self.postgres is not None:
            pg = self.postgres
            lines += ["", "[postgres]", f'host = "{pg.host}"', f"port = {pg.port}", f'dbname = "{pg.dbname}"',
                      f'user = "{pg.user}"', f'schema = "{pg.schema}"']
        return "\n".join(lines) + "\n"


def _table(data: dict[str, Any], name: str, schema: dict[str, type]) -> dict[str, Any]:
    table = data.get(name, {})
    if not isinstance(table, dict):
        raise ConfigError(f"config.toml: {name} must be a table")
    for key, value in table.items():
        if key not in schema:
            raise ConfigError(f"config.toml: unknown key {name}.{key}", f"allowed: {', '.join(sorted(schema))}")
        want = schema[key]
        if not isinstance(value, want) or isinstance(value, bool) and want is not bool:
            raise ConfigError(f"config.toml: {name}.{key} must be {want.__name__}, not {type(value).__name__}")
    return table


@dataclass(frozen=True)
class Home:
    """Paths inside one Overlord home (no I/O until a method is called)."""

    root: Path

    @property
    def config_path(self) -> Path:
        return self.root / CONFIG

    @property
    def key_path(self) -> Path:
        return self.root / LOG_KEY

    @property
    def trust_path(self) -> Path:
        return self.root / TRUST

    @property
    def pinned_path(self) -> Path:
        return self.root / PINNED

    @property
    def blobs_path(self) -> Path:
        return self.root / BLOBS

    @property
    def views_path(self) -> Path:
        return self.root / VIEWS_DB

    def run_dir(self, run_id: str) -> Path:
        """Scratch directory of one run."""
        return self.root / RUNS / run_id

    def store(self, config: HomeConfig) -> StoreConfig:
        """The ledger store this home's configuration names."""
        if config.store_kind == "sqlite":
            return StoreConfig("sqlite", sqlite_path=self.root / LEDGER_DB)
        return StoreConfig("postgres", postgres=config.postgres)

    def check_exists(self) -> None:
        """Raises HomeError (saying to run ``overlord init``) when the home is not there."""
        if not self.config_path.is_file():
            if self.root.exists() and any(self.root.iterdir()):
                raise HomeError(f"{self.root} is not an Overlord home (no {CONFIG})", "point OVERLORD_HOME at a home made by `overlord init`")
            raise HomeError(f"no Overlord home at {self.root}", "run `overlord init` first, or set OVERLORD_HOME")

    def load_config(self, *, postgres_password: str = "") -> HomeConfig:
        """Read and check ``config.toml``.

        Raises:
            HomeError: missing home. ConfigError: a bad file.
        """
        self.check_exists()
        text = read_text(self.config_path, what="home configuration", max_bytes=TOML_MAX_BYTES,
                         follow_symlinks=False)
        return HomeConfig.from_toml(text, postgres_password=postgres_password)

    def check_key_file(self) -> None:
        """Refuse a log key that others can read (any group/other bit set).

        Raises:
            HomeError: the key is missing or its mode is not 0600 (or stricter).
        """
        try:
            mode = self.key_path.stat().st_mode
        except FileNotFoundError as e:
            raise HomeError(f"the log key {self.key_path} is missing", "restore it from backup; without it the ledger is read-only") from e
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise HomeError(
                f"the log key {self.key_path} is readable by others (mode {stat.S_IMODE(mode):04o})",
                f"run `chmod 600 {self.key_path}`",
            )


def default_home(env: dict[str, str]) -> Path:
    """Where the home is, from an environment mapping (the CLI passes ``os.environ``)."""
    if env.get("OVERLORD_HOME"):
        return Path(env["OVERLORD_HOME"]).expanduser()
    xdg = env.get("XDG_DATA_HOME") or str(Path(env.get("HOME", "~")).expanduser() / ".local" / "share")
    return Path(xdg).expanduser() / "overlord"


def make_private_dirs(path: Path) -> None:
    """Create the directory ``path`` and each missing parent with mode 0700 exactly.

    ``Path.mkdir(parents=True)`` gives the parents it creates 0777 less the umask, so
    under ``umask 000`` a missing ``~/.local/share`` would be world-writable, and anyone
    could swap the home beneath it. Directories that already exist are left as they are.
    """
    missing: list[Path] = []
    p = Path(path)
    while not os.path.lexists(p):
        missing.append(p)
        if p.parent == p:
            break
        p = p.parent
    for d in reversed(missing):
        try:
            os.mkdir(d, 0o700)
        except FileExistsError:
            continue  # another process made it first: theirs stands
        os.chmod(d, 0o700)  # the umask may have taken bits away; 0700 is what is meant


def write_private(path: Path, data: bytes) -> None:
    """Create ``path`` with mode 0600 and ``data``; refuses to overwrite.

    Raises:
        HomeError: the file already exists.
    """
    make_private_dirs(path.parent)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError as e:
        raise HomeError(f"{path} already exists", "refusing to overwrite a key") from e
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def contains(outer: Path, inner: Path) -> bool:
    """True when ``inner`` is ``outer`` or inside it (both resolved)."""
    o, i = outer.resolve(), inner.resolve()
    return i == o or o in i.parents
