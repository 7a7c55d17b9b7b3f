package dev.rosetta.llm.stream;

import dev.rosetta.core.json.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * One unit of a reply body as its framing cuts it: a server-sent event, a line of NDJSON, or a
 * whole body.
 *
 * @param type the SSE {@code event:} field, or null when the framing has none (or the event named none)
 * @param data the event's data, the line, or the body
 */
public record Frame(String type, String data) {

    /** The data as a JSON object, or null when it is not one. */
    public JsonNode json() {
        if (data.isBlank()) {
            return null;
        }
        try {
            JsonNode node = Json.MAPPER.readTree(data);
            return node != null && node.isObject() ? node : null;
        } catch (JacksonException notJson) {
            return null;
        }
    }
}
