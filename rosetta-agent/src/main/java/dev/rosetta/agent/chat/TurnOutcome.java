package dev.rosetta.agent.chat;

import dev.rosetta.core.size.ByteSize;

/**
 * How a turn ended.
 *
 * @param reason  why
 * @param message for the user, when it did not simply finish (null otherwise)
 */
public record TurnOutcome(Reason reason, String message) {

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
        /** The provider failed (after its retries), or the reply broke off. */
        FAILED,
        /** The provider refused the key, or Rosetta's own settings cannot work with it: the user must fix the setup. */
        MISCONFIGURED,
        /** The user's message cannot fit the model's context window: nothing was sent. */
        TOO_LARGE
    }

    public static TurnOutcome done() {
        return new TurnOutcome(Reason.DONE, null);
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
