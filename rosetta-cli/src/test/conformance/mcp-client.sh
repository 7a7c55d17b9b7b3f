#!/bin/sh
# The real jar as the client of the official MCP conformance suite's client scenarios; McpConformanceIT
# runs it for each scenario Rosetta passes. By hand:
#
#   suite=$(.ci/mcp-servers)                         # the suite (and a Node 22 in $suite/bin if needed)
#   ./mvnw -q package -DskipTests                    # the jar: rosetta-cli/target/rosetta.jar
#   PATH=$suite/bin:$PATH node $suite/node_modules/.bin/conformance client \
#     --command "$PWD/rosetta-cli/src/test/conformance/mcp-client.sh" --scenario sse-retry
#
# (`conformance list` names every scenario.) The suite appends its server's URL to the command and
# names the scenario in MCP_CONFORMANCE_SCENARIO. This script runs a chat, rosetta -n --mcp
# conf=URL, with a fake model on loopback (fake-model.mjs) that calls the scenario's tool natively;
# a scenario whose server asks the user a form (elicitation) runs the chat at a terminal (script(1))
# where every field is answered with Enter, which keeps the server's defaults; a scenario whose
# server wants a sign-in (auth/*) gets browser.mjs as $BROWSER, which follows the redirects.
# ROSETTA_CONFORMANCE=call uses `rosetta mcp call URL TOOL JSON` instead of a chat; ROSETTA names
# another launcher than `java -jar rosetta-cli/target/rosetta.jar`.
set -eu
url=$1
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../../.." && pwd)
if [ -z "${ROSETTA:-}" ]; then
  ROSETTA="$("$repo/bin/find-jdk")/bin/java -jar $repo/rosetta-cli/target/rosetta.jar"
fi

tool="" args="{}"
case "${MCP_CONFORMANCE_SCENARIO:-initialize}" in
  tools_call) tool=add_numbers args='{"a": 2, "b": 3}' ;;
  sse-retry) tool=test_reconnection ;;
  elicitation-sep1034-client-defaults) tool=test_client_elicitation_defaults ;;
  auth/*) tool=test-tool
    # The "browser" that signs in: it follows the authorization server's redirect back to Rosetta.
    export BROWSER="node $here/browser.mjs" ;;
esac

if [ "${ROSETTA_CONFORMANCE:-chat}" = call ]; then
  if [ -z "$tool" ]; then exec $ROSETTA mcp tools "$url"; fi
  exec $ROSETTA mcp call "$url" "$tool" "$args"
fi

# A home of its own: no config, key or conversation of the user's is read or written.
home=$(mktemp -d)
trap 'kill "$model" 2>/dev/null; rm -rf "$home"' EXIT
export HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" XDG_CACHE_HOME="$home/cache" \
  ROSETTA_LOGS_HOME="$home/logs" OPENAI_API_KEY=conformance
FAKE_TOOL=$tool FAKE_ARGS=$args node "$here/fake-model.mjs" >"$home/port" &
model=$!
while [ ! -s "$home/port" ]; do sleep 0.05; done
export OPENAI_BASE_URL="http://127.0.0.1:$(cat "$home/port")/v1"
server="--mcp conf=$url"
if [ "${MCP_CONFORMANCE_SCENARIO:-}" = auth/pre-registration ]; then
  # The client the authorization server knows, from the suite's context, in a config of the user's.
  context() { node -e "console.log(JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT).$1)"; }
  CONF_CLIENT_SECRET=$(context client_secret)
  export CONF_CLIENT_SECRET
  mkdir -p "$XDG_CONFIG_HOME/rosetta"
  printf '[mcp.servers.conf]\nurl = "%s"\noauth = { client_id = "%s", client_secret = "${CONF_CLIENT_SECRET}" }\n' \
    "$url" "$(context client_id)" >"$XDG_CONFIG_HOME/rosetta/config.toml"
  server=""
fi
chat="$ROSETTA -y -m openai/gpt-4.1 --tool-format tool $server"
case "${MCP_CONFORMANCE_SCENARIO:-}" in
  elicitation-*)
    # At a terminal without line editing (TERM=dumb: typed-ahead lines wait in the terminal's own
    # buffer, where a line editor would take them as typing ahead of the prompt): "y" to answer
    # the form, Enter for each field, Ctrl-D to leave the prompt.
    printf 'y\n\n\n\n\n\n\n\n\004' | TERM=dumb script -qec "$chat 'call the tool'" /dev/null ;;
  *) $chat -n "call the tool" </dev/null ;;
esac
