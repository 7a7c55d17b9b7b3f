package dev.rosetta.agent.chat;

import dev.rosetta.core.size.ByteSize;

/**
 * How a turn ended.
 *
 * @param reason  why
 * @param message for the user, when it did not simply finish (null otherwise)
 * @param answer  the model's last words of the turn, its final answer (its prose, without reasoning); null
 *                when it gave none (the turn did not get that far, or it was a command)
 */
public record TurnOutcome(Reason reason, String message, String answer) {

    public TurnOutcome(Reason reason, String message) {
        this(reason, message, null);
    }

    public enum Reason {
        /** The model answered without calling tools. */
        DONE,
        /** {@code --max-steps} requests were made. */
        MAX_STEPS,
        /** The user interrupted. */
        INTERRUPTED,
        /** The model kept writing calls that could not be read, and was told so three times. */
        UNREADABLE_CALLS,
        /** The same call failed the same way three times in a row. */
        REPEATED_FAILURE,
        /** Something failed that is neither the model's nor the user's to fix (the log could not be written). */
        FAILED,
        /** The model failed: its provider after the retries and fallbacks, a reply that broke off or had no end. */
        MODEL_FAILED,
        /** {@code --max-turns}: the run's replies reached the limit before the turn was done. */
        MAX_TURNS,
        /** {@code --max-cost}: the next request would have taken the run past the limit. */
        MAX_COST,
        /** {@code --output-schema}: the final answer did not match the schema, after the model was told why. */
        OUTPUT_INVALID,
        /** The provider refused the key, or Rosetta's own settings cannot work with it: the user must fix the setup. */
        MISCONFIGURED,
        /** The user's message cannot fit the model's context window: nothing was sent. */
        TOO_LARGE,
        /** A hook blocked the user's message, or ended the turn ({@code continue: false}). */
        BLOCKED
    }

    public static TurnOutcome done() {
        return new TurnOutcome(Reason.DONE, null);
    }

    /** The turn is done, with the model's final answer. */
    public static TurnOutcome done(String answer) {
        return new TurnOutcome(Reason.DONE, null, answer);
    }

    /**
     * A turn that Rosetta's memory or thread stack could not hold, stopped: the host goes on with
     * the next, and the user learns what to change.
     */
    public static TurnOutcome exhausted(VirtualMachineError error) {
        String what = error instanceof StackOverflowError ? "its thread stack" : "memory (its Java heap may grow to "
                + ByteSize.of(Runtime.getRuntime().maxMemory()) + ")";
        return new TurnOutcome(Reason.FAILED, "Rosetta ran out of " + what + " during this turn, so the turn was"
                + " stopped; what the conversation logged before is kept. Give Rosetta more (JAVA_TOOL_OPTIONS="
                + (error instanceof StackOverflowError ? "-Xss16m" : "-Xmx2g") + ") or lower [limits] reply_size");
    }

    public boolean ok() {
        return reason == Reason.DONE;
    }
}
