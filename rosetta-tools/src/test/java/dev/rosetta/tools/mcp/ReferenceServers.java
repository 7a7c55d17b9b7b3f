package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The reference MCP servers from npm that {@code .ci/mcp-servers} installs, found through
 * {@code ROSETTA_MCP_SERVERS}. Without them a test is skipped on a developer's machine and fails
 * under CI, where their absence is a broken install step.
 */
final class ReferenceServers {

    private ReferenceServers() {}

    /** {@code node …/server-everything/dist/index.js stdio}. */
    static McpEndpoint.Stdio everything() {
        return McpEndpoint.Stdio.of("node", List.of(script("server-everything").toString(), "stdio"));
    }

    /** {@code node …/server-filesystem/dist/index.js}, confined by the roots the client offers. */
    static McpEndpoint.Stdio filesystem() {
        return McpEndpoint.Stdio.of("node", List.of(script("server-filesystem").toString()));
    }

    static Path script(String name) {
        String dir = System.getenv("ROSETTA_MCP_SERVERS");
        Path script = dir == null || dir.isBlank() ? null
                : Path.of(dir, "node_modules", "@modelcontextprotocol", name, "dist", "index.js");
        boolean found = script != null && Files.isRegularFile(script);
        if (!found && System.getenv("CI") != null) {
            fail("the reference MCP server " + name + " is not installed: run .ci/mcp-servers and set"
                    + " ROSETTA_MCP_SERVERS to the folder it prints");
        }
        assumeTrue(found, "reference MCP servers not installed (.ci/mcp-servers; ROSETTA_MCP_SERVERS)");
        return script;
    }
}
