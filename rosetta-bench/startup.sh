#!/usr/bin/env bash
# Start-up, measured side by side with hyperfine: a hello-world jar on the same JDK against
# `./rosetta --version`, `./rosetta parse` and `./rosetta models`. See docs/BENCHMARKS.md.
# Usage: rosetta-bench/startup.sh [--runs N] [--export FILE.md]
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
runs=40
export_args=()
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --export) export_args=(--export-markdown "$2"); shift 2 ;;
    *) echo "usage: $0 [--runs N] [--export FILE.md]" >&2; exit 2 ;;
  esac
done
command -v hyperfine >/dev/null || { echo "startup.sh: needs hyperfine (apt-get install -y hyperfine)" >&2; exit 2; }
java_home=$("$root/bin/find-jdk")
java="$java_home/bin/java"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The baseline: the smallest program a jar can hold, on the same JDK.
mkdir -p "$work/hello"
printf 'public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n' \
  > "$work/hello/Hello.java"
"$java_home/bin/javac" -d "$work/hello" "$work/hello/Hello.java"
printf 'Main-Class: Hello\n' > "$work/manifest"
"$java_home/bin/jar" cfm "$work/hello.jar" "$work/manifest" -C "$work/hello" Hello.class

# The same JVM flags the launcher uses, and an AOT cache for hello too: the fairest baseline.
flags="-XX:+UseSerialGC -XX:TieredStopAtLevel=1"
"$java" $flags -XX:AOTCacheOutput="$work/hello.aot" -Xlog:aot=off -Xlog:cds=off -jar "$work/hello.jar" >/dev/null 2>&1 \
  || true
hello_aot=""
[ -f "$work/hello.aot" ] && hello_aot="-XX:AOTCache=$work/hello.aot -Xlog:aot=off -Xlog:cds=off"

# A small message for parse, and a first run so the launcher builds the jar and its class archive.
printf 'Saving it.\n```save a.txt\nhello\n```\n' > "$work/small.md"
"$root/rosetta" --version >/dev/null
"$root/rosetta" parse < "$work/small.md" >/dev/null

# The same run without the bash launcher, to show what the launcher itself costs.
cache="${XDG_CACHE_HOME:-$HOME/.cache}/rosetta"
archive=$(ls -t "$cache"/rosetta-jdk*.aot "$cache"/rosetta-jdk*.jsa 2>/dev/null | head -1 || true)
rosetta_aot=""
case $archive in
  *.aot) rosetta_aot="-XX:AOTCache=$archive -Xlog:aot=off -Xlog:cds=off" ;;
  *.jsa) rosetta_aot="-XX:SharedArchiveFile=$archive -Xlog:cds=off" ;;
esac
jar="$root/rosetta-cli/target/rosetta.jar"

echo "JDK: $("$java" -version 2>&1 | head -1)"
echo "CPU: $(nproc) × $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
hyperfine -N --warmup 5 --runs "$runs" "${export_args[@]}" \
  -n "hello jar (java -jar)" "$java -jar $work/hello.jar" \
  -n "hello jar (launcher's flags + AOT cache)" "$java $flags $hello_aot -jar $work/hello.jar" \
  -n "./rosetta --version" "$root/rosetta --version" \
  -n "java -jar rosetta.jar --version (launcher's flags + its AOT cache)" "$java $flags -Xss8m $rosetta_aot -jar $jar --version" \
  -n "./rosetta parse (small message)" "bash -c '$root/rosetta parse < $work/small.md'" \
  -n "./rosetta models" "$root/rosetta models"
