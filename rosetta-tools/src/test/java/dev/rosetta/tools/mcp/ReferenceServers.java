package dev.rosetta.tools.mcp;

import java.util.List;

import dev.rosetta.core.testing.ReferenceMcpServers;

/** The reference MCP servers ({@link ReferenceMcpServers}) as this module's tests start them. */
final class ReferenceServers {

    private ReferenceServers() {}

    /** {@code node …/server-everything/dist/index.js stdio}. */
    static McpEndpoint.Stdio everything() {
        return McpEndpoint.Stdio.of("node", List.of(ReferenceMcpServers.script("server-everything").toString(), "stdio"));
    }

    /** {@code node …/server-filesystem/dist/index.js}, confined by the roots the client offers. */
    static McpEndpoint.Stdio filesystem() {
        return McpEndpoint.Stdio.of("node", List.of(ReferenceMcpServers.script("server-filesystem").toString()));
    }
}
