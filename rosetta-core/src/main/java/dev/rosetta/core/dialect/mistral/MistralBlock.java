package dev.rosetta.core.dialect.mistral;

import dev.rosetta.core.dialect.CallList;
import dev.rosetta.core.dialect.NativeCalls;
import dev.rosetta.core.dialect.RestOfLine;
import dev.rosetta.core.dialect.attool.JsonExtent;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * What follows one {@code [TOOL_CALLS]}: either tokenizer v11's {@code NAME[ARGS]{json}} (with
 * or without {@code [ARGS]}, optionally {@code [CALL_ID]ID}), which is one call, or the older
 * JSON list {@code [{"name": …, "arguments": {…}}, …]}, whose every element is a call. The
 * marker belongs to the first call's text, and each element's text takes the comma or bracket
 * after it, so the list's punctuation lies inside segments. A call still open when the message
 * ends is incomplete; what follows the marker that is neither shape is reported to the end of its line.
 */
final class MistralBlock implements Block {

    static final String MARKER = "[TOOL_CALLS]";
    static final String ARGS = "[ARGS]";
    static final String CALL_ID = "[CALL_ID]";
    private static final int MAX_NAME = 128;

    private enum State { LEAD, NAME, AFTER_NAME, CALL_ID, ARGUMENTS, LIST, BROKEN }

    private static final CallList.Reports LIST_REPORTS = new CallList.Reports(MARKER + " with an empty list calls nothing",
            "the call after " + MARKER, unreadableProblem());

    private final ToolCatalog tools;
    private final int start;
    private State state = State.LEAD;
    private int pos;
    /** BROKEN: the text reported to the end of its line. */
    private RestOfLine restOfLine;
    private int nameFrom;
    private String name;
    private String callId;
    private int argumentsFrom;
    private JsonExtent json;
    /** The JSON list (or lone object) after the marker, before v11: it reads the rest. */
    private CallList list;

    MistralBlock(ToolCatalog tools, int start) {
        this.tools = tools;
        this.start = start;
        this.pos = start + MARKER.length();
    }

    @Override
    public int advance(Input in, Output out) {
        while (true) {
            int step = switch (state) {
                case LEAD -> lead(in);
                case NAME -> name(in, out);
                case AFTER_NAME -> afterName(in);
                case CALL_ID -> callId(in);
                case ARGUMENTS -> arguments(in, out);
                case LIST -> list.advance(in, out);
                case BROKEN -> broken(in, out);
            };
            if (step != CONTINUE) {
                return step;
            }
        }
    }

    private static final int CONTINUE = -2;

    private int lead(Input in) {
        while (in.has(pos) && Character.isWhitespace(in.charAt(pos))) {
            pos++;
        }
        if (!in.has(pos)) {
            return -1;
        }
        char c = in.charAt(pos);
        if (c == '[') {
            list = CallList.list(MistralDialect.INSTANCE, tools, start, pos, LIST_REPORTS);
            state = State.LIST;
        } else if (c == '{') {
            list = CallList.single(MistralDialect.INSTANCE, tools, start, pos, LIST_REPORTS);
            state = State.LIST;
        } else if (isNameChar(c)) {
            nameFrom = pos;
            state = State.NAME;
        } else {
            state = State.BROKEN;
        }
        return CONTINUE;
    }

    private int name(Input in, Output out) {
        while (in.has(pos) && isNameChar(in.charAt(pos)) && pos - nameFrom < MAX_NAME) {
            pos++;
        }
        if (!in.has(pos)) {
            return -1;
        }
        if (pos - nameFrom >= MAX_NAME) {
            state = State.BROKEN;
            return CONTINUE;
        }
        name = in.slice(nameFrom, pos);
        tools.resolve(name).ifPresent(spec -> out.event(new CallStarted(spec.name(), MistralDialect.INSTANCE, start)));
        state = State.AFTER_NAME;
        return CONTINUE;
    }

    /** Between the name and the JSON: spaces, {@code [CALL_ID]ID} and {@code [ARGS]}. */
    private int afterName(Input in) {
        while (in.has(pos) && (in.charAt(pos) == ' ' || in.charAt(pos) == '\t')) {
            pos++;
        }
        if (!in.has(pos)) {
            return -1;
        }
        char c = in.charAt(pos);
        if (c == '{') {
            argumentsFrom = pos;
            json = new JsonExtent(pos);
            state = State.ARGUMENTS;
            return CONTINUE;
        }
        if (c == '[') {
            Match id = in.match(pos, CALL_ID);
            Match args = in.match(pos, ARGS);
            if (id == Match.YES) {
                pos += CALL_ID.length();
                nameFrom = pos;
                state = State.CALL_ID;
                return CONTINUE;
            }
            if (args == Match.YES) {
                pos += ARGS.length();
                return CONTINUE;
            }
            if (id == Match.PARTIAL || args == Match.PARTIAL) {
                return -1;
            }
        }
        state = State.BROKEN;
        return CONTINUE;
    }

    private int callId(Input in) {
        while (in.has(pos) && isNameChar(in.charAt(pos)) && pos - nameFrom < MAX_NAME) {
            pos++;
        }
        if (!in.has(pos)) {
            return -1;
        }
        callId = in.slice(nameFrom, pos);
        state = State.AFTER_NAME;
        return CONTINUE;
    }

    /** The v11 arguments: to the balancing brace, or to a next {@code [TOOL_CALLS]} if they never balance. */
    private int arguments(Input in, Output out) {
        while (in.has(pos)) {
            if (json.outsideStrings() && in.charAt(pos) == '[') {
                Match next = in.match(pos, MARKER);
                if (next == Match.PARTIAL) {
                    return -1;
                }
                if (next == Match.YES) {
                    return emitCall(in, out, pos);
                }
            }
            boolean closed = json.next(in);
            pos = json.position();
            if (closed) {
                return emitCall(in, out, pos);
            }
        }
        return -1;
    }

    private int emitCall(Input in, Output out, int end) {
        out.segment(NativeCalls.fromJson(MistralDialect.INSTANCE, tools, name, in.slice(argumentsFrom, end), callId,
                in.slice(start, end), start, end));
        return end;
    }

    /** Neither shape: the marker and the rest of its line are reported. */
    private int broken(Input in, Output out) {
        if (restOfLine == null) {
            restOfLine = new RestOfLine(pos);
        }
        return restOfLine.report(in, out, end -> unreadable(in, end));
    }

    private Unparsed unreadable(Input in, int end) {
        return new Unparsed(in.slice(start, end), MistralDialect.INSTANCE, unreadableProblem(), start, end);
    }

    private static String unreadableProblem() {
        return "after " + MARKER + " comes NAME[ARGS]{json arguments} or a JSON list of calls, so this was not run";
    }

    @Override
    public void endOfInput(Input in, Output out) {
        switch (state) {
            case LIST -> list.endOfInput(in, out);
            case BROKEN -> out.segment(unreadable(in, in.limit()));
            default -> {
                String what = name != null ? "the call to " + name : "the call after " + MARKER;
                out.segment(NativeCalls.incomplete(MistralDialect.INSTANCE, what, in.slice(start, in.limit()),
                        start, in.limit()));
            }
        }
    }

    static boolean isNameChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.');
    }

    /** Calls follow one another directly ({@code …}[TOOL_CALLS]next{…}): the next marker is read as at a line start. */
    @Override
    public boolean endsAtLineStart() {
        return true;
    }
}
