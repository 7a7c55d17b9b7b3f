package dev.rosetta.agent.log;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.rosetta.core.RosettaException;

/**
 * Reads {@code conversation.jsonl}: one message, undo, compaction or checkpoint per line, applied in order. The last line
 * may have been cut off by a crash (Rosetta writes a line in one go and syncs it, so only the last
 * can be): it is skipped with a warning. Any other unreadable line is an error naming it — a log
 * is never loaded with data silently missing.
 */
final class LogFileReader {

    /** The largest array a JVM allocates. */
    private static final long MAX_BYTES = Integer.MAX_VALUE - 8;

    private LogFileReader() {}

    static LogContents read(Path file) {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new RosettaException("the conversation log " + file + " is larger than 2 GB, more than Rosetta"
                        + " reads; start a new conversation");
            }
            // The bytes the file has now, not what a device (a log linked to /dev/full) would give forever.
            bytes = in.readNBytes((int) size);
        } catch (NoSuchFileException e) {
            return LogContents.empty();
        } catch (IOException e) {
            throw new RosettaException("could not read the conversation log " + file + ": " + e.getMessage(), e);
        }
        return read(file, bytes);
    }

    static LogContents read(Path file, byte[] bytes) {
        LogState state = new LogState();
        List<String> warnings = new ArrayList<>();
        int good = 0;
        boolean missingNewline = false;
        int lineNumber = 0;
        for (int start = 0; start < bytes.length; ) {
            lineNumber++;
            int newline = indexOf(bytes, (byte) '\n', start);
            int end = newline < 0 ? bytes.length : newline;
            int next = newline < 0 ? bytes.length : newline + 1;
            if (!isBlank(bytes, start, end)) {
                LogLine line;
                try {
                    line = LogLineReader.read(bytes, start, end - start);
                } catch (LogLineReader.InvalidLine e) {
                    if (!isBlank(bytes, next, bytes.length)) {
                        throw new RosettaException(file + " line " + lineNumber + " is not a log line ("
                                + e.getMessage() + "); the conversation was not loaded: fix or delete that line,"
                                + " then try again");
                    }
                    warnings.add(tornWarning(file, lineNumber));
                    return new LogContents(state, warnings, good, false,
                            Arrays.copyOfRange(bytes, start, bytes.length));
                }
                state.apply(line);
                good = next;
                missingNewline = newline < 0;
            }
            start = next;
        }
        return new LogContents(state, warnings, good, missingNewline, new byte[0]);
    }

    private static String tornWarning(Path file, int lineNumber) {
        return "the last line of " + file + " (line " + lineNumber + ") was cut off, probably when Rosetta was"
                + " stopped while writing it; that message was skipped";
    }

    static int indexOf(byte[] bytes, byte b, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** Blank: only spaces, tabs, carriage returns, newlines — and NULs, which a crash can leave behind. */
    static boolean isBlank(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            byte b = bytes[i];
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n' && b != 0) {
                return false;
            }
        }
        return true;
    }
}
