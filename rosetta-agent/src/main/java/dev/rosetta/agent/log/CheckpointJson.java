package dev.rosetta.agent.log;

import java.nio.file.Path;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A checkpoint line's JSON: {@code {"checkpoint": {"at", "call_id", "path", "before", "after",
 * "kept", "created_folder", "pending"}}}; {@code before} and {@code after} are left out for a file
 * that did not exist then (and {@code after} on a pending line, written before the write), {@code
 * kept} when it is true, {@code created_folder} when the write made none, {@code pending} when false.
 */
final class CheckpointJson {

    private CheckpointJson() {}

    static ObjectNode write(FileCheckpoint c) {
        ObjectNode node = LogJson.MAPPER.createObjectNode();
        node.put("at", c.at());
        if (c.callId() != null) {
            node.put("call_id", c.callId());
        }
        node.put("path", c.path().toString());
        if (c.before() != null) {
            node.put("before", c.before());
        }
        if (c.after() != null) {
            node.put("after", c.after());
        }
        if (!c.kept()) {
            node.put("kept", false);
        }
        if (c.createdFolder() != null) {
            node.put("created_folder", c.createdFolder().toString());
        }
        if (c.pending()) {
            node.put("pending", true);
        }
        return node;
    }

    private static Path createdFolder(JsonNode node) throws LogLineReader.InvalidLine {
        String folder = CompactionJson.optionalText(node, "created_folder");
        return folder == null ? null : Path.of(folder);
    }

    static FileCheckpoint read(JsonNode node) throws LogLineReader.InvalidLine {
        if (!(node instanceof ObjectNode)) {
            throw new LogLineReader.InvalidLine("\"checkpoint\" must be a JSON object");
        }
        JsonNode kept = node.get("kept");
        JsonNode pending = node.get("pending");
        for (var flag : new JsonNode[] {kept, pending}) {
            if (flag != null && !flag.isNull() && !flag.isBoolean()) {
                throw new LogLineReader.InvalidLine("\"" + (flag == kept ? "kept" : "pending")
                        + "\" must be true or false");
            }
        }
        try {
            return new FileCheckpoint(CompactionJson.index(node.get("at"), "at"),
                    CompactionJson.optionalText(node, "call_id"), Path.of(CompactionJson.text(node, "path")),
                    CompactionJson.optionalText(node, "before"), CompactionJson.optionalText(node, "after"),
                    kept == null || kept.isNull() || kept.booleanValue(), createdFolder(node),
                    pending != null && !pending.isNull() && pending.booleanValue());
        } catch (IllegalArgumentException e) { // InvalidPathException too
            throw new LogLineReader.InvalidLine(e.getMessage());
        }
    }
}
