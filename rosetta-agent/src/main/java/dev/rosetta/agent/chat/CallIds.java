package dev.rosetta.agent.chat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import dev.rosetta.agent.log.LoggedMessage;

/** Call ids, unique in a conversation: every result is tied to its call by one. */
final class CallIds {

    private CallIds() {}

    /** The ids the conversation's calls have. */
    static Set<String> used(List<LoggedMessage> messages) {
        Set<String> ids = new HashSet<>();
        messages.forEach(m -> m.message().calls().forEach(c -> {
            if (c.callId() != null) {
                ids.add(c.callId());
            }
        }));
        return ids;
    }

    /** A new id, not among {@code taken}, which it joins. */
    static String fresh(Set<String> taken) {
        String id;
        do {
            id = "call_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        } while (!taken.add(id));
        return id;
    }
}
