package dev.rosetta.core.dialect.hermes;

import dev.rosetta.core.dialect.CallObject;
import dev.rosetta.core.dialect.attool.JsonExtent;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * One {@code <tool_call>} block: one or more JSON objects (in an array, or separated by commas
 * or whitespace), then the closer. Each object is one call; its segment spans from the end of
 * the previous one (the tag, for the first) to its own end, the last one including the closer.
 *
 * <p>An object ends at the brace that balances its first one, counted outside strings, so a
 * {@code </tool_call>} inside a string value is text. Where the model forgot a brace, the
 * closer, {@code </think>} or the next opener met outside strings ends the object and the JSON
 * repair closes it. The closer itself may be missing: a balanced object is a whole call, and
 * what follows it is read as it would be without the block.
 */
final class HermesBlock implements Block {

    private enum State { OBJECT, BETWEEN }

    private final ToolCatalog tools;
    private final HermesTag tag;
    private final int start;
    private final boolean array;
    private State state = State.BETWEEN;
    /** BETWEEN: where the search for the next object or the closer resumes. */
    private int scan;
    /** After the last separator (',', '[', ']') or object read: where the block ends without its closer. */
    private int separatorsEnd;
    private int callStart;
    private JsonExtent extent;
    private int objectStart;
    private int objectEnd;
    private int objects;
    /** The object read last, not yet emitted: its segment ends where what follows it decides. */
    private CallObject pending;
    /** A block whose first object does not make it a call ({@link HermesTag#proseWith}): the whole block is prose. */
    private boolean schemas;

    /** A block opened by {@code tag} at {@code start}; its JSON (an array with {@code array}) starts at {@code jsonStart}. */
    HermesBlock(ToolCatalog tools, HermesTag tag, int start, int jsonStart, boolean array) {
        this.tools = tools;
        this.tag = tag;
        this.start = start;
        this.array = array;
        this.callStart = start;
        this.scan = jsonStart;
        this.separatorsEnd = start + tag.opener().length();
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
            int closer = c == '<' ? closerAt(in, i) : 0;
            if (closer < 0) {
                return -1;
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
        out.segment(new Unparsed(in.slice(callStart, in.limit()), HermesDialect.INSTANCE,
                "incomplete: the JSON in this " + tag.opener() + " was never closed, so it was not run"
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
        for (String t : new String[] {tag.closer(), HermesTag.WRONG_CLOSER, tag.opener()}) {
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
        if (!schemas) {
            CallObject call = CallObject.read(in.slice(objectStart, objectEnd), tools, "this " + tag.opener());
            if (objects == 1 && tag.proseWith(call)) {
                schemas = true;
            } else {
                pending = call;
                if (call.spec() != null) {
                    out.event(new CallStarted(call.spec().name(), HermesDialect.INSTANCE, callStart));
                }
            }
        }
        state = State.BETWEEN;
        scan = objectEnd;
        separatorsEnd = objectEnd;
    }

    private int skipSeparators(Input in) {
        int i = scan;
        while (in.has(i)) {
            char c = in.charAt(i);
            if (c == ',' || array && (c == '[' || c == ']')) {
                separatorsEnd = i + 1;
            } else if (!Character.isWhitespace(c)) {
                break;
            }
            i++;
        }
        scan = i;
        return i;
    }

    /** The length of the closer at i, 0 if none is there, -1 if one may still be. */
    private static int closerLength(Input in, int at, String closer) {
        return switch (in.match(at, closer)) {
            case YES -> closer.length();
            case PARTIAL -> -1;
            case NO -> 0;
        };
    }

    private int closerAt(Input in, int at) {
        int own = closerLength(in, at, tag.closer());
        int wrong = closerLength(in, at, HermesTag.WRONG_CLOSER);
        if (own > 0) {
            return own;
        }
        if (wrong > 0) {
            int after = ownCloserAfter(in, at + wrong);
            return after < 0 ? -1 : wrong + after;
        }
        return own < 0 || wrong < 0 ? -1 : 0;
    }

    /**
     * After a {@code </think>} taken as the closer, the block's own closer that still follows
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
        int own = closerLength(in, j, tag.closer());
        return own < 0 ? -1 : own == 0 ? 0 : j + own - from;
    }

    /** Ends the block at {@code end}, emitting the call still pending. */
    private int finish(Input in, Output out, int end) {
        if (isProse()) {
            out.prose(start, end);
        } else if (pending != null) {
            emit(in, out, end);
        } else {
            boolean cut = in.complete() && end == separatorsEnd && !in.has(scan);
            String problem = cut
                    ? "incomplete: the reply ended after " + tag.opener() + " before the call's JSON, so nothing was run"
                    : "expected a JSON object such as {\"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}} after "
                            + tag.opener() + ", so nothing was run";
            int to = cut ? in.limit() : end;
            out.segment(new Unparsed(in.slice(start, to), HermesDialect.INSTANCE, problem, start, to));
            return to;
        }
        return end;
    }

    private boolean isProse() {
        return schemas || tag.mayBeProse() && objects == 0;
    }

    private void emit(Input in, Output out, int end) {
        out.segment(pending.segment(HermesDialect.INSTANCE, in.slice(callStart, end), callStart, end));
        pending = null;
    }
}
