package dev.rosetta.agent.log;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.dialect.described.DescriptionReader;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.ErrorCode;
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
        private final boolean notJson;

        InvalidLine(String message) {
            this(message, false);
        }

        InvalidLine(String message, boolean notJson) {
            super(message);
            this.notJson = notJson;
        }

        /** Whether the line is not JSON at all, as a line cut off while it was written is not. */
        boolean notJson() {
            return notJson;
        }
    }

    private LogLineReader() {}

    static LogLine read(byte[] bytes, int offset, int length) throws InvalidLine {
        JsonNode node;
        try {
            node = LogJson.MAPPER.readTree(bytes, offset, length);
        } catch (JacksonException e) {
            throw new InvalidLine("not JSON: " + e.getOriginalMessage(), true);
        }
        if (!(node instanceof ObjectNode object)) {
            throw new InvalidLine("not a JSON object");
        }
        if (object.has("undo")) {
            JsonNode count = object.get("undo");
            if (!count.canConvertToInt() || !count.isIntegralNumber() || count.intValue() < 0) {
                throw new InvalidLine("\"undo\" must be a count of messages, not " + count);
            }
            return new LogLine.Undo(count.intValue());
        }
        if (object.has("compaction")) {
            return new LogLine.Compacted(CompactionJson.read(object.get("compaction")));
        }
        if (object.has("checkpoint")) {
            return new LogLine.Checkpoint(CheckpointJson.read(object.get("checkpoint")));
        }
        return new LogLine.Entry(message(object));
    }

    private static LoggedMessage message(ObjectNode node) throws InvalidLine {
        Role role = role(requiredText(node, "role"));
        Instant timestamp = timestamp(requiredText(node, "timestamp"));
        ToolFormat format = format(optionalText(node, "format"));
        String content = requiredText(node, "content");
        List<Reasoning> reasoning = new ArrayList<>();
        for (JsonNode r : array(node, "reasoning")) {
            reasoning.add(reasoning(r));
        }
        String code = optionalText(node, "error");
        boolean isError = bool(node, "is_error") || code != null;
        String callId = optionalText(node, "call_id");
        List<StoredSegment> segments = node.hasNonNull("segments") ? segments(node)
                : role == Role.ASSISTANT ? readOnce(node, content, format) : List.of();
        Message message = new Message(role, content, StoredSegment.calls(segments), callId, isError,
                code == null ? null : new ErrorCode(code), reasoning);
        try {
            return new LoggedMessage(message, timestamp, optionalText(node, "model"), format, segments,
                    usage(node.get("usage")), cost(node.get("cost")));
        } catch (IllegalArgumentException e) {
            throw new InvalidLine(e.getMessage());
        }
    }

    /** An assistant line written before segments were stored: its text read once, its calls paired. */
    private static List<StoredSegment> readOnce(JsonNode node, String content, ToolFormat format) throws InvalidLine {
        return ReadOnce.segments(Message.assistant(content, oldCalls(node)), format, nativeIds(node));
    }

    /** The calls of a line written before segments were stored. */
    private static List<ToolUse> oldCalls(JsonNode node) throws InvalidLine {
        List<ToolUse> calls = new ArrayList<>();
        for (JsonNode call : array(node, "calls")) {
            if (!call.isObject()) {
                throw new InvalidLine("a call is not a JSON object");
            }
            calls.add(call(call));
        }
        return calls;
    }

    private static List<StoredSegment> segments(JsonNode node) throws InvalidLine {
        List<StoredSegment> segments = new ArrayList<>();
        for (JsonNode s : array(node, "segments")) {
            if (!s.isObject()) {
                throw new InvalidLine("a segment is not a JSON object");
            }
            segments.add(segment(s));
        }
        return segments;
    }

    private static StoredSegment segment(JsonNode node) throws InvalidLine {
        String type = requiredText(node, "type");
        return switch (type) {
            case "prose" -> new StoredSegment.Prose(span(node, "span"), blocks(node));
            case "thinking" -> new StoredSegment.Thinking(span(node, "span"), span(node, "text"));
            case "call" -> call(node, requiredText(node, "dialect"));
            case "unparsed" -> new StoredSegment.Unparsed(dialect(requiredText(node, "dialect")),
                    requiredText(node, "problem"), span(node, "span"));
            default -> throw new InvalidLine("unknown segment type '" + type + "'");
        };
    }

    /** A prose segment's code blocks, each inside the segment's span. */
    private static List<Segment.CodeBlock> blocks(JsonNode node) throws InvalidLine {
        StoredSegment.Span prose = span(node, "span");
        List<Segment.CodeBlock> blocks = new ArrayList<>();
        for (JsonNode b : array(node, "blocks")) {
            if (!b.isObject()) {
                throw new InvalidLine("a code block is not a JSON object");
            }
            StoredSegment.Span span = span(b, "span");
            StoredSegment.Span body = span(b, "body");
            if (span.start() < prose.start() || span.end() > prose.end() || body.start() < span.start()
                    || body.end() > span.end()) {
                throw new InvalidLine("a code block must lie inside its prose, its body inside the block");
            }
            blocks.add(new Segment.CodeBlock(requiredText(b, "info"), requiredText(b, "fence"), span.start(),
                    body.start(), body.end(), span.end()));
        }
        return blocks;
    }

    private static StoredSegment.Call call(JsonNode node, String dialect) throws InvalidLine {
        if (dialect.equals(StoredSegment.NATIVE)) {
            if (node.hasNonNull("span")) {
                throw new InvalidLine("a native call has no span");
            }
            return StoredSegment.Call.nativeCall(call(node));
        }
        return new StoredSegment.Call(call(node), dialect(dialect), span(node, "span"));
    }

    /** A built-in dialect, else one the user described (by a name such a dialect could have). */
    private static Dialect dialect(String name) throws InvalidLine {
        Optional<Dialect> builtin = ToolFormat.dialectNamed(name);
        if (builtin.isPresent()) {
            return builtin.get();
        }
        if (!DescriptionReader.isName(name)) {
            throw new InvalidLine("unknown dialect '" + name + "'");
        }
        return new RecordedDialect(name);
    }

    /** {@code [start, end]}: UTF-16 offsets into the message text. */
    private static StoredSegment.Span span(JsonNode node, String key) throws InvalidLine {
        JsonNode span = node.get(key);
        boolean ok = span != null && span.isArray() && span.size() == 2 && span.get(0).canConvertToInt()
                && span.get(0).isIntegralNumber() && span.get(1).canConvertToInt() && span.get(1).isIntegralNumber();
        if (!ok) {
            throw new InvalidLine("\"" + key + "\" must be [start, end]");
        }
        try {
            return new StoredSegment.Span(span.get(0).intValue(), span.get(1).intValue());
        } catch (IllegalArgumentException e) {
            throw new InvalidLine(e.getMessage());
        }
    }

    /** A call's fields: {@code tool}, {@code args}, {@code content}, {@code kwargs}, {@code call_id}. */
    private static ToolUse call(JsonNode node) throws InvalidLine {
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
