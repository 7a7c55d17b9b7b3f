package dev.rosetta.core.dialect.mistral;

import dev.rosetta.core.dialect.NativeCalls;
import dev.rosetta.core.dialect.attool.JsonExtent;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
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

    private enum State { LEAD, NAME, AFTER_NAME, CALL_ID, ARGUMENTS, ELEMENT_LEAD, ELEMENT, ELEMENT_TAIL, AFTER_COMMA, BROKEN }

    private final ToolCatalog tools;
    private final int start;
    private State state = State.LEAD;
    private int pos;
    private int nameFrom;
    private String name;
    private String callId;
    private int argumentsFrom;
    private JsonExtent json;
    private boolean list;
    private int elementStart;
    private int elementBrace;
    private int balancedAt;
    private int commaEnd;
    private boolean emitted;

    MistralBlock(ToolCatalog tools, int start) {
        this.tools = tools;
        this.start = start;
        this.pos = start + MARKER.length();
        this.elementStart = start;
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
                case ELEMENT_LEAD -> elementLead(in, out);
                case ELEMENT -> element(in, out);
                case ELEMENT_TAIL -> elementTail(in, out);
                case AFTER_COMMA -> afterComma(in, out);
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
            list = true;
            pos++;
            state = State.ELEMENT_LEAD;
        } else if (c == '{') {
            startElement();
        } else if (isNameChar(c)) {
            nameFrom = pos;
            state = State.NAME;
        } else {
            state = State.BROKEN;
        }
        return CONTINUE;
    }

    /** Text in the list that is not an element: reported from here to the end of its line. */
    private void broke() {
        if (emitted) {
            elementStart = pos;
        }
        state = State.BROKEN;
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

    /** In the list: spaces between elements are markup; {@code ]} ends it; an element starts at '{'. */
    private int elementLead(Input in, Output out) {
        while (in.has(pos) && Character.isWhitespace(in.charAt(pos))) {
            pos++;
        }
        if (!in.has(pos)) {
            return -1;
        }
        char c = in.charAt(pos);
        if (c == '{') {
            startElement();
        } else if (c == ']' && !emitted) {
            pos++;
            out.segment(new Unparsed(in.slice(start, pos), MistralDialect.INSTANCE,
                    MARKER + " with an empty list calls nothing", start, pos));
            return pos;
        } else {
            broke();
        }
        return CONTINUE;
    }

    private void startElement() {
        if (emitted) {
            elementStart = pos;
        }
        elementBrace = pos;
        json = new JsonExtent(pos);
        state = State.ELEMENT;
    }

    private int element(Input in, Output out) {
        int end = json.scan(in);
        if (end < 0) {
            return -1;
        }
        pos = end;
        balancedAt = end;
        if (!list) {
            emitElement(in, out, end);
            return end;
        }
        state = State.ELEMENT_TAIL;
        return CONTINUE;
    }

    /** After an element: a comma or the closing bracket is its own; anything else ends the list. */
    private int elementTail(Input in, Output out) {
        while (in.has(pos) && Character.isWhitespace(in.charAt(pos))) {
            pos++;
        }
        if (!in.has(pos)) {
            return -1;
        }
        char c = in.charAt(pos);
        if (c == ',') {
            commaEnd = ++pos;
            state = State.AFTER_COMMA;
            return CONTINUE;
        }
        if (c == ']') {
            emitElement(in, out, ++pos);
            return pos;
        }
        emitElement(in, out, balancedAt);
        return balancedAt;
    }

    /** A comma before the closing bracket ({@code [{…},]}) is the last element's, with the bracket. */
    private int afterComma(Input in, Output out) {
        while (in.has(pos) && Character.isWhitespace(in.charAt(pos))) {
            pos++;
        }
        if (!in.has(pos)) {
            return -1;
        }
        if (in.charAt(pos) == ']') {
            emitElement(in, out, ++pos);
            return pos;
        }
        emitElement(in, out, commaEnd);
        state = State.ELEMENT_LEAD;
        return CONTINUE;
    }

    private void emitElement(Input in, Output out, int end) {
        Segment segment = NativeCalls.fromObject(MistralDialect.INSTANCE, tools, in.slice(elementBrace, balancedAt),
                in.slice(elementStart, end), elementStart, end);
        if (segment instanceof Call call) {
            out.event(new CallStarted(call.use().tool(), MistralDialect.INSTANCE, elementStart));
        }
        out.segment(segment);
        emitted = true;
    }

    /** Neither shape: the marker and the rest of its line are reported. */
    private int broken(Input in, Output out) {
        int nl = in.indexOf('\n', pos);
        if (nl < 0) {
            return -1;
        }
        out.segment(unreadable(in, nl));
        return nl;
    }

    private Unparsed unreadable(Input in, int end) {
        return new Unparsed(in.slice(elementStart, end), MistralDialect.INSTANCE, "after " + MARKER
                + " comes NAME[ARGS]{json arguments} or a JSON list of calls, so this was not run", elementStart, end);
    }

    @Override
    public void endOfInput(Input in, Output out) {
        switch (state) {
            case ELEMENT_TAIL -> emitElement(in, out, balancedAt);
            case AFTER_COMMA -> emitElement(in, out, commaEnd);
            case ELEMENT_LEAD -> {
                if (!emitted) {
                    incomplete(in, out);
                }
            }
            case BROKEN -> out.segment(unreadable(in, in.limit()));
            default -> incomplete(in, out);
        }
    }

    private void incomplete(Input in, Output out) {
        String what = name != null ? "the call to " + name : "the call after " + MARKER;
        out.segment(NativeCalls.incomplete(MistralDialect.INSTANCE, what, in.slice(elementStart, in.limit()),
                elementStart, in.limit()));
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
