#!/usr/bin/env bash
# The main job on the embedded default (SQLite): a fresh home, a recorded run, its journal,
# and a forensic verify. Uses a throwaway home unless OVERLORD_HOME is set.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export OVERLORD_HOME=${OVERLORD_HOME:-$(mktemp -d -t overlord-demo-home.XXXXXX)/home}
OV="$PWD/.venv/bin/overlord"
WORK=$(mktemp -d -t overlord-demo-work.XXXXXX)
[ -f "$OVERLORD_HOME/config.toml" ] || $OV init
echo "== overlord run (in $WORK)"
(cd "$WORK" && "$OV" run -- python3 -c 'import platform; print("hello from", platform.python_version())')
echo "== overlord journal"
$OV journal
echo "== overlord verify"
$OV verify
