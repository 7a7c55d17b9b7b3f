package dev.rosetta.tools.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Lines of bytes from a stream, each held in memory only up to a limit: a peer that sends a line
 * of gigabytes, or never ends one, costs at most the limit. A line past it is either an error
 * ({@link TooLong}, for messages that cannot be read in part) or cut at the limit, the rest of it
 * skipped (for log lines). A line ends at {@code \n}; a {@code \r} before it is dropped.
 */
final class BoundedLines {

    /** A line that passed the limit of a reader that does not cut. */
    static final class TooLong extends IOException {
        TooLong(int limit) {
            super("a line longer than " + limit + " bytes");
        }
    }

    private final InputStream in;
    private final int limit;
    private final boolean cut;
    private final byte[] buffer = new byte[1 << 16];
    private int position;
    private int filled;
    private byte[] line = new byte[256];
    private int length;

    /** @param cut whether a line past {@code limit} is cut there (else it is an error) */
    BoundedLines(InputStream in, int limit, boolean cut) {
        this.in = in;
        this.limit = limit;
        this.cut = cut;
    }

    /** The next line without its end, or null at the end of the stream (a last line without {@code \n} included). */
    byte[] next() throws IOException {
        length = 0;
        boolean skipping = false;
        while (true) {
            if (position == filled) {
                filled = in.read(buffer);
                position = 0;
                if (filled <= 0) {
                    filled = 0;
                    return length > 0 || skipping ? line() : null;
                }
            }
            int end = position;
            while (end < filled && buffer[end] != '\n') {
                end++;
            }
            if (!skipping) {
                skipping = keep(position, end);
            }
            boolean ended = end < filled;
            position = ended ? end + 1 : end;
            if (ended) {
                return line();
            }
        }
    }

    /** Keeps buffer[from, to) of the line; true when the line passed the limit and the rest is to be skipped. */
    private boolean keep(int from, int to) throws TooLong {
        int n = to - from;
        if (length + n > limit) {
            if (!cut) {
                throw new TooLong(limit);
            }
            n = limit - length;
            append(from, n);
            return true;
        }
        append(from, n);
        return false;
    }

    private void append(int from, int n) {
        if (length + n > line.length) {
            line = Arrays.copyOf(line, Math.min(limit, Math.max(length + n, 2 * line.length)));
        }
        System.arraycopy(buffer, from, line, length, n);
        length += n;
    }

    private byte[] line() {
        int n = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
        return Arrays.copyOf(line, n);
    }
}
