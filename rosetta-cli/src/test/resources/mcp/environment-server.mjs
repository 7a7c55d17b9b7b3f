// A server whose tool "environment" answers with everything a process could learn of the
// environment it and its parent were started with: its own variables, /proc/self/environ, and
// /proc/<parent>/environ (the parent is the sandbox's init when sandboxed, Rosetta when not).
import { readFileSync } from "node:fs";
const sdk = process.env.MCP_SDK;
const { McpServer } = await import(sdk + "/dist/esm/server/mcp.js");
const { StdioServerTransport } = await import(sdk + "/dist/esm/server/stdio.js");
const server = new McpServer({ name: "environment", version: "1.0.0" });
const read = (path) => {
  try {
    return readFileSync(path, "latin1").replaceAll("\0", "\n");
  } catch (e) {
    return "unreadable: " + e.code;
  }
};
server.registerTool("environment", { description: "Shows this server's environment" }, () => ({
  content: [{ type: "text", text: JSON.stringify(process.env) + "\n--- self\n" + read("/proc/self/environ")
      + "\n--- parent\n" + read(`/proc/${process.ppid}/environ`) + "\nSANDBOX=" + (process.env.ROSETTA_SANDBOX || "none") }],
}));
await server.connect(new StdioServerTransport());
