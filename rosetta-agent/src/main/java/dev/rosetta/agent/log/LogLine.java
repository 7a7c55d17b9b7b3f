package dev.rosetta.agent.log;

import java.util.Objects;

/**
 * One line of {@code conversation.jsonl}: a message, an undo of the last messages, a compaction
 * of what the next requests send, or a file checkpoint.
 */
sealed interface LogLine {

    /** A message added to the conversation. */
    record Entry(LoggedMessage message) implements LogLine {
        public Entry {
            Objects.requireNonNull(message, "message");
        }
    }

    /**
     * {@code /undo n}: the log is append-only, so an undo is a line of its own, applied when the
     * log is read. The messages it hides stay in the file; compactions and checkpoints made after
     * the messages that remain go with them.
     */
    record Undo(int count) implements LogLine {
        public Undo {
            if (count < 0) {
                throw new IllegalArgumentException("an undo count is never negative, got " + count);
            }
        }
    }

    /** Which messages the next requests send shorter, and how. */
    record Compacted(Compaction compaction) implements LogLine {
        public Compacted {
            Objects.requireNonNull(compaction, "compaction");
        }
    }

    /** A file a tool wrote, and where its earlier bytes are kept. */
    record Checkpoint(FileCheckpoint checkpoint) implements LogLine {
        public Checkpoint {
            Objects.requireNonNull(checkpoint, "checkpoint");
        }
    }
}
