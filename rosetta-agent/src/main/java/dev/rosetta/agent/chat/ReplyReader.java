package dev.rosetta.agent.chat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import dev.rosetta.agent.log.StoredSegment;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.json.JsonRepair;
import dev.rosetta.core.json.JsonRepairException;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.size.ByteSize;
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
 * after it are never generated. A reply that passes its {@link ReplyLimits} is stopped the same
 * way — at the byte that passes its size, or where the call past its count begins — and what
 * came before is kept: calls complete by then run, later ones are kept as text that did not run.
 */
final class ReplyReader implements StreamListener {

    private final StreamSplitter splitter;
    private final ToolCatalog tools;
    private final boolean breakOnToolUse;
    private final Consumer<AgentEvent> events;
    private final UnaryOperator<ToolUse> withId;
    private final ReplyLimits limits;
    private final List<Segment> segments = new ArrayList<>();
    private final List<Reply.NativeCall> nativeCalls = new ArrayList<>();
    private final List<Reasoning> reasoning = new ArrayList<>();
    private ChatEvent.Usage usage;
    private StopReason stop = StopReason.END_TURN;
    private ProviderException error;
    private int cutAt = -1;
    /** Bytes of text, reasoning and native arguments read so far. */
    private long received;
    /** Calls begun so far, in the text and native. */
    private int begun;
    /** Native calls begun and not yet complete, by index: a stopped reply completes those whose arguments ended. */
    private final Map<Integer, NativeDraft> drafts = new LinkedHashMap<>();
    private ReplyLimits.Cap cap;
    /** Where in the text the reply was stopped by {@link #cap}. */
    private int capAt = -1;

    /** A native call as far as it has come. */
    private record NativeDraft(int index, String id, String name, StringBuilder arguments) {}

