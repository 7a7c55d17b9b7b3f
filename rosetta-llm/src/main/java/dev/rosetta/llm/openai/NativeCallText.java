package dev.rosetta.llm.openai;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Removes the transcript spelling of native calls ({@code @tool(call_id): {…}}) from an
 * assistant message's text. Those calls travel as {@code tool_calls}; leaving their spelling in
 * {@code content} too would show the model each call twice and teach it to write calls as text.
 * Calls in other spellings (markdown fences, xml) are left as they were written.
 */
final class NativeCallText {

    private static final Pattern CALL_ID = Pattern.compile("^@[\\w.\\-]+\\(([^)\\n]+)\\)\\s*:");

    private NativeCallText() {}

    static String strip(String content, Set<String> nativeIds, ToolCatalog tools) {
        if (nativeIds.isEmpty() || content.indexOf('@') < 0) {
            return content;
        }
        List<int[]> cuts = new ArrayList<>();
        for (Segment s : StreamSplitter.split(content, ToolFormat.TOOL, tools)) {
            String raw = switch (s) {
                case Segment.Call c when c.dialect() == AtToolDialect.INSTANCE -> c.raw();
                case Segment.Unparsed u when u.dialect() == AtToolDialect.INSTANCE -> u.raw();
                default -> null;
            };
            if (raw != null && nativeIds.contains(callId(raw))) {
                cuts.add(new int[] {s.start(), s.end()});
            }
        }
        if (cuts.isEmpty()) {
            return content;
        }
        StringBuilder out = new StringBuilder(content.length());
        int from = 0;
        for (int[] cut : cuts) {
            out.append(content, from, cut[0]);
            from = cut[1];
        }
        return out.append(content, from, content.length()).toString().strip();
    }

    private static String callId(String raw) {
        Matcher m = CALL_ID.matcher(raw);
        return m.find() ? m.group(1) : null;
    }
}
