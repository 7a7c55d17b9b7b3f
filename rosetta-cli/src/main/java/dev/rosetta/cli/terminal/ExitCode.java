package dev.rosetta.cli.terminal;

import dev.rosetta.agent.chat.TurnOutcome;

/**
 * What Rosetta's exit code means, one code for each way a run can end (docs/HEADLESS.md has the
 * table). 0, 1, 2 and 130 mean what they always meant; the codes a script may want to tell apart
 * take Gemini CLI's numbers where it has one (42 bad input, 53 turn limit) and the next free ones
 * above 50 otherwise, so none clashes with a shell's own (126, 127, 128+signal).
 */
public final class ExitCode {

    /** Done. */
    public static final int OK = 0;
    /** The turn failed: calls kept failing or could not be read, --max-steps, a hook ended it, the disk. */
    public static final int FAILED = 1;
    /** Bad usage or configuration: an option, a config file, a key refused, a message too large. */
    public static final int BAD_USAGE = 2;
    /** Bad input: a line on stdin that is not a message Rosetta reads (--input-format jsonl), no prompt on stdin. */
    public static final int BAD_INPUT = 42;
    /** --max-turns: the run's replies reached the limit. */
    public static final int TURN_LIMIT = 53;
    /** --max-cost: the next request would have passed the limit. */
    public static final int COST_LIMIT = 54;
    /** The model failed: its provider, after the retries and fallbacks, or a reply that broke off. */
    public static final int MODEL_FAILED = 55;
    /** --output-schema: the final answer did not match the schema after the model was told why. */
    public static final int OUTPUT_INVALID = 56;
    /** Interrupted (as a shell reports a program Ctrl-C ended). */
    public static final int INTERRUPTED = 130;

    private ExitCode() {}

    /** The code a run that ended this way exits with. */
    public static int of(TurnOutcome.Reason reason) {
        return switch (reason) {
            case DONE -> OK;
            case INTERRUPTED -> INTERRUPTED;
            case MAX_STEPS, UNREADABLE_CALLS, REPEATED_FAILURE, FAILED, BLOCKED -> FAILED;
            case MODEL_FAILED -> MODEL_FAILED;
            case MAX_TURNS -> TURN_LIMIT;
            case MAX_COST -> COST_LIMIT;
            case OUTPUT_INVALID -> OUTPUT_INVALID;
            case MISCONFIGURED, TOO_LARGE -> BAD_USAGE;
        };
    }
}
