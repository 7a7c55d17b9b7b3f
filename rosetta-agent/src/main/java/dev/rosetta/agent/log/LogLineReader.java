package dev.rosetta.agent.log;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent.Usage;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads one line of the log. Fields it does not know are ignored (a newer Rosetta may add some);
 * a missing or mistyped field it needs makes the line invalid, with the reason.
 */
final class LogLineReader {

    private static final TypeReference<LinkedHashMap<String, Object>> OBJECT = new TypeReference<>() {};

    /** Why a line is not a log line. */
    static final class InvalidLine extends Exception {
        InvalidLine(String message) {
            super(message);
        }
    }

    private LogLineReader() {}

    static LogLine read(byte[] bytes, int offset, int length) throws InvalidLine {
        JsonNode node;
        try {
            node = LogJson.MAPPER.readTree(bytes, offset, length);
        } catch (JacksonException e) {
            throw new InvalidLine("not JSON: " + e.getOriginalMessage());
        }
        if (!(node instanceof ObjectNode object)) {
            throw new InvalidLine("not a JSON object");
        }
        if (object.has("undo")) {
            JsonNode count = object.get("undo");
            if (!count.canConvertToInt() || !count.isIntegralNumber() || count.intValue() < 0) {
                throw new InvalidLine("\"undo\" must be a count of messages");
            }
            return new LogLine.Undo(count.intValue());
        }
        return new LogLine.Entry(message(object));
    }

    private static LoggedMessage message(ObjectNode node) throws InvalidLine {
        Role role = role(requiredText(node, "role"));
        Instant timestamp = timestamp(requiredText(node, "timestamp"));
        ToolFormat format = format(optionalText(node, "format"));
        List<ToolUse> calls = new ArrayList<>();
        for (JsonNode call : array(node, "calls")) {
            calls.add(call(call));
        }
        List<Reasoning> reasoning = new ArrayList<>();
        for (JsonNode r : array(node, "reasoning")) {
            reasoning.add(reasoning(r));
        }
        Message message = new Message(role, requiredText(node, "content"), calls, optionalText(node, "call_id"),
                bool(node, "is_error"), reasoning);
        return new LoggedMessage(message, timestamp, optionalText(node, "model"), format, nativeIds(node),
                usage(node.get("usage")), cost(node.get("cost")));
    }

    private static ToolUse call(JsonNode node) throws InvalidLine {
        if (!node.isObject()) {
            throw new InvalidLine("a call is not a JSON object");
        }
        List<String> args = new ArrayList<>();
        for (JsonNode a : array(node, "args")) {
            if (!a.isString()) {
                throw new InvalidLine("a call's args must be strings");
            }
            args.add(a.stringValue());
        }
        Map<String, Object> kwargs = Map.of();
        JsonNode kw = node.get("kwargs");
        if (kw != null && !kw.isNull()) {
            if (!kw.isObject()) {
                throw new InvalidLine("a call's kwargs must be a JSON object");
            }
            kwargs = LogJson.MAPPER.treeToValue(kw, OBJECT);
        }
        return new ToolUse(requiredText(node, "tool"), args, optionalText(node, "content"), kwargs,
                optionalText(node, "call_id"));
    }

    private static Reasoning reasoning(JsonNode node) throws InvalidLine {
        if (!node.isObject()) {
            throw new InvalidLine("a reasoning block is not a JSON object");
        }
        return new Reasoning(requiredText(node, "origin"), optionalText(node, "text"),
                optionalText(node, "signature"), optionalText(node, "redacted"));
    }

    private static Set<String> nativeIds(JsonNode node) throws InvalidLine {
        Set<String> ids = new LinkedHashSet<>();
        for (JsonNode id : array(node, "native_call_ids")) {
            if (!id.isString()) {
                throw new InvalidLine("native_call_ids must be strings");
            }
            ids.add(id.stringValue());
        }
        return ids;
    }

    private static Usage usage(JsonNode node) throws InvalidLine {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw new InvalidLine("usage is not a JSON object");
        }
        return new Usage(count(node, "input"), count(node, "output"), count(node, "cache_read"),
                count(node, "cache_write"));
    }

    private static long count(JsonNode usage, String key) throws InvalidLine {
        JsonNode n = usage.get(key);
        if (n == null || n.isNull()) {
            return 0;
        }
        if (!n.isIntegralNumber() || !n.canConvertToLong()) {
            throw new InvalidLine("usage." + key + " must be a whole number");
        }
        return n.longValue();
    }

    private static Double cost(JsonNode node) throws InvalidLine {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isNumber()) {
            throw new InvalidLine("cost must be a number");
        }
        return node.doubleValue();
    }

    private static Role role(String text) throws InvalidLine {
        try {
            return Role.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidLine("unknown role '" + text + "'");
        }
    }

    private static Instant timestamp(String text) throws InvalidLine {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new InvalidLine("timestamp '" + text + "' is not an ISO-8601 instant");
        }
    }

    /** A line without a format was written before formats were recorded: markdown was all there was. */
    private static ToolFormat format(String text) throws InvalidLine {
        if (text == null) {
            return ToolFormat.MARKDOWN;
        }
        try {
            return ToolFormat.of(text);
        } catch (IllegalArgumentException e) {
            throw new InvalidLine(e.getMessage());
        }
    }

    private static Iterable<JsonNode> array(JsonNode node, String key) throws InvalidLine {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return List.of();
        }
        if (!value.isArray()) {
            throw new InvalidLine("\"" + key + "\" must be an array");
        }
        return value;
    }

    private static boolean bool(JsonNode node, String key) throws InvalidLine {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return false;
        }
        if (!value.isBoolean()) {
            throw new InvalidLine("\"" + key + "\" must be true or false");
        }
        return value.booleanValue();
    }

    private static String requiredText(JsonNode node, String key) throws InvalidLine {
        String text = optionalText(node, key);
        if (text == null) {
            throw new InvalidLine("\"" + key + "\" is missing");
        }
        return text;
    }

    private static String optionalText(JsonNode node, String key) throws InvalidLine {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            throw new InvalidLine("\"" + key + "\" must be a string");
        }
        return value.stringValue();
    }
}
