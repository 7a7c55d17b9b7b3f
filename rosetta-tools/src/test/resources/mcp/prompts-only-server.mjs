// A server that offers prompts and no tools, built with the official TypeScript SDK that the
// reference servers bring along (its folder in MCP_SDK): Rosetta must take it as ready with none.
const sdk = process.env.MCP_SDK;
const { McpServer } = await import(sdk + "/dist/esm/server/mcp.js");
const { StdioServerTransport } = await import(sdk + "/dist/esm/server/stdio.js");
const server = new McpServer({ name: "prompts-only", version: "1.0.0" });
server.registerPrompt("greet", { description: "Says hello" }, () => ({
  messages: [{ role: "user", content: { type: "text", text: "hello" } }],
}));
await server.connect(new StdioServerTransport());
