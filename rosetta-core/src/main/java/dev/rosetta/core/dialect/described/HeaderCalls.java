package dev.rosetta.core.dialect.described;

import java.util.List;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.TokenMatch;
import dev.rosetta.core.dialect.TokenSection;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * The header-json shape: an opener, the tool's name (the header), a separator, then JSON
 * arguments — Kimi's {@code <|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{…}},
 * Functionary's {@code >>>NAME\n{…}} — read by the shared {@link TokenSection}, optionally inside
 * a section of several calls. Where the opener is an ordinary string ({@code >>>}), the header must
 * name a declared tool (looked at within a bounded stretch) or the text is prose.
 */
final class HeaderCalls extends FormReader {

    /** Longer headers are not a tool's name. */
    private static final int MAX_NAME = 128;

    private final HeaderSpelling spelling;

    HeaderCalls(Dialect dialect, CallForm form, List<String> markup, ToolCatalog tools) {
        super(dialect, form, tools);
        this.spelling = new HeaderSpelling(dialect, form, markup);
    }

    @Override
    List<String> starts() {
        return concat(form.sectionOpen(), form.open());
    }

    @Override
    Opening open(Input in, int at, boolean lineStart) {
        if (form.evidence() == Evidence.MARKER) {
            return TokenSection.open(in, at, spelling, tools);
        }
        TokenMatch opener = TokenMatch.at(in, at, form.open());
        if (!opener.yes()) {
            return opener.partial() ? Opening.NEED_MORE : Opening.NONE;
        }
        return switch (namesDeclaredTool(in, at + opener.token().length())) {
            case YES -> TokenSection.open(in, at, spelling, tools);
            case PARTIAL -> Opening.NEED_MORE;
            case NO -> Opening.NONE;
        };
    }

    /**
     * Whether a declared tool's name, then a separator (or the arguments' brace), follows at
     * {@code from}. Emphasis around the name ({@code ** web_search **}) and blank lines before a
     * separator that starts a line are layout; a declared name that ends the reply is a call cut
     * off before its arguments, reported rather than shown as prose.
     */
    private Input.Match namesDeclaredTool(Input in, int from) {
        int nameFrom = skipEmphasis(in, from);
        int i = nameFrom;
        while (in.has(i) && isNameChar(in.charAt(i)) && i - nameFrom < MAX_NAME) {
            i++;
        }
        if (i == nameFrom || i - nameFrom >= MAX_NAME) {
            return !in.has(i) && !in.complete() && i - nameFrom < MAX_NAME ? Input.Match.PARTIAL : Input.Match.NO;
        }
        String name = HeaderSpelling.nameIn(form, in.slice(nameFrom, i));
        boolean declared = tools.resolve(name).or(() -> tools.aliasOf(name)).isPresent();
        if (!in.has(i)) {
            return !in.complete() ? Input.Match.PARTIAL : declared ? Input.Match.YES : Input.Match.NO;
        }
        int after = skipDescription(in, skipEmphasis(in, i));
        if (after < 0) {
            return in.complete() ? Input.Match.NO : Input.Match.PARTIAL;
        }
        if (form.separator().isEmpty()) {
            return in.has(after) && in.charAt(after) == '{' && declared ? Input.Match.YES : Input.Match.NO;
        }
        int layout = after;
        int lastBreak = -1;
        while (in.has(layout) && Character.isWhitespace(in.charAt(layout)) && layout - after < MAX_NAME) {
            if (in.charAt(layout) == '\n') {
                lastBreak = layout;
            }
            layout++;
        }
        if (!in.has(layout)) {
            return !in.complete() ? Input.Match.PARTIAL : declared ? Input.Match.YES : Input.Match.NO;
        }
        TokenMatch sep = TokenMatch.at(in, after, form.separator());
        if (!sep.yes() && lastBreak > after) {
            sep = TokenMatch.at(in, lastBreak, form.separator());
        }
        if (!sep.yes()) {
            return sep.partial() ? Input.Match.PARTIAL : Input.Match.NO;
        }
        return declared ? Input.Match.YES : Input.Match.NO;
    }

    /**
     * A description in parentheses after the name, on its line ({@code Action: add (add two numbers)},
     * LlamaIndex), and the spaces after it; -1 while its ')' may still come.
     */
    private static int skipDescription(Input in, int from) {
        if (!in.has(from) || in.charAt(from) != '(') {
            return from;
        }
        for (int i = from + 1; i - from < MAX_NAME; i++) {
            if (!in.has(i)) {
                return in.complete() ? from : -1;
            }
            char c = in.charAt(i);
            if (c == '\n') {
                return from;
            }
            if (c == ')') {
                return skipEmphasis(in, i + 1);
            }
        }
        return from;
    }

    /** Spaces and markdown emphasis on the header's line: {@code **}, {@code `}. */
    private static int skipEmphasis(Input in, int from) {
        int i = from;
        while (in.has(i) && (in.charAt(i) == ' ' || in.charAt(i) == '\t' || in.charAt(i) == '*' || in.charAt(i) == '`')
                && i - from < MAX_NAME) {
            i++;
        }
        return i;
    }

    /** Letters and digits of any script (LlamaIndex's ReAct tests name a tool 加法), and {@code _ - . :}. */
    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == ':';
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
