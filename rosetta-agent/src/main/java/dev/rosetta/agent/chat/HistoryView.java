package dev.rosetta.agent.chat;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.InvalidArgumentsException;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * The conversation as the model of the moment should see it. A message written in the active
 * format goes out byte for byte (prompt caches stay warm); one written in another format is
 * re-spelled from its stored calls, so a model never sees its own earlier calls as prose — the
 * failure that made models hallucinate closing fences after a switch.
 *
 * <ul>
 * <li>markdown / xml: every call is spelled in the active dialect inside the text; results are
 *     plain system messages.</li>
 * <li>tool: every call travels as a native call with its id, the text keeps only the rest; results
 *     are tied to their call ids.</li>
 * </ul>
 */
public final class HistoryView {

    private final ToolFormat target;
    private final ToolCatalog tools;

    public HistoryView(ToolFormat target, ToolCatalog tools) {
        this.target = target;
        this.tools = tools;
    }

    public List<Message> messages(List<LoggedMessage> log) {
        List<Message> out = new ArrayList<>(log.size());
        for (LoggedMessage m : log) {
            out.add(view(m));
        }
        return out;
    }

    private Message view(LoggedMessage logged) {
        Message m = logged.message();
        if (m.role() == Role.ASSISTANT) {
            return target == ToolFormat.TOOL ? nativeCalls(logged) : spelledCalls(logged);
        }
        if (m.isToolResult() && target != ToolFormat.TOOL) {
            return Message.system(m.content());
        }
        return m;
    }

    /** markdown / xml: the text with every call in the active spelling, native calls written out. */
    private Message spelledCalls(LoggedMessage logged) {
        Message m = logged.message();
        List<ToolUse> native_ = nativeCalls(m, logged);
        String text = logged.format() == target ? m.content() : respell(logged);
        StringBuilder content = new StringBuilder(text);
        for (ToolUse use : native_) {
            if (!content.isEmpty() && content.charAt(content.length() - 1) != '\n') {
                content.append('\n');
            }
            content.append(write(use.withCallId(null))).append('\n');
        }
        return new Message(Role.ASSISTANT, content.toString(), List.of(), null, false, m.reasoning());
    }

    /** tool: prose in the text, every call native with its id. */
    private Message nativeCalls(LoggedMessage logged) {
        Message m = logged.message();
        StringBuilder prose = new StringBuilder();
        for (Segment s : split(logged)) {
            if (!(s instanceof Segment.Call)) {
                prose.append(m.content(), s.start(), s.end());
            }
        }
        List<ToolUse> calls = new ArrayList<>();
        for (ToolUse use : m.calls()) {
            calls.add(ToolUse.named(use.tool(), named(use), use.callId()));
        }
        return new Message(Role.ASSISTANT, prose.toString().strip(), calls, null, false, m.reasoning());
    }

    /** The text with its calls (which were read in another dialect) spelled in the active one. */
    private String respell(LoggedMessage logged) {
        Message m = logged.message();
        Iterator<ToolUse> textCalls = m.calls().stream().filter(u -> !isNative(u, logged)).iterator();
        StringBuilder out = new StringBuilder();
        for (Segment s : split(logged)) {
            if (s instanceof Segment.Call c) {
                ToolUse use = textCalls.hasNext() ? textCalls.next() : c.use();
                if (!out.isEmpty() && out.charAt(out.length() - 1) != '\n') {
                    out.append('\n');
                }
                out.append(write(use.withCallId(null))).append('\n');
            } else {
                out.append(m.content(), s.start(), s.end());
            }
        }
        return out.toString();
    }

    private List<Segment> split(LoggedMessage logged) {
        return StreamSplitter.split(logged.message().content(), logged.format(), tools);
    }

    private static List<ToolUse> nativeCalls(Message m, LoggedMessage logged) {
        return m.calls().stream().filter(u -> isNative(u, logged)).toList();
    }

    private static boolean isNative(ToolUse use, LoggedMessage logged) {
        return use.callId() != null && logged.nativeCallIds().contains(use.callId());
    }

    private String write(ToolUse use) {
        return target.dialect().write(use, spec(use));
    }

    private ToolSpec spec(ToolUse use) {
        return tools.resolve(use.tool()).orElseGet(() -> ToolSpec.named(use.tool()));
    }

    /** The call's arguments by name; one that does not bind keeps what it had. */
    private Map<String, Object> named(ToolUse use) {
        try {
            return spec(use).bind(use).values();
        } catch (InvalidArgumentsException e) {
            Map<String, Object> raw = new LinkedHashMap<>(use.kwargs());
            if (!use.args().isEmpty()) {
                raw.put("args", use.args());
            }
            if (use.content() != null) {
                raw.put("content", use.content());
            }
            return raw;
        }
    }
}
