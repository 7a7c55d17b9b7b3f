package dev.rosetta.cli.terminal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import dev.rosetta.core.size.ByteSize;

/** Where a command reads its text: a file, or stdin when the name is missing or "-". */
public final class MessageInput {

    private MessageInput() {}

    /** Thrown when the input cannot be read; the message is for the user, e.g. "cannot read 'x.md': no such file". */
    public static final class UnreadableException extends Exception {
        UnreadableException(String message) {
            super(message);
        }
    }

    /** Thrown when there is more input than a command takes: it was not read to its end. */
    public static final class TooLargeException extends Exception {
        TooLargeException(long limit) {
            super("more than " + ByteSize.of(limit));
        }
    }

    /**
     * Piped input, at most {@code limit} bytes of it: a pipe of a hundred megabytes is refused
     * after the first {@code limit}, never held whole.
     */
    public static byte[] readStdin(InputStream stdin, long limit) throws UnreadableException, TooLargeException {
        try {
            byte[] bytes = stdin.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
            if (bytes.length > limit) {
                throw new TooLargeException(limit);
            }
            return bytes;
        } catch (IOException e) {
            throw new UnreadableException("cannot read stdin: " + reason(e));
        }
    }

    static boolean isStdin(String name) {
        return name == null || name.equals("-");
    }

    /** The whole content of {@code name} (or of {@code stdin}), as bytes; the caller decodes it. */
    public static byte[] read(String name, InputStream stdin) throws UnreadableException {
        return isStdin(name) ? readStdin(stdin) : readFile(name);
    }

    private static byte[] readStdin(InputStream stdin) throws UnreadableException {
        try {
            return stdin.readAllBytes();
        } catch (IOException e) {
            throw new UnreadableException("cannot read stdin: " + reason(e));
        }
    }

    private static byte[] readFile(String name) throws UnreadableException {
        try {
            Path path = Path.of(name);
            if (Files.isDirectory(path)) {
                throw new UnreadableException(cannotRead(name, "it is a directory"));
            }
            return Files.readAllBytes(path);
        } catch (InvalidPathException e) {
            throw new UnreadableException(cannotRead(name, "not a valid path"));
        } catch (IOException e) {
            throw new UnreadableException(cannotRead(name, reason(e)));
        } catch (OutOfMemoryError e) {
            throw new UnreadableException(cannotRead(name, "too large to hold in memory"));
        }
    }

    private static String cannotRead(String name, String reason) {
        return "cannot read '" + name + "': " + reason;
    }

    private static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
