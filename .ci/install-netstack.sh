#!/usr/bin/env bash
# Install the user-mode network stack a sandboxed mission uses when it allows the network
# (slirp4netns, run with --disable-host-loopback: the sandbox's traffic cannot reach the host's
# 127.0.0.1), idempotently. Every other run has its own network namespace with a loopback only
# and needs nothing here. On any failure it says so and exits 0: the tests that need it then
# skip locally and fail in CI (need_part), never pass silently.
set -u

log() { printf '[install-netstack] %s\n' "$*" >&2; }

if command -v slirp4netns >/dev/null 2>&1; then
  log "ok: $(slirp4netns --version 2>/dev/null | head -n1)"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  log "slirp4netns is missing (install it as root: apt-get install slirp4netns)"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  log "slirp4netns is missing and this is not a Debian system: install it with your package manager"
  exit 0
fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slirp4netns >/dev/null 2>&1 || {
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null 2>&1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slirp4netns >/dev/null 2>&1
} || { log "could not install slirp4netns (the allow_network tests will fail in CI)"; exit 0; }
log "ok: $(slirp4netns --version 2>/dev/null | head -n1)"
