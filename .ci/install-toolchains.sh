#!/usr/bin/env bash
# Install the gate's toolchains (idempotent): bubblewrap, C/C++ with gcov, and Node (kept if
# the machine already has one). The languages without corpus cases yet (Java with JaCoCo,
# TypeScript, Go, Rust, C#) are added here when their cases land. Each part that fails to
# install is reported and skipped; the gate then reports that language unavailable
# ("awaiting a toolchain"), never a pass.
set -u
export DEBIAN_FRONTEND=noninteractive

need_apt=()
for pkg in bubblewrap gcc g++; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need_apt+=("$pkg")
done
command -v node >/dev/null 2>&1 || need_apt+=(nodejs)
if [ "${#need_apt[@]}" -gt 0 ]; then
  apt-get update -qq || echo "install-toolchains: apt-get update failed" >&2
  for pkg in "${need_apt[@]}"; do
    apt-get install -y -qq --no-install-recommends "$pkg" >/dev/null 2>&1 \
      && echo "install-toolchains: installed $pkg" \
      || echo "install-toolchains: could not install $pkg (its language stays unavailable)" >&2
  done
fi

for tool in bwrap gcc g++ gcov node; do
  if command -v "$tool" >/dev/null 2>&1; then echo "toolchain ok: $tool"; else echo "toolchain missing: $tool"; fi
done
exit 0
