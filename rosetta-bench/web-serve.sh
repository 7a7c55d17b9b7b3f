#!/usr/bin/env bash
# `rosetta serve` measured (docs/BENCHMARKS.md): the server's memory with 10 idle and 2 streaming
# event-stream clients, each on a conversation of its own, against a loopback model that streams a
# long reply slowly; and the page's time to first contentful paint in Debian's Chromium
# (playwright-core from .ci/playwright), opened 5 times.
# Usage: rosetta-bench/web-serve.sh   (after ./mvnw package; needs python3, curl, node, chromium)
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$work"' EXIT
cat > "$work/model.py" <<'PY'
import json, sys, time
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
class Reply(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args): pass
    def do_POST(self):
        self.rfile.read(int(self.headers["content-length"]))
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("transfer-encoding", "chunked")
        self.end_headers()
        base = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4.1"}
        def send(delta, finish=None):
            data = ("data: " + json.dumps({**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}) + "\n\n").encode()
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data)); self.wfile.flush()
        for i in range(1200):   # a minute of prose, 20 pieces a second
            send({"content": "word %d " % i})
            time.sleep(0.05)
        send({}, "stop")
        self.wfile.write(b"e\r\ndata: [DONE]\n\n\r\n0\r\n\r\n")
server = ThreadingHTTPServer(("127.0.0.1", 0), Reply)
print(server.server_address[1], flush=True)
server.serve_forever()
PY
python3 "$work/model.py" > "$work/port" & pids+=($!)
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
mkdir -p "$work/home" "$work/workspace"
env -i PATH="$PATH" HOME="$work/home" LANG=C.UTF-8 XDG_CONFIG_HOME="$work/config" ROSETTA_LOGS_HOME="$work/logs" \
  OPENAI_BASE_URL="http://127.0.0.1:$(cat "$work/port")/v1" OPENAI_API_KEY=bench \
  "$root/rosetta" serve --port 0 -m openai/gpt-4.1 -w "$work/workspace" \
  > "$work/serve.out" 2>&1 & pids+=($!)
for _ in $(seq 300); do grep -q token= "$work/serve.out" && break; sleep 0.1; done
url=$(grep -o 'http://127.0.0.1:[0-9]*/?token=[A-Za-z0-9_-]*' "$work/serve.out" | head -1)
[ -n "$url" ] || { echo "rosetta serve printed no URL:" >&2; cat "$work/serve.out" >&2; exit 1; }
base=${url%%/?token=*}
java_pid=$(pgrep -n -f -- "-jar .*rosetta.jar serve --port 0")
token=${url##*token=}
auth=(-H "Authorization: Bearer $token")
rss() { awk '/VmRSS/ {print $2}' "/proc/$java_pid/status"; }
heap() { jcmd "$java_pid" GC.run >/dev/null 2>&1; jcmd "$java_pid" GC.heap_info 2>/dev/null | grep -o 'used [0-9]*K' | tr -dc '0-9\n' | awk '{s+=$1} END {print s " KiB"}'; }
echo "started: RSS $(rss) KiB, heap $(heap)"
ids=()
for i in $(seq 12); do
  ids+=("$(curl -s "${auth[@]}" -H 'Content-Type: application/json' -d "{\"name\":\"bench-$i\"}" "$base/api/conversations" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')")
done
for id in "${ids[@]}"; do
  curl -s -N "${auth[@]}" "$base/api/conversations/$id/events" > "$work/$id.events" & pids+=($!)
done
sleep 2
echo "12 conversations open, 12 idle clients: RSS $(rss) KiB, heap $(heap)"
for id in "${ids[@]:10:2}"; do
  curl -s "${auth[@]}" -H 'Content-Type: application/json' -d '{"text":"talk"}' "$base/api/conversations/$id/input" >/dev/null
done
sleep 20
echo "10 idle + 2 streaming (20 s in): RSS $(rss) KiB, heap $(heap)"
echo "events received by a streaming client: $(grep -c '^id:' "$work/${ids[10]}.events")"

NODE_PATH=${ROSETTA_PLAYWRIGHT:-${XDG_CACHE_HOME:-$HOME/.cache}/rosetta-ci/playwright-core-1.65.1}/node_modules node -e '
const { chromium } = require("playwright-core");
(async () => {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
    const page = await browser.newPage();
    await page.goto(process.argv[1], { waitUntil: "load" });
    await page.waitForSelector("#conversations button");
    times.push(await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0].startTime));
    await browser.close();
  }
  times.sort((a, b) => a - b);
  console.log("first contentful paint, 5 opens (ms): " + times.map((t) => t.toFixed(0)).join(", ") + "; median " + times[2].toFixed(0));
})();
' "$url" 
