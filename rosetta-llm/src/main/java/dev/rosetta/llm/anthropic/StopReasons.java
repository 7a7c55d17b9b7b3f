package dev.rosetta.llm.anthropic;

import dev.rosetta.llm.StopReason;

/** Anthropic's {@code stop_reason} values in Rosetta's terms. */
final class StopReasons {

    private StopReasons() {}

    /** end_turn, tool_use, max_tokens, stop_sequence and refusal map; pause_turn and the rest are OTHER. */
    static StopReason of(String raw) {
        if (raw == null) {
            return StopReason.OTHER;
        }
        return switch (raw) {
            case "end_turn" -> StopReason.END_TURN;
            case "tool_use" -> StopReason.TOOL_USE;
            case "max_tokens" -> StopReason.MAX_TOKENS;
            case "stop_sequence" -> StopReason.STOP_SEQUENCE;
            case "refusal" -> StopReason.REFUSAL;
            default -> StopReason.OTHER;
        };
    }
}
