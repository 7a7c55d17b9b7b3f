package dev.rosetta.llm;

import java.util.List;
import java.util.Objects;

import dev.rosetta.core.message.Message;
import dev.rosetta.core.tool.ToolSpec;

/**
 * One request to a model.
 *
 * @param model          the provider's model id, without the provider prefix ({@code gpt-4.1})
 * @param messages       the conversation; the first system message is the system prompt, tool
 *                       results are system messages with a call id
 * @param tools          tools offered natively; empty unless the tool format is {@code tool}
 * @param maxTokens      the output limit, or null for the model's default
 * @param temperature    or null for the provider's default
 * @param stop           stop sequences (may be empty)
 * @param thinking       how hard the model is asked to think, or null for the model's default
 * @param stream         whether to stream the reply
 */
public record ChatRequest(String model, List<Message> messages, List<ToolSpec> tools, Integer maxTokens,
        Double temperature, List<String> stop, Thinking thinking, boolean stream) {

    public ChatRequest {
        Objects.requireNonNull(model, "model");
        messages = List.copyOf(messages);
        tools = tools == null ? List.of() : List.copyOf(tools);
        stop = stop == null ? List.of() : List.copyOf(stop);
    }

    /** A streaming request with defaults for everything but the model and messages. */
    public static ChatRequest of(String model, List<Message> messages) {
        return new ChatRequest(model, messages, List.of(), null, null, List.of(), null, true);
    }

    /** The same request for another model (a fallback candidate, a /model switch). */
    public ChatRequest withModel(String otherModel) {
        return new ChatRequest(otherModel, messages, tools, maxTokens, temperature, stop, thinking, stream);
    }

    public ChatRequest withTools(List<ToolSpec> nativeTools) {
        return new ChatRequest(model, messages, nativeTools, maxTokens, temperature, stop, thinking, stream);
    }

    public ChatRequest withStream(boolean on) {
        return new ChatRequest(model, messages, tools, maxTokens, temperature, stop, thinking, on);
    }

    public ChatRequest withMaxTokens(Integer max) {
        return new ChatRequest(model, messages, tools, max, temperature, stop, thinking, stream);
    }

    public ChatRequest withThinking(Thinking level) {
        return new ChatRequest(model, messages, tools, maxTokens, temperature, stop, level, stream);
    }

    /** A budget in tokens (0 is off), or null for the model's default. */
    public ChatRequest withThinkingBudget(Integer budget) {
        return withThinking(budget == null ? null : Thinking.budget(budget));
    }
}
