package dev.rosetta.llm.anthropic;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.rosetta.core.json.Json;
import tools.jackson.databind.node.ObjectNode;

/** One entry of the request's {@code messages}: a role and its content blocks. */
final class Turn {

    static final String USER = "user";
    static final String ASSISTANT = "assistant";

    private final String role;
    private final List<ObjectNode> blocks;

    Turn(String role, List<ObjectNode> blocks) {
        this.role = role;
        this.blocks = new ArrayList<>(blocks);
    }

    String role() {
        return role;
    }

    boolean isUser() {
        return role.equals(USER);
    }

    List<ObjectNode> blocks() {
        return blocks;
    }

    boolean isEmpty() {
        return blocks.isEmpty();
    }

    /** The ids of this turn's tool_use blocks, in order. */
    Set<String> toolUseIds() {
        Set<String> ids = new LinkedHashSet<>();
        for (ObjectNode block : blocks) {
            if (Blocks.isToolUse(block)) {
                ids.add(block.path("id").stringValue(""));
            }
        }
        return ids;
    }

    ObjectNode toJson() {
        ObjectNode message = Json.MAPPER.createObjectNode().put("role", role);
        blocks.forEach(message.putArray("content")::add);
        return message;
    }
}
