package dev.rosetta.agent.log;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A compaction line's JSON: {@code {"compaction": {"at", "timestamp", "trigger",
 * "without_reasoning": [i…], "shrunk": [{"message", "content"}…], "summary": {"up_to",
 * "content"}, "tokens_before", "tokens_after"}}}. Empty parts are left out.
 */
final class CompactionJson {

    private CompactionJson() {}

    static ObjectNode write(Compaction c) {
        ObjectNode node = LogJson.MAPPER.createObjectNode();
        node.put("at", c.at());
        node.put("timestamp", c.timestamp().toString());
        node.put("trigger", c.trigger().id());
        if (!c.withoutReasoning().isEmpty()) {
            ArrayNode dropped = node.putArray("without_reasoning");
            c.withoutReasoning().forEach(dropped::add);
        }
        if (!c.shrunk().isEmpty()) {
            ArrayNode shrunk = node.putArray("shrunk");
            c.shrunk().forEach(s -> shrunk.addObject().put("message", s.message())
                    .put("content", s.content()));
        }
        if (c.summary() != null) {
            node.putObject("summary").put("up_to", c.summary().upTo()).put("content", c.summary().content());
        }
        node.put("tokens_before", c.tokensBefore());
        node.put("tokens_after", c.tokensAfter());
        return node;
    }

    static Compaction read(JsonNode node) throws LogLineReader.InvalidLine {
        if (!(node instanceof ObjectNode)) {
            throw new LogLineReader.InvalidLine("\"compaction\" must be a JSON object");
        }
        List<Integer> withoutReasoning = new ArrayList<>();
        for (JsonNode m : array(node, "without_reasoning")) {
            withoutReasoning.add(index(m, "without_reasoning"));
        }
        List<Compaction.ShrunkResult> shrunk = new ArrayList<>();
        for (JsonNode s : array(node, "shrunk")) {
            shrunk.add(new Compaction.ShrunkResult(index(s.get("message"), "shrunk.message"), text(s, "content")));
        }
        JsonNode summary = node.get("summary");
        try {
            return new Compaction(index(node.get("at"), "at"), instant(text(node, "timestamp")),
                    trigger(text(node, "trigger")), withoutReasoning, shrunk,
                    summary == null || summary.isNull() ? null
                            : new Compaction.Summary(index(summary.get("up_to"), "summary.up_to"), text(summary, "content")),
                    count(node, "tokens_before"), count(node, "tokens_after"));
        } catch (IllegalArgumentException e) {
            throw new LogLineReader.InvalidLine(e.getMessage());
        }
    }

    private static Compaction.Trigger trigger(String text) throws LogLineReader.InvalidLine {
        try {
            return Compaction.Trigger.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new LogLineReader.InvalidLine("unknown compaction trigger '" + text + "'");
        }
    }

    static Instant instant(String text) throws LogLineReader.InvalidLine {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new LogLineReader.InvalidLine("timestamp '" + text + "' is not an ISO-8601 instant");
        }
    }

    static Iterable<JsonNode> array(JsonNode node, String key) throws LogLineReader.InvalidLine {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return List.of();
        }
        if (!value.isArray()) {
            throw new LogLineReader.InvalidLine("\"" + key + "\" must be an array");
        }
        return value;
    }

    static int index(JsonNode value, String key) throws LogLineReader.InvalidLine {
        if (value == null || !value.isIntegralNumber() || !value.canConvertToInt() || value.intValue() < 0) {
            throw new LogLineReader.InvalidLine("\"" + key + "\" must be a message number");
        }
        return value.intValue();
    }

    private static long count(JsonNode node, String key) throws LogLineReader.InvalidLine {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return 0;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw new LogLineReader.InvalidLine("\"" + key + "\" must be a whole number");
        }
        return value.longValue();
    }

    static String text(JsonNode node, String key) throws LogLineReader.InvalidLine {
        String value = optionalText(node, key);
        if (value == null) {
            throw new LogLineReader.InvalidLine("\"" + key + "\" is missing");
        }
        return value;
    }

    static String optionalText(JsonNode node, String key) throws LogLineReader.InvalidLine {
        JsonNode value = node == null ? null : node.get(key);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            throw new LogLineReader.InvalidLine("\"" + key + "\" must be a string");
        }
        return value.stringValue();
    }
}
