#!/usr/bin/env bash
# Install the real Gemini CLI (pinned) into a project-local npm prefix, idempotently:
# .tools/gemini/node_modules/.bin/gemini (pure JavaScript on Node 20+;
# nothing is downloaded at run time). Nothing global changes. Prints the binary's path.
# On any failure it says so and exits 0: the tests that need the CLI then skip locally and fail
# in CI (need_part), never pass silently.
set -u
cd "$(dirname "$0")/.."

VERSION=${GEMINI_VERSION:-0.61.0}
PREFIX="$PWD/.tools/gemini"
BIN="$PREFIX/node_modules/.bin/gemini"

log() { printf '[install-gemini] %s\n' "$*" >&2; }

installed_version() {
  local pkg="$PREFIX/node_modules/@google/gemini-cli/package.json"
  [ -f "$pkg" ] || return 1
  node -e 'process.stdout.write(require(process.argv[1]).version)' "$pkg" 2>/dev/null
}

if ! command -v npm >/dev/null 2>&1; then
  log "npm is missing (install Node.js: .ci/install-toolchains.sh); the Gemini tests cannot run"
  exit 0
fi

if [ "$(installed_version || true)" = "$VERSION" ] && [ -x "$BIN" ] && "$BIN" --version >/dev/null 2>&1; then
  log "gemini-cli $VERSION already installed"
else
  log "npm install @google/gemini-cli@$VERSION into $PREFIX"
  mkdir -p "$PREFIX"
  [ -f "$PREFIX/package.json" ] || printf '{"private": true}\n' >"$PREFIX/package.json"
  if ! npm install --prefix "$PREFIX" --no-audit --no-fund --no-save --loglevel=error \
      "@google/gemini-cli@$VERSION" >&2; then
    log "could not install @google/gemini-cli@$VERSION (the Gemini tests will fail in CI)"
    exit 0
  fi
fi

if [ -x "$BIN" ] && "$BIN" --version >/dev/null 2>&1; then
  log "ok: $("$BIN" --version 2>/dev/null | head -n1)"
  echo "$BIN"
else
  log "installed, but $BIN does not run (the Gemini tests will fail in CI)"
fi
exit 0
