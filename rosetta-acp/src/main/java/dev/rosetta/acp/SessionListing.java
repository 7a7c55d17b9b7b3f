package dev.rosetta.acp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.agentclientprotocol.sdk.spec.AcpSchema;

import dev.rosetta.agent.config.ChatConfig;
import dev.rosetta.agent.log.ConversationId;
import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.ConversationSummary;
import dev.rosetta.agent.log.Conversations;
import dev.rosetta.agent.log.LogDirectory;

/**
 * {@code session/list}: the conversations in Rosetta's log folder, newest first, each with the folder
 * it worked in — only those of the editor's folder when it names one — titled by the name the user
 * gave, else by the start of their first message (an editor's history then says what each was
 * about, not {@code 2026-12-05-brave-bronze-eagle}), else by their id.
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
            sessions.add(new AcpSchema.SessionInfo(c.id(), workspace == null ? null : workspace.toString(), title(c),
                    c.lastModified().toString(), null, null));
        }
        return new AcpSchema.ListSessionsResponse(sessions);
    }

    /** A name the user chose, else the first message, else the id. */
    static String title(ConversationSummary c) {
        String name = c.name() != null ? c.name() : c.id();
        boolean chosen = !new ConversationId(name).generated();
        return chosen || c.preview().isBlank() ? name : c.preview();
    }
}
