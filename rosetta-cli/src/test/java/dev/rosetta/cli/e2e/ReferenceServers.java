package dev.rosetta.cli.e2e;

import java.nio.file.Path;

import dev.rosetta.core.testing.ReferenceMcpServers;

/** The reference MCP servers ({@link ReferenceMcpServers}) as this module's tests start them. */
public final class ReferenceServers {

    private ReferenceServers() {}

    /** The script of {@code @modelcontextprotocol/server-everything}. */
    public static Path everything() {
        return ReferenceMcpServers.script("server-everything");
    }

    /** The script of {@code @modelcontextprotocol/server-filesystem}. */
    public static Path filesystem() {
        return ReferenceMcpServers.script("server-filesystem");
    }

    /** The official TypeScript SDK the reference servers bring along, for servers written in a test. */
    public static Path sdk() {
        return ReferenceMcpServers.sdk();
    }

    /** The words of {@code --mcp 'NAME=node SCRIPT stdio'} for the everything server. */
    static String everythingFlag(String name) {
        return name + "=node " + everything() + " stdio";
    }

    /** The config.toml table that starts the everything server as {@code NAME} (stdio). */
    static String everythingToml(String name) {
        return "[mcp.servers." + name + "]\ncommand = \"node\"\nargs = [\"" + everything() + "\", \"stdio\"]\n";
    }
}
