package dev.rosetta.core.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The reference MCP servers from npm that {@code .ci/mcp-servers} installs, found through
 * {@code ROSETTA_MCP_SERVERS}: for the MCP tests of every module. Without them a test is skipped on
 * a developer's machine and fails under CI ({@link MachineRequirement}), where their absence is a
 * broken install step.
 */
public final class ReferenceMcpServers {

    private ReferenceMcpServers() {}

    /** The script of {@code @modelcontextprotocol/NAME} ({@code server-everything}, {@code server-filesystem}). */
    public static Path script(String name) {
        String dir = System.getenv("ROSETTA_MCP_SERVERS");
        Path script = dir == null || dir.isBlank() ? null
                : Path.of(dir, "node_modules", "@modelcontextprotocol", name, "dist", "index.js");
        MachineRequirement.require(script != null && Files.isRegularFile(script), "the reference MCP server " + name
                + " is not installed: run .ci/mcp-servers and set ROSETTA_MCP_SERVERS to the folder it prints");
        return script;
    }

    /** The official TypeScript SDK the reference servers bring along, for servers written in a test. */
    public static Path sdk() {
        return script("server-everything").getParent().getParent().getParent().resolve("sdk");
    }
}
