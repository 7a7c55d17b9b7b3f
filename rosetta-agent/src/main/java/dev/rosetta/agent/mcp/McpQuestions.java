package dev.rosetta.agent.mcp;

import dev.rosetta.agent.config.McpServerEntry;
import dev.rosetta.tools.mcp.McpForm;

/**
 * What a chat's MCP servers may ask the user: whether a project's server may start, and a
 * server's form. A run with no one to ask ({@code -n}, no terminal) uses {@link #NONE}: a project's
 * server is refused with a line saying how to approve it, and every form is declined.
 */
public interface McpQuestions extends McpForm.Asker {

    /**
     * Whether the project's server may start: asked once at chat start for a server not approved
     * yet, showing what it would run and which file names it. A yes is recorded by the caller.
     */
    boolean approves(McpServerEntry entry) throws InterruptedException;

    /** Whether anyone is there to ask. */
    default boolean interactive() {
        return true;
    }

    McpQuestions NONE = new McpQuestions() {
        @Override
        public boolean approves(McpServerEntry entry) {
            return false;
        }

        @Override
        public McpForm.Answer ask(McpForm form) {
            return new McpForm.Answer.Decline();
        }

        @Override
        public boolean interactive() {
            return false;
        }
    };
}
