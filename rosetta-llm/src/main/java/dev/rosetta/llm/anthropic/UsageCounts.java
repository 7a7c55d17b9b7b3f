package dev.rosetta.llm.anthropic;

import dev.rosetta.llm.ChatEvent;
import tools.jackson.databind.JsonNode;

/**
 * Token counts as the API reports them: message_start carries the input side, message_delta the
 * output (cumulative, and lately the input side again). A later count replaces an earlier one.
 * {@code input_tokens} excludes the tokens read from or written to the cache, which are counted
 * apart, so the four numbers add up to what was processed.
 */
final class UsageCounts {

    private long input;
    private long output;
    private long cacheRead;
    private long cacheWrite;
    private boolean known;

    void update(JsonNode usage) {
        input = count(usage, "input_tokens", input);
        output = count(usage, "output_tokens", output);
        cacheRead = count(usage, "cache_read_input_tokens", cacheRead);
        cacheWrite = count(usage, "cache_creation_input_tokens", cacheWrite);
    }

    private long count(JsonNode usage, String field, long before) {
        JsonNode n = usage.path(field);
        if (!n.isNumber()) {
            return before;
        }
        known = true;
        return n.asLong();
    }

    /** Whether any count arrived. */
    boolean known() {
        return known;
    }

    ChatEvent.Usage event() {
        return new ChatEvent.Usage(input, output, cacheRead, cacheWrite);
    }
}
