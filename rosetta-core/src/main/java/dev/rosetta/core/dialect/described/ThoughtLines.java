package dev.rosetta.core.dialect.described;

import java.util.List;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.dialect.TokenMatch;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Thinking;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.split.StreamEvent.ThinkingDelta;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * The thought shape: a line that starts with the opener ({@code Thought:}) is reasoning when it
 * heads a step — when a later line starts with one of the stop words ({@code Action:},
 * {@code Final Answer:}) within {@link #MAX_THOUGHT} characters; the reasoning ends before that
 * line, which its own reader reads. A thought that heads no step is prose, so a sentence that
 * happens to start with the word is never hidden. Undecided, the line is held, and the look
 * resumes where it stopped: each character is looked at once.
 */
final class ThoughtLines extends FormReader {

    /** A thought longer than this heads no step: its text stays prose. */
    static final int MAX_THOUGHT = 4096;

    /**
     * The opener being decided, and where the look for the next line start resumes: every line
     * start before it holds no stop word, so a later thought among those lines resumes there too.
     */
    private int pendingAt = -1;
    private int scan;

    ThoughtLines(Dialect dialect, CallForm form, ToolCatalog tools) {
        super(dialect, form, tools);
    }

    @Override
    Opening open(Input in, int at, boolean lineStart) {
        if (!lineStart) {
            return Opening.NONE;
        }
        TokenMatch opener = TokenMatch.at(in, at, form.open());
        if (!opener.yes()) {
            return opener.partial() ? Opening.NEED_MORE : Opening.NONE;
        }
        if (pendingAt != at) {
            // A thought on a line the last look passed over: the line starts up to scan hold no stop word.
            boolean lookedOver = pendingAt >= 0 && at > pendingAt && at < scan;
            pendingAt = at;
            scan = lookedOver ? scan : at;
        }
        while (true) {
            int nl = in.indexOf('\n', scan);
            if (nl < 0) {
                scan = in.limit();
                return in.complete() || in.limit() - at > MAX_THOUGHT ? Opening.NONE : Opening.NEED_MORE;
            }
            int next = nl + 1;
            if (next - at > MAX_THOUGHT) {
                return Opening.NONE;
            }
            if (!in.has(next)) {
                scan = nl;
                return in.complete() ? Opening.NONE : Opening.NEED_MORE;
            }
            TokenMatch step = TokenMatch.at(in, next, form.stop());
            if (step.yes()) {
                return Opening.of(new Thought(tools, at, at + opener.token().length(), nl));
            }
            if (step.partial() && !in.complete()) {
                scan = nl;
                return Opening.NEED_MORE;
            }
            scan = next;
        }
    }

    /**
     * The thought, from its opener to the line break before the step: reasoning, its text without
     * the opener. A call written on the line is reported, not run and not hidden in the reasoning:
     * the line is read by every dialect's reader (only where a character that can start a call is
     * on it), and each call found becomes a report between the thinking pieces.
     */
    private record Thought(ToolCatalog tools, int start, int textFrom, int lineEnd) implements Block {

        /** A call spelled in any dialect has one of these on its line. */
        private static final String CALL_CHARS = "<[{`@>";

        static final String CALL_INSIDE = "a tool call inside reasoning (a Thought: line) is not run: write it as a step"
                + " of its own, an Action: line naming the tool and an Action Input: line with its arguments";

        @Override
        public int advance(Input in, Output out) {
            int textStart = textFrom;
            while (textStart < lineEnd && (in.charAt(textStart) == ' ' || in.charAt(textStart) == '\t')) {
                textStart++;
            }
            String line = in.slice(textStart, lineEnd);
            List<Segment> inner = mayHoldACall(line) ? StreamSplitter.split(line, ToolFormat.allReaders(tools)) : List.of();
            if (inner.stream().noneMatch(s -> s instanceof Segment.Call || s instanceof Segment.Unparsed)) {
                thinking(out, line.stripTrailing(), start, lineEnd + 1, textStart);
                return lineEnd + 1;
            }
            int from = start;
            int textAt = textStart;
            StringBuilder text = new StringBuilder();
            for (Segment s : inner) {
                if (s instanceof Segment.Call || s instanceof Segment.Unparsed) {
                    int callEnd = textStart + s.end();
                    if (!text.isEmpty() && !text.toString().isBlank()) {
                        thinking(out, text.toString().strip(), from, textStart + s.start(), textAt);
                        from = textStart + s.start();
                    }
                    text.setLength(0);
                    Dialect written = s instanceof Segment.Call c ? c.dialect() : ((Unparsed) s).dialect();
                    out.segment(new Unparsed(in.slice(from, callEnd), written, CALL_INSIDE, from, callEnd));
                    from = callEnd;
                    textAt = from;
                } else {
                    text.append(line, s.start(), s.end());
                }
            }
            if (!text.toString().isBlank()) {
                while (Character.isWhitespace(in.charAt(textAt))) {
                    textAt++;
                }
                thinking(out, text.toString().strip(), from, lineEnd + 1, textAt);
            }
            return lineEnd + 1;
        }

        private static boolean mayHoldACall(String line) {
            for (int i = 0; i < line.length(); i++) {
                if (CALL_CHARS.indexOf(line.charAt(i)) >= 0) {
                    return true;
                }
            }
            return false;
        }

        private static void thinking(Output out, String text, int from, int to, int textStart) {
            out.event(new ThinkingDelta(text));
            out.segment(new Thinking(text, from, to, textStart));
        }

        @Override
        public void endOfInput(Input in, Output out) {}

        @Override
        public boolean endsAtLineStart() {
            return true;
        }
    }
}
