package dev.rosetta.agent.session;

import java.util.function.Consumer;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.mcp.McpForm;

/**
 * What a session host gives the conversation it opens to reach the front ends: where the loop's
 * events go, and how calls and MCP forms are put to the user.
 */
public record Outlets(Consumer<AgentEvent> events, Confirmation confirmation, McpForm.Asker forms) {

    /** One line the user should know about, from any thread (an MCP server ready or failed). */
    public void notice(String line) {
        events.accept(new AgentEvent.Notice(line));
    }
}
