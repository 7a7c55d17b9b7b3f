package dev.rosetta.agent.log;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.rosetta.core.RosettaException;

/**
 * Reads {@code conversation.jsonl}: one message or undo per line, applied in order. The last line
 * may have been cut off by a crash (Rosetta writes a line in one go and syncs it, so only the last
 * can be): it is skipped with a warning, which says what is wrong with it when it is JSON after
 * all. Any other unreadable line is an error naming it — a log is never loaded with data
 * silently missing. {@code rosetta logs} counts messages by the same rules ({@link #count}).
 */
final class LogFileReader {

    /** The largest array a JVM allocates. */
    private static final long MAX_BYTES = Integer.MAX_VALUE - 8;
    private static final byte[] MESSAGE_START = "{\"role\"".getBytes(StandardCharsets.US_ASCII);

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
        Kept kept = new Kept();
        Scan scan = scan(file, bytes, kept, true);
        return new LogContents(kept.messages, scan.warnings, scan.good, scan.missingNewline, scan.torn);
    }

    /**
     * How many messages a log shows, by the rule {@link #read} applies, without reading every
     * message as JSON: a line that starts as the writer starts a message ({@code {"role"}) counts as
     * one, unless it is the last line, which is read whole (it may be cut off); every other line
     * (an undo, anything odd) is read as {@code read} reads it. A log that could not be loaded
     * counts the messages before its first unreadable line.
     */
    static int count(Path file) {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) Math.min(MAX_BYTES, Files.size(file)));
        } catch (IOException e) {
            return 0;
        }
        Counted counted = new Counted();
        try {
            scan(file, bytes, counted, false);
        } catch (RosettaException e) {
            // The log cannot be loaded; what comes before the damage is what it shows.
        }
        return counted.size();
    }

    /** What the lines leave visible: the messages themselves, or only how many there are. */
    private interface Visible {
        int size();

        void add(LogLine.Entry entry);

        void takeBack(int n);
    }

    private static final class Kept implements Visible {
        final List<LoggedMessage> messages = new ArrayList<>();

        @Override
        public int size() {
            return messages.size();
        }

        @Override
        public void add(LogLine.Entry entry) {
            messages.add(entry.message());
        }

        @Override
        public void takeBack(int n) {
            messages.subList(messages.size() - n, messages.size()).clear();
        }
    }

    private static final class Counted implements Visible {
        private int count;

        @Override
        public int size() {
            return count;
        }

        @Override
        public void add(LogLine.Entry entry) {
            count++;
        }

        @Override
        public void takeBack(int n) {
            count -= n;
        }
    }

    /** Where reading stopped and what it found, besides the messages. */
    private record Scan(List<String> warnings, int good, boolean missingNewline, byte[] torn) {}

    /**
     * Reads the lines in order into {@code visible}. With {@code readMessages} false, a line that
     * starts as a message and is not the last is counted without being read.
     */
    private static Scan scan(Path file, byte[] bytes, Visible visible, boolean readMessages) {
        int good = 0;
        boolean missingNewline = false;
        int lineNumber = 0;
        for (int start = 0; start < bytes.length; ) {
            lineNumber++;
            int newline = indexOf(bytes, (byte) '\n', start);
            int end = newline < 0 ? bytes.length : newline;
            int next = newline < 0 ? bytes.length : newline + 1;
            if (!isBlank(bytes, start, end)) {
                boolean last = isBlank(bytes, next, bytes.length);
                try {
                    if (!readMessages && !last && startsAsMessage(bytes, start, end)) {
                        visible.add(null);
                    } else {
                        apply(LogLineReader.read(bytes, start, end - start), visible);
                    }
                } catch (LogLineReader.InvalidLine e) {
                    if (!last) {
                        throw new RosettaException(file + " line " + lineNumber + " is not a log line ("
                                + e.getMessage() + "); the conversation was not loaded: fix or delete that line,"
                                + " then try again");
                    }
                    String warning = e.notJson() ? tornWarning(file, lineNumber)
                            : "the last line of " + file + " (line " + lineNumber + ") is not a log line ("
                                    + e.getMessage() + "); it was skipped";
                    return new Scan(List.of(warning), good, false, Arrays.copyOfRange(bytes, start, bytes.length));
                }
                good = next;
                missingNewline = newline < 0;
            }
            start = next;
        }
        return new Scan(List.of(), good, missingNewline, new byte[0]);
    }

    /**
     * The one rule for undo lines, for loading and for counting alike: an undo takes back messages
     * that are there. The writer never writes more than are visible, so more is a damaged line.
     */
    private static void apply(LogLine line, Visible visible) throws LogLineReader.InvalidLine {
        switch (line) {
            case LogLine.Entry e -> visible.add(e);
            case LogLine.Undo u -> {
                if (u.count() > visible.size()) {
                    throw new LogLineReader.InvalidLine("it undoes " + u.count() + " messages, but only "
                            + visible.size() + " come before it", false);
                }
                visible.takeBack(u.count());
            }
        }
    }

    /** Whether the line begins {@code {"role"}, as every message line the writer writes does. */
    private static boolean startsAsMessage(byte[] bytes, int start, int end) {
        return end - start >= MESSAGE_START.length
                && Arrays.equals(bytes, start, start + MESSAGE_START.length, MESSAGE_START, 0, MESSAGE_START.length);
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
