package dev.rosetta.agent.log;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.split.Segment;
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

    /** Whether it holds reasoning: thinking in its text, or native reasoning blocks. */
    public boolean hasReasoning() {
        return !message.reasoning().isEmpty() || segments.stream().anyMatch(StoredSegment.Thinking.class::isInstance);
    }

    /**
     * The message as a compacted request sends it: its thinking segments cut out of the text (the
     * other segments' spans moved to match) and its native reasoning blocks left out.
     */
    public LoggedMessage withoutReasoning() {
        if (!hasReasoning()) {
            return this;
        }
        List<StoredSegment.Span> cuts = segments.stream().filter(StoredSegment.Thinking.class::isInstance)
                .map(StoredSegment::span).toList();
        String content = message.content();
        StringBuilder text = new StringBuilder(content.length());
        int from = 0;
        for (StoredSegment.Span cut : cuts) {
            text.append(content, from, cut.start());
            from = cut.end();
        }
        text.append(content, from, content.length());
        List<StoredSegment> kept = new ArrayList<>();
        for (StoredSegment s : segments) {
            if (!(s instanceof StoredSegment.Thinking)) {
                kept.add(moved(s, cuts));
            }
        }
        Message shorter = new Message(message.role(), text.toString(), message.calls(), message.callId(),
                message.isError(), message.errorCode(), List.of());
        return new LoggedMessage(shorter, timestamp, model, format, kept, usage, cost);
    }

    /** A tool result sent with {@code content} instead of its output. */
    public LoggedMessage withResultText(String content) {
        if (!message.isToolResult()) {
            throw new IllegalArgumentException("only a tool result is shrunk");
        }
        Message shorter = new Message(message.role(), content, List.of(), message.callId(), message.isError(),
                message.errorCode(), List.of());
        return new LoggedMessage(shorter, timestamp, model, format, segments, usage, cost);
    }

    private static StoredSegment moved(StoredSegment s, List<StoredSegment.Span> cuts) {
        if (s.span() == null) {
            return s;
        }
        int by = 0;
        for (StoredSegment.Span cut : cuts) {
            if (cut.end() <= s.span().start()) {
                by += cut.end() - cut.start();
            }
        }
        if (by == 0) {
            return s;
        }
        int shift = by;
        StoredSegment.Span span = new StoredSegment.Span(s.span().start() - shift, s.span().end() - shift);
        return switch (s) {
            case StoredSegment.Prose p -> new StoredSegment.Prose(span, p.blocks().stream()
                    .map(b -> new Segment.CodeBlock(b.info(), b.fence(), b.start() - shift, b.bodyStart() - shift,
                            b.closeStart() - shift, b.end() - shift))
                    .toList());
            case StoredSegment.Call c -> new StoredSegment.Call(c.use(), c.dialect(), span);
            case StoredSegment.Unparsed u -> new StoredSegment.Unparsed(u.dialect(), u.problem(), span);
            case StoredSegment.Thinking t -> throw new IllegalArgumentException("thinking is cut, not moved");
        };
    }
}
