package dev.rosetta.core.dialect.schema;

import dev.rosetta.core.dialect.JsonFence;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Recognises calls by the declared tools' own schemas where no dialect describes the spelling: at
 * a line start, markup — a tag, a special token, a bracketed token, or several — holding a JSON
 * call object or list ({@code <TOOLCALL>[{"name": …}]</TOOLCALL>}); or a bare JSON object or list
 * that is the whole reply. What follows decides (see {@link SchemaGuidedBlock}): only JSON that
 * names declared tools whose arguments fit their declarations is a call. Asked last, after every
 * dialect that knows its spelling.
 */
final class SchemaGuidedReader implements Reader {

    /** Indentation a call may have. */
    private static final int MAX_INDENT = 8;
    /** The most markup (tokens, whitespace, a fence line) before the JSON. */
    private static final int MAX_HEAD = 256;
    /** The most tokens before the JSON ({@code <|action_start|><|plugin|>}). */
    private static final int MAX_TOKENS = 4;

    private final ToolCatalog tools;

    SchemaGuidedReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public String lineStarts() {
        return "<[{ \t";
    }

    @Override
    public Opening open(Input in, int at) {
        int i = at;
        while (in.has(i) && (in.charAt(i) == ' ' || in.charAt(i) == '\t') && i - at < MAX_INDENT) {
            i++;
        }
        if (!in.has(i)) {
            return in.complete() ? Opening.NONE : Opening.NEED_MORE;
        }
        char c = in.charAt(i);
        if (c == '<' || c == '[') {
            Opening wrapped = wrapped(in, at, i);
            if (wrapped.kind() != Opening.Kind.NONE) {
                return wrapped;
            }
        }
        if ((c == '{' || c == '[') && !in.proseBefore(at)) {
            return Opening.of(SchemaGuidedBlock.bare(tools, at, i));
        }
        return Opening.NONE;
    }

    /** Tokens on one line at {@code i}, then (after whitespace and a fence line) a JSON object or list. */
    private Opening wrapped(Input in, int at, int i) {
        int j = i;
        int tokens = 0;
        int firstLength = 0;
        while (tokens < MAX_TOKENS) {
            int length = Wrapping.tokenAt(in, j, false);
            if (length < 0) {
                return in.complete() ? Opening.NONE : Opening.NEED_MORE;
            }
            if (length == 0) {
                break;
            }
            firstLength = tokens == 0 ? length : firstLength;
            tokens++;
            j += length;
            // Tokens that go together stand on one line ({@code <|action_start|><|plugin|>}).
            while (in.has(j) && (in.charAt(j) == ' ' || in.charAt(j) == '\t') && j - i < MAX_HEAD) {
                j++;
            }
        }
        if (tokens == 0) {
            return Opening.NONE;
        }
        int json = JsonFence.skip(in, j, MAX_HEAD - (j - i));
        if (json == JsonFence.TOO_FAR) {
            return Opening.NONE;
        }
        if (!in.has(json)) {
            return in.complete() ? Opening.NONE : Opening.NEED_MORE;
        }
        char c = in.charAt(json);
        if (c != '{' && c != '[') {
            return Opening.NONE;
        }
        return Opening.of(SchemaGuidedBlock.wrapped(tools, at, in.slice(i, i + firstLength), json));
    }
}
