package dev.rosetta.llm.openai;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.message.Reasoning;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatEvent.ReasoningCompleted;
import dev.rosetta.llm.ChatEvent.TextDelta;
import dev.rosetta.llm.ChatEvent.ThinkingDelta;
import dev.rosetta.llm.ChatEvent.Usage;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns {@code chat.completion.chunk} objects into events, keeping what spans chunks: the open
 * reasoning block, the calls being assembled, the finish reason. Only choice 0 is read (we never
 * ask for more). Fields it does not know are ignored.
 * <ul>
 * <li>{@code delta.content} and {@code delta.refusal} → TextDelta;</li>
 * <li>{@code delta.reasoning_content} (DeepSeek, Z.AI, vLLM, llama.cpp), else {@code
 *     delta.reasoning} (OpenRouter, Ollama), else the texts of {@code delta.reasoning_details}
 *     (MiniMax with {@code reasoning_split}) → ThinkingDelta, and ReasoningCompleted when text or
 *     calls follow;</li>
 * <li>{@code delta.tool_calls} → ToolCallStarted / ToolCallDelta ({@link ToolCallSlots});</li>
 * <li>{@code finish_reason} completes every open call; the Finished event waits for
 *     {@code [DONE]} (or the end of the body), because the usage chunk comes after it;</li>
 * <li>{@code usage} (usually a last chunk with empty {@code choices}) → Usage; one without
 *     token counts (MiniMax's {@code {"total_tokens": 0, "total_characters": 0}} on every chunk)
 *     is a placeholder and says nothing;</li>
 * <li>a choice holding a whole {@code message} after deltas have come repeats them (MiniMax ends
 *     its streams with a {@code chat.completion} object): only its finish reason is taken.</li>
 * </ul>
 */
final class ChunkDecoder {

    /** A refusal is the reply the user sees, so it is text like any other. */
    private static final List<String> TEXT_FIELDS = List.of("content", "refusal");

    private final ToolCallSlots calls = new ToolCallSlots();
    private final StringBuilder reasoning = new StringBuilder();
    private final ReasoningDetails details = new ReasoningDetails();
    private boolean thinking;
    private String finishReason;
    /** Whether the reply came as deltas, so a whole message after them is a repetition. */
    private boolean deltasCame;

    List<ChatEvent> chunk(JsonNode chunk) {
        List<ChatEvent> out = new ArrayList<>();
        for (JsonNode choice : chunk.path("choices")) {
            if (choice.path("index").asInt(0) == 0) {
                choice(choice, out);
            }
        }
        JsonNode usage = chunk.get("usage");
        if (usage == null || !usage.isObject()) {
            usage = chunk.path("x_groq").get("usage"); // Groq's place for it
        }
        if (usage != null && usage.isObject() && (usage.has("prompt_tokens") || usage.has("completion_tokens"))) {
            out.add(usage(usage));
        }
        return out;
    }

    /**
     * A whole non-streaming {@code chat.completion}: the same events its stream would give. Its
     * {@code message} has the shape of a delta, except that calls carry no index; their position
     * is their index.
     */
    List<ChatEvent> completion(JsonNode response) {
        JsonNode copy = response.deepCopy();
        for (JsonNode choice : copy.path("choices")) {
            int position = 0;
            for (JsonNode call : choice.path("message").path("tool_calls")) {
                if (call instanceof ObjectNode o && !o.has("index")) {
                    o.put("index", position);
                }
                position++;
            }
        }
        List<ChatEvent> out = chunk(copy);
        out.addAll(done());
        return out;
    }

    /** {@code [DONE]}, or a body that ended after the finish reason: the reply is complete. */
    List<ChatEvent> done() {
        List<ChatEvent> out = new ArrayList<>();
        endReasoning(out);
        calls.completeAll(out);
        out.add(new Finished(StopReasons.of(finishReason, calls.any()), finishReason, null));
        return out;
    }

    /** Whether the server said why the reply ended, so a body ending now is not a cut. */
    boolean finishSeen() {
        return finishReason != null;
    }

    private void choice(JsonNode choice, List<ChatEvent> out) {
        boolean isDelta = choice.has("delta");
        if (isDelta || !deltasCame) {
            deltasCame |= isDelta;
            content(isDelta ? choice.path("delta") : choice.path("message"), out);
        }
        String reason = text(choice.get("finish_reason"));
        if (reason != null) {
            finishReason = reason;
            endReasoning(out);
            calls.completeAll(out);
        }
    }

    private void content(JsonNode delta, List<ChatEvent> out) {
        thinking(delta, out);
        for (String field : TEXT_FIELDS) {
            String text = text(delta.get(field));
            if (text != null) {
                endReasoning(out);
                out.add(new TextDelta(text));
            }
        }
        JsonNode toolCalls = delta.path("tool_calls");
        if (!toolCalls.isEmpty()) {
            endReasoning(out);
            toolCalls.forEach(call -> calls.fragment(call, out));
        }
    }

    private void thinking(JsonNode delta, List<ChatEvent> out) {
        String thought = text(delta.get("reasoning_content"));
        if (thought == null) {
            thought = text(delta.get("reasoning"));
        }
        if (thought == null) {
            thought = details.next(delta.path("reasoning_details"));
        }
        if (thought != null) {
            thinking = true;
            reasoning.append(thought);
            out.add(new ThinkingDelta(thought));
        }
    }

    private void endReasoning(List<ChatEvent> out) {
        if (thinking) {
            out.add(new ReasoningCompleted(Reasoning.of(ChatCompletionsProvider.REASONING_ORIGIN, reasoning.toString(), null)));
            reasoning.setLength(0);
            thinking = false;
        }
    }

    /**
     * Input tokens are those not read from the cache, as Anthropic counts them, so that input +
     * cache read is the whole prompt for every provider: OpenAI's {@code prompt_tokens} includes
     * {@code prompt_tokens_details.cached_tokens}; DeepSeek names them {@code prompt_cache_hit_tokens}.
     */
    private static Usage usage(JsonNode usage) {
        long prompt = usage.path("prompt_tokens").asLong(0);
        long cached = usage.path("prompt_tokens_details").path("cached_tokens").asLong(0);
        if (cached == 0) {
            cached = usage.path("prompt_cache_hit_tokens").asLong(0);
        }
        return new Usage(Math.max(0, prompt - cached), usage.path("completion_tokens").asLong(0), cached, 0);
    }

    /** A non-empty string, or null (servers send null, "" and absent alike). */
    private static String text(JsonNode node) {
        return node != null && node.isString() && !node.stringValue().isEmpty() ? node.stringValue() : null;
    }
}
