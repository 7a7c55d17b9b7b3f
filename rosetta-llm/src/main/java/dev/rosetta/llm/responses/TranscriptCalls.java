package dev.rosetta.llm.responses;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Removes the transcript spelling of native calls ({@code @shell(call_1): {…}}) from assistant
 * text. Those calls go to the API as {@code function_call} items; leaving their spelling in the
 * text too would show the model every call twice and teach it to write calls as text. The
 * core's splitter finds the spans, so this agrees with how the message was read.
 */
final class TranscriptCalls {

    private TranscriptCalls() {}

    /** {@code text} without the {@code @tool(id)} spans of {@code calls}. */
    static String strip(String text, List<ToolUse> calls, List<ToolSpec> tools) {
        if (calls.isEmpty() || text.indexOf('@') < 0) {
            return text;
        }
        Set<String> ids = calls.stream().map(ToolUse::callId).collect(Collectors.toSet());
        StringBuilder out = new StringBuilder(text.length());
        int from = 0;
        for (Segment s : StreamSplitter.split(text, ToolFormat.TOOL, catalog(calls, tools))) {
            if (s instanceof Segment.Call c && c.dialect() == AtToolDialect.INSTANCE
                    && ids.contains(c.use().callId())) {
                out.append(text, from, c.start());
                from = c.end();
            }
        }
        return from == 0 ? text : out.append(text, from, text.length()).toString();
    }

    /** The offered tools, plus a bare declaration for any called tool no longer offered. */
    private static ToolCatalog catalog(List<ToolUse> calls, List<ToolSpec> tools) {
        List<ToolSpec> all = new ArrayList<>(tools);
        ToolCatalog offered = ToolCatalog.of(tools);
        calls.stream().map(ToolUse::tool).distinct().filter(name -> offered.resolve(name).isEmpty())
                .forEach(name -> all.add(ToolSpec.named(name)));
        return ToolCatalog.of(all);
    }
}
