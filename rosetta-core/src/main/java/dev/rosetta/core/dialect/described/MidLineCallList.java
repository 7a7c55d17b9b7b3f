package dev.rosetta.core.dialect.described;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.NativeCalls;
import dev.rosetta.core.dialect.PythonCallStart;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * A Python call list after prose on its line — {@code Let me check: [get_weather(city='Paris')]},
 * as the servers' pythonic parsers read it. Prose writes brackets all the time, so the list is a
 * call only when all of it holds: it closes on its line, it is the last thing on the line, every
 * call names a declared tool with keyword arguments of Python literals, and those arguments fit
 * the tool's declaration. Anything less and the text is prose, never a report: a mention
 * ({@code e.g. [f(x)] is a call}) must cost nothing. Decided once the line is there; each
 * character is looked at once (the bracket scan stops at the line's end, the tail check at the
 * first character that is not a space).
 */
final class MidLineCallList implements Block {

    private final Dialect dialect;
    private final ToolCatalog tools;
    private final int start;
    private final PythonExtent extent;
    private int lineScan;

    private MidLineCallList(Dialect dialect, ToolCatalog tools, int start) {
        this.dialect = dialect;
        this.tools = tools;
        this.start = start;
        this.extent = new PythonExtent(start);
        this.lineScan = start;
    }

    /** A list that may be a call at {@code at}, a {@code [} after prose: its first call names a declared tool. */
    static Opening open(Dialect dialect, ToolCatalog tools, Input in, int at) {
        if (!in.has(at) || in.charAt(at) != '[') {
            return Opening.NONE;
        }
        return switch (PythonCallStart.at(in, at + 1, tools)) {
            case YES -> Opening.of(new MidLineCallList(dialect, tools, at));
            case PARTIAL -> Opening.NEED_MORE;
            case NO -> Opening.NONE;
        };
    }

    @Override
    public int advance(Input in, Output out) {
        // The search for the line's end resumes where it stopped, so a long line streamed in small deltas is looked at once.
        int nl = in.indexOf('\n', lineScan);
        if (nl < 0) {
            lineScan = in.limit();
            if (!in.complete()) {
                return -1;
            }
        }
        int limit = nl < 0 ? in.limit() : nl + 1;
        int end = extent.scan(in, limit);
        if (end < 0) {
            out.prose(start, limit);
            return limit;
        }
        int after = end;
        while (after < limit && (in.charAt(after) == ' ' || in.charAt(after) == '\t' || in.charAt(after) == '\r')) {
            after++;
        }
        boolean lastOnLine = after == limit || in.charAt(after) == '\n';
        List<Segment> calls = lastOnLine ? calls(in, end) : null;
        if (calls == null) {
            out.prose(start, end);
        } else {
            calls.forEach(out::segment);
        }
        return end;
    }

    /** The list [start, end) as calls, each taking the comma or bracket after it; null when it is not all calls that fit. */
    private List<Segment> calls(Input in, int end) {
        List<Segment> out = new ArrayList<>();
        int from = start;
        int i = start + 1;
        while (true) {
            i = skipSpaces(in, i, end);
            int nameFrom = i;
            while (i < end && PythonCallStart.isNameChar(in.charAt(i))) {
                i++;
            }
            String name = in.slice(nameFrom, i);
            i = skipSpaces(in, i, end);
            if (name.isEmpty() || i >= end || in.charAt(i) != '(') {
                return null;
            }
            int callEnd = new PythonExtent(i).scan(in, end);
            ToolSpec spec = tools.resolve(name).orElse(null);
            Map<String, Object> arguments = callEnd < 0 || spec == null ? null : arguments(in.slice(nameFrom, callEnd), spec);
            if (arguments == null || spec.argumentProblem(arguments).isPresent()) {
                return null;
            }
            i = skipSpaces(in, callEnd, end);
            if (i >= end || in.charAt(i) != ',' && in.charAt(i) != ']') {
                return null;
            }
            boolean last = in.charAt(i) == ']';
            int to = last ? end : i + 1;
            out.add(NativeCalls.call(dialect, spec, arguments, null, in.slice(from, to), from, to));
            if (last) {
                return i + 1 == end ? out : null;
            }
            from = to;
            i = to;
        }
    }

    private static Map<String, Object> arguments(String text, ToolSpec spec) {
        try {
            return PythonCallsBlock.arguments(PythonCall.parse(text), spec);
        } catch (PythonCall.NotLiteral e) {
            return null;
        }
    }

    private static int skipSpaces(Input in, int i, int end) {
        while (i < end && Character.isWhitespace(in.charAt(i))) {
            i++;
        }
        return i;
    }

    @Override
    public void endOfInput(Input in, Output out) {
        // advance decides once the input is complete; nothing is left open.
    }
}
