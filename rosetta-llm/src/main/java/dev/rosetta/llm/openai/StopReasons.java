package dev.rosetta.llm.openai;

import dev.rosetta.llm.StopReason;

/**
 * {@code finish_reason} as a {@link StopReason}: stop → END_TURN, tool_calls (and the older
 * function_call) → TOOL_USE, length → MAX_TOKENS, content_filter → REFUSAL, anything else →
 * OTHER. A reply that made tool calls but says {@code stop} is TOOL_USE: Gemini's compatibility
 * layer and older Ollama report calls that way, and the calls still wait for their results.
 */
final class StopReasons {

    private StopReasons() {}

    static StopReason of(String finishReason, boolean madeCalls) {
        if (finishReason == null) {
            return madeCalls ? StopReason.TOOL_USE : StopReason.END_TURN;
        }
        return switch (finishReason) {
            case "stop" -> madeCalls ? StopReason.TOOL_USE : StopReason.END_TURN;
            case "tool_calls", "function_call" -> StopReason.TOOL_USE;
            case "length" -> StopReason.MAX_TOKENS;
            case "content_filter" -> StopReason.REFUSAL;
            default -> StopReason.OTHER;
        };
    }
}
