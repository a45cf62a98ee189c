#!/usr/bin/env bash
# The main job on the embedded default (SQLite): a fresh home; the shipped example mission,
# where the real Claude Code CLI replays a transcript (no network) with the guard armed in a
# fresh worker root; then the run's report and a forensic verify. Uses throwaway
# directories unless OVERLORD_HOME is set.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export OVERLORD_HOME=${OVERLORD_HOME:-$(mktemp -d -t overlord-demo-home.XXXXXX)/home}
OV="$PWD/.venv/bin/overlord"
WORK=$(mktemp -d -t overlord-demo-work.XXXXXX)
[ -f "$OVERLORD_HOME/config.toml" ] || $OV init
echo "== overlord run --mission examples/first-mission/mission.toml (worker root $WORK)"
RESULT=$($OV run --json --mission examples/first-mission/mission.toml --root "$WORK")
echo "$RESULT"
RUN_ID=$(printf '%s' "$RESULT" | python3 -c 'import json,sys; print(json.load(sys.stdin)["run_id"])')
echo "== what the agent left in the worker root"
ls -la "$WORK"
echo "== overlord report $RUN_ID"
$OV report "$RUN_ID"
echo "== overlord verify"
$OV verify
