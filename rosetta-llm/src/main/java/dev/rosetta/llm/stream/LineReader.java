package dev.rosetta.llm.stream;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Lines from a byte stream: they end with CRLF, LF or CR; a leading byte order mark is dropped;
 * each line is decoded as UTF-8 only once whole, so a character split across network chunks
 * arrives intact. A line longer than the limit fails instead of growing without bound.
 */
final class LineReader {

    private final InputStream in;
    private final int maxLine;
    private final byte[] buffer = new byte[16 * 1024];
    private int pos;
    private int end;
    private byte[] line = new byte[1024];
    private int lineLength;
    private boolean pendingLf;
    private boolean first = true;

    LineReader(InputStream in, int maxLine) {
        this.in = in;
        this.maxLine = maxLine;
    }

    /** One line without its terminator, or null at the end of the stream. */
    String next() throws IOException {
        lineLength = 0;
        while (true) {
            if (pos == end && !fill()) {
                return lineLength > 0 ? decode() : null;
            }
            byte b = buffer[pos++];
            if (pendingLf) {
                pendingLf = false;
                if (b == '\n') {
                    continue;
                }
            }
            if (b == '\n') {
                return decode();
            }
            if (b == '\r') {
                pendingLf = true;
                return decode();
            }
            append(b);
        }
    }

    private boolean fill() throws IOException {
        int n = in.read(buffer, 0, buffer.length);
        if (n <= 0) {
            return false;
        }
        pos = 0;
        end = n;
        return true;
    }

    private void append(byte b) throws FrameTooLargeException {
        if (lineLength >= maxLine) {
            throw new FrameTooLargeException("a line", maxLine);
        }
        if (lineLength == line.length) {
            line = Arrays.copyOf(line, (int) Math.min(maxLine, line.length * 2L));
        }
        line[lineLength++] = b;
    }

    private String decode() {
        int from = 0;
        if (first) {
            first = false;
            if (lineLength >= 3 && (line[0] & 0xff) == 0xEF && (line[1] & 0xff) == 0xBB && (line[2] & 0xff) == 0xBF) {
                from = 3;
            }
        }
        return new String(line, from, lineLength - from, StandardCharsets.UTF_8);
    }
}
