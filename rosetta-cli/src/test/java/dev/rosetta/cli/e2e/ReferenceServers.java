package dev.rosetta.cli.e2e;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The reference MCP servers from npm that {@code .ci/mcp-servers} installs, found through
 * {@code ROSETTA_MCP_SERVERS}. Without them a test is skipped on a developer's machine and fails
 * under CI, where their absence is a broken install step.
 */
public final class ReferenceServers {

    private ReferenceServers() {}

    /** The script of {@code @modelcontextprotocol/server-everything}. */
    public static Path everything() {
        return script("server-everything");
    }

    /** The script of {@code @modelcontextprotocol/server-filesystem}. */
    public static Path filesystem() {
        return script("server-filesystem");
    }

    /** The official TypeScript SDK the reference servers bring along, for servers written in a test. */
    public static Path sdk() {
        return everything().getParent().getParent().getParent().resolve("sdk");
    }

    /** The words of {@code --mcp 'NAME=node SCRIPT stdio'} for the everything server. */
    static String everythingFlag(String name) {
        return name + "=node " + everything() + " stdio";
    }

    /** The config.toml table that starts the everything server as {@code NAME} (stdio). */
    static String everythingToml(String name) {
        return "[mcp.servers." + name + "]\ncommand = \"node\"\nargs = [\"" + everything() + "\", \"stdio\"]\n";
    }

    private static Path script(String name) {
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
