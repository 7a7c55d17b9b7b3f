package dev.rosetta.core.dialect;

import dev.rosetta.core.dialect.attool.JsonExtent;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * A JSON list of call objects, {@code [{"name": …, "arguments": {…}}, …]}, or one such object
 * alone: Mistral's calls before tokenizer v11, and the bare list models write without the marker
 * (a server that drops special tokens, or {@code tool_choice: required}). Every element is a call,
 * read by {@link NativeCalls#fromObject}. The first element's segment starts where the construct
 * does (a marker before the list is its text); each element's segment takes the comma or bracket
 * after it, so the list's punctuation lies inside segments and the spaces between elements are
 * markup. Text in the list that is not an element is reported to the end of its line; a list still
 * open when the message ends is incomplete, its finished elements read.
 */
public final class CallList implements Block {

    private enum State { ELEMENT_LEAD, ELEMENT, ELEMENT_TAIL, AFTER_COMMA, BROKEN }

    private static final int CONTINUE = -2;

    private final Dialect dialect;
    private final ToolCatalog tools;
    private final int start;
    private final boolean list;
    private final Reports reports;
    private State state;
    private int pos;
    /** BROKEN: the text reported to the end of its line. */
    private RestOfLine restOfLine;
    private int elementStart;
    private int elementBrace;
    private JsonExtent json;
    private int balancedAt;
    private int commaEnd;
    private boolean emitted;

    /**
     * What the reports say: the problem of an empty list, what was cut off (for "incomplete: …
     * was never closed"), and the problem of text in the list that is not an element.
     */
    public record Reports(String empty, String cutOff, String unreadable) {}

    /** The list whose {@code [} is at {@code bracket}, the first call's segment starting at {@code start}. */
    public static CallList list(Dialect dialect, ToolCatalog tools, int start, int bracket, Reports reports) {
        CallList c = new CallList(dialect, tools, start, true, reports);
        c.pos = bracket + 1;
        c.state = State.ELEMENT_LEAD;
        return c;
    }

    /** One call object at {@code brace}, not in a list, its segment starting at {@code start}. */
    public static CallList single(Dialect dialect, ToolCatalog tools, int start, int brace, Reports reports) {
        CallList c = new CallList(dialect, tools, start, false, reports);
        c.pos = brace;
        c.startElement();
        return c;
    }

    private CallList(Dialect dialect, ToolCatalog tools, int start, boolean list, Reports reports) {
        this.dialect = dialect;
        this.tools = tools;
        this.start = start;
        this.list = list;
        this.reports = reports;
        this.elementStart = start;
    }

    @Override
    public int advance(Input in, Output out) {
        while (true) {
            int step = switch (state) {
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

    /** In the list: spaces between elements are markup; {@code ]} ends it; an element starts at '{'. */
    private int elementLead(Input in, Output out) {
        skipSpaces(in);
        if (!in.has(pos)) {
            return -1;
        }
        char c = in.charAt(pos);
        if (c == '{') {
            startElement();
        } else if (c == ']' && !emitted) {
            pos++;
            out.segment(new Unparsed(in.slice(start, pos), dialect, reports.empty(), start, pos));
            return pos;
        } else {
            if (emitted) {
                elementStart = pos;
            }
            state = State.BROKEN;
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
        skipSpaces(in);
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
        skipSpaces(in);
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

    private void skipSpaces(Input in) {
        while (in.has(pos) && Character.isWhitespace(in.charAt(pos))) {
            pos++;
        }
    }

    private void emitElement(Input in, Output out, int end) {
        Segment segment = NativeCalls.fromObject(dialect, tools, in.slice(elementBrace, balancedAt),
                in.slice(elementStart, end), elementStart, end);
        if (segment instanceof Call call) {
            out.event(new CallStarted(call.use().tool(), dialect, elementStart));
        }
        out.segment(segment);
        emitted = true;
    }

    /** Not an element: reported from here to the end of its line. */
    private int broken(Input in, Output out) {
        if (restOfLine == null) {
            restOfLine = new RestOfLine(pos);
        }
        return restOfLine.report(in, out, end -> unreadable(in, end));
    }

    private Unparsed unreadable(Input in, int end) {
        return new Unparsed(in.slice(elementStart, end), dialect, reports.unreadable(), elementStart, end);
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
            case ELEMENT -> incomplete(in, out);
        }
    }

    private void incomplete(Input in, Output out) {
        out.segment(NativeCalls.incomplete(dialect, reports.cutOff(), in.slice(elementStart, in.limit()),
                elementStart, in.limit()));
    }

    /** Calls may follow on the same line: what comes next is read as at a line start. */
    @Override
    public boolean endsAtLineStart() {
        return true;
    }
}
