package dev.rosetta.core.dialect.described;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.PythonCallStart;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * The python shape: Python calls after a marker ({@code <|python_start|>}, LFM2's
 * {@code <|tool_call_start|>}), which says calls follow, or — bare — a line that starts, after at
 * most {@link #MAX_INDENT} spaces, with {@code [NAME(} where NAME is a declared tool. A bare
 * bracket is common in prose ({@code [link](url)}, {@code [1, 2]}), so without the marker the first
 * call must name a tool that exists; with evidence {@code declared-tool} the marker needs that too
 * (Olmo 3's {@code <function_calls>} is also the xml wrapper).
 */
final class PythonCalls extends FormReader {

    static final int MAX_INDENT = 8;
    /** Whitespace looked through after a marker for the first character of its calls. */
    private static final int MAX_LOOK = 64;

    private final List<PythonCallsBlock.Marker> markers = new ArrayList<>();

    PythonCalls(Dialect dialect, CallForm form, ToolCatalog tools) {
        super(dialect, form, tools);
        for (int i = 0; i < form.open().size(); i++) {
            markers.add(new PythonCallsBlock.Marker(form.open().get(i), form.closeOf(i),
                    form.evidence() == Evidence.DECLARED_TOOL));
        }
    }

    @Override
    List<String> starts() {
        return form.bare() ? List.of("[", " ", "\t") : form.open();
    }

    /** A bare list after prose counts too, by the stricter rule of {@link MidLineCallList}. */
    @Override
    boolean midLine() {
        return form.bare() || form.midLine();
    }

    @Override
    List<String> midLineStarts() {
        return form.bare() ? List.of("[") : starts();
    }

    @Override
    Opening open(Input in, int at, boolean lineStart) {
        if (form.bare()) {
            return lineStart ? bare(in, at) : MidLineCallList.open(dialect, tools, in, at);
        }
        return marked(in, at);
    }

    private Opening marked(Input in, int at) {
        boolean partial = false;
        for (PythonCallsBlock.Marker marker : markers) {
            switch (in.match(at, marker.start())) {
                case YES -> {
                    return afterMarker(in, at, marker);
                }
                case PARTIAL -> partial = true;
                case NO -> { }
            }
        }
        return partial ? Opening.NEED_MORE : Opening.NONE;
    }

    /** Calls after a marker: it says calls follow, unless a declared tool's call must show it. */
    private Opening afterMarker(Input in, int at, PythonCallsBlock.Marker marker) {
        if (!marker.needsLoadedTool()) {
            return switch (jsonFollows(in, at + marker.start().length())) {
                case YES -> Opening.NONE;
                case PARTIAL -> Opening.NEED_MORE;
                case NO -> Opening.of(PythonCallsBlock.marked(dialect, tools, at, marker));
            };
        }
        return switch (PythonCallStart.at(in, at + marker.start().length(), tools)) {
            case YES -> Opening.of(PythonCallsBlock.marked(dialect, tools, at, marker));
            case PARTIAL -> Opening.NEED_MORE;
            case NO -> Opening.NONE;
        };
    }

    /**
     * Whether JSON objects, not Python calls, follow the marker ({@code [{"name": …}]}): LFM2 writes
     * both after one marker, and the json spelling of the same marker reads those.
     */
    private static Match jsonFollows(Input in, int from) {
        int i = from;
        boolean bracket = false;
        while (in.has(i) && i - from < MAX_LOOK) {
            char c = in.charAt(i);
            if (c == '[' && !bracket) {
                bracket = true;
            } else if (!Character.isWhitespace(c)) {
                return c == '{' ? Match.YES : Match.NO;
            }
            i++;
        }
        return in.has(i) || in.complete() ? Match.NO : Match.PARTIAL;
    }

    private Opening bare(Input in, int at) {
        int i = at;
        while (in.has(i) && (in.charAt(i) == ' ' || in.charAt(i) == '\t') && i - at < MAX_INDENT) {
            i++;
        }
        if (!in.has(i)) {
            return in.complete() ? Opening.NONE : Opening.NEED_MORE;
        }
        if (in.charAt(i) != '[') {
            return Opening.NONE;
        }
        int bracket = i;
        Match first = PythonCallStart.at(in, bracket + 1, tools);
        return switch (first) {
            case YES -> Opening.of(PythonCallsBlock.bare(dialect, tools, bracket));
            case PARTIAL -> Opening.NEED_MORE;
            case NO -> Opening.NONE;
        };
    }
}
