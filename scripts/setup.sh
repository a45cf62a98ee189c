#!/usr/bin/env bash
# Set up everything Overlord and its tests need on a fresh Debian machine, idempotently:
# system packages (bubblewrap, PostgreSQL, toolchains for the gate), the virtualenv, and
# Overlord itself (editable). Safe to run again; skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '[setup] %s\n' "$*" >&2; }

apt_install() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    log "missing system packages: ${missing[*]} (install them as root: apt-get install ${missing[*]})"
    return 0
  fi
  log "apt-get install ${missing[*]}"
  if [ -z "${_APT_UPDATED:-}" ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    _APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# the sandbox, the PostgreSQL server the tests start, and the basics
apt_install bubblewrap postgresql git ca-certificates util-linux libseccomp2
# an existing cluster started by the package is not needed: the tests start their own
# each part's own installer: .ci/install-<part>.sh (toolchains for the gate, the Claude Code
# CLI, the browser for the page test, ...); each is idempotent and reports what it could not do
for installer in .ci/install-*.sh; do
  [ -f "$installer" ] && bash "$installer"
done

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  log "creating .venv"
  "$PY" -m venv .venv
fi
log "installing overlord and its test dependencies into .venv"
.venv/bin/pip install -q --disable-pip-version-check -e '.[test]'
log "ready: .venv/bin/overlord --help"
