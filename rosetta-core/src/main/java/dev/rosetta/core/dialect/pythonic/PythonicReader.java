package dev.rosetta.core.dialect.pythonic;

import java.util.List;

import dev.rosetta.core.dialect.MarkupToken;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Claims {@code <|python_start|>} (Llama 4) or {@code <|tool_call_start|>} (LFM2) anywhere (the
 * marker says calls follow), or a line that starts,
 * after at most {@link #MAX_INDENT} spaces, with {@code [NAME(} where NAME is a loaded tool. A
 * bare bracket is common in prose ({@code [link](url)}, {@code [1, 2]}), so without the marker
 * the first call must name a tool that exists. End-of-turn tokens left in the text are markup.
 */
final class PythonicReader implements Reader {

    static final int MAX_INDENT = 8;
    private static final int MAX_LOOK = 160;
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
        return first == '<' ? "|" : null;
    }

    @Override
    public Opening open(Input in, int at) {
        if (in.charAt(at) == '<') {
            boolean partial = false;
            for (PythonicBlock.Marker marker : MARKERS) {
                switch (in.match(at, marker.start)) {
                    case YES -> {
                        return Opening.of(PythonicBlock.marked(tools, at, marker));
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

    /** {@code [}, spaces, a loaded tool's name, spaces, {@code (}, all within {@link #MAX_LOOK} characters. */
    private Opening firstCall(Input in, int bracket) {
        int i = skipSpaces(in, bracket + 1, bracket);
        int nameFrom = i;
        while (in.has(i) && PythonicBlock.isNameChar(in.charAt(i)) && i - bracket < MAX_LOOK) {
            i++;
        }
        int nameEnd = i;
        i = skipSpaces(in, i, bracket);
        if (!in.has(i) && i - bracket < MAX_LOOK) {
            return undecided(in);
        }
        if (nameEnd == nameFrom || !PythonicBlock.isNameStart(in.charAt(nameFrom)) || !in.has(i) || in.charAt(i) != '(') {
            return Opening.NONE;
        }
        return tools.resolve(in.slice(nameFrom, nameEnd)).isPresent()
                ? Opening.of(PythonicBlock.bare(tools, bracket))
                : Opening.NONE;
    }

    private static int skipSpaces(Input in, int i, int bracket) {
        while (in.has(i) && Character.isWhitespace(in.charAt(i)) && i - bracket < MAX_LOOK) {
            i++;
        }
        return i;
    }

    private static Opening undecided(Input in) {
        return in.complete() ? Opening.NONE : Opening.NEED_MORE;
    }

    @Override
    public String midLineStarts() {
        return "<";
    }
}
