package dev.rosetta.agent.log;

import java.util.Objects;

/** One line of {@code conversation.jsonl}: a message, or an undo of the last messages. */
sealed interface LogLine {

    /** A message added to the conversation. */
    record Entry(LoggedMessage message) implements LogLine {
        public Entry {
            Objects.requireNonNull(message, "message");
        }
    }

    /**
     * {@code /undo n}: the log is append-only, so an undo is a line of its own, applied when the
     * log is read. The messages it hides stay in the file.
     */
    record Undo(int count) implements LogLine {
        public Undo {
            if (count < 0) {
                throw new IllegalArgumentException("an undo count is never negative, got " + count);
            }
        }
    }
}
