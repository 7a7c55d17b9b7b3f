package dev.rosetta.llm.anthropic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.tool.InvalidArgumentsException;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.schema.ToolSchemas;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A conversation in the Messages API's shape: the leading system messages as the {@code system}
 * blocks (the last one marked for caching), the rest as alternating user and assistant turns.
 * Later system messages become {@code <system>} user text, tool results become tool_result
 * blocks, an assistant message becomes its signed thinking, its text and its tool_use blocks.
 * Blank text is never sent: the API rejects a text block without non-whitespace text. A
 * request without tool definitions may not hold tool_use or tool_result blocks, so then native
 * calls of earlier turns are written as {@code @tool(id): {…}} text and their results as notes.
 *
 * @param system   the system blocks (may be empty)
 * @param messages the turns
 */
record WireConversation(ArrayNode system, ArrayNode messages) {

    static WireConversation of(List<Message> history, List<ToolSpec> tools) {
        ArrayNode system = Json.MAPPER.createArrayNode();
        int start = 0;
        for (; start < history.size() && isPlainSystem(history.get(start)); start++) {
            String text = history.get(start).content();
            if (!text.isBlank()) {
                system.add(Blocks.text(text));
            }
        }
        if (!system.isEmpty()) {
            Blocks.cacheHere((ObjectNode) system.get(system.size() - 1));
        }
        List<Turn> turns = new ArrayList<>();
        for (Message m : history.subList(start, history.size())) {
            append(turns, turn(m, tools));
        }
        ArrayNode messages = Json.MAPPER.createArrayNode();
        ToolPairing.repair(turns).forEach(t -> messages.add(t.toJson()));
        return new WireConversation(system, messages);
    }

    private static boolean isPlainSystem(Message m) {
        return m.role() == Role.SYSTEM && !m.isToolResult();
    }

    /** Adds a turn, merging it into the last one when the roles match: the API wants them alternating. */
    private static void append(List<Turn> turns, Turn turn) {
        if (turn.isEmpty()) {
            return;
        }
        Turn last = turns.isEmpty() ? null : turns.get(turns.size() - 1);
        if (last != null && last.role().equals(turn.role())) {
            last.blocks().addAll(turn.blocks());
        } else {
            turns.add(turn);
        }
    }

    private static Turn turn(Message m, List<ToolSpec> tools) {
        return switch (m.role()) {
            case SYSTEM -> new Turn(Turn.USER, m.isToolResult()
                    ? List.of(Blocks.toolResult(m.callId(), m.content(), m.isError()))
                    : m.content().isBlank() ? List.of() : List.of(Blocks.systemNote(m.content())));
            case USER -> new Turn(Turn.USER, m.content().isBlank() ? List.of() : List.of(Blocks.text(m.content())));
            case ASSISTANT -> new Turn(Turn.ASSISTANT, assistantBlocks(m, tools));
        };
    }

    /** Thinking first (the API checks that a tool-using turn starts with it), then text, then calls. */
    private static List<ObjectNode> assistantBlocks(Message m, List<ToolSpec> tools) {
        List<ObjectNode> blocks = new ArrayList<>();
        for (Reasoning r : m.reasoning()) {
            // Only Anthropic's own signed (or redacted) thinking can go back: anything else would
            // be rejected for a missing or foreign signature.
            if (r.from(AnthropicProvider.REASONING_ORIGIN) && (r.redacted() != null || r.signature() != null)) {
                blocks.add(Blocks.reasoning(r));
            }
        }
        if (!m.content().isBlank()) {
            blocks.add(Blocks.text(m.content()));
        }
        for (ToolUse use : m.calls()) {
            if (use.callId() == null) {
                continue;
            }
            if (tools.isEmpty()) {
                // The API rejects tool_use blocks in a request that defines no tools, so a native
                // call from an earlier turn is spelled as text; its result becomes a system note.
                blocks.add(Blocks.text(AtToolDialect.INSTANCE.write(use, ToolSpec.named(use.tool()))));
            } else {
                Optional<ToolSpec> spec = tools.stream().filter(s -> s.name().equals(use.tool())).findFirst();
                String name = spec.map(ToolSchemas::name).orElse(ToolSpec.nativeName(use.tool()));
                blocks.add(Blocks.toolUse(use.callId(), name, input(use, spec)));
            }
        }
        return blocks;
    }

    /** The call's arguments by name; a markdown- or xml-shaped call is bound to its parameters first. */
    private static Map<String, Object> input(ToolUse use, Optional<ToolSpec> spec) {
        if (!use.kwargs().isEmpty() || spec.isEmpty() || (use.args().isEmpty() && use.content() == null)) {
            return use.kwargs();
        }
        try {
            return spec.get().bind(use).values();
        } catch (InvalidArgumentsException e) {
            return use.kwargs();
        }
    }
}
