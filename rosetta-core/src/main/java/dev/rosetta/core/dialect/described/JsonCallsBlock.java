package dev.rosetta.core.dialect.described;

import dev.rosetta.core.dialect.CallObject;
import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.attool.JsonExtent;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * One json-shaped construct: one or more JSON call objects (in a list, or separated by commas or
 * whitespace), then the closer. Each object is one call; its segment spans from the end of the
 * previous one (the opener, for the first) to its own end, the last one including the closer.
 *
 * <p>An object ends at the brace that balances its first one, counted outside strings, so a
 * closer inside a string value is text. Where the model forgot a brace, the closer,
 * {@code </think>} or the next opener met outside strings ends the object and the JSON repair
 * closes it. The closer itself may be missing: a balanced object is a whole call, and what
 * follows it is read as it would be without the construct — except after prose on the same
 * line: there a construct whose closer never came and that more text follows on its line is a
 * mention in a sentence ({@code as in <function_call> {…}.}), so the whole of it is prose.
 */
final class JsonCallsBlock implements Block {

    /** The closer models write by mistake after the JSON, taken as the closer. */
    static final String WRONG_CLOSER = "</think>";

    private enum State { OBJECT, BETWEEN }

    private final Dialect dialect;
    private final ToolCatalog tools;
    private final JsonCalls.Wrapper wrapper;
    private final int start;
    private final boolean list;
    private State state = State.BETWEEN;
    /** BETWEEN: where the search for the next object or the closer resumes. */
    private int scan;
    /** After the last separator (',', '[', ']', a fence) or object read: where the construct ends without its closer. */
    private int separatorsEnd;
    private int callStart;
    private JsonExtent extent;
    private int objectStart;
    private int objectEnd;
    private int objects;
    /** The object read last, not yet emitted: its segment ends where what follows it decides. */
    private CallObject pending;
    /** A construct whose first object does not make it a call (see {@link Evidence}): the whole of it is prose. */
    private boolean prose;
    /** Opened right after prose on its line: without its closer, it is a call only where its line ends with it. */
    private final boolean midLine;
    /** A line break stood between the last object read and where the scan is now. */
    private boolean lineBroken;
    /** Whether the call read last was announced: a mid-line call is announced once its closer (or line end) settles it. */
    private boolean announced;
    private boolean endedAsCall;

    /** A construct opened by {@code wrapper} at {@code start}; its JSON (a list with {@code list}) starts at {@code jsonStart}. */
    JsonCallsBlock(Dialect dialect, ToolCatalog tools, JsonCalls.Wrapper wrapper, int start, int jsonStart, boolean list,
            boolean midLine) {
        this.dialect = dialect;
        this.midLine = midLine && wrapper.closer() != null;
        this.tools = tools;
        this.wrapper = wrapper;
        this.start = start;
        this.list = list;
        this.callStart = start;
        this.scan = jsonStart;
        this.separatorsEnd = start + wrapper.opener().length();
    }

    @Override
    public int advance(Input in, Output out) {
        while (true) {
            if (state == State.OBJECT) {
                if (!readObject(in)) {
                    return -1;
                }
                objectRead(in, out);
                continue;
            }
            int i = skipSeparators(in);
            if (!in.has(i)) {
                return in.complete() ? finish(in, out, separatorsEnd) : -1;
            }
            char c = in.charAt(i);
            if (c == '{') {
                if (pending != null) {
                    emit(in, out, separatorsEnd);
                    callStart = separatorsEnd;
                }
                extent = new JsonExtent(i);
                objectStart = i;
                state = State.OBJECT;
                continue;
            }
            int closer = closerAt(in, i);
            if (closer < 0) {
                return -1;
            }
            if (closer == 0 && midLine && !lineBroken && objects > 0 && c != '<') {
                // A tag or token after the call (the next opener, an end-of-turn token) is no sentence going on.
                prose = true;
            }
            return finish(in, out, closer > 0 ? i + closer : separatorsEnd);
        }
    }

    @Override
    public void endOfInput(Input in, Output out) {
        if (isProse()) {
            out.prose(start, in.limit());
            return;
        }
        out.segment(new Unparsed(in.slice(callStart, in.limit()), dialect,
                "incomplete: the JSON in this " + wrapper.opener() + " was never closed, so it was not run"
                        + " (the reply may have been cut off)", callStart, in.limit()));
    }

    /** Scans the object on; true once it ended (balanced, or cut short by a tag outside strings). */
    private boolean readObject(Input in) {
        while (true) {
            int lt = in.indexOf('<', extent.position());
            int end = extent.scan(in, lt < 0 ? in.limit() : lt);
            if (end >= 0) {
                objectEnd = end;
                return true;
            }
            if (lt < 0) {
                return false;
            }
            if (extent.outsideStrings()) {
                Match m = tagInsideObject(in, lt);
                if (m == Match.PARTIAL) {
                    return false;
                }
                if (m == Match.YES) {
                    objectEnd = lt;
                    return true;
                }
            }
            extent.scan(in, lt + 1);
        }
    }

