#!/usr/bin/env bash
# Install the real Claude Code CLI (pinned) into a project-local npm prefix, idempotently:
# .tools/claude-code/node_modules/.bin/claude. Nothing global changes. Prints the binary's path.
# On any failure it says so and exits 0: the tests that need the CLI then skip locally and fail
# in CI (need_part), never pass silently.
set -u
cd "$(dirname "$0")/.."

VERSION=${CLAUDE_CODE_VERSION:-2.1.332}
PREFIX="$PWD/.tools/claude-code"
BIN="$PREFIX/node_modules/.bin/claude"

log() { printf '[install-claude-code] %s\n' "$*" >&2; }

installed_version() {
  local pkg="$PREFIX/node_modules/@anthropic-ai/claude-code/package.json"
  [ -f "$pkg" ] || return 1
  node -e 'process.stdout.write(require(process.argv[1]).version)' "$pkg" 2>/dev/null
}

if ! command -v npm >/dev/null 2>&1; then
  log "npm is missing (install Node.js: .ci/install-toolchains.sh); the Claude Code tests cannot run"
  exit 0
fi

if [ "$(installed_version || true)" = "$VERSION" ] && [ -x "$BIN" ]; then
  log "claude-code $VERSION already installed"
else
  log "npm install @anthropic-ai/claude-code@$VERSION into $PREFIX"
  mkdir -p "$PREFIX"
  [ -f "$PREFIX/package.json" ] || printf '{"private": true}\n' >"$PREFIX/package.json"
  if ! npm install --prefix "$PREFIX" --no-audit --no-fund --no-save --loglevel=error \
      "@anthropic-ai/claude-code@$VERSION" >&2; then
    log "could not install @anthropic-ai/claude-code@$VERSION (the Claude Code tests will fail in CI)"
    exit 0
  fi
fi

if [ -x "$BIN" ] && "$BIN" --version >/dev/null 2>&1; then
  log "ok: $("$BIN" --version 2>/dev/null | head -n1)"
  echo "$BIN"
else
  log "installed, but $BIN does not run (the Claude Code tests will fail in CI)"
fi
exit 0
