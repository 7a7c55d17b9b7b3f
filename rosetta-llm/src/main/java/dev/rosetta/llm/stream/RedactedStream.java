package dev.rosetta.llm.stream;

import java.util.ArrayDeque;
import java.util.Deque;

import dev.rosetta.core.secret.Redaction;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;

/**
 * A reply with more secrets blanked out as it streams than the key its request carried: the
 * conversation's known secrets (another provider's key, a token of the environment), which a
 * model may echo as well as its own key. The same blanking as {@link ReplyStream}'s own
 * ({@link RedactedReply}): nothing held past the end of what it belongs to.
 */
public final class RedactedStream implements ChatStream {

    private final ChatStream reply;
    private final RedactedReply redacted;
    private final Deque<ChatEvent> ready = new ArrayDeque<>();

    private RedactedStream(ChatStream reply, Redaction secrets) {
        this.reply = reply;
        this.redacted = new RedactedReply(secrets);
    }

    /** {@code reply} with {@code secrets} blanked; itself when there are none. */
    public static ChatStream of(ChatStream reply, Redaction secrets) {
        return secrets == null || secrets.isEmpty() ? reply : new RedactedStream(reply, secrets);
    }

    @Override
    public ChatEvent next() throws ProviderException {
        while (ready.isEmpty()) {
            ChatEvent event = reply.next();
            if (event == null) {
                return null;
            }
            ready.addAll(redacted.of(event));
        }
        return ready.poll();
    }

    @Override
    public void close() {
        reply.close();
    }
}
