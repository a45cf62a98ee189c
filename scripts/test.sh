#!/usr/bin/env bash
# Set up, then check the tree and run the whole test suite: ruff (lint), mypy (types: strict
# on the domain and the ledger), lint-imports (the dependency rules), then pytest (real
# SQLite, a real PostgreSQL server started by the tests, real bubblewrap). Any failing step
# fails the script. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "[test] ruff" >&2
.venv/bin/ruff check overlord cli witness tests bench examples scripts
echo "[test] mypy" >&2
.venv/bin/mypy
echo "[test] lint-imports" >&2
.venv/bin/lint-imports
echo "[test] pytest" >&2
exec .venv/bin/pytest -q "$@"
