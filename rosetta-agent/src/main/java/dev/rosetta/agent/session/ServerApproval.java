package dev.rosetta.agent.session;

import java.nio.file.Path;
import java.util.List;

import dev.rosetta.agent.config.McpServerEntry;

/**
 * Whether what a project names and the user has not approved yet may run: a project's MCP server, a
 * project's hooks. Asked once, while the conversation opens (before a front end runs), showing what it
 * would run and which file names it.
 */
@FunctionalInterface
public interface ServerApproval {

    boolean approves(McpServerEntry entry) throws InterruptedException;

    /**
     * Whether the hooks {@code file} declares may run, each shown as one line; a front end that cannot
     * show them answers no (they are then not run, and the user is told how to approve them).
     */
    default boolean approvesHooks(Path file, List<String> hooks) throws InterruptedException {
        return false;
    }
}
