package dev.rosetta.core.dialect.described;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.NativeCalls;
import dev.rosetta.core.dialect.RestOfLine;
import dev.rosetta.core.dialect.PythonCallStart;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * A list of Python calls, {@code [f(a='x', b=1), g()]}, bare or between markers: Llama 4's
 * {@code <|python_start|>…<|python_end|>} or LFM2's {@code <|tool_call_start|>…<|tool_call_end|>}
 * (where the brackets may be left out; then calls may follow one another, one per line). Each call is a
 * segment that takes the comma or bracket after it (the first one also the opening bracket), so
 * the list's punctuation lies inside segments; the two tokens are markup. A call still open at
 * the end of the message is incomplete; {@code <|python_end|>} may be missing.
 */
final class PythonCallsBlock implements Block {

    /**
     * The tokens around marked calls: what opens them and what ends them (null when nothing does),
     * and whether a declared tool's call must come first (Olmo 3's {@code <function_calls>} is also
     * the xml wrapper).
     */
    record Marker(String start, String end, boolean needsLoadedTool) {}

    private static final int MAX_NAME = 128;

    private enum State { MARKER, LIST_LEAD, NAME, ARGUMENTS, TAIL, AFTER_COMMA, END_MARK, BROKEN }

    private final Dialect dialect;
    private final ToolCatalog tools;
    private final int start;
    private final boolean marked;
    /** The marker that opened the calls, or null for a bare list. */
    private final Marker marker;
    private State state;
    private boolean list;
    private int pos;
    /** BROKEN: the text reported to the end of its line. */
    private RestOfLine restOfLine;
    private int callStart;
    private int nameFrom;
    private int nameEnd;
    private String name;
    private PythonExtent extent;
    private int closeAt;
    private int commaEnd;
    private boolean emitted;

    /** A list opened by the bracket at {@code bracket}. */
    static PythonCallsBlock bare(Dialect dialect, ToolCatalog tools, int bracket) {
        PythonCallsBlock block = new PythonCallsBlock(dialect, tools, bracket, null, bracket + 1);
        block.list = true;
        block.callStart = bracket;
        block.state = State.LIST_LEAD;
        return block;
    }

    /** What follows the start token of {@code marker} at {@code token}. */
    static PythonCallsBlock marked(Dialect dialect, ToolCatalog tools, int token, Marker marker) {
        PythonCallsBlock block = new PythonCallsBlock(dialect, tools, token, marker, token + marker.start().length());
        block.state = State.MARKER;
        return block;
    }

    private PythonCallsBlock(Dialect dialect, ToolCatalog tools, int start, Marker marker, int pos) {
        this.dialect = dialect;
        this.tools = tools;
        this.start = start;
        this.marker = marker;
        this.marked = marker != null;
        this.pos = pos;
    }

    @Override
    public int advance(Input in, Output out) {
        while (true) {
            int step = switch (state) {
                case MARKER -> marker(in);
                case LIST_LEAD -> listLead(in, out);
                case NAME -> name(in, out);
                case ARGUMENTS -> arguments(in);
                case TAIL -> tail(in, out);
                case AFTER_COMMA -> afterComma(in, out);
                case END_MARK -> endMark(in);
                case BROKEN -> broken(in, out);
            };
            if (step != CONTINUE) {
                return step;
            }
        }
    }

    private static final int CONTINUE = -2;

    private int marker(Input in) {
        skipSpaces(in);
        if (!in.has(pos)) {
            return -1;
        }
        char c = in.charAt(pos);
        callStart = pos;
        if (c == '[') {
            list = true;
            pos++;
            state = State.LIST_LEAD;
        } else if (isNameStart(c)) {
            startName();
        } else if (marker.end() != null && c == marker.end().charAt(0)) {
            state = State.END_MARK;
        } else {
            state = State.BROKEN;
        }
        return CONTINUE;
    }

    private int listLead(Input in, Output out) {
        skipSpaces(in);
        if (!in.has(pos)) {
            return -1;
        }
        char c = in.charAt(pos);
        if (isNameStart(c)) {
            if (emitted) {
                callStart = pos;
            }
            startName();
        } else if (c == ']' && !emitted) {
            pos++;
            out.segment(new Unparsed(in.slice(callStart, pos), dialect,
                    "an empty list of calls calls nothing", callStart, pos));
            state = State.END_MARK;
        } else {
            if (emitted) {
                callStart = pos;
            }
            state = State.BROKEN;
        }
        return CONTINUE;
    }

    private void startName() {
        nameFrom = pos;
        nameEnd = -1;
        state = State.NAME;
    }

    private int name(Input in, Output out) {
        if (nameEnd < 0) {
            while (in.has(pos) && isNameChar(in.charAt(pos)) && pos - nameFrom < MAX_NAME) {
                pos++;
            }
            if (!in.has(pos)) {
                return -1;
            }
            nameEnd = pos;
        }
        skipSpaces(in);
        if (!in.has(pos)) {
            return -1;
        }
        if (in.charAt(pos) != '(' || nameEnd - nameFrom >= MAX_NAME) {
            state = State.BROKEN;
            return CONTINUE;
        }
        name = in.slice(nameFrom, nameEnd);
        tools.resolve(name).ifPresent(spec -> out.event(new CallStarted(spec.name(), dialect, callStart)));
        extent = new PythonExtent(pos);
        state = State.ARGUMENTS;
        return CONTINUE;
    }

