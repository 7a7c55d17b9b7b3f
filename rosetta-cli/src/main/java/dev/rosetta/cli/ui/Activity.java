package dev.rosetta.cli.ui;

/** What the live region shows of the turn while nothing is ready for the scrollback. */
sealed interface Activity {

    /** Nothing under way. */
    record Idle() implements Activity {}

    /** Waiting for the model (its first token, or the next reply after a result). */
    record Waiting(String label) implements Activity {}

    /** The model is reasoning: how much so far, and its latest words. */
    record Thinking(StringBuilder text) implements Activity {}

    /** A call is being written; it shows whole once read. */
    record WritingCall(String tool) implements Activity {}

    /** A call runs: its header, since when, and the last lines it printed. */
    record Running(String header, long startedNanos, OutputTail tail) implements Activity {}

    Activity IDLE = new Idle();
}
