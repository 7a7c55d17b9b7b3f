package dev.rosetta.agent.session;

import dev.rosetta.agent.config.McpServerEntry;

/**
 * Whether a project's MCP server not approved yet may start: asked once, while the conversation
 * opens (before a front end runs), showing what it would run and which file names it.
 */
@FunctionalInterface
public interface ServerApproval {

    boolean approves(McpServerEntry entry) throws InterruptedException;
}
