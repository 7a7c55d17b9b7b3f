package dev.rosetta.agent.log;

import java.util.ArrayList;
import java.util.List;

/**
 * What a log's lines add up to, applied in order: the visible messages, the compactions and the
 * file checkpoints still in force. An undo takes messages off the end, and with them every
 * compaction and checkpoint made after the messages that remain.
 */
final class LogState {

    private final List<LoggedMessage> messages = new ArrayList<>();
    private final List<Compaction> compactions = new ArrayList<>();
    private final List<FileCheckpoint> checkpoints = new ArrayList<>();
    /** How many of the checkpoints are pending: none, and a finished one needs no search. */
    private int pending;

    LogState() {
    }

    LogState(LogContents contents) {
        messages.addAll(contents.messages());
        compactions.addAll(contents.compactions());
        checkpoints.addAll(contents.checkpoints());
        pending = (int) checkpoints.stream().filter(FileCheckpoint::pending).count();
    }

    void apply(LogLine line) {
        switch (line) {
            case LogLine.Entry e -> messages.add(e.message());
            case LogLine.Undo u -> undo(u.count());
            case LogLine.Compacted c -> compactions.add(c.compaction());
            case LogLine.Checkpoint c -> checkpoint(c.checkpoint());
        }
    }

    /** A finished write takes the place of its pending line; anything else is added. */
    private void checkpoint(FileCheckpoint c) {
        for (int i = checkpoints.size() - 1; pending > 0 && i >= 0; i--) {
            if (checkpoints.get(i).finishedBy(c)) {
                checkpoints.set(i, c);
                pending--;
                return;
            }
        }
        checkpoints.add(c);
        pending += c.pending() ? 1 : 0;
    }

    /** Hides the last {@code count} messages (fewer if there are fewer); returns them, oldest first. */
    List<LoggedMessage> undo(int count) {
        int keep = Math.max(0, messages.size() - count);
        List<LoggedMessage> tail = messages.subList(keep, messages.size());
        List<LoggedMessage> removed = List.copyOf(tail);
        tail.clear();
        compactions.removeIf(c -> c.at() > keep);
        checkpoints.removeIf(c -> c.undoneBy(keep));
        pending = (int) checkpoints.stream().filter(FileCheckpoint::pending).count();
        return removed;
    }

    List<LoggedMessage> messages() {
        return messages;
    }

    List<Compaction> compactions() {
        return compactions;
    }

    List<FileCheckpoint> checkpoints() {
        return checkpoints;
    }
}
