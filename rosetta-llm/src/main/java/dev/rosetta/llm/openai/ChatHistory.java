package dev.rosetta.llm.openai;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.UnansweredCall;
import dev.rosetta.llm.openai.WireMessage.AssistantTurn;
import dev.rosetta.llm.openai.WireMessage.SystemText;
import dev.rosetta.llm.openai.WireMessage.ToolOutput;
import dev.rosetta.llm.openai.WireMessage.UserText;
import dev.rosetta.llm.openai.WireMessage.WireCall;

/**
 * A conversation as Chat Completions accepts it. The API (and DeepSeek more strictly) rejects a
 * history in which an assistant's {@code tool_calls} are not followed, at once, by exactly one
 * {@code tool} message per call. So, for each assistant turn with native calls:
 * <ul>
 * <li>its results (system messages carrying a call id) follow it, in the order of the calls;</li>
 * <li>several results for one call are merged into one, joined by a blank line;</li>
 * <li>a call without a result gets {@link UnansweredCall#RESULT} as its result;</li>
 * <li>a result whose id matches none of the calls, and a plain system message found among the
 *     results, are moved after them as system text.</li>
 * </ul>
 * Results are looked for up to the next user or assistant message. A native call is one with a
 * call id and named arguments only. The text goes as it is given: the history view already took
 * the spelling of calls that travel natively out of it. Ollama's {@code /api/chat} has the same
 * rules and the same message shapes, so its adapter uses this too.
 */
public final class ChatHistory {

    private final Function<String, String> nativeName;
    private final String reasoningOrigin;

    /**
     * @param nativeName      the function name a tool is called by (its first block type)
     * @param reasoningOrigin the API whose reasoning goes back with an assistant turn; other
     *                        APIs' reasoning is left out
     */
    public ChatHistory(Function<String, String> nativeName, String reasoningOrigin) {
        this.nativeName = nativeName;
        this.reasoningOrigin = reasoningOrigin;
    }

    /** For Chat Completions. */
    ChatHistory(Function<String, String> nativeName) {
        this(nativeName, ChatCompletionsProvider.REASONING_ORIGIN);
    }

    public List<WireMessage> convert(List<Message> messages) {
        List<WireMessage> out = new ArrayList<>();
        int i = 0;
        while (i < messages.size()) {
            Message m = messages.get(i++);
            switch (m.role()) {
                case SYSTEM -> out.add(new SystemText(m.content()));
                case USER -> out.add(new UserText(m.content()));
                case ASSISTANT -> i = assistant(m, messages, i, out);
            }
        }
        return out;
    }

    /** Adds the turn and its results; returns the index of the first message it did not take. */
    private int assistant(Message m, List<Message> messages, int next, List<WireMessage> out) {
        List<ToolUse> calls = m.calls().stream().filter(ChatHistory::isNative).toList();
        if (calls.isEmpty()) {
            if (!m.content().isBlank()) {
                out.add(new AssistantTurn(m.content(), List.of(), reasoning(m)));
            }
            return next;
        }
        Set<String> ids = calls.stream().map(ToolUse::callId).collect(Collectors.toCollection(LinkedHashSet::new));
        out.add(new AssistantTurn(m.content(), calls.stream().map(this::wireCall).toList(), reasoning(m)));

        Map<String, List<String>> results = new LinkedHashMap<>();
        List<WireMessage> moved = new ArrayList<>();
        int i = next;
        for (; i < messages.size() && messages.get(i).role() == Role.SYSTEM; i++) {
            Message r = messages.get(i);
            if (r.isToolResult() && ids.contains(r.callId())) {
                results.computeIfAbsent(r.callId(), id -> new ArrayList<>()).add(r.content());
            } else {
                moved.add(new SystemText(r.content()));
            }
        }
        for (String id : ids) {
            List<String> texts = results.get(id);
            out.add(new ToolOutput(id, texts == null ? UnansweredCall.RESULT : String.join("\n\n", texts)));
        }
        out.addAll(moved);
        return i;
    }

    private WireCall wireCall(ToolUse use) {
        return new WireCall(use.callId(), nativeName.apply(use.tool()), Json.write(use.kwargs()));
    }

    /** A call made through the function-calling API: an id, and arguments by name only. */
    static boolean isNative(ToolUse use) {
        return use.callId() != null && use.args().isEmpty() && use.content() == null;
    }

    private String reasoning(Message m) {
        return m.reasoning().stream().filter(r -> r.from(reasoningOrigin)).map(Reasoning::text)
                .filter(Objects::nonNull).collect(Collectors.joining());
    }
}