    /** A closer or the next opener where the JSON still needs a brace: the model forgot it. */
    private Match tagInsideObject(Input in, int at) {
        boolean partial = false;
        for (String t : new String[] {wrapper.closer(), WRONG_CLOSER, wrapper.opener()}) {
            if (t == null || t.charAt(0) != '<') {
                continue;
            }
            Match m = in.match(at, t);
            if (m == Match.YES) {
                return m;
            }
            partial |= m == Match.PARTIAL;
        }
        return partial ? Match.PARTIAL : Match.NO;
    }

    private void objectRead(Input in, Output out) {
        objects++;
        if (!prose) {
            CallObject call = CallObject.read(in.slice(objectStart, objectEnd), tools, "this " + wrapper.opener());
            if (objects == 1 && proseWith(call)) {
                prose = true;
            } else {
                pending = call;
                announced = false;
                if (!midLine) {
                    announce(out);
                }
            }
        }
        state = State.BETWEEN;
        scan = objectEnd;
        separatorsEnd = objectEnd;
        lineBroken = false;
    }

    private void announce(Output out) {
        if (!announced && pending.runs()) {
            out.event(new CallStarted(pending.spec().name(), dialect, callStart));
        }
        announced = true;
    }

    /** Whether the first object {@code first} makes the construct prose (see {@link Evidence}). */
    private boolean proseWith(CallObject first) {
        return switch (wrapper.evidence()) {
            case MARKER -> false;
            case CALL_SHAPED -> !first.callShaped();
            case DECLARED_TOOL -> first.spec() == null;
        };
    }

    private int skipSeparators(Input in) {
        int i = scan;
        while (in.has(i)) {
            char c = in.charAt(i);
            if (c == ',' || c == '`' || list && (c == '[' || c == ']')) {
                separatorsEnd = i + 1;
            } else if (c == '\n') {
                lineBroken = true;
            } else if (!Character.isWhitespace(c)) {
                break;
            }
            i++;
        }
        scan = i;
        return i;
    }

    /** The length of the closer at {@code at}, 0 if none is there, -1 if one may still be. */
    private int closerAt(Input in, int at) {
        int own = length(in, at, wrapper.closer());
        int wrong = length(in, at, WRONG_CLOSER);
        if (own > 0) {
            return own;
        }
        if (wrong > 0) {
            int after = ownCloserAfter(in, at + wrong);
            return after < 0 ? -1 : wrong + after;
        }
        return own < 0 || wrong < 0 ? -1 : 0;
    }

    private static int length(Input in, int at, String token) {
        if (token == null) {
            return 0;
        }
        return switch (in.match(at, token)) {
            case YES -> token.length();
            case PARTIAL -> -1;
            case NO -> 0;
        };
    }

    /**
     * After a {@code </think>} taken as the closer, the construct's own closer that still follows
     * (after whitespace) belongs to it too: {@code …}</think></tool_call>} leaves no stray tag.
     * Returns the length to add, or -1 while the next character is not there yet.
     */
    private int ownCloserAfter(Input in, int from) {
        int j = from;
        while (in.has(j) && Character.isWhitespace(in.charAt(j))) {
            j++;
        }
        if (!in.has(j)) {
            return in.complete() ? 0 : -1;
        }
        int own = length(in, j, wrapper.closer());
        return own < 0 ? -1 : own == 0 ? 0 : j + own - from;
    }

    /** Ends the construct at {@code end}, emitting the call still pending. */
    private int finish(Input in, Output out, int end) {
        if (isProse()) {
            out.prose(start, end);
        } else if (pending != null) {
            emit(in, out, end);
        } else {
            boolean cut = in.complete() && end == separatorsEnd && !in.has(scan);
            String problem = cut
                    ? "incomplete: the reply ended after " + wrapper.opener() + " before the call's JSON, so nothing was run"
                    : "expected a JSON object such as {\"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}} after "
                            + wrapper.opener() + ", so nothing was run";
            int to = cut ? in.limit() : end;
            out.segment(new Unparsed(in.slice(start, to), dialect, problem, start, to));
            return to;
        }
        return end;
    }

    /** After a call the text goes on as at a line start ({@code …</tools><tools>…}); after prose it does not. */
    @Override
    public boolean endsAtLineStart() {
        return endedAsCall && !isProse();
    }

    private boolean isProse() {
        return prose || wrapper.evidence() != Evidence.MARKER && objects == 0;
    }

    private void emit(Input in, Output out, int end) {
        announce(out);
        endedAsCall = true;
        out.segment(pending.segment(dialect, in.slice(callStart, end), callStart, end));
        pending = null;
    }
}
