package dev.rosetta.web.conversation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.rosetta.agent.config.ChatConfig;
import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.ConversationSummary;
import dev.rosetta.agent.log.Conversations;
import dev.rosetta.core.RosettaException;

/**
 * The conversation list of the page: Rosetta's logs, newest first (as {@code rosetta logs} lists
 * them), each with its name, model, tool format, workspace and last message, and whether it is open
 * here now (and whether a terminal runs it).
 */
public final class ConversationRows {

    private ConversationRows() {}

    public static List<Map<String, Object>> of(OpenConversations conversations) {
        Path logs = conversations.logs();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (ConversationSummary c : Conversations.list(logs)) {
            Optional<ChatConfig> config = config(logs, c.id());
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", c.id());
            row.put("name", c.name());
            row.put("model", config.map(ChatConfig::model).orElse(null));
            row.put("format", config.map(ChatConfig::toolFormat).map(f -> f.id()).orElse(null));
            row.put("workspace", config.map(ChatConfig::workspace).map(Path::toString).orElse(null));
            row.put("updated", c.lastModified().toString());
            row.put("messages", c.messages());
            row.put("first", c.preview());
            row.put("last", Conversations.lastMessage(logs, c.id()));
            Optional<OpenConversation> open = conversations.find(c.id());
            row.put("open", open.isPresent());
            row.put("terminal", open.map(o -> !o.owned()).orElse(false));
            rows.add(row);
        }
        return rows;
    }

    private static Optional<ChatConfig> config(Path logs, String id) {
        try {
            return ChatConfig.read(logs.resolve(id).resolve(ConversationLog.CONFIG));
        } catch (RosettaException e) {
            return Optional.empty();
        }
    }
}
