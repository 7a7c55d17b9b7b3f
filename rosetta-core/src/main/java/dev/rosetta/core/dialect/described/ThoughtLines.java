package dev.rosetta.core.dialect.described;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.TokenMatch;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment.Thinking;
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
                return Opening.of(new Thought(at, at + opener.token().length(), nl));
            }
            if (step.partial() && !in.complete()) {
                scan = nl;
                return Opening.NEED_MORE;
            }
            scan = next;
        }
    }

    /** The thought, from its opener to the line break before the step: reasoning, its text without the opener. */
    private record Thought(int start, int textFrom, int lineEnd) implements Block {

        @Override
        public int advance(Input in, Output out) {
            int textStart = textFrom;
            while (textStart < lineEnd && (in.charAt(textStart) == ' ' || in.charAt(textStart) == '\t')) {
                textStart++;
            }
            String text = in.slice(textStart, lineEnd).stripTrailing();
            out.event(new ThinkingDelta(text));
            out.segment(new Thinking(text, start, lineEnd + 1, textStart));
            return lineEnd + 1;
        }

        @Override
        public void endOfInput(Input in, Output out) {}

        @Override
        public boolean endsAtLineStart() {
            return true;
        }
    }
}
