package dev.rosetta.core.dialect;

import java.util.function.IntFunction;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment;

/**
 * Text after a marker that no call follows, reported to the end of its line: the rule every
 * native dialect keeps there. The search for the line's end resumes where it stopped, so a long
 * line that streams in is looked at once, not once per delta.
 */
public final class RestOfLine {

    private int scan;

    /** The report starts at {@code from}. */
    public RestOfLine(int from) {
        this.scan = from;
    }

    /**
     * Once the line's {@code '\n'} has come, reports the text up to it as the segment
     * {@code unreadable} makes for that end and returns the end; -1 before (the end of the message
     * is the block's {@code endOfInput}).
     */
    public int report(Input in, Output out, IntFunction<Segment> unreadable) {
        int nl = in.indexOf('\n', scan);
        if (nl < 0) {
            scan = in.limit();
            return -1;
        }
        out.segment(unreadable.apply(nl));
        return nl;
    }
}
