package dev.rosetta.agent.eval;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import dev.rosetta.core.RosettaException;

/**
 * The end of a recorded tape whose conversation was killed at its time limit: if it was waiting
 * for the model, the replay must wait too, so the tape ends with a stall (a reply cut while it was
 * being written is dropped first). If it was waiting for a tool, the replay never gets that far.
 */
final class TapeEnd {

    private TapeEnd() {}

    static void stalled(Path tape) {
        try {
            if (Files.exists(tape)) {
                try (RandomAccessFile file = new RandomAccessFile(tape.toFile(), "rw")) {
                    long length = file.length();
                    long end = length;
                    while (end > 0) {
                        file.seek(end - 1);
                        if (file.read() == '\n') {
                            break;
                        }
                        end--;
                    }
                    file.setLength(end);
                }
            }
            Files.writeString(tape, "{\"stall\":true}\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new RosettaException("could not finish the tape " + tape + ": " + e.getMessage(), e);
        }
    }
}
