package dev.rosetta.agent.log;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * The segments of an assistant message logged without them (a log line written before segments
 * were stored): its text is read once, on load, in the format it was written in, over every tool
 * it could have named — the built-in tools whether or not they run here, and a bare declaration
 * for each tool it called. From then on it is treated exactly like a message whose segments were
 * stored; the log file is not rewritten.
 *
 * <p>The calls found are paired with the calls the message recorded, in order and by tool: a call
 * found that was not recorded (its tool could not run back then, so it was read as prose) stays
 * prose; a recorded call not found in the text again (the readers changed since) is kept as a
 * call without a span, so its result still has a call to answer.
 */
final class ReadOnce {

    private ReadOnce() {}

    /**
     * @param nativeIds the ids of the calls that came natively, when the log recorded them (those
     *                  are never looked for in the text)
     */
    static List<StoredSegment> segments(Message message, ToolFormat format, Set<String> nativeIds) {
        String text = message.content();
        List<ToolUse> inText = new ArrayList<>();
        List<ToolUse> natives = new ArrayList<>();
        for (ToolUse call : message.calls()) {
            (call.callId() != null && nativeIds.contains(call.callId()) ? natives : inText).add(call);
        }
        List<StoredSegment> out = new ArrayList<>();
        Iterator<ToolUse> recorded = inText.iterator();
        ToolUse next = recorded.hasNext() ? recorded.next() : null;
        for (Segment s : StreamSplitter.split(text, format, catalog(message.calls()))) {
            if (s instanceof Segment.Call c) {
                if (next == null || !next.tool().equals(c.use().tool())) {
                    out.add(new StoredSegment.Prose(new StoredSegment.Span(c.start(), c.end())));
                    continue;
                }
                out.add(new StoredSegment.Call(next, c.dialect(), new StoredSegment.Span(c.start(), c.end())));
                next = recorded.hasNext() ? recorded.next() : null;
            } else {
                out.add(StoredSegment.of(s, text));
            }
        }
        for (; next != null; next = recorded.hasNext() ? recorded.next() : null) {
            out.add(StoredSegment.Call.nativeCall(next));
        }
        natives.forEach(n -> out.add(StoredSegment.Call.nativeCall(n)));
        return out;
    }

    /** The built-in tools, and a bare declaration for each called tool that is not one of them. */
    static ToolCatalog catalog(List<ToolUse> calls) {
        List<ToolSpec> all = new ArrayList<>(BuiltinTools.ALL);
        ToolCatalog builtin = BuiltinTools.catalog();
        calls.stream().map(ToolUse::tool).distinct().filter(t -> builtin.resolve(t).isEmpty())
                .forEach(t -> all.add(ToolSpec.named(t)));
        return ToolCatalog.of(all);
    }
}
