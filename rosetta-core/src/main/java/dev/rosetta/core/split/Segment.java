package dev.rosetta.core.split;

import java.util.ArrayList;
import java.util.List;
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

    /**
     * Text for the reader of the conversation. {@code blocks} are the fenced code blocks in it, as
     * the splitter read them (the renderer draws them as code and looks for no fence itself).
     */
    record Prose(String text, int start, int end, List<CodeBlock> blocks) implements Segment {
        public Prose {
            Objects.requireNonNull(text, "text");
            blocks = List.copyOf(blocks);
        }

        /** Prose without code blocks. */
        public Prose(String text, int start, int end) {
            this(text, start, end, List.of());
        }

        /**
         * The display events that streaming this prose gives, in order: its text as
         * {@link StreamEvent.ProseDelta}s with {@link StreamEvent.CodeBlockOpened} and
         * {@link StreamEvent.CodeBlockClosing} where its blocks open and close. Showing a stored
         * segment from these draws it exactly as it was drawn live.
         */
        public List<StreamEvent> displayEvents() {
            List<StreamEvent> out = new ArrayList<>(1 + 4 * blocks.size());
            int at = start;
            for (CodeBlock b : blocks) {
                text(at, b.start(), out);
                out.add(new StreamEvent.CodeBlockOpened(b.info(), b.fence(), b.start(), b.bodyStart()));
                text(b.start(), b.closeStart(), out);
                out.add(new StreamEvent.CodeBlockClosing(b.closeStart(), b.end()));
                at = b.closeStart();
            }
            text(at, end, out);
            return out;
        }

        private void text(int from, int to, List<StreamEvent> out) {
            if (to > from) {
                out.add(new StreamEvent.ProseDelta(text.substring(from - start, to - start)));
            }
        }
    }

    /**
     * A fenced code block in prose: a fence whose tag names no tool, so its lines are shown as
     * code and no reader claims them (a nested {@code ```lang} block inside it is code too).
     * Offsets are into the message, like a segment's: the opening fence line is
     * [{@code start}, {@code bodyStart}), the code [{@code bodyStart}, {@code closeStart}), the
     * closing fence [{@code closeStart}, {@code end}) — empty when the message ended first.
     *
     * @param info  the info string after the opening fence, stripped ({@code java}, or empty)
     * @param fence the opening run of backticks
     */
    record CodeBlock(String info, String fence, int start, int bodyStart, int closeStart, int end) {
        public CodeBlock {
            Objects.requireNonNull(info, "info");
            Objects.requireNonNull(fence, "fence");
            if (!(start <= bodyStart && bodyStart <= closeStart && closeStart <= end)) {
                throw new IllegalArgumentException("code block offsets out of order: " + start + ", " + bodyStart
                        + ", " + closeStart + ", " + end);
            }
        }
    }

    /**
     * The model's reasoning ({@code <think>…</think>}, a {@code ```thinking} block, …); {@code text}
     * is without the tags, and lies in the message at [{@code textStart}, {@code textEnd()}).
     */
    record Thinking(String text, int start, int end, int textStart) implements Segment {
        public Thinking {
            Objects.requireNonNull(text, "text");
            if (textStart < start || textStart + text.length() > end) {
                throw new IllegalArgumentException("thinking text [" + textStart + ", " + (textStart + text.length())
                        + ") outside its segment [" + start + ", " + end + ")");
            }
        }

        /** Where the text ends in the message. */
        public int textEnd() {
            return textStart + text.length();
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
