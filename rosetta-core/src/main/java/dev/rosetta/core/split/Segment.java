package dev.rosetta.core.split;

import java.util.Objects;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.tool.ToolUse;

/**
 * A piece of an assistant message: prose, thinking, a tool call, or text that looked like a
 * call and was not one. {@code start} and {@code end} are UTF-16 offsets into the message.
 * Segments come in message order and never overlap; the only text between two segments is
 * markup that belongs to no call (an xml wrapper such as {@code <tool-use>}, and whitespace).
 */
public sealed interface Segment permits Segment.Prose, Segment.Thinking, Segment.Call, Segment.Unparsed {

    int start();

    int end();

    /** Text for the reader of the conversation. */
    record Prose(String text, int start, int end) implements Segment {
        public Prose {
            Objects.requireNonNull(text, "text");
        }
    }

    /** The model's reasoning ({@code <think>…</think>}); {@code text} is without the tags. */
    record Thinking(String text, int start, int end) implements Segment {
        public Thinking {
            Objects.requireNonNull(text, "text");
        }
    }

    /** A tool call to run; {@code raw} is exactly the text that spelled it. */
    record Call(ToolUse use, Dialect dialect, String raw, int start, int end) implements Segment {
        public Call {
            Objects.requireNonNull(use, "use");
            Objects.requireNonNull(dialect, "dialect");
            Objects.requireNonNull(raw, "raw");
        }
    }

    /**
     * Text that looked like a tool call but is not one, and why, so the model can be told
     * instead of the call being dropped in silence.
     */
    record Unparsed(String raw, Dialect dialect, String problem, int start, int end) implements Segment {
        public Unparsed {
            Objects.requireNonNull(raw, "raw");
            Objects.requireNonNull(dialect, "dialect");
            Objects.requireNonNull(problem, "problem");
        }
    }
}
