#!/usr/bin/env bash
# Install the gate's toolchains (idempotent): bubblewrap; C/C++ with gcov; Java 17 with
# Debian's JaCoCo; Go; Rust (Debian's rustc: no coverage tool works with it); C# (mono's mcs
# and its coverage profiler); TypeScript from npm; Node kept if the machine already has one
# (it comes from elsewhere here). Each part that fails to install is reported and skipped;
# the gate then reports that language unavailable ("awaiting a toolchain"), never a pass.
set -u
export DEBIAN_FRONTEND=noninteractive

# the Debian packages the corpus needs
need_apt=()
for pkg in bubblewrap gcc g++ openjdk-17-jdk-headless libjacoco-java golang-go rustc \
           mono-mcs mono-runtime libmono-profiler; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need_apt+=("$pkg")
done
# node (and its npm) come from elsewhere on some machines: only when there is no node at all
command -v node >/dev/null 2>&1 || need_apt+=(nodejs npm)
if [ "${#need_apt[@]}" -gt 0 ]; then
  apt-get update -qq || echo "install-toolchains: apt-get update failed" >&2
  # one transaction first (fast), then one by one for whatever it could not do
  apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null 2>&1 || true
  for pkg in "${need_apt[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 && continue
    apt-get install -y -qq --no-install-recommends "$pkg" >/dev/null 2>&1 \
      && echo "install-toolchains: installed $pkg" \
      || echo "install-toolchains: could not install $pkg (its language stays unavailable)" >&2
  done
fi

# TypeScript: npm's global prefix (tsc must be on /usr/local/bin:/usr/bin:/bin, the sandbox's PATH)
if ! PATH=/usr/local/bin:/usr/bin:/bin command -v tsc >/dev/null 2>&1; then
  if command -v npm >/dev/null 2>&1; then
    npm install -g --no-audit --no-fund typescript@5 >/dev/null 2>&1 \
      && echo "install-toolchains: installed typescript" \
      || echo "install-toolchains: could not install typescript (TypeScript stays unavailable)" >&2
  fi
fi

# what the sandbox will find (its PATH, not this shell's: a rustup proxy in ~/.cargo is not inside)
for tool in bwrap gcc g++ gcov node tsc javac java go rustc mcs mono; do
  if PATH=/usr/local/bin:/usr/bin:/bin command -v "$tool" >/dev/null 2>&1; then
    echo "toolchain ok: $tool"
  else
    echo "toolchain missing: $tool"
  fi
done
for f in /usr/share/java/org.jacoco.agent.jar /usr/share/java/org.jacoco.core.jar \
         /usr/lib/libmono-profiler-coverage.so; do
  if [ -e "$f" ]; then echo "toolchain ok: $f"; else echo "toolchain missing: $f"; fi
done
exit 0
