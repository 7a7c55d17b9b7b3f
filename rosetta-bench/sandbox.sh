#!/usr/bin/env bash
# What the sandbox costs one command, measured with hyperfine (no shell between hyperfine and the
# command): `true` as it is, `true` in bubblewrap with the flags Rosetta gives it (read off the
# command line of a real `rosetta sandbox` run, from inside the sandbox: bwrap's own
# /proc/1/cmdline), and `rosetta sandbox -- true` next to `rosetta --version` (the jar's start).
# The per-call and per-session cost inside Rosetta is SandboxCostBenchmark (JMH). See
# docs/BENCHMARKS.md.
# Usage: rosetta-bench/sandbox.sh [RUNS [EXPORT.md]]
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
runs=${1:-100}
export_args=()
[ $# -ge 2 ] && export_args=(--export-markdown "$2")
command -v hyperfine >/dev/null || { echo "sandbox.sh: needs hyperfine (apt-get install -y hyperfine)" >&2; exit 2; }
command -v bwrap >/dev/null || { echo "sandbox.sh: needs bubblewrap (apt-get install -y bubblewrap)" >&2; exit 2; }
java="$("$root/bin/find-jdk")/bin/java"
jar="$root/rosetta-cli/target/rosetta.jar"
[ -f "$jar" ] || (cd "$root" && ./mvnw -q -pl rosetta-cli -am package -DskipTests)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/workspace" "$work/tmp" "$work/empty"
cd "$work/workspace"

# Rosetta's bwrap command line for this workspace. Its private /tmp and empty folder are gone once that run ends, so
# a folder of ours takes its place; the seccomp filter came on a descriptor of that run, so the
# measured line goes without it (the filter is a few dozen BPF instructions the kernel runs per
# system call: it shows in the per-call benchmark, not here).
mapfile -d '' argv < <("$java" -jar "$jar" sandbox -- cat /proc/1/cmdline)
line=()
for ((i = 0; i < ${#argv[@]}; i++)); do
  a=${argv[i]}
  if [ "$a" = "--" ]; then break; fi
  if [ "$a" = "--seccomp" ]; then i=$((i + 1)); continue; fi
  case $a in
    /tmp/rosetta-sandbox-*/tmp) a="$work/tmp" ;;
    /tmp/rosetta-sandbox-*/empty) a="$work/empty" ;;
  esac
  line+=("$a")
done
printf 'bwrap line: %s\n' "${line[*]}" >&2

hyperfine -N --warmup 10 --runs "$runs" "${export_args[@]}" \
  -n 'true' '/bin/true' \
  -n 'true in bwrap (Rosetta flags, no seccomp)' "${line[*]} -- /bin/true" \
  -n 'rosetta --version (jar start)' "$java -jar $jar --version" \
  -n 'rosetta sandbox -- true' "$java -jar $jar sandbox -- true"
