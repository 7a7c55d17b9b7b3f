package dev.rosetta.agent.chat;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.rosetta.agent.context.ContextMeter;
import dev.rosetta.agent.tokens.TokenEstimator;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.size.ByteSize;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.provider.ProviderDirectory;

/**
 * Whether a request fits the model's context window, asked before it is sent. A server that gets
 * more than its window cuts the start of the prompt — the system prompt and the tools first —
 * and says nothing (Ollama does, with {@code num_ctx}), so the user is told here instead. This is
 * the one place the question is asked; what to do about it (compaction, a budget) is for its
 * callers.
 *
 * <p>Counting tokens loads a vocabulary (a third of a second), so the text is counted only when
 * the bound that needs no counting ({@link ContextMeter#upperBound}, the rule the budget uses too)
 * could outgrow the window.
 */
public final class ContextFit {

    private final TokenEstimator estimator;

    public ContextFit(TokenEstimator estimator) {
        this.estimator = estimator;
    }

    /** About how many tokens {@code request} carries: its messages, and the tools' definitions. */
    public long tokens(ChatRequest request) {
        return estimator.count(text(request));
    }

    /** A line saying that {@code request} outgrows {@code model}'s context, or empty when it fits. */
    public Optional<String> overflow(ChatRequest request, ModelInfo model) {
        int window = model.contextWindowOrDefault();
        if (ContextMeter.upperBound(request.messages(), request.tools()) < window) {
            return Optional.empty();
        }
        long tokens = estimator.count(text(request));
        if (tokens < window) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "this request is about %,d tokens, more than the %,d of %s's"
                + " context (%s); the server may cut its start, the system prompt and the tools first: /undo a turn"
                + " or start a new conversation%s", tokens, window, model.name(), model.contextWindow() == null
                        ? "assumed" : "its context window",
                model.provider().equals(ProviderDirectory.OLLAMA) ? ", or raise [models] local_context" : ""));
    }

    /**
     * A line saying that a user's message cannot be sent to {@code model} at all — by itself it is
     * more than the {@code window} tokens of its context — or empty when it can. Compaction can
     * shorten what came before a message, never the message, so such a message is refused before
     * anything is sent (a request that is only near the window is warned of, {@link #overflow}).
     * Only a message near the window is counted, and a huge one only until it is known to be too
     * large.
     */
    public Optional<String> unsendable(String message, long window, ModelInfo model) {
        if (ContextMeter.upperBound(List.of(Message.user(message)), List.of()) < window) {
            return Optional.empty();
        }
        long tokens = estimator.countUpTo(message, window);
        if (tokens <= window) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "your message is more than %,d tokens (%s of UTF-8), more than"
                + " %s's context window holds, so nothing was sent. Send less: a part of it (head, tail, grep), or"
                + " save it as a file in the workspace and ask the model to read what it needs", window,
                ByteSize.of(ByteSize.utf8(message)), model.name()));
    }

    private static String text(ChatRequest request) {
        StringBuilder text = new StringBuilder();
        for (Message m : request.messages()) {
            text.append(m.content()).append('\n');
            m.calls().forEach(c -> text.append(Json.write(c.kwargs())).append(c.content() == null ? "" : c.content()));
        }
        for (ToolSpec tool : request.tools()) {
            text.append(tool.name()).append(tool.description()).append(tool.instructions())
                    .append(Json.write(tool.jsonSchema()));
        }
        return text.toString();
    }
}
