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

    /** Whether a declared tool's name, then a separator (or the arguments' brace), follows at {@code from}. */
    private Input.Match namesDeclaredTool(Input in, int from) {
        int i = from;
        while (in.has(i) && isNameChar(in.charAt(i)) && i - from < MAX_NAME) {
            i++;
        }
        if (!in.has(i)) {
            return in.complete() || i - from >= MAX_NAME ? Input.Match.NO : Input.Match.PARTIAL;
        }
        if (i == from) {
            return Input.Match.NO;
        }
        boolean separated = form.separator().isEmpty() ? in.charAt(i) == '{'
                : TokenMatch.at(in, i, form.separator()).yes();
        if (!separated) {
            return form.separator().isEmpty() || !TokenMatch.at(in, i, form.separator()).partial()
                    ? Input.Match.NO : Input.Match.PARTIAL;
        }
        String name = HeaderSpelling.nameIn(form, in.slice(from, i));
        return tools.resolve(name).or(() -> tools.aliasOf(name)).isPresent() ? Input.Match.YES : Input.Match.NO;
    }

    private static boolean isNameChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == ':');
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
