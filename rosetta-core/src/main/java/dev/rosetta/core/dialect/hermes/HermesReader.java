package dev.rosetta.core.dialect.hermes;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Claims {@code <tool_call>} (or a sibling tag, see {@link HermesTag}) followed, after optional
 * whitespace, by a JSON object or array — at a line start or right after prose on a line. The
 * same tag followed by anything else belongs to another dialect (qwen3-coder's
 * {@code <function=…>}, glm's tool name) or is prose.
 */
final class HermesReader implements Reader {

    /** More whitespace than this between the tag and the JSON is not a call: a stray tag must not hold text back. */
    static final int MAX_GAP = 256;

    private final ToolCatalog tools;

    HermesReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public String lineStarts() {
        return "<";
    }

    @Override
    public String secondChars(char first) {
        return "tfrjJx|";
    }

    @Override
    public String midLineStarts() {
        return "<";
    }

    @Override
    public Opening open(Input in, int at) {
        return open(in, at, true);
    }

    @Override
    public Opening openMidLine(Input in, int at) {
        return open(in, at, false);
    }

    private Opening open(Input in, int at, boolean lineStart) {
        if (in.charAt(at) != '<') {
            return Opening.NONE;
        }
        boolean partial = false;
        for (HermesTag tag : HermesTag.ALL) {
            if (!lineStart && !tag.opensMidLine()) {
                continue;
            }
            Match m = in.match(at, tag.opener());
            if (m == Match.YES) {
                return afterTag(in, at, tag);
            }
            partial |= m == Match.PARTIAL;
        }
        return partial ? Opening.NEED_MORE : Opening.NONE;
    }

    private Opening afterTag(Input in, int at, HermesTag tag) {
        int i = at + tag.opener().length();
        while (in.has(i) && Character.isWhitespace(in.charAt(i))) {
            if (i - at > MAX_GAP) {
                return Opening.NONE;
            }
            i++;
        }
        if (!in.has(i)) {
            if (!in.complete()) {
                return Opening.NEED_MORE;
            }
            // The reply ends right after the tag: a call cut off before its JSON.
            return tag.mayBeProse() ? Opening.NONE : Opening.of(new HermesBlock(tools, tag, at, i, false));
        }
        char c = in.charAt(i);
        return c == '{' || c == '[' ? Opening.of(new HermesBlock(tools, tag, at, i, c == '[')) : Opening.NONE;
    }
}