    private int arguments(Input in) {
        int end = extent.scan(in);
        if (end < 0) {
            return -1;
        }
        closeAt = end;
        pos = end;
        state = State.TAIL;
        return CONTINUE;
    }

    /** After a call: a comma or (in a list) the bracket is its own; without brackets, the end token or the next call may follow. */
    private int tail(Input in, Output out) {
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
        if (c == ']' && list) {
            emit(in, out, ++pos);
            state = State.END_MARK;
            return CONTINUE;
        }
        if (!list && marked && isNameStart(c)) {
            emit(in, out, closeAt);
            callStart = pos;
            startName();
            return CONTINUE;
        }
        if (!list && marked && marker.end() != null && c == marker.end().charAt(0)) {
            Match end = in.match(pos, marker.end());
            if (end == Match.PARTIAL) {
                return -1;
            }
            emit(in, out, closeAt);
            return end == Match.YES ? pos + marker.end().length() : closeAt;
        }
        emit(in, out, closeAt);
        return closeAt;
    }

    /** A comma before the closing bracket is the last call's, with the bracket. */
    private int afterComma(Input in, Output out) {
        skipSpaces(in);
        if (!in.has(pos)) {
            return -1;
        }
        char c = in.charAt(pos);
        if (c == ']' && list) {
            emit(in, out, ++pos);
            state = State.END_MARK;
            return CONTINUE;
        }
        emit(in, out, commaEnd);
        if (isNameStart(c)) {
            callStart = pos;
            startName();
            return CONTINUE;
        }
        return commaEnd;
    }

    /** After the list: the end token right there is markup. */
    private int endMark(Input in) {
        if (!marked || marker.end() == null) {
            return pos;
        }
        return switch (in.match(pos, marker.end())) {
            case YES -> pos + marker.end().length();
            case PARTIAL -> -1;
            case NO -> pos;
        };
    }

    private int broken(Input in, Output out) {
        if (restOfLine == null) {
            restOfLine = new RestOfLine(pos);
        }
        return restOfLine.report(in, out, end -> unreadable(in, end));
    }

    private Unparsed unreadable(Input in, int end) {
        return new Unparsed(in.slice(callStart, end), dialect,
                "expected a list of calls such as [tool(argument='value')], so this was not run", callStart, end);
    }

    private void emit(Input in, Output out, int end) {
        out.segment(segment(in.slice(nameFrom, closeAt), in.slice(callStart, end), end));
        emitted = true;
    }

    private Segment segment(String text, String raw, int end) {
        Optional<ToolSpec> spec = tools.resolve(name);
        if (spec.isEmpty()) {
            return new Unparsed(raw, dialect, NativeCalls.unknownTool(name, tools), callStart, end);
        }
        try {
            PythonCall call = PythonCall.parse(text);
            return NativeCalls.call(dialect, spec.get(), arguments(call, spec.get()), null,
                    raw, callStart, end);
        } catch (PythonCall.NotLiteral e) {
            return new Unparsed(raw, dialect, "the arguments of " + name
                    + " are not Python literals, so it was not run: " + e.getMessage(), callStart, end);
        }
    }

    /** Keyword arguments as they are; positional ones take the declared parameters in order. */
    static Map<String, Object> arguments(PythonCall call, ToolSpec spec) {
        Map<String, Object> out = new LinkedHashMap<>();
        List<Parameter> declared = spec.parameters();
        if (call.positional().size() > declared.size()) {
            throw new PythonCall.NotLiteral(spec.name() + " takes " + declared.size() + " positional argument"
                    + (declared.size() == 1 ? "" : "s") + "; name the arguments (argument='value')");
        }
        for (int k = 0; k < call.positional().size(); k++) {
            out.put(declared.get(k).name(), call.positional().get(k));
        }
        for (Map.Entry<String, Object> e : call.keywords().entrySet()) {
            if (out.containsKey(e.getKey())) {
                throw new PythonCall.NotLiteral("'" + e.getKey() + "' is given twice");
            }
            out.put(e.getKey(), e.getValue());
        }
        return out;
    }

    @Override
    public void endOfInput(Input in, Output out) {
        switch (state) {
            case TAIL -> emit(in, out, closeAt);
            case AFTER_COMMA -> emit(in, out, commaEnd);
            case END_MARK -> { }
            case LIST_LEAD -> {
                if (!emitted) {
                    incomplete(in, out, "the list of calls");
                }
            }
            case BROKEN -> out.segment(unreadable(in, in.limit()));
            case MARKER -> {
                callStart = start;
                incomplete(in, out, "the call after " + marker.start());
            }
            default -> incomplete(in, out, name != null ? "the call to " + name : "this call");
        }
    }

    private void incomplete(Input in, Output out, String what) {
        out.segment(NativeCalls.incomplete(dialect, what, in.slice(callStart, in.limit()),
                callStart, in.limit()));
    }

    private void skipSpaces(Input in) {
        while (in.has(pos) && Character.isWhitespace(in.charAt(pos))) {
            pos++;
        }
    }

    static boolean isNameStart(char c) {
        return PythonCallStart.isNameStart(c);
    }

    static boolean isNameChar(char c) {
        return PythonCallStart.isNameChar(c);
    }

    @Override
    public boolean endsAtLineStart() {
        return true;
    }
}
