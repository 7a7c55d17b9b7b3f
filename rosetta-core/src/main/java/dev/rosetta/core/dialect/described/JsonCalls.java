package dev.rosetta.core.dialect.described;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.JsonFence;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * The json shape: an opener followed, after optional whitespace (and a {@code ```json} fence
 * line), by a JSON call object or a list of them — {@code <tool_call>{"name": …}}, Cohere's
 * {@code <|START_ACTION|>[{"tool_name": …}]}, Phi-4-mini's {@code functools[{…}]}. The same
 * opener followed by anything else is not this spelling (qwen3-coder's {@code <function=} and
 * glm's name follow {@code <tool_call>} too), so prose that mentions it stays prose.
 */
final class JsonCalls extends FormReader {

    /** More whitespace than this between the opener and the JSON is not a call: a stray tag must not hold text back. */
    static final int MAX_GAP = 256;

    private final List<Wrapper> wrappers = new ArrayList<>();

    JsonCalls(Dialect dialect, CallForm form, ToolCatalog tools) {
        super(dialect, form, tools);
        for (int i = 0; i < form.open().size(); i++) {
            wrappers.add(new Wrapper(form.open().get(i), form.closeOf(i), form.evidence()));
        }
    }

    @Override
    boolean midLine() {
        return form.midLine() && form.evidence() != Evidence.DECLARED_TOOL;
    }

    @Override
    Opening open(Input in, int at, boolean lineStart) {
        boolean partial = false;
        for (Wrapper w : wrappers) {
            Match m = in.match(at, w.opener());
            if (m == Match.YES) {
                Opening o = afterOpener(in, at, w, !lineStart);
                if (o.kind() != Opening.Kind.NONE) {
                    return o;
                }
            }
            partial |= m == Match.PARTIAL;
        }
        return partial ? Opening.NEED_MORE : Opening.NONE;
    }

    private Opening afterOpener(Input in, int at, Wrapper w, boolean midLine) {
        int i = JsonFence.skip(in, at + w.opener().length(), MAX_GAP);
        if (i == JsonFence.TOO_FAR) {
            return Opening.NONE;
        }
        if (!in.has(i)) {
            if (!in.complete()) {
                return Opening.NEED_MORE;
            }
            // The reply ends right after the opener: a call cut off before its JSON.
            return w.evidence() == Evidence.MARKER ? Opening.of(new JsonCallsBlock(dialect, tools, w, at, i, false, midLine))
                    : Opening.NONE;
        }
        char c = in.charAt(i);
        if (c == '{') {
            return Opening.of(new JsonCallsBlock(dialect, tools, w, at, i, false, midLine));
        }
        if (c != '[') {
            return Opening.NONE;
        }
        // A list of objects; '[' then a name is a Python list, another shape's.
        int j = i + 1;
        while (in.has(j) && Character.isWhitespace(in.charAt(j)) && j - i < MAX_GAP) {
            j++;
        }
        if (!in.has(j)) {
            return in.complete() ? Opening.NONE : Opening.NEED_MORE;
        }
        char first = in.charAt(j);
        return first == '{' || first == ']' ? Opening.of(new JsonCallsBlock(dialect, tools, w, at, i, true, midLine)) : Opening.NONE;
    }

    /**
     * One opener with its closer (null when the call has none: it ends with its JSON) and what
     * makes what it holds a call.
     */
    record Wrapper(String opener, String closer, Evidence evidence) {}
}
