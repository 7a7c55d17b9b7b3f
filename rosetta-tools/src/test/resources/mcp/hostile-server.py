#!/usr/bin/env python3
"""An MCP server over stdio that misbehaves on purpose, one way per mode (argv[1]).

It speaks JSON-RPC by hand, one message a line, so that every byte it writes is the test's choice:
  banner   prints a line of text to stdout before it reads anything, then behaves
  huge     answers the tool 'big' with a message of 17 MiB
  garbage  answers the tool 'broken' with a line that is not JSON
  deep     answers the tool 'deep' with JSON nested 100,000 levels deep
  names    lists tools whose native names would collide: 'a.b' and 'a__b' (and 'echo')
  many     lists 10,000 tools
  longname lists a tool whose name is 100,000 characters, and 'echo'
  chatty   writes 1 MiB of stderr for every call of 'noisy'
  endless  lists its tools a page of 1,000 at a time, every page naming a next one
  churn    says its tools changed 10,000 times during a call of 'churn', then answers it
  progress sends 100,000 progress notifications of 1 KB during a call of 'progress', then answers it
  logs     sends 100,000 log notifications of 1 KB during a call of 'logs', then answers it
  silent   reads every message and answers none, initialize included
  failing  answers the tool 'fail' with a JSON-RPC error whose message is 10 MiB
'listed' answers how many times the tools were listed ("listed N times").
Every tool not named above answers {"text": T} with "NAME: T", so a test can tell which one ran.
"""
import json
import sys

MODE = sys.argv[1] if len(sys.argv) > 1 else "plain"
out = sys.stdout


def send(message):
    out.write(json.dumps(message) + "\n")
    out.flush()


def tool(name):
    return {"name": name, "description": "a tool of the hostile server",
            "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}


def tools(cursor=None):
    if MODE == "endless":
        page = int(cursor or 0)
        return [tool("p%d_%d" % (page, i)) for i in range(1000)]
    if MODE == "names":
        return [tool("a.b"), tool("a__b"), tool("echo")]
    if MODE == "many":
        return [tool("t%05d" % i) for i in range(10000)] + [tool("echo")]
    if MODE == "longname":
        return [tool("n" * 100000), tool("echo")]
    return [tool(n) for n in ("echo", "big", "broken", "deep", "noisy", "churn", "progress", "logs", "listed", "fail")]


def text(request_id, value):
    send({"jsonrpc": "2.0", "id": request_id, "result": {"content": [{"type": "text", "text": value}]}})


def call(request_id, name, arguments):
    if name == "big" and MODE == "huge":
        text(request_id, "x" * (17 << 20))
    elif name == "broken" and MODE == "garbage":
        out.write('{"jsonrpc": "2.0", "id": %s, "result": {"content": [{"type": "text", "te\n' % json.dumps(request_id))
        out.flush()
    elif name == "deep" and MODE == "deep":
        depth = 100000
        out.write('{"jsonrpc": "2.0", "id": %s, "result": {"content": [], "structuredContent": {"a": %s%s}}}\n'
                  % (json.dumps(request_id), "[" * depth, "]" * depth))
        out.flush()
    elif name == "churn" and MODE == "churn":
        for _ in range(10000):
            send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
        text(request_id, "churn done")
    elif name == "progress" and MODE == "progress":
        token = progress_token
        for i in range(100000):
            send({"jsonrpc": "2.0", "method": "notifications/progress",
                  "params": {"progressToken": token, "progress": i, "total": 100000, "message": "m" * 1000}})
        text(request_id, "progress done")
    elif name == "logs" and MODE == "logs":
        for i in range(100000):
            send({"jsonrpc": "2.0", "method": "notifications/message",
                  "params": {"level": "info", "data": "l" * 1000}})
        text(request_id, "logs done")
    elif name == "fail" and MODE == "failing":
        send({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32000, "message": "e" * (10 << 20)}})
    elif name == "listed":
        text(request_id, "listed %d times" % lists)
    elif name == "noisy":
        sys.stderr.write(("noise " * 20 + "\n") * 8738)
        sys.stderr.flush()
        text(request_id, "noisy done")
    else:
        text(request_id, name + ": " + str(arguments.get("text", "")))


lists = 0
if MODE == "banner":
    out.write("Hostile server 1.0 listening on stdio\n")
    out.flush()

for line in sys.stdin:
    if not line.strip():
        continue
    message = json.loads(line)
    method = message.get("method")
    request_id = message.get("id")
    if MODE == "silent":
        continue
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": request_id, "result": {
            "protocolVersion": message["params"]["protocolVersion"],
            "capabilities": {"tools": {}}, "serverInfo": {"name": "hostile", "version": "1.0"}}})
    elif method == "tools/list":
        lists += 1
        cursor = (message.get("params") or {}).get("cursor")
        result = {"tools": tools(cursor)}
        if MODE == "endless":
            result["nextCursor"] = str(int(cursor or 0) + 1)
        send({"jsonrpc": "2.0", "id": request_id, "result": result})
    elif method == "tools/call":
        progress_token = ((message["params"].get("_meta") or {}).get("progressToken"))
        call(request_id, message["params"]["name"], message["params"].get("arguments") or {})
    elif method == "ping":
        send({"jsonrpc": "2.0", "id": request_id, "result": {}})
    elif request_id is not None:
        send({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": "no method " + str(method)}})
