package dev.rosetta.llm.sse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads server-sent events from a byte stream as the WHATWG spec frames them: lines end with
 * CRLF, LF or CR; a blank line dispatches; {@code :} lines are comments; one space after a
 * field's colon is dropped; {@code data} lines join with '\n'; an event cut off by the end of
 * the stream is dropped. Lines are decoded as UTF-8 only once whole, so a multi-byte character
 * split across network chunks arrives intact.
 */
public final class SseReader {

    private final InputStream in;
    private final byte[] buffer = new byte[16 * 1024];
    private int pos;
    private int end;
    private byte[] line = new byte[1024];
    private int lineLength;
    private boolean pendingLf;
    private boolean first = true;
    private String lastId;

    public SseReader(InputStream in) {
        this.in = in;
    }

    /** The next event, or null at the end of the stream. */
    public SseEvent next() throws IOException {
        String type = null;
        StringBuilder data = null;
        while (true) {
            String text = readLine();
            if (text == null) {
                return null;
            }
            if (text.isEmpty()) {
                if (data != null) {
                    return new SseEvent(type == null ? "message" : type, data.toString(), lastId);
                }
                type = null;
                continue;
            }
            if (text.charAt(0) == ':') {
                continue;
            }
            int colon = text.indexOf(':');
            String field = colon < 0 ? text : text.substring(0, colon);
            String value = colon < 0 ? "" : text.substring(colon + (colon + 1 < text.length() && text.charAt(colon + 1) == ' ' ? 2 : 1));
            switch (field) {
                case "event" -> type = value;
                case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                case "id" -> lastId = value.indexOf('\0') >= 0 ? lastId : value;
                default -> { } // "retry" and unknown fields: nothing to do for us
            }
        }
    }

    /** One line without its terminator, or null at the end of the stream. */
    private String readLine() throws IOException {
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

    private void append(byte b) {
        if (lineLength == line.length) {
            line = Arrays.copyOf(line, line.length * 2);
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
