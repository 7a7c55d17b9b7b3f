// An editor written on the official TypeScript ACP SDK, driving `rosetta acp` through the jar:
// a turn whose call asks permission (allowed once), then a turn whose command is cancelled while
// it runs, then the conversation loaded again (its history replayed as updates). It offers its files
// (fs/read_text_file, fs/write_text_file) and keeps what the agent writes in buffers, not on the disk. Usage: node turn.mjs WORKSPACE COMMAND ARGS...  (the agent's command line).
// Prints one JSON line: what the editor saw; exits 1 when something was not as the protocol says.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { Readable, Writable } from "node:stream";
import { client, methods, ndJsonStream } from "@agentclientprotocol/sdk";

const [workspace, command, ...args] = process.argv.slice(2);
const agent = spawn(command, args, { cwd: workspace, stdio: ["pipe", "pipe", "inherit"] });
const stream = ndJsonStream(Writable.toWeb(agent.stdin), Readable.toWeb(agent.stdout));

const seen = { updates: [], permissions: [], stopReasons: [], fileRequests: [], buffers: {} };
let cancelWhenRunning = null;

const app = client({ name: "rosetta-ci" })
  .onRequest(methods.client.session.requestPermission, ({ params }) => {
    seen.permissions.push({ title: params.toolCall.title, kinds: params.options.map((o) => o.kind) });
    const once = params.options.find((o) => o.kind === "allow_once");
    return { outcome: { outcome: "selected", optionId: once.optionId } };
  })
  .onRequest(methods.client.fs.readTextFile, async ({ params }) => {
    seen.fileRequests.push(`read ${params.path}`);
    if (params.path in seen.buffers) {
      return { content: seen.buffers[params.path] };
    }
    return { content: await readFile(params.path, "utf8") }; // not open: the disk (an error when missing)
  })
  .onRequest(methods.client.fs.writeTextFile, ({ params }) => {
    seen.fileRequests.push(`write ${params.path}`);
    seen.buffers[params.path] = params.content;
    return {};
  })
  .onNotification(methods.client.session.update, ({ params }) => {
    const u = params.update;
    seen.updates.push({ type: u.sessionUpdate, title: u.title, kind: u.kind, status: u.status,
      text: u.content && u.content.type === "text" ? u.content.text : undefined });
    if (cancelWhenRunning && u.sessionUpdate === "tool_call_update" && u.status === "in_progress") {
      cancelWhenRunning();
    }
  });

let failed = false;
try {
  await app.connectWith(stream, async (ctx) => {
    const init = await ctx.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: { fs: { readTextFile: true, writeTextFile: true } } });
    seen.protocolVersion = init.protocolVersion;
    const { sessionId } = await ctx.request(methods.agent.session.new, { cwd: workspace, mcpServers: [] });
    const first = await ctx.request(methods.agent.session.prompt, {
      sessionId, prompt: [{ type: "text", text: "write notes.md" }] });
    seen.stopReasons.push(first.stopReason);
    cancelWhenRunning = () => {
      cancelWhenRunning = null;
      seen.cancelledAt = Date.now();
      ctx.notify(methods.agent.session.cancel, { sessionId });
    };
    const second = await ctx.request(methods.agent.session.prompt, {
      sessionId, prompt: [{ type: "text", text: "wait a minute" }] });
    seen.stopReasons.push(second.stopReason);
    seen.cancelMillis = Date.now() - seen.cancelledAt;
    const before = seen.updates.length;
    await ctx.request(methods.agent.session.load, { sessionId, cwd: workspace, mcpServers: [] });
    seen.replayed = seen.updates.slice(before).filter((u) => u.type === "user_message_chunk").map((u) => u.text);
    const listed = await ctx.request(methods.agent.session.list, { cwd: workspace });
    seen.listed = listed.sessions.map((s) => s.sessionId);
    seen.sessionId = sessionId;
  });
} catch (e) {
  seen.error = String(e);
  failed = true;
}
agent.stdin.end();
console.log(JSON.stringify(seen));
process.exit(failed ? 1 : 0);
