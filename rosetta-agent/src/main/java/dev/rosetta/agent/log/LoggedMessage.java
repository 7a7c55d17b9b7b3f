package dev.rosetta.agent.log;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.message.Role;
import dev.rosetta.llm.ChatEvent.Usage;

/**
 * One message of a conversation as the log keeps it: the message, when, and what is needed to
 * send it again to a different model — the format its text was read in and the segments it was
 * read into (every call with its dialect and span, native calls marked as such) — plus what it
 * cost. The message's calls are its segments' calls, in order.
 *
 * @param message   the message (an assistant message keeps its text exactly as written)
 * @param timestamp when it was added
 * @param model     {@code provider/model} that wrote an assistant message; null otherwise
 * @param format    the tool format in effect when it was written
 * @param segments  an assistant message's text as the splitter read it, then its native calls;
 *                  empty for other messages
 * @param usage     tokens of the request that produced it, or null
 * @param cost      its price in US dollars, or null when unknown
 */
public record LoggedMessage(Message message, Instant timestamp, String model, ToolFormat format,
        List<StoredSegment> segments, Usage usage, Double cost) {

    public LoggedMessage {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(timestamp, "timestamp");
        Objects.requireNonNull(format, "format");
        segments = segments == null ? List.of() : List.copyOf(segments);
        if (message.role() != Role.ASSISTANT && !segments.isEmpty()) {
            throw new IllegalArgumentException("only an assistant message has segments");
        }
        if (!StoredSegment.calls(segments).equals(message.calls())) {
            throw new IllegalArgumentException("a message's calls must be its segments' calls, in order");
        }
        int length = message.content().length();
        for (StoredSegment s : segments) {
            if (s.span() != null && s.span().end() > length) {
                throw new IllegalArgumentException("a segment ends at " + s.span().end() + ", after the text ("
                        + length + " characters)");
            }
        }
    }

    /** An assistant message: its text, the segments it was read into, its native reasoning. */
    public static LoggedMessage reply(String text, List<StoredSegment> segments, List<Reasoning> reasoning,
            ToolFormat format, String model, Usage usage, Double cost) {
        return new LoggedMessage(Message.assistant(text, StoredSegment.calls(segments), reasoning), Instant.now(),
                model, format, segments, usage, cost);
    }

    /**
     * A message as written now. An assistant message built without its segments (by hand, by a
     * test) is read once, like a message of an old log: a call not found in its text is native.
     */
    public static LoggedMessage of(Message message, ToolFormat format) {
        List<StoredSegment> segments = message.role() == Role.ASSISTANT
                ? ReadOnce.segments(message, format, Set.of()) : List.of();
        return new LoggedMessage(message, Instant.now(), null, format, segments, null, null);
    }

    /** The text of a segment's span. */
    public String text(StoredSegment.Span span) {
        return span.of(message.content());
    }
}
