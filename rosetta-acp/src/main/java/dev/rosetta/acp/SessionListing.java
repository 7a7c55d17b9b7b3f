package dev.rosetta.acp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.agentclientprotocol.sdk.spec.AcpSchema;

import dev.rosetta.agent.config.ChatConfig;
import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.ConversationSummary;
import dev.rosetta.agent.log.Conversations;
import dev.rosetta.agent.log.LogDirectory;

/**
 * {@code session/list}: the conversations in Rosetta's log folder, newest first, each with the folder
 * it worked in — only those of the editor's folder when it names one — titled by their name or the
 * start of their first message, as {@code rosetta logs} lists them.
 */
final class SessionListing {

    private SessionListing() {}

    static AcpSchema.ListSessionsResponse list(Map<String, String> env, AcpSchema.ListSessionsRequest request) {
        Path logs = LogDirectory.of(env);
        List<AcpSchema.SessionInfo> sessions = new ArrayList<>();
        for (ConversationSummary c : Conversations.list(logs)) {
            Path workspace = ChatConfig.read(logs.resolve(c.id()).resolve(ConversationLog.CONFIG))
                    .map(ChatConfig::workspace).orElse(null);
            if (request.cwd() != null && (workspace == null || !workspace.equals(Path.of(request.cwd())))) {
                continue;
            }
            String title = c.name() != null ? c.name() : c.preview().isBlank() ? c.id() : c.preview();
            sessions.add(new AcpSchema.SessionInfo(c.id(), workspace == null ? null : workspace.toString(), title,
                    c.lastModified().toString(), null, null));
        }
        return new AcpSchema.ListSessionsResponse(sessions);
    }
}
