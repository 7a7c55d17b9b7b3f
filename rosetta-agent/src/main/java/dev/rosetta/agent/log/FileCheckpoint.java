package dev.rosetta.agent.log;

import java.nio.file.Path;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A file a tool wrote, and what it held before: {@code /undo} puts it back. The bytes are kept
 * beside the log ({@code checkpoints/<sha-256>}); this record, in the log, ties them to the call.
 *
 * @param at     the number of visible messages when the file was written: the call's result
 *               comes next, so an undo that keeps {@code at} messages or fewer takes the write back
 * @param callId the call that wrote it, or null
 * @param path   the file, absolute
 * @param before the SHA-256 (hex) of what it held before, or null when it did not exist
 * @param after  the SHA-256 (hex) of what it held after, or null when it was gone after
 * @param kept   whether the bytes before were kept (those of a file over the size limit are
 *               not); true when there was no file before, as there is nothing to keep
 * @param createdFolder the outermost folder the write created for a new file ({@code docs} for
 *               {@code docs/api/x.md} in a workspace without {@code docs}), absolute; null when
 *               its folder was there: undoing the write removes what it created, if still empty
 * @param pending whether this is the line written before the write, whose end is not on record
 *               yet: {@code after} is unknown (null), and the write may or may not have happened
 *               (Rosetta stopped in between). The line written when the call ends replaces it.
 */
public record FileCheckpoint(int at, String callId, Path path, String before, String after, boolean kept,
        Path createdFolder, boolean pending) {

    private static final Pattern SHA_256 = Pattern.compile("[0-9a-f]{64}");

    public FileCheckpoint {
        Objects.requireNonNull(path, "path");
        if (at < 0) {
            throw new IllegalArgumentException("a checkpoint is made after 0 or more messages, got " + at);
        }
        if (!path.isAbsolute()) {
            throw new IllegalArgumentException("a checkpoint's path is absolute, got " + path);
        }
        if (createdFolder != null && (before != null || !path.startsWith(createdFolder)
                || createdFolder.equals(path))) {
            throw new IllegalArgumentException("a created folder holds the new file it was made for, got "
                    + createdFolder + " for " + path);
        }
        if (pending && after != null) {
            throw new IllegalArgumentException("a pending checkpoint knows nothing after, got " + after);
        }
        for (String hash : new String[] {before, after}) {
            if (hash != null && !SHA_256.matcher(hash).matches()) {
                throw new IllegalArgumentException("not a SHA-256 in hex: " + hash);
            }
        }
    }

    /** A finished write's checkpoint. */
    public FileCheckpoint(int at, String callId, Path path, String before, String after, boolean kept,
            Path createdFolder) {
        this(at, callId, path, before, after, kept, createdFolder, false);
    }

    /** A checkpoint of a finished write that created no folder. */
    public FileCheckpoint(int at, String callId, Path path, String before, String after, boolean kept) {
        this(at, callId, path, before, after, kept, null, false);
    }

    /** The line for a write about to happen: what the file holds now, before it. */
    public static FileCheckpoint beforeWrite(int at, String callId, Path path, String before, boolean kept,
            Path createdFolder) {
        return new FileCheckpoint(at, callId, path, before, null, kept, createdFolder, true);
    }

    /** This pending write, finished: the file held {@code after} once the call ended. */
    public FileCheckpoint finished(String after) {
        return new FileCheckpoint(at, callId, path, before, after, kept, createdFolder, false);
    }

    /** Whether {@code later} finishes this pending write (the same call, file and place in the log). */
    public boolean finishedBy(FileCheckpoint later) {
        return pending && !later.pending && at == later.at && path.equals(later.path)
                && Objects.equals(callId, later.callId);
    }

    /** Whether the file did not exist before the write. */
    public boolean created() {
        return before == null;
    }

    /** Whether keeping only the first {@code remaining} messages takes this write back. */
    public boolean undoneBy(int remaining) {
        return remaining <= at;
    }
}