    /**
     * @param withId gives each call read from the text the id its result will carry, the moment
     *               it is read (so every event about it names the same id)
     */
    ReplyReader(List<Reader> readers, ToolCatalog tools, boolean breakOnToolUse, ReplyLimits limits,
            Consumer<AgentEvent> events, UnaryOperator<ToolUse> withId) {
        this.splitter = new StreamSplitter(readers);
        this.tools = tools;
        this.breakOnToolUse = breakOnToolUse;
        this.limits = limits;
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
                if (cap != null) {
                    stop = StopReason.CANCELED;
                    break;
                }
                if (cutAt >= 0) {
                    stop = StopReason.TOOL_USE;
                    break;
                }
            }
        }
        if (cap != null) {
            completeDrafts();
        }
        if (cutAt < 0) {
            splitter.finish(this);
        }
        String text = splitter.text();
        return new Reply(cutAt < 0 ? text : text.substring(0, cutAt), segments, nativeCalls, reasoning, usage, stop,
                error, cap, cap == null ? -1 : capAt);
    }

    private void handle(ChatEvent event) {
        switch (event) {
            case ChatEvent.TextDelta t -> text(t.text());
            case ChatEvent.ThinkingDelta t -> {
                if (fits(t.text())) {
                    events.accept(new AgentEvent.ThinkingDelta(t.text()));
                }
            }
            case ChatEvent.ReasoningCompleted r -> reasoning.add(r.reasoning());
            case ChatEvent.ToolCallStarted s -> nativeStarted(s);
            case ChatEvent.ToolCallDelta d -> {
                NativeDraft draft = drafts.get(d.index());
                if (fits(d.fragment()) && draft != null) {
                    draft.arguments().append(d.fragment());
                }
            }
            case ChatEvent.ToolCallCompleted c -> {
                drafts.remove(c.index());
                nativeCall(c);
            }
            case ChatEvent.Usage u -> usage = u;
            case ChatEvent.Notice n -> events.accept(new AgentEvent.Notice(n.text()));
            case ChatEvent.Finished f -> {
                stop = f.reason();
                error = f.error();
            }
        }
    }

    /** Text up to the size limit goes to the splitter; the byte that passes it stops the reply. */
    private void text(String delta) {
        long size = ByteSize.utf8(delta);
        if (received + size <= limits.bytes()) {
            received += size;
            splitter.feed(delta, this);
            return;
        }
        String within = prefixWithin(delta, limits.bytes() - received);
        received = limits.bytes();
        splitter.feed(within, this);
        capped(ReplyLimits.Cap.SIZE, splitter.text().length());
    }

    /** Whether {@code delta} (reasoning, arguments) fits within the size limit; when it does not, the reply stops. */
    private boolean fits(String delta) {
        received += ByteSize.utf8(delta);
        if (received <= limits.bytes()) {
            return true;
        }
        capped(ReplyLimits.Cap.SIZE, splitter.text().length());
        return false;
    }

    /** The longest start of {@code text} whose UTF-8 fits in {@code bytes}, never half a surrogate pair. */
    private static String prefixWithin(String text, long bytes) {
        long used = 0;
        int end = 0;
        while (end < text.length()) {
            int next = Character.isHighSurrogate(text.charAt(end)) && end + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(end + 1)) ? end + 2 : end + 1;
            long size = ByteSize.utf8(text.subSequence(end, next));
            if (used + size > bytes) {
                break;
            }
            used += size;
            end = next;
        }
        return text.substring(0, end);
    }

    private void capped(ReplyLimits.Cap which, int at) {
        if (cap == null) {
            cap = which;
            capAt = at;
        }
    }

    /** A call past the count stops the reply where it begins, {@code at} in the text; it is not run. */
    private boolean mayBegin(int at) {
        if (begun >= limits.calls()) {
            capped(ReplyLimits.Cap.CALLS, at);
            return false;
        }
        begun++;
        return true;
    }

    private void nativeStarted(ChatEvent.ToolCallStarted s) {
        if (cap == null && mayBegin(splitter.text().length())) {
            drafts.put(s.index(), new NativeDraft(s.index(), s.id(), s.name(), new StringBuilder()));
            events.accept(new AgentEvent.CallStarted(toolName(s.name()), StoredSegment.NATIVE));
        }
    }

    /**
     * The native calls of a stopped reply that had not been completed (Chat Completions completes
     * them all at the end): each whose arguments ended — another call began after it — runs; the
     * one still being written when the reply stopped for its size does not.
     */
    private void completeDrafts() {
        List<NativeDraft> open = new ArrayList<>(drafts.values());
        if (cap == ReplyLimits.Cap.SIZE && !open.isEmpty()) {
            open.removeLast();
        }
        for (NativeDraft d : open) {
            nativeCall(new ChatEvent.ToolCallCompleted(d.index(), d.id(), d.name(), d.arguments().toString()));
        }
        drafts.clear();
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
        events.accept(new AgentEvent.CallRead(use, StoredSegment.NATIVE, null));
    }

    /** Native names are a tool's first tag; the call is recorded under the tool's own name. */
    private String toolName(String nativeName) {
        return tools.resolve(nativeName).map(spec -> spec.name()).orElse(nativeName);
    }

    /** Whether what the splitter reads now is shown: not after the first call of a reply that stops there, nor past the call count. */
    private boolean shown() {
        return cutAt < 0 && cap != ReplyLimits.Cap.CALLS;
    }

    @Override
    public void prose(CharSequence message, int start, int end) {
        if (shown()) {
            events.accept(new AgentEvent.ProseDelta(message.subSequence(start, end).toString()));
        }
    }

    @Override
    public void event(StreamEvent event) {
        if (event instanceof StreamEvent.CallStarted started && cap == null && cutAt < 0) {
            mayBegin(started.start());
        }
        if (shown() && !(event instanceof StreamEvent.Completed)) {
            events.accept(AgentEvent.shown(event));
        }
    }

    @Override
    public void completed(Segment segment) {
        if (cutAt >= 0) {
            return;
        }
        if (cap == ReplyLimits.Cap.CALLS && segment instanceof Segment.Call past) {
            // Kept as it was written, as a call that did not run.
            segments.add(new Segment.Unparsed(past.raw(), past.dialect(), "not run: past the " + limits.calls()
                    + " calls one reply may make", past.start(), past.end()));
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
