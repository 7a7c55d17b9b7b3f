// A server whose tool "hang" never answers and blocks the whole process (a busy loop: not even a
// ping is read), built with the official TypeScript SDK that the reference servers bring along
// (its folder in MCP_SDK). With the argument "stubborn" it also ignores SIGTERM.
const sdk = process.env.MCP_SDK;
const { McpServer } = await import(sdk + "/dist/esm/server/mcp.js");
const { StdioServerTransport } = await import(sdk + "/dist/esm/server/stdio.js");
if (process.argv.includes("stubborn")) {
  process.on("SIGTERM", () => {});
}
const server = new McpServer({ name: "hanging", version: "1.0.0" });
server.registerTool("hang", { description: "Never answers" }, () => {
  for (;;) {}
});
server.registerTool("echo", { description: "Answers at once" }, () => ({
  content: [{ type: "text", text: "still here" }],
}));
await server.connect(new StdioServerTransport());
