package dev.rosetta.agent.context;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.agent.tokens.TokenEstimator;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Estimates, in tokens, what a request carries, part by part. Counting every message again for
 * every request would cost more as the conversation grows, so the counts of the messages of the
 * last two requests are remembered. When the provider reports what a request really took, later
 * estimates are scaled by how far off the last one was (other vendors' tokenizers differ from the
 * one used here by some percent).
 */
public final class ContextMeter {

    /** What a message costs besides its text: its role and the delimiters around it. */
    static final int PER_MESSAGE = 4;
    /** How far a report may move the estimates: a provider counting something odd must not make them absurd. */
    private static final double MIN_SCALE = 0.5;
    private static final double MAX_SCALE = 2.0;

    private final TokenEstimator estimator;
    private Map<Message, Integer> current = new HashMap<>();
    private Map<Message, Integer> previous = new HashMap<>();
    private double scale = 1.0;

    public ContextMeter(TokenEstimator estimator) {
        this.estimator = estimator;
    }

    /** Forgets the counts of messages no request has carried since the one before. */
    public synchronized void nextRequest() {
        previous = current;
        current = new HashMap<>();
    }

    public int text(String text) {
        return estimator.count(text);
    }

    /** A message as sent: its text, its calls' arguments, the reasoning that goes back with it. */
    public synchronized int message(Message m) {
        Integer known = current.get(m);
        if (known == null) {
            known = previous.get(m);
        }
        if (known == null) {
            known = PER_MESSAGE + estimator.count(m.content()) + calls(m.calls()) + reasoning(m);
        }
        current.put(m, known);
        return known;
    }

    /** Of a message's tokens, those of its native reasoning. */
    public int reasoning(Message m) {
        int tokens = 0;
        for (Reasoning r : m.reasoning()) {
            tokens += estimator.count(r.text());
            // Opaque data (a redacted block, encrypted reasoning) is base64: about four characters a token.
            tokens += r.redacted() == null ? 0 : r.redacted().length() / 4;
        }
        return tokens;
    }

    private int calls(List<ToolUse> calls) {
        int tokens = 0;
        for (ToolUse use : calls) {
            tokens += PER_MESSAGE + estimator.count(use.tool()) + estimator.count(String.join(" ", use.args()))
                    + estimator.count(use.content())
                    + (use.kwargs().isEmpty() ? 0 : estimator.count(Json.write(use.kwargs())));
        }
        return tokens;
    }

    /** Native tool definitions, as their JSON schemas. */
    public int tools(List<ToolSpec> tools) {
        int tokens = 0;
        for (ToolSpec spec : tools) {
            tokens += PER_MESSAGE + estimator.count(spec.name()) + estimator.count(spec.description())
                    + estimator.count(Json.write(spec.jsonSchema()));
        }
        return tokens;
    }

    /**
     * At least as many tokens as the estimate of these messages and tools could ever be, found
     * without counting (counting loads a vocabulary, a third of a second): every token is at least
     * one byte of UTF-8, and estimates are scaled by at most {@link #MAX_SCALE}. So a request whose
     * bound is under a budget is under it, and a short conversation never loads the vocabulary.
     */
    public static long upperBound(List<Message> messages, List<ToolSpec> tools) {
        long bound = 0;
        for (Message m : messages) {
            bound += PER_MESSAGE + utf8(m.content());
            for (ToolUse use : m.calls()) {
                bound += PER_MESSAGE + utf8(use.tool()) + utf8(String.join(" ", use.args())) + utf8(use.content())
                        + (use.kwargs().isEmpty() ? 0 : utf8(Json.write(use.kwargs())));
            }
            for (Reasoning r : m.reasoning()) {
                bound += utf8(r.text()) + (r.redacted() == null ? 0 : r.redacted().length());
            }
        }
        for (ToolSpec spec : tools) {
            bound += PER_MESSAGE + utf8(spec.name()) + utf8(spec.description()) + utf8(Json.write(spec.jsonSchema()));
        }
        return (long) Math.ceil(bound * MAX_SCALE);
    }

    private static long utf8(String text) {
        if (text == null) {
            return 0;
        }
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3; // a pair is 4
        }
        return bytes;
    }

    /** Learns from a provider's report of what a request estimated at {@code estimated} took. */
    public synchronized void calibrate(long estimated, long reported) {
        if (estimated > 0 && reported > 0) {
            scale = Math.clamp((double) reported / estimated, MIN_SCALE, MAX_SCALE);
        }
    }

    /** An estimate scaled by the last report. */
    public synchronized long scaled(long estimate) {
        return Math.round(estimate * scale);
    }
}
