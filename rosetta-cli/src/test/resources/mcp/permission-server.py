"""An MCP server over stdio with one tool, `check`, that answers permission questions the way
Claude Code's --permission-prompt-tool documents: given {tool_name, input, tool_use_id}, it returns
the text {"behavior": "allow", "updatedInput": ...} or {"behavior": "deny", "message": ...}.
It denies any command holding "rm -rf" and allows the rest; every question it gets is appended, as a
JSON line, to the file named by its first argument."""
import json
import sys

KEPT = sys.argv[1]
TOOL = {
    "name": "check",
    "description": "Decides whether a call may run.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "tool_name": {"type": "string"},
            "input": {"type": "object"},
            "tool_use_id": {"type": "string"},
        },
        "required": ["tool_name", "input"],
    },
}


def decide(args):
    with open(KEPT, "a") as kept:
        kept.write(json.dumps(args) + "\n")
    if "rm -rf" in str(args["input"].get("command", "")):
        return {"behavior": "deny", "message": "no rm -rf in this repository"}
    return {"behavior": "allow", "updatedInput": args["input"]}


def reply(request):
    method = request.get("method")
    if method == "initialize":
        return {"protocolVersion": request["params"]["protocolVersion"], "capabilities": {"tools": {}},
                "serverInfo": {"name": "guard", "version": "1.0.0"}}
    if method == "tools/list":
        return {"tools": [TOOL]}
    if method == "tools/call":
        answer = decide(request["params"].get("arguments", {}))
        return {"content": [{"type": "text", "text": json.dumps(answer)}]}
    if method == "ping":
        return {}
    return None


for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    if "id" not in request:
        continue  # a notification
    result = reply(request)
    if result is None:
        message = {"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32601, "message": "no such method"}}
    else:
        message = {"jsonrpc": "2.0", "id": request["id"], "result": result}
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()
