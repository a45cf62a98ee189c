#!/usr/bin/env bash
# The first mission by hand: set up (Overlord, the pinned Claude Code CLI), then the real CLI
# replaying examples/first-mission/transcript.json with the guard armed (no network: the model
# is the replay connector on loopback), then `overlord journal` and `overlord verify`.
# Uses a throwaway home and worker root unless OVERLORD_HOME / WORK are set.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export OVERLORD_HOME=${OVERLORD_HOME:-$(mktemp -d -t overlord-demo-home.XXXXXX)/home}
OV="$PWD/.venv/bin/overlord"
BASE=$(mktemp -d -t overlord-demo-work.XXXXXX)
WORK=${WORK:-$BASE/project}
mkdir -p "$WORK"
[ -f "$OVERLORD_HOME/config.toml" ] || $OV init
echo "== the first mission: claude-code in $WORK, guard armed, transcript replayed"
status=0
.venv/bin/python examples/first-mission/run_by_hand.py --home "$OVERLORD_HOME" --root "$WORK" || status=$?
echo "== on disk"
ls -la "$WORK"
if [ -e "$(dirname "$WORK")/escaped-note.txt" ]; then
  echo "!! the write outside the root landed"; status=1
else
  echo "the note outside the root is absent: $(dirname "$WORK")/escaped-note.txt"
fi
echo "== overlord journal"
$OV journal
echo "== overlord verify"
$OV verify
exit "$status"
