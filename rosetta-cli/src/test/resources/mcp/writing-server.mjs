// A server whose tool "write_then_wait" writes a file and then never answers: a Rosetta killed
// while it waits was killed between a write and the end of the call that made it. Written with
// the low-level Server of the official TypeScript SDK, whose folder is the first argument.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";

const sdk = process.argv[2];
const { Server } = await import(sdk + "/dist/esm/server/index.js");
const { StdioServerTransport } = await import(sdk + "/dist/esm/server/stdio.js");
const { ListToolsRequestSchema, CallToolRequestSchema } = await import(sdk + "/dist/esm/types.js");

const server = new Server({ name: "writing", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "write_then_wait",
    description: "Writes the content to the file, then waits forever",
    inputSchema: {
      type: "object",
      properties: { path: { type: "string" }, content: { type: "string" } },
      required: ["path", "content"],
    },
  }],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  writeFileSync(resolve(process.cwd(), request.params.arguments.path), request.params.arguments.content);
  return new Promise(() => {});
});
await server.connect(new StdioServerTransport());
