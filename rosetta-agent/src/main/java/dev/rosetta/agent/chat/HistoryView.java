package dev.rosetta.agent.chat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.log.StoredSegment;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.InvalidArgumentsException;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * The conversation as the model of the moment should see it. A message written in the active
 * format goes out byte for byte (prompt caches stay warm); one written in another format is
 * re-spelled from its stored segments, by span, so a model never sees its own earlier calls as
 * prose — the failure that made models hallucinate closing fences after a switch. Old text is
 * never read again: a tool removed since, or one that cannot run here, changes nothing.
 *
 * <ul>
 * <li>markdown / xml: every call read from the text is spelled in the active dialect where it
 *     stood, native calls are spelled after the text; results are plain system messages.</li>
 * <li>tool: the text without its calls, every call native with its id; results are tied to
 *     their call ids. This is the one place call text is taken out of history: the provider
 *     adapters send the text they are given.</li>
 * </ul>
 */
public final class HistoryView {

    private final ToolFormat target;
    private final ToolCatalog tools;

    /**
     * @param tools the tools loaded, for how a call is spelled; a call to a tool no longer loaded
     *              is spelled by its built-in declaration, or a bare one
     */
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

    /** markdown / xml: the text with every call in the active spelling, native calls written out after it. */
    private Message spelledCalls(LoggedMessage logged) {
        Message m = logged.message();
        StringBuilder content = new StringBuilder(logged.format() == target ? m.content() : respelled(logged));
        for (StoredSegment s : logged.segments()) {
            if (s instanceof StoredSegment.Call c && c.isNative()) {
                appendCall(content, c.use());
            }
        }
        return new Message(Role.ASSISTANT, content.toString(), List.of(), null, false, null, m.reasoning());
    }

    /**
     * The text with each call read from it replaced, at its span, by the active spelling. What lies
     * between segments (an xml wrapper) belonged to the old spelling and goes with it.
     */
    private String respelled(LoggedMessage logged) {
        StringBuilder out = new StringBuilder();
        for (StoredSegment s : logged.segments()) {
            switch (s) {
                case StoredSegment.Call c when c.isNative() -> { }
                case StoredSegment.Call c -> appendCall(out, c.use());
                default -> out.append(logged.text(s.span()));
            }
        }
        return out.toString();
    }

    /** tool: the text without its calls, every call native with its id. */
    private Message nativeCalls(LoggedMessage logged) {
        Message m = logged.message();
        StringBuilder prose = new StringBuilder();
        List<ToolUse> calls = new ArrayList<>();
        for (StoredSegment s : logged.segments()) {
            if (s instanceof StoredSegment.Call c) {
                calls.add(ToolUse.named(c.use().tool(), named(c.use()), c.use().callId()));
            } else {
                prose.append(logged.text(s.span()));
            }
        }
        return new Message(Role.ASSISTANT, prose.toString().strip(), calls, null, false, null, m.reasoning());
    }

    /** A call on lines of its own, without its id (the text spellings have none). */
    private void appendCall(StringBuilder out, ToolUse use) {
        if (!out.isEmpty() && out.charAt(out.length() - 1) != '\n') {
            out.append('\n');
        }
        ToolUse call = use.withCallId(null);
        out.append(target.dialect().write(call, spec(call))).append('\n');
    }

    private ToolSpec spec(ToolUse use) {
        return tools.resolve(use.tool()).or(() -> BuiltinTools.catalog().resolve(use.tool()))
                .orElseGet(() -> ToolSpec.named(use.tool()));
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
