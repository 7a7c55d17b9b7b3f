package dev.rosetta.agent.log;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.rosetta.core.testing.MachineRequirement;

/**
 * A full disk without root or a mount: the log file becomes a link to {@code /dev/full}, which
 * takes no bytes (every write fails with ENOSPC) and reads as empty here.
 */
public final class FullDisk {

    private static final Path FULL = Path.of("/dev/full");

    private FullDisk() {}

    /** Reopens the (closed) conversation {@code id} with its log file on a full disk. */
    public static ConversationLog reopen(Path logs, String id) {
        MachineRequirement.require(Files.exists(FULL), "/dev/full is missing; the full-disk tests need it (Linux)");
        Path file = logs.resolve(id).resolve(ConversationLog.FILE);
        try {
            Files.deleteIfExists(file);
            Files.createSymbolicLink(file, FULL);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return ConversationLog.open(logs, id);
    }
}
