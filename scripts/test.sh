#!/usr/bin/env bash
# Set up, then run the whole test suite (real SQLite, a real PostgreSQL server started by the
# tests, real bubblewrap). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/pytest -q "$@"
