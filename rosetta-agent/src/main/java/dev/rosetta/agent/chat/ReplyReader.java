package dev.rosetta.agent.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.json.JsonRepair;
import dev.rosetta.core.json.JsonRepairException;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamEvent;
import dev.rosetta.core.split.StreamListener;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.StopReason;

/**
 * Reads one reply as it streams: text through the splitter (the same one the renderer and the
 * log rely on), native calls beside it. When the reply is to stop at its first complete call,
 * the stream is closed the moment a call in the text has its closing delimiter, so the tokens
 * after it are never generated.
 */
final class ReplyReader implements StreamListener {

    private final StreamSplitter splitter;
    private final ToolCatalog tools;
    private final boolean breakOnToolUse;
    private final Consumer<AgentEvent> events;
    private final UnaryOperator<ToolUse> withId;
    private final List<Segment> segments = new ArrayList<>();
    private final List<Reply.NativeCall> nativeCalls = new ArrayList<>();
    private final List<Reasoning> reasoning = new ArrayList<>();
    private ChatEvent.Usage usage;
    private StopReason stop = StopReason.END_TURN;
    private ProviderException error;
    private int cutAt = -1;

    /**
     * @param withId gives each call read from the text the id its result will carry, the moment
     *               it is read (so every event about it names the same id)
     */
    ReplyReader(ToolFormat format, ToolCatalog tools, boolean breakOnToolUse, Consumer<AgentEvent> events,
            UnaryOperator<ToolUse> withId) {
        this.splitter = new StreamSplitter(format, tools);
        this.tools = tools;
        this.breakOnToolUse = breakOnToolUse;
        this.events = events;
        this.withId = withId;
    }

    /**
     * Reads the stream to its end, or, when breaking at the first complete call, to the first
     * call complete in the text: the stream is closed there, and the tokens after it are never
     * generated. Native calls do not stop the reading: the API was asked for one call a reply
     * ({@code parallel_tool_calls: false}, {@code disable_parallel_tool_use}), and a complete
     * native call it returns anyway is always answered, run or not.
     */
    Reply read(ChatStream stream) throws ProviderException {
        try (stream) {
            for (ChatEvent e = stream.next(); e != null; e = stream.next()) {
                handle(e);
                if (cutAt >= 0) {
                    stop = StopReason.TOOL_USE;
                    break;
                }
            }
        }
        if (cutAt < 0) {
            splitter.finish(this);
        }
        String text = splitter.text();
        return new Reply(cutAt < 0 ? text : text.substring(0, cutAt), segments, nativeCalls, reasoning, usage, stop,
                error);
    }

    private void handle(ChatEvent event) {
        switch (event) {
            case ChatEvent.TextDelta t -> splitter.feed(t.text(), this);
            case ChatEvent.ThinkingDelta t -> events.accept(new AgentEvent.ThinkingDelta(t.text()));
            case ChatEvent.ReasoningCompleted r -> reasoning.add(r.reasoning());
            case ChatEvent.ToolCallStarted s -> events.accept(new AgentEvent.CallStarted(toolName(s.name()), "tool"));
            case ChatEvent.ToolCallDelta d -> { }
            case ChatEvent.ToolCallCompleted c -> nativeCall(c);
            case ChatEvent.Usage u -> usage = u;
            case ChatEvent.Notice n -> events.accept(new AgentEvent.Notice(n.text()));
            case ChatEvent.Finished f -> {
                stop = f.reason();
                error = f.error();
            }
        }
    }

    private void nativeCall(ChatEvent.ToolCallCompleted c) {
        String json = c.argumentsJson() == null || c.argumentsJson().isBlank() ? "{}" : c.argumentsJson();
        Map<String, Object> kwargs = Map.of();
        String problem = null;
        try {
            kwargs = JsonRepair.parseObject(json);
        } catch (JsonRepairException e) {
            problem = "the arguments are not a JSON object: " + e.getMessage();
        }
        ToolUse use = ToolUse.named(toolName(c.name()), kwargs, c.id());
        nativeCalls.add(new Reply.NativeCall(use, problem));
        events.accept(new AgentEvent.CallRead(use, "tool", null));
    }

    /** Native names are a tool's first tag; the call is recorded under the tool's own name. */
    private String toolName(String nativeName) {
        return tools.resolve(nativeName).map(spec -> spec.name()).orElse(nativeName);
    }

    @Override
    public void prose(CharSequence message, int start, int end) {
        if (cutAt < 0) {
            events.accept(new AgentEvent.ProseDelta(message.subSequence(start, end).toString()));
        }
    }

    @Override
    public void event(StreamEvent event) {
        if (cutAt >= 0) {
            return;
        }
        if (!(event instanceof StreamEvent.Completed)) {
            events.accept(AgentEvent.shown(event));
        }
    }

    @Override
    public void completed(Segment segment) {
        if (cutAt >= 0) {
            return;
        }
        switch (segment) {
            case Segment.Call read -> {
                Segment.Call c = new Segment.Call(withId.apply(read.use()), read.dialect(), read.raw(), read.start(),
                        read.end());
                segments.add(c);
                events.accept(new AgentEvent.CallRead(c.use(), c.dialect().name(), c.raw()));
                if (breakOnToolUse) {
                    cutAt = c.end();
                }
            }
            case Segment.Unparsed u -> {
                segments.add(u);
                events.accept(new AgentEvent.UnparsedRead(u));
            }
            default -> segments.add(segment);
        }
    }
}
