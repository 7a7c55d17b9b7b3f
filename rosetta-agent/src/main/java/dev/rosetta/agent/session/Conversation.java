package dev.rosetta.agent.session;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
 * @param mcp       the MCP servers, or null when none is configured (the toolbox closes them)
 */
public record Conversation(ChatSession session, AgentLoop loop, ConversationLog log, ModelRegistry registry,
        Providers providers, Path workspace, SessionMcp mcp) implements AutoCloseable {

    /** Records the settings that make a resumed conversation sticky (model, format, tools, thinking). */
    public void saveConfig() {
        ChatConfig current = log.readConfig().orElse(ChatConfig.empty());
        // An MCP server's tools come with the server, not with the conversation: a resume without it must work.
        List<String> tools = new ArrayList<>(session.toolbox().catalog().names());
        if (mcp != null) {
            tools.removeAll(mcp.toolNames());
        }
        log.writeConfig(current.withModel(session.model().name()).withToolFormat(session.format())
                .withTools(tools).withWorkspace(workspace).withName(log.id()).withThinking(session.settings().thinking()));
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
}
