package dev.rosetta.cli.render;

import static dev.rosetta.agent.session.EventObjects.object;
import static dev.rosetta.agent.session.EventObjects.word;

import java.io.Flushable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.session.EventObjects;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent.Usage;
import tools.jackson.databind.ObjectWriter;

/**
 * {@code --output-format json}: one JSON object a line per event, {@code type} first, property
 * names in snake_case. Every control character is escaped ({@link TerminalJsonEscapes}: the C1
 * controls and bidi overrides too), so nothing reaches a terminal as an escape sequence; and an
 * event carries the conversation, never a key.
 *
 * <p>Types: {@code prose}, {@code thinking} (text), {@code code_block_opened} (info, fence: the
 * prose that follows is a fenced code block's opening line, then its code),
 * {@code code_block_closing} (the prose that follows, to its line end, is the block's closing
 * fence), {@code call_started} (tool, dialect), {@code call} (dialect, raw, tool, args, content,
 * kwargs, call_id), {@code unparsed} (dialect, problem, raw), {@code tool_started} and
 * {@code tool_result} (the call, output, is_error, error_code), {@code message} (role, content,
 * calls, call_id, is_error, timestamp, model, format, usage, cost), {@code usage} (model, the four
 * token counts, cost) and {@code notice} (text).
 */
public final class JsonEventWriter implements Consumer<AgentEvent> {

    private static final ObjectWriter JSON = Json.MAPPER.writer().with(TerminalJsonEscapes.INSTANCE);

    private final Appendable out;

    public JsonEventWriter(Appendable out) {
        this.out = out;
    }

    @Override
    public synchronized void accept(AgentEvent event) {
        if (event instanceof AgentEvent.ToolOutput || event instanceof AgentEvent.ToolRunning) {
            // a live copy for the terminal (the tool_result event carries the whole output), and the
            // moment a call has its consent, which the result follows
            return;
        }
        String line = JSON.writeValueAsString(toJson(event));
        try {
            out.append(line).append('\n');
            if (out instanceof Flushable f) {
                f.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The event as a JSON object of maps, lists and plain values. */
    public static Map<String, Object> toJson(AgentEvent event) {
        return switch (event) {
            case AgentEvent.ProseDelta p -> EventObjects.prose(p);
            case AgentEvent.ThinkingDelta t -> EventObjects.thinking(t);
            case AgentEvent.CodeBlockOpened o -> object("code_block_opened", "info", o.info(), "fence", o.fence());
            case AgentEvent.CodeBlockClosing c -> object("code_block_closing");
            case AgentEvent.CallStarted s -> EventObjects.callStarted(s);
            case AgentEvent.CallRead c -> {
                Map<String, Object> o = object("call", "dialect", c.dialect(), "raw", c.raw());
                o.putAll(use(c.use()));
                yield o;
            }
            case AgentEvent.UnparsedRead u -> object("unparsed", "dialect", u.unparsed().dialect().name(),
                    "problem", u.unparsed().problem(), "raw", u.unparsed().raw());
            case AgentEvent.ToolStarted s -> {
                Map<String, Object> o = object("tool_started");
                o.putAll(use(s.use()));
                yield o;
            }
            case AgentEvent.ToolRunning r -> object("tool_running", "call_id", r.use().callId()); // not written
            case AgentEvent.ToolOutput o -> object("tool_output"); // not written (see accept)
            case AgentEvent.ToolFinished f -> result(f.use(), f.result());
            case AgentEvent.MessageAdded m -> message(m.message());
            case AgentEvent.UsageReport u -> {
                Map<String, Object> o = object("usage", "model", u.model());
                o.putAll(usage(u.usage()));
                o.put("cost", u.cost());
                yield o;
            }
            case AgentEvent.Notice n -> EventObjects.notice(n);
        };
    }

    private static Map<String, Object> result(ToolUse use, ToolResult result) {
        Map<String, Object> o = object("tool_result", "tool", use.tool(), "call_id", use.callId(),
                "output", result.output(), "is_error", result.isError());
        o.put("error_code", result.code() == null ? null : result.code().code());
        return o;
    }

    private static Map<String, Object> message(LoggedMessage logged) {
        Message m = logged.message();
        Map<String, Object> o = object("message", "role", word(m.role()),
                "content", m.content());
        List<Object> calls = new ArrayList<>();
        m.calls().forEach(c -> calls.add(use(c)));
        o.put("calls", calls);
        o.put("call_id", m.callId());
        o.put("is_error", m.isError());
        o.put("timestamp", logged.timestamp().toString());
        o.put("model", logged.model());
        o.put("format", logged.format().id());
        o.put("usage", logged.usage() == null ? null : usage(logged.usage()));
        o.put("cost", logged.cost());
        return o;
    }

    private static Map<String, Object> use(ToolUse use) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("tool", use.tool());
        o.put("args", use.args());
        o.put("content", use.content());
        o.put("kwargs", use.kwargs());
        o.put("call_id", use.callId());
        return o;
    }

    private static Map<String, Object> usage(Usage usage) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("input_tokens", usage.inputTokens());
        o.put("output_tokens", usage.outputTokens());
        o.put("cache_read_tokens", usage.cacheReadTokens());
        o.put("cache_write_tokens", usage.cacheWriteTokens());
        return o;
    }

}
