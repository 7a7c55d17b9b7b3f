package dev.rosetta.cli.headless;

import dev.rosetta.agent.chat.TurnOutcome;

/**
 * A turn's or a run's status in the protocol, one of five words a script can switch on: {@code done},
 * {@code max_turns}, {@code max_cost}, {@code interrupted}, {@code failed}. The {@code reason} beside it
 * says more; the exit code is {@link dev.rosetta.cli.terminal.ExitCode#of}.
 */
final class RunStatus {

    private RunStatus() {}

    static String of(TurnOutcome.Reason reason) {
        return switch (reason) {
            case DONE -> "done";
            case MAX_TURNS -> "max_turns";
            case MAX_COST -> "max_cost";
            case INTERRUPTED -> "interrupted";
            case MAX_STEPS, UNREADABLE_CALLS, REPEATED_FAILURE, FAILED, MODEL_FAILED, OUTPUT_INVALID, MISCONFIGURED,
                    TOO_LARGE, BLOCKED -> "failed";
        };
    }
}
