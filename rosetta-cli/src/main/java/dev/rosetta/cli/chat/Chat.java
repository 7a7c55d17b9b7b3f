package dev.rosetta.cli.chat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.chat.AgentLoop;
import dev.rosetta.agent.chat.ChatSession;
import dev.rosetta.agent.config.ChatConfig;
import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.llm.Providers;
import dev.rosetta.llm.model.ModelRegistry;

/**
 * A conversation ready to run: its session and loop, its log, and what is needed to switch
 * models later. Closing it ends the tools' processes and releases the log.
 *
 * @param session   model, format, tools, messages
 * @param loop      runs turns
 * @param log       the conversation's log (locked while open)
 * @param registry  the models known
 * @param providers connects models to their APIs (and knows the providers' keys)
 * @param workspace where tools work
 * @param output    what events go to (the terminal, or JSON lines)
 * @param mcp       the MCP servers, or null when none is configured (the toolbox closes them)
 */
public record Chat(ChatSession session, AgentLoop loop, ConversationLog log, ModelRegistry registry,
        Providers providers, Path workspace, EventOutput output, ChatMcp mcp) implements AutoCloseable {

    /** Records the settings that make a resumed conversation sticky (model, format, tools). */
    public void saveConfig() {
        ChatConfig current = log.readConfig().orElse(ChatConfig.empty());
        // An MCP server's tools come with the server, not with the conversation: a resume without it must work.
        List<String> tools = new ArrayList<>(session.toolbox().catalog().names());
        if (mcp != null) {
            tools.removeAll(mcp.toolNames());
        }
        log.writeConfig(current.withModel(session.model().name()).withToolFormat(session.format())
                .withTools(tools).withWorkspace(workspace).withName(log.id()));
    }

    @Override
    public void close() {
        try {
            session.toolbox().close();
        } finally {
            try {
                providers.close();
            } finally {
                log.close();
            }
        }
    }

    /** Where a turn's events go, and how to end a turn's output. */
    public interface EventOutput extends Consumer<AgentEvent> {
        void endTurn();

        static EventOutput of(Consumer<AgentEvent> events, Runnable endTurn) {
            return new EventOutput() {
                @Override
                public void accept(AgentEvent e) {
                    events.accept(e);
                }

                @Override
                public void endTurn() {
                    endTurn.run();
                }
            };
        }
    }
}
