package dev.rosetta.agent.chat;

import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import dev.rosetta.agent.context.Summarizer;
import dev.rosetta.core.size.ByteSize;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.stream.RedactedStream;

/**
 * The model asked for the summaries of one compaction: each request read to its end as text,
 * its stream handed to the loop while it runs (so that Ctrl-C closes it, as it closes a reply),
 * and the user told once that the model is being asked.
 */
final class SummaryRequests implements Summarizer.Model {

    private final ChatSession session;
    private final Consumer<AgentEvent> events;
    private final RunTally tally;
    private final Consumer<ChatStream> current;
    private final BooleanSupplier interrupted;
    private boolean told;

    /**
     * @param current     told of each stream as it opens, and of null when it is done
     * @param interrupted whether the user stopped the turn
     */
    SummaryRequests(ChatSession session, Consumer<AgentEvent> events, RunTally tally, Consumer<ChatStream> current,
            BooleanSupplier interrupted) {
        this.session = session;
        this.events = events;
        this.tally = tally;
        this.current = current;
        this.interrupted = interrupted;
    }

    @Override
    public String reply(ChatRequest request) throws ProviderException {
        if (!told) {
            told = true;
            events.accept(new AgentEvent.Notice("summarising the oldest messages with " + session.model().name()
                    + " to keep the conversation within its context window…"));
        }
        StringBuilder text = new StringBuilder();
        long limit = session.settings().replyLimits().bytes();
        long received = 0;
        ChatEvent.Usage usage = null;
        try (ChatStream stream = RedactedStream.of(session.provider().chat(request), session.options().secrets())) {
            current.accept(stream);
            for (ChatEvent e = stream.next(); e != null; e = stream.next()) {
                if (e instanceof ChatEvent.Usage u) {
                    usage = u;
                } else if (e instanceof ChatEvent.TextDelta t) {
                    text.append(t.text());
                    received += ByteSize.utf8(t.text());
                    if (received > limit) { // a summary that never ends is cut where a reply would be
                        break;
                    }
                } else if (e instanceof ChatEvent.Finished f && f.error() != null) {
                    throw f.error();
                }
            }
        } finally {
            current.accept(null);
            tally.request(usage, usage == null ? null : session.model().cost(usage));
        }
        if (interrupted.getAsBoolean()) {
            throw new ProviderException(ProviderException.Kind.STREAM_CUT, "the user interrupted it");
        }
        return text.toString();
    }
}
