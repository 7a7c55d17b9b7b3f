package dev.rosetta.llm.anthropic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.rosetta.llm.UnansweredCall;

import tools.jackson.databind.node.ObjectNode;

/**
 * Makes the turns obey the API's pairing rules, which reject the whole request when broken:
 * every tool_use gets exactly one tool_result in the very next user turn, all results of a turn
 * come together and before any text, and no result names a call the previous turn did not make.
 * A call without a result (Rosetta stopped before recording it) gets {@link UnansweredCall#RESULT},
 * so one lost result never makes a conversation unusable.
 */
final class ToolPairing {

    private ToolPairing() {}

    /** The turns, each user turn answering the calls of the assistant turn before it. */
    static List<Turn> repair(List<Turn> turns) {
        List<Turn> out = new ArrayList<>();
        for (int k = 0; k < turns.size(); k++) {
            Turn turn = turns.get(k);
            Turn previous = out.isEmpty() ? null : out.get(out.size() - 1);
            if (turn.isUser()) {
                out.add(answering(turn, previous));
                continue;
            }
            out.add(turn);
            boolean nextIsUser = k + 1 < turns.size() && turns.get(k + 1).isUser();
            if (!nextIsUser && !turn.toolUseIds().isEmpty()) {
                out.add(answering(new Turn(Turn.USER, List.of()), turn));
            }
        }
        return out;
    }

    /**
     * {@code user} rewritten to answer {@code previous}: one result per call, in call order, then
     * everything else. A result for a call not made just before (history edited, a call from
     * another dialect) cannot be sent as a result, so its text goes as a system note.
     */
    private static Turn answering(Turn user, Turn previous) {
        Set<String> calls = previous == null || previous.isUser() ? Set.of() : previous.toolUseIds();
        Map<String, ObjectNode> results = new LinkedHashMap<>();
        List<ObjectNode> rest = new ArrayList<>();
        for (ObjectNode block : user.blocks()) {
            String id = block.path("tool_use_id").stringValue(null);
            if (!Blocks.isToolResult(block)) {
                rest.add(block);
            } else if (calls.contains(id)) {
                results.merge(id, block, ToolPairing::joined);
            } else {
                rest.add(Blocks.systemNote(block.path("content").stringValue("")));
            }
        }
        List<ObjectNode> blocks = new ArrayList<>();
        for (String id : calls) {
            blocks.add(results.getOrDefault(id, Blocks.toolResult(id, UnansweredCall.RESULT, true)));
        }
        blocks.addAll(rest);
        return new Turn(Turn.USER, blocks);
    }

    /** Two results for one call (a tool may report more than once) become one, as the API wants. */
    private static ObjectNode joined(ObjectNode first, ObjectNode second) {
        boolean error = first.path("is_error").asBoolean(false) || second.path("is_error").asBoolean(false);
        String text = first.path("content").stringValue("") + "\n\n" + second.path("content").stringValue("");
        return Blocks.toolResult(first.path("tool_use_id").stringValue(""), text, error);
    }
}
