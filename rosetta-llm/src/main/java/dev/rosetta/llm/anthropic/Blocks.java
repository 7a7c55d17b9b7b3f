package dev.rosetta.llm.anthropic;

import java.util.Map;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.llm.schema.CallIds;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The Messages API's content blocks, as request JSON. */
final class Blocks {

    /** What a result with no output says: the API rejects an empty tool_result content. */
    static final String NO_OUTPUT = "(no output)";

    private Blocks() {}

    static ObjectNode text(String text) {
        return Json.MAPPER.createObjectNode().put("type", "text").put("text", text);
    }

    /** A later system message: the API has one system prompt, so it travels as tagged user text. */
    static ObjectNode systemNote(String text) {
        return text("<system>\n" + text + "\n</system>");
    }

    static ObjectNode toolResult(String toolUseId, String content, boolean isError) {
        ObjectNode block = Json.MAPPER.createObjectNode().put("type", "tool_result")
                .put("tool_use_id", CallIds.forAnthropic(toolUseId))
                .put("content", content.isBlank() ? NO_OUTPUT : content);
        if (isError) {
            block.put("is_error", true);
        }
        return block;
    }

    static ObjectNode toolUse(String id, String name, Map<String, Object> input) {
        ObjectNode block = Json.MAPPER.createObjectNode().put("type", "tool_use").put("id", CallIds.forAnthropic(id))
                .put("name", name);
        block.set("input", Json.MAPPER.valueToTree(input));
        return block;
    }

    /** A thinking block exactly as the API returned it; the signature is what lets it come back. */
    static ObjectNode reasoning(Reasoning r) {
        if (r.redacted() != null) {
            return Json.MAPPER.createObjectNode().put("type", "redacted_thinking").put("data", r.redacted());
        }
        return Json.MAPPER.createObjectNode().put("type", "thinking").put("thinking", r.text() == null ? "" : r.text())
                .put("signature", r.signature());
    }

    /** Marks a block as the end of a cacheable prefix (prompt caching, 5-minute lifetime). */
    static void cacheHere(ObjectNode block) {
        block.putObject("cache_control").put("type", "ephemeral");
    }

    static String type(JsonNode block) {
        return block.path("type").stringValue("");
    }

    static boolean isToolResult(JsonNode block) {
        return type(block).equals("tool_result");
    }

    static boolean isToolUse(JsonNode block) {
        return type(block).equals("tool_use");
    }
}
