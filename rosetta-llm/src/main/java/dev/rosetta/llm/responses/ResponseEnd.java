package dev.rosetta.llm.responses;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.llm.StopReason;
import tools.jackson.databind.JsonNode;

/**
 * How a finished response object ends the stream: its usage, then why it stopped.
 *
 * <p>Usage: {@code input_tokens} counts the cached tokens too, so they are subtracted and
 * reported apart; input, cache-read and cache-write then never overlap (as with Anthropic) and
 * each can be priced at its own rate. Reasoning tokens are part of {@code output_tokens}.
 */
final class ResponseEnd {

    private ResponseEnd() {}

    /**
     * @param status      the status when the response object has none (the terminal event says it)
     * @param calledTools whether the reply holds function calls
     * @param refused     whether the model refused (a refusal content part)
     */
    static List<ChatEvent> events(JsonNode response, String status, boolean calledTools, boolean refused) {
        List<ChatEvent> out = new ArrayList<>(2);
        JsonNode usage = response.path("usage");
        if (usage.isObject()) {
            long cached = Fields.number(usage.path("input_tokens_details"), "cached_tokens");
            out.add(new Usage(Math.max(0, Fields.number(usage, "input_tokens") - cached),
                    Fields.number(usage, "output_tokens"), cached, 0));
        }
        String said = Fields.text(response, "status");
        out.add(finished(response, said != null ? said : status, calledTools, refused));
        return out;
    }

    private static Finished finished(JsonNode response, String status, boolean calledTools, boolean refused) {
        return switch (status) {
            case "completed" -> refused ? new Finished(StopReason.REFUSAL, "refusal", null)
                    : new Finished(calledTools ? StopReason.TOOL_USE : StopReason.END_TURN, status, null);
            case "incomplete" -> incomplete(Fields.text(response.path("incomplete_details"), "reason"));
            default -> new Finished(StopReason.OTHER, status, null);
        };
    }

    private static Finished incomplete(String reason) {
        StopReason why = switch (reason == null ? "" : reason) {
            case "max_output_tokens" -> StopReason.MAX_TOKENS;
            case "content_filter" -> StopReason.REFUSAL;
            default -> StopReason.OTHER;
        };
        return new Finished(why, reason == null ? "incomplete" : reason, null);
    }
}
