#!/usr/bin/env bash
# Start-up, measured side by side with hyperfine: a hello-world jar on the same JDK against
# `./rosetta --version`, `./rosetta parse`, `./rosetta models` and a whole one-turn chat against a
# loopback model; then the time until the interactive prompt shows (tmux), in the terminal UI and the
# line prompt. See docs/BENCHMARKS.md.
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
trap 'rm -rf "$work"' EXIT  # replaced once the loopback server runs

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

# A chat needs a model: a loopback server that answers every request at once with "ok", streamed
# as OpenAI Chat Completions streams it. The chat runs in a clean home so no user config counts.
command -v python3 >/dev/null || { echo "startup.sh: needs python3 for the chat rows" >&2; exit 2; }
cat > "$work/server.py" <<'PY'
import json, sys
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
class Reply(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args): pass
    def do_POST(self):
        self.rfile.read(int(self.headers["content-length"]))
        base = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4.1"}
        events = [{**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": "ok"}, "finish_reason": None}]},
                  {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}]
        body = ("".join("data: " + json.dumps(e) + "\n\n" for e in events) + "data: [DONE]\n\n").encode()
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
server = ThreadingHTTPServer(("127.0.0.1", 0), Reply)
print(server.server_address[1], flush=True)
server.serve_forever()
PY
python3 "$work/server.py" > "$work/port" &
server_pid=$!
trap 'kill $server_pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
mkdir -p "$work/home" "$work/workspace"
chat_env="env -i PATH=$PATH HOME=$work/home LANG=C.UTF-8 XDG_CACHE_HOME=${XDG_CACHE_HOME:-$HOME/.cache}"
chat_env+=" XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data ROSETTA_LOGS_HOME=$work/logs"
chat_env+=" OPENAI_BASE_URL=http://127.0.0.1:$(cat "$work/port")/v1 OPENAI_API_KEY=startup"
chat="$chat_env $root/rosetta -n -m openai/gpt-4.1 -w $work/workspace hi"
$chat >/dev/null   # the chat's own class archive is made on its first run

# The same run without the bash launcher, to show what the launcher itself costs (with the
# archive the launcher uses for --version and parse).
cache="${XDG_CACHE_HOME:-$HOME/.cache}/rosetta"
archive=$(ls -t "$cache"/rosetta-jdk*-parse.aot "$cache"/rosetta-jdk*-parse.jsa 2>/dev/null | head -1 || true)
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
  -n "./rosetta models" "$root/rosetta models" \
  -n "./rosetta -n hi (a whole chat turn, loopback model)" "$chat"

# Time to the interactive prompt: from starting rosetta in a terminal (tmux) until its prompt shows,
# for the terminal UI (the default) and the line prompt (--ui line), run in turn so that both see
# the same load; and the CPU time (user + system) of the whole run, left with Ctrl-D as soon as the
# prompt shows, which a busy machine disturbs far less than the wall clock.
if command -v tmux >/dev/null; then
  declare -A times=([inline]="" [line]="") cpu=([inline]="" [line]="")
  for run in $(seq 10); do
    for ui in inline line; do
      tmux kill-session -t rosetta-startup 2>/dev/null || true
      used="$work/cpu-$ui-$run"
      start=$(date +%s%N)
      tmux new-session -d -s rosetta-startup -x 100 -y 30 \
        "cd $work/workspace && TIMEFORMAT='%U %S' bash -c 'time $chat_env TERM=xterm-256color $root/rosetta -m openai/gpt-4.1 --ui $ui' 2> $used; sleep 5"
      until tmux capture-pane -p -t rosetta-startup | grep -q "gpt-4.1 >"; do sleep 0.005; done
      times[$ui]+="$(( ($(date +%s%N) - start) / 1000000 )) "
      tmux send-keys -t rosetta-startup C-d
      for _ in $(seq 100); do [ -s "$used" ] && break; sleep 0.05; done
      cpu[$ui]+="$(awk '{printf "%d", ($1 + $2) * 1000}' "$used") "
    done
  done
  tmux kill-session -t rosetta-startup 2>/dev/null || true
  for ui in inline line; do
    sorted=$(printf '%s\n' ${times[$ui]} | sort -n | tr '\n' ' ')
    echo "time to the interactive prompt, --ui $ui (10 runs, ms, sorted; includes tmux polling every 5 ms): $sorted"
    sorted=$(printf '%s\n' ${cpu[$ui]} | sort -n | tr '\n' ' ')
    echo "CPU time to the prompt and out, --ui $ui (10 runs, ms, sorted): $sorted"
  done
fi
