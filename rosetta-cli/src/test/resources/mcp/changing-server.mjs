// A server whose tool "unlock" adds a tool, "late", while it answers: the official TypeScript SDK
// (its folder in MCP_SDK, brought along by the reference servers) then sends
// notifications/tools/list_changed, before the call's answer. Listing the tools again takes the
// server a second, so a client that does not wait for the new list asks its model without it.
const sdk = process.env.MCP_SDK;
const { McpServer } = await import(sdk + "/dist/esm/server/mcp.js");
const { StdioServerTransport } = await import(sdk + "/dist/esm/server/stdio.js");
const server = new McpServer({ name: "changing", version: "1.0.0" });
let unlocked = false;
server.registerTool("unlock", { description: "Adds the tool late" }, () => {
  unlocked = true;
  server.registerTool("late", { description: "Arrived after the start" }, () => ({
    content: [{ type: "text", text: "late and here" }],
  }));
  return { content: [{ type: "text", text: "unlocked" }] };
});
// The SDK's own handler of tools/list (set by the first registerTool), slowed once unlocked.
const handlers = server.server._requestHandlers;
const list = handlers.get("tools/list");
handlers.set("tools/list", async (request, extra) => {
  if (unlocked) {
    await new Promise((done) => setTimeout(done, 1000));
  }
  return list(request, extra);
});
await server.connect(new StdioServerTransport());
