#!/usr/bin/env bash
# Install the real Codex CLI (pinned) into a project-local npm prefix, idempotently:
# .tools/codex/node_modules/.bin/codex (the static binary comes inside its platform package;
# nothing is downloaded at run time). Nothing global changes. Prints the binary's path.
# On any failure it says so and exits 0: the tests that need the CLI then skip locally and fail
# in CI (need_part), never pass silently.
set -u
cd "$(dirname "$0")/.."

VERSION=${CODEX_VERSION:-0.171.0}
PREFIX="$PWD/.tools/codex"
BIN="$PREFIX/node_modules/.bin/codex"

log() { printf '[install-codex] %s\n' "$*" >&2; }

installed_version() {
  local pkg="$PREFIX/node_modules/@openai/codex/package.json"
  [ -f "$pkg" ] || return 1
  node -e 'process.stdout.write(require(process.argv[1]).version)' "$pkg" 2>/dev/null
}

if ! command -v npm >/dev/null 2>&1; then
  log "npm is missing (install Node.js: .ci/install-toolchains.sh); the Codex tests cannot run"
  exit 0
fi

if [ "$(installed_version || true)" = "$VERSION" ] && [ -x "$BIN" ] && "$BIN" --version >/dev/null 2>&1; then
  log "codex $VERSION already installed"
else
  log "npm install @openai/codex@$VERSION into $PREFIX"
  mkdir -p "$PREFIX"
  [ -f "$PREFIX/package.json" ] || printf '{"private": true}\n' >"$PREFIX/package.json"
  if ! npm install --prefix "$PREFIX" --no-audit --no-fund --no-save --loglevel=error \
      "@openai/codex@$VERSION" >&2; then
    log "could not install @openai/codex@$VERSION (the Codex tests will fail in CI)"
    exit 0
  fi
fi

if [ -x "$BIN" ] && "$BIN" --version >/dev/null 2>&1; then
  log "ok: $("$BIN" --version 2>/dev/null | head -n1)"
  echo "$BIN"
else
  log "installed, but $BIN does not run (the Codex tests will fail in CI)"
fi
exit 0
