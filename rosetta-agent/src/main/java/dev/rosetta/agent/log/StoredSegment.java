package dev.rosetta.agent.log;

import java.util.List;
import java.util.Objects;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.ToolUse;

/**
 * One piece of a logged assistant message, as the splitter read it when the message arrived:
 * prose, thinking, a call (in the text, or native beside it), or text that looked like a call
 * and was not one. History is re-spelled and replayed from these, never by reading the old text
 * again with today's tools. Spans are {@code [start, end)} in UTF-16 code units of the message
 * text (Java {@code String} indices, as {@link Segment} uses).
 *
 * <p>Unlike {@link Segment}, a stored segment keeps no copy of its text (the span points into the
 * message) and can be a native call, which has no span at all.
 */
public sealed interface StoredSegment permits StoredSegment.Prose, StoredSegment.Thinking, StoredSegment.Call,
        StoredSegment.Unparsed {

    /** The dialect name the log gives native calls: they were not spelled in any dialect. */
    String NATIVE = "native";

    /** Where the segment is in the message text; null for a native call. */
    Span span();

    /** {@code [start, end)} in UTF-16 code units of the message text. */
    record Span(int start, int end) {
        public Span {
            if (start < 0 || end < start) {
                throw new IllegalArgumentException("a span is 0 <= start <= end, got [" + start + ", " + end + ")");
            }
        }

        /** The spanned part of {@code text}. */
        public String of(String text) {
            return text.substring(start, end);
        }
    }

    /**
     * Text for the reader of the conversation, with the fenced code blocks the splitter found in
     * it (message offsets), so it is drawn again exactly as it was drawn live.
     */
    record Prose(Span span, List<Segment.CodeBlock> blocks) implements StoredSegment {
        public Prose {
            Objects.requireNonNull(span, "span");
            blocks = List.copyOf(blocks);
        }

        /** Prose without code blocks. */
        public Prose(Span span) {
            this(span, List.of());
        }

        /** The splitter's segment again, for the renderer. */
        public Segment.Prose segment(String messageText) {
            return new Segment.Prose(span.of(messageText), span.start(), span.end(), blocks);
        }
    }

    /** {@code <think>…</think>}: {@code span} with the tags, {@code text} the thinking inside them. */
    record Thinking(Span span, Span text) implements StoredSegment {
        public Thinking {
            Objects.requireNonNull(span, "span");
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * A call that was run (or answered). A call read from the text has its dialect and span; a
     * native call, which came beside the text, has neither.
     */
    record Call(ToolUse use, Dialect dialect, Span span) implements StoredSegment {
        public Call {
            Objects.requireNonNull(use, "use");
            if ((dialect == null) != (span == null)) {
                throw new IllegalArgumentException("a call has both a dialect and a span, or (native) neither");
            }
        }

        public static Call nativeCall(ToolUse use) {
            return new Call(use, null, null);
        }

        public boolean isNative() {
            return dialect == null;
        }

        /** The dialect's name, {@value StoredSegment#NATIVE} for a native call. */
        public String dialectName() {
            return isNative() ? NATIVE : dialect.name();
        }
    }

    /** Text that looked like a call in {@code dialect} and was not one, and why. */
    record Unparsed(Dialect dialect, String problem, Span span) implements StoredSegment {
        public Unparsed {
            Objects.requireNonNull(dialect, "dialect");
            Objects.requireNonNull(problem, "problem");
            Objects.requireNonNull(span, "span");
        }

        /** The splitter's segment again, for the renderer. */
        public Segment.Unparsed segment(String messageText) {
            return new Segment.Unparsed(span.of(messageText), dialect, problem, span.start(), span.end());
        }
    }

    /** How {@code segment}, read from {@code message}, is stored. */
    static StoredSegment of(Segment segment, CharSequence message) {
        Span span = new Span(segment.start(), segment.end());
        return switch (segment) {
            case Segment.Prose p -> new Prose(span, p.blocks());
            case Segment.Thinking t -> new Thinking(span, thinkingText(t, message));
            case Segment.Call c -> new Call(c.use(), c.dialect(), span);
            case Segment.Unparsed u -> new Unparsed(u.dialect(), u.problem(), span);
        };
    }

    /**
     * Where a thinking segment's text lies: the splitter hands it over without its tags, so it ends
     * where the closing tag starts (at the segment's end when there is none) and has its own length.
     */
    private static Span thinkingText(Segment.Thinking t, CharSequence message) {
        int end = t.end();
        for (String closer : List.of("</think>", "</thinking>")) {
            int at = t.end() - closer.length();
            if (at - t.text().length() >= t.start() && closer.contentEquals(message.subSequence(at, t.end()))) {
                end = at;
                break;
            }
        }
        return new Span(end - t.text().length(), end);
    }

    /** The calls among {@code segments}, in order: those in the text, then the native ones. */
    static List<ToolUse> calls(List<StoredSegment> segments) {
        return segments.stream().filter(Call.class::isInstance).map(s -> ((Call) s).use()).toList();
    }
}
