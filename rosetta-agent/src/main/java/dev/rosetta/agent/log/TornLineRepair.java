package dev.rosetta.agent.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import dev.rosetta.tools.output.OwnerOnly;

/** A log whose last line a crash cut off, set right when it is opened, before anything is appended. */
final class TornLineRepair {

    private TornLineRepair() {}

    /**
     * Makes the file end at a line boundary again before anything is appended: the bytes of a
     * cut-off line are moved to {@link ConversationLog#TORN} (kept, never dropped), a complete last line that
     * lost only its newline gets one.
     */
    static void repair(Path folder, LogContents contents) throws IOException {
        Path file = folder.resolve(ConversationLog.FILE);
        if (!Files.exists(file) || !contents.needsRepair(Files.size(file))) {
            return; // nothing to write: a sound log is not touched (it may not even be a regular file)
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            if (contents.torn().length > 0) {
                Files.write(OwnerOnly.file(folder.resolve(ConversationLog.TORN)), contents.torn(), StandardOpenOption.APPEND,
                        StandardOpenOption.SYNC);
            }
            if (ch.size() != contents.goodLength()) {
                ch.truncate(contents.goodLength());
            }
            if (contents.missingNewline()) {
                ch.write(ByteBuffer.wrap(new byte[] {'\n'}), contents.goodLength());
            }
            ch.force(true);
        }
    }
}
