#!/usr/bin/env bash
# Install the gate's toolchains (idempotent): bubblewrap, C/C++ with gcov, a JDK with
# JaCoCo, Node with TypeScript, Go, Rust and mono-mcs for C#. Each part that fails to
# install is reported and skipped; the gate then reports that language unavailable
# ("awaiting a toolchain"), never a pass.
set -u
export DEBIAN_FRONTEND=noninteractive

need_apt=()
for pkg in bubblewrap gcc g++ default-jdk-headless libjacoco-java nodejs npm golang-go \
           rustc cargo mono-mcs mono-runtime; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need_apt+=("$pkg")
done
if [ "${#need_apt[@]}" -gt 0 ]; then
  apt-get update -qq || echo "install-toolchains: apt-get update failed" >&2
  for pkg in "${need_apt[@]}"; do
    apt-get install -y -qq --no-install-recommends "$pkg" >/dev/null 2>&1 \
      && echo "install-toolchains: installed $pkg" \
      || echo "install-toolchains: could not install $pkg (its language stays unavailable)" >&2
  done
fi

if command -v npm >/dev/null 2>&1 && ! command -v tsc >/dev/null 2>&1; then
  npm install -g --silent typescript >/dev/null 2>&1 \
    && echo "install-toolchains: installed typescript" \
    || echo "install-toolchains: could not install typescript" >&2
fi

for tool in bwrap gcc g++ gcov javac node tsc go rustc mcs; do
  if command -v "$tool" >/dev/null 2>&1; then echo "toolchain ok: $tool"; else echo "toolchain missing: $tool"; fi
done
exit 0
