#!/usr/bin/env bash
# `rosetta acp` start-up as an editor meets it: the time from spawning the launcher to the answer to
# `initialize` on its standard output (a Python harness, N runs, median/min/max), and with hyperfine
# the whole life of `printf INITIALIZE | ./rosetta acp` (spawn, answer, end of input, exit); the
# hello-world baseline on the same JDK is startup.sh's. See docs/BENCHMARKS.md.
# Usage: rosetta-bench/acp-startup.sh [--runs N]
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
runs=30
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    *) echo "usage: $0 [--runs N]" >&2; exit 2 ;;
  esac
done
command -v python3 >/dev/null || { echo "acp-startup.sh: needs python3" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "acp-startup.sh: needs hyperfine (apt-get install -y hyperfine)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A clean home: no user config counts, and no key is needed to answer initialize.
mkdir -p "$work/home"
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_CACHE_HOME="$work/home/.cache"

init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1,"clientCapabilities":{}}}'
# The first runs build the jar when it is stale and record the launcher's class archive.
for _ in 1 2; do printf '%s\n' "$init" | "$root/rosetta" acp >/dev/null 2>&1; done

python3 - "$root/rosetta" "$init" "$runs" <<'PY'
import statistics, subprocess, sys, time
launcher, init, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
took = []
for _ in range(runs):
    start = time.perf_counter()
    agent = subprocess.Popen([launcher, "acp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
    agent.stdin.write((init + "\n").encode()); agent.stdin.flush()
    line = agent.stdout.readline()
    took.append((time.perf_counter() - start) * 1000)
    assert b'"protocolVersion":1' in line, line
    agent.stdin.close(); agent.wait()
print(f"spawn to the initialize answer, {runs} runs: median {statistics.median(took):.0f} ms, "
      f"min {min(took):.0f} ms, max {max(took):.0f} ms")
PY

printf '#!/bin/sh\nprintf "%%s\\n" '"'"'%s'"'"' | "%s/rosetta" acp >/dev/null 2>&1\n' "$init" "$root" > "$work/acp.sh"
chmod +x "$work/acp.sh"
hyperfine -N --warmup 2 --runs "$runs" -n "rosetta acp: initialize, then end of input" "$work/acp.sh"
