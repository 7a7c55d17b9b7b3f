package dev.rosetta.tools.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads a file's lines one at a time without holding the whole file: split at {@code \n}, a
 * {@code \r} before it dropped, a leading byte order mark dropped, and bytes that are not UTF-8
 * shown as U+FFFD (and remembered, so the reader can say so).
 */
final class Utf8LineReader implements AutoCloseable {

    private final InputStream in;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final ByteBuffer bytes = ByteBuffer.allocate(64 * 1024);
    private final CharBuffer chars = CharBuffer.allocate(64 * 1024);
    private final StringBuilder line = new StringBuilder();
    private boolean endOfInput;
    private boolean invalidBytes;
    private boolean started;

    Utf8LineReader(InputStream in) {
        this.in = in;
        bytes.flip();
        chars.flip();
    }

    /** The next line, or null at the end of the file. */
    String next() throws IOException {
        while (true) {
            while (chars.hasRemaining()) {
                char c = chars.get();
                if (!started) {
                    started = true;
                    if (c == '\uFEFF') {
                        continue;
                    }
                }
                if (c == '\n') {
                    return take();
                }
                line.append(c);
            }
            if (!fill()) {
                return line.isEmpty() ? null : take();
            }
        }
    }

    boolean sawInvalidBytes() {
        return invalidBytes;
    }

    private String take() {
        int end = line.length();
        if (end > 0 && line.charAt(end - 1) == '\r') {
            end--;
        }
        String out = line.substring(0, end);
        line.setLength(0);
        return out;
    }

    /** Decodes more characters; false when everything has been read. */
    private boolean fill() throws IOException {
        chars.clear();
        chars.limit(chars.capacity() - 1); // room for a U+FFFD after a full decode
        while (chars.position() == 0) {
            if (!bytes.hasRemaining() && endOfInput) {
                break;
            }
            if (!endOfInput) {
                bytes.compact();
                int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
                if (n < 0) {
                    endOfInput = true;
                } else {
                    bytes.position(bytes.position() + n);
                }
                bytes.flip();
            }
            CoderResult result = decoder.decode(bytes, chars, endOfInput);
            if (result.isError()) {
                invalidBytes = true;
                bytes.position(bytes.position() + result.length());
                chars.limit(chars.capacity());
                chars.put('\uFFFD');
            }
            if (endOfInput && !bytes.hasRemaining()) {
                break;
            }
        }
        chars.flip();
        return chars.hasRemaining();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
