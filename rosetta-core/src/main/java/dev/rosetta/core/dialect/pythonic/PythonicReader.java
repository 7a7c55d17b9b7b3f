package dev.rosetta.core.dialect.pythonic;

import java.util.List;

import dev.rosetta.core.dialect.MarkupToken;
import dev.rosetta.core.dialect.PythonCallStart;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Claims {@code <|python_start|>} (Llama 4) or {@code <|tool_call_start|>} (LFM2) anywhere (the
 * marker says calls follow), {@code <function_calls>} followed by a call of a loaded tool (Olmo 3),
 * or a line that starts,
 * after at most {@link #MAX_INDENT} spaces, with {@code [NAME(} where NAME is a loaded tool. A
 * bare bracket is common in prose ({@code [link](url)}, {@code [1, 2]}), so without the marker
 * the first call must name a tool that exists. End-of-turn tokens left in the text are markup.
 */
final class PythonicReader implements Reader {

    static final int MAX_INDENT = 8;
    /** Llama's end-of-turn and end-of-message tokens, when a server leaves them in the text. */
    private static final List<String> END_TOKENS = List.of("<|eot_id|>", "<|eom_id|>", "<|eot|>", "<|eom|>");

    private static final List<PythonicBlock.Marker> MARKERS = List.of(PythonicBlock.Marker.values());

    private final ToolCatalog tools;

    PythonicReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public String lineStarts() {
        return "<[ \t";
    }

    @Override
    public String secondChars(char first) {
        return first == '<' ? "|f" : null;
    }

    @Override
    public Opening open(Input in, int at) {
        if (in.charAt(at) == '<') {
            boolean partial = false;
            for (PythonicBlock.Marker marker : MARKERS) {
                switch (in.match(at, marker.start)) {
                    case YES -> {
                        return marked(in, at, marker);
                    }
                    case PARTIAL -> partial = true;
                    case NO -> { }
                }
            }
            return partial ? Opening.NEED_MORE : MarkupToken.open(in, at, END_TOKENS);
        }
        int i = at;
        while (in.has(i) && (in.charAt(i) == ' ' || in.charAt(i) == '\t') && i - at < MAX_INDENT) {
            i++;
        }
        if (!in.has(i)) {
            return undecided(in);
        }
        return in.charAt(i) == '[' ? firstCall(in, i) : Opening.NONE;
    }

    /** {@code [}, spaces, a loaded tool's name, spaces, {@code (}, all within a bounded look. */
    private Opening firstCall(Input in, int bracket) {
        return switch (PythonCallStart.at(in, bracket + 1, tools)) {
            case YES -> Opening.of(PythonicBlock.bare(tools, bracket));
            case PARTIAL -> Opening.NEED_MORE;
            case NO -> Opening.NONE;
        };
    }

    /**
     * Calls after a marker. A token says calls follow; Olmo 3's {@code <function_calls>} is also
     * the xml wrapper, so it holds Python calls only when a call of a loaded tool comes first.
     */
    private Opening marked(Input in, int at, PythonicBlock.Marker marker) {
        if (!marker.needsLoadedTool) {
            return Opening.of(PythonicBlock.marked(tools, at, marker));
        }
        return switch (PythonCallStart.at(in, at + marker.start.length(), tools)) {
            case YES -> Opening.of(PythonicBlock.marked(tools, at, marker));
            case PARTIAL -> Opening.NEED_MORE;
            case NO -> Opening.NONE;
        };
    }

    private static Opening undecided(Input in) {
        return in.complete() ? Opening.NONE : Opening.NEED_MORE;
    }

    @Override
    public String midLineStarts() {
        return "<";
    }
}
