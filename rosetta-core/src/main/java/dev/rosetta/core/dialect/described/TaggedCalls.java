package dev.rosetta.core.dialect.described;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.TokenMatch;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * The tags shape: a wrapper ({@code <tool_call>}, {@code <seed:tool_call>}) followed, after
 * optional whitespace, by a function element ({@code <function=NAME>}, {@code <invoke name="NAME">})
 * holding parameter elements with raw values. With bare functions allowed, a function element
 * opens a call on its own when a parameter, its closer or a JSON body follows it, or it closes
 * itself — prose that mentions the tag must not swallow the rest of the reply.
 */
final class TaggedCalls extends FormReader {

    /** More whitespace than this after the wrapper is not a call: a stray tag must not hold text back. */
    private static final int MAX_GAP = 256;

    private final TagGrammar grammar;

    TaggedCalls(Dialect dialect, CallForm form, ToolCatalog tools) {
        super(dialect, form, tools);
        this.grammar = new TagGrammar(form);
    }

    @Override
    List<String> starts() {
        List<String> out = new ArrayList<>(form.open());
        for (String bare : form.bareFunctions()) {
            TagSpelling s = TagSpelling.of(bare);
            out.add(s.nameForm() ? s.element() : s.written());
        }
        return out;
    }

    @Override
    Opening open(Input in, int at, boolean lineStart) {
        boolean partial = false;
        for (int w = 0; w < form.open().size(); w++) {
            Match m = in.match(at, form.open().get(w));
            if (m == Match.YES) {
                return afterWrapper(in, at, w);
            }
            partial |= m == Match.PARTIAL;
        }
        if (!form.bareFunctions().isEmpty()) {
            TagGrammar.Found bare = grammar.functionAt(in, at, form.bareFunctions());
            if (bare.found()) {
                return bare.header().selfClosing() ? block(-1, at, at) : bareFunction(in, at, bare.header().end());
            }
            partial |= bare.need();
        }
        return partial ? Opening.NEED_MORE : Opening.NONE;
    }

    private Opening afterWrapper(Input in, int at, int wrapper) {
        int i = at + form.open().get(wrapper).length();
        while (in.has(i) && Character.isWhitespace(in.charAt(i))) {
            if (i - at > MAX_GAP) {
                return Opening.NONE;
            }
            i++;
        }
        if (!in.has(i)) {
            // The reply ends right after the wrapper: a call cut off before its function.
            return in.complete() ? block(wrapper, at, i) : Opening.NEED_MORE;
        }
        TagGrammar.Found function = grammar.functionAt(in, i);
        if (function.found()) {
            return block(wrapper, at, i);
        }
        return function.need() ? Opening.NEED_MORE : Opening.NONE;
    }

    /** A bare function is a call only when a parameter, its closer or a JSON body follows its header. */
    private Opening bareFunction(Input in, int at, int headerEnd) {
        int i = headerEnd;
        while (in.has(i) && Character.isWhitespace(in.charAt(i))) {
            if (i - headerEnd > MAX_GAP) {
                return Opening.NONE;
            }
            i++;
        }
        if (!in.has(i)) {
            return in.complete() ? block(-1, at, at) : Opening.NEED_MORE;
        }
        if (in.charAt(i) == '{') {
            return block(-1, at, at);
        }
        List<String> follows = new ArrayList<>(grammar.parameterElements());
        grammar.functions().forEach(f -> follows.add(f.closer()));
        TokenMatch m = TokenMatch.at(in, i, follows);
        if (m.yes()) {
            return block(-1, at, at);
        }
        return m.partial() ? Opening.NEED_MORE : Opening.NONE;
    }

    private Opening block(int wrapper, int start, int from) {
        String opener = wrapper < 0 ? null : form.open().get(wrapper);
        String closer = form.closeOf(Math.max(wrapper, 0));
        return Opening.of(new TaggedCallsBlock(dialect, tools, grammar, opener, closer, start, from));
    }
}
