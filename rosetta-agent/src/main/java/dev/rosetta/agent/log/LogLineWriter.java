package dev.rosetta.agent.log;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent.Usage;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes a {@link LogLine} as one line of JSON. Empty and default fields are left out to keep
 * lines short; {@link LogLineReader} restores them, so every message reads back equal.
 */
final class LogLineWriter {

    private LogLineWriter() {}

    /** The line's UTF-8 bytes, ending in a newline (the only newline in it). */
    static byte[] bytes(LogLine line) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(line, out);
        return out.toByteArray();
    }

    /**
     * Writes the line, ending in a newline, straight to {@code out} as UTF-8: a message of
     * megabytes is never held a second time as JSON text (a String, then its bytes, as it was).
     * A lone surrogate (a model can send one as a JSON escape) has no UTF-8 form; the generator
     * writes it as its {@code \}{@code uXXXX} escape, which reads back as the same char.
     */
    static void write(LogLine line, OutputStream out) {
        OutputStream kept = new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush(); // the caller's stream stays open for the newline
            }
        };
        LogJson.MAPPER.writeValue(kept, node(line));
        try {
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ObjectNode node(LogLine line) {
        return switch (line) {
            case LogLine.Entry e -> message(e.message());
            case LogLine.Undo u -> LogJson.MAPPER.createObjectNode().put("undo", u.count());
            case LogLine.Compacted c -> wrapped("compaction", CompactionJson.write(c.compaction()));
            case LogLine.Checkpoint c -> wrapped("checkpoint", CheckpointJson.write(c.checkpoint()));
        };
    }

    private static ObjectNode wrapped(String key, ObjectNode value) {
        ObjectNode node = LogJson.MAPPER.createObjectNode();
        node.set(key, value);
        return node;
    }

    private static ObjectNode message(LoggedMessage logged) {
        Message m = logged.message();
        // "role" first: readers tell messages from undo lines by the first key.
        ObjectNode node = LogJson.MAPPER.createObjectNode();
        node.put("role", m.role().name().toLowerCase(Locale.ROOT));
        node.put("timestamp", logged.timestamp().toString());
        node.put("format", logged.format().id());
        putIfSet(node, "model", logged.model());
        node.put("content", m.content());
        putIfSet(node, "call_id", m.callId());
        if (m.isError()) {
            node.put("is_error", true);
        }
        if (m.errorCode() != null) {
            node.put("error", m.errorCode().code());
        }
        if (m.role() == Role.ASSISTANT) {
            // Written even when empty: a reply line without "segments" is one of an old log, to be read once.
            ArrayNode segments = node.putArray("segments");
            logged.segments().forEach(s -> segments.add(segment(s)));
        }
        if (!m.reasoning().isEmpty()) {
            ArrayNode reasoning = node.putArray("reasoning");
            m.reasoning().forEach(r -> reasoning.add(reasoning(r)));
        }
        if (logged.usage() != null) {
            node.set("usage", usage(logged.usage()));
        }
        // NaN is not JSON: an unknown cost is left out rather than making the line unreadable.
        if (logged.cost() != null && Double.isFinite(logged.cost())) {
            node.put("cost", logged.cost().doubleValue());
        }
        return node;
    }

    private static ObjectNode segment(StoredSegment segment) {
        ObjectNode node = LogJson.MAPPER.createObjectNode();
        switch (segment) {
            case StoredSegment.Prose p -> blocks(head(node, "prose", null, p.span()), p.blocks());
            case StoredSegment.Thinking t -> span(head(node, "thinking", null, t.span()), "text", t.text());
            case StoredSegment.Call c -> call(head(node, "call", c.dialectName(), c.span()), c.use());
            case StoredSegment.Unparsed u -> head(node, "unparsed", u.dialect().name(), u.span())
                    .put("problem", u.problem());
        }
        return node;
    }

    /** A prose segment's code blocks: {@code {"info", "fence", "span": [start, end], "body": [start, end]}}. */
    private static ObjectNode blocks(ObjectNode node, List<Segment.CodeBlock> blocks) {
        if (blocks.isEmpty()) {
            return node;
        }
        ArrayNode out = node.putArray("blocks");
        for (Segment.CodeBlock b : blocks) {
            ObjectNode block = out.addObject().put("info", b.info()).put("fence", b.fence());
            block.putArray("span").add(b.start()).add(b.end());
            block.putArray("body").add(b.bodyStart()).add(b.closeStart());
        }
        return node;
    }

    /** What every segment starts with: its type, its dialect (if it has one), its span (if it has one). */
    private static ObjectNode head(ObjectNode node, String type, String dialect, StoredSegment.Span span) {
        node.put("type", type);
        putIfSet(node, "dialect", dialect);
        return span == null ? node : span(node, "span", span);
    }

    private static ObjectNode span(ObjectNode node, String key, StoredSegment.Span span) {
        node.putArray(key).add(span.start()).add(span.end());
        return node;
    }

    /** A call's fields, into the node of its segment. */
    private static void call(ObjectNode node, ToolUse use) {
        node.put("tool", use.tool());
        if (!use.args().isEmpty()) {
            ArrayNode args = node.putArray("args");
            use.args().forEach(args::add);
        }
        putIfSet(node, "content", use.content());
        if (!use.kwargs().isEmpty()) {
            node.set("kwargs", LogJson.MAPPER.valueToTree(readableNames(use.kwargs())));
        }
        putIfSet(node, "call_id", use.callId());
    }

    /**
     * Jackson reads a lone surrogate escape in a string but not in a property name, so in
     * argument names (nowhere else) one becomes U+FFFD: no tool has such an argument, and the
     * line must stay readable.
     */
    private static Object readableNames(Object value) {
        return switch (value) {
            case Map<?, ?> map -> {
                Map<String, Object> out = new LinkedHashMap<>();
                map.forEach((k, v) -> out.put(withoutLoneSurrogates(String.valueOf(k)), readableNames(v)));
                yield out;
            }
            case List<?> list -> list.stream().map(LogLineWriter::readableNames).toList();
            case null -> null;
            default -> value;
        };
    }

    private static String withoutLoneSurrogates(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                out.append(c).append(text.charAt(++i));
            } else {
                out.append(Character.isSurrogate(c) ? '\uFFFD' : c);
            }
        }
        return out.toString();
    }

    private static ObjectNode reasoning(Reasoning r) {
        ObjectNode node = LogJson.MAPPER.createObjectNode();
        node.put("origin", r.origin());
        putIfSet(node, "text", r.text());
        putIfSet(node, "signature", r.signature());
        putIfSet(node, "redacted", r.redacted());
        return node;
    }

    private static ObjectNode usage(Usage u) {
        return LogJson.MAPPER.createObjectNode()
                .put("input", u.inputTokens())
                .put("output", u.outputTokens())
                .put("cache_read", u.cacheReadTokens())
                .put("cache_write", u.cacheWriteTokens());
    }

    private static void putIfSet(ObjectNode node, String key, String value) {
        if (value != null) {
            node.put(key, value);
        }
    }
}
