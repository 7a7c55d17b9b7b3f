package dev.rosetta.cli.render;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The bytes of stdout or stderr, read as UTF-8 and passed through an {@link OutputGuard} on
 * their way to the real stream. Well-formed UTF-8 without a character the guard would change
 * goes through untouched, without decoding (nearly all output is such); a character split
 * between two writes is joined first.
 */
final class GuardedStream extends OutputStream {

    private final OutputStream target;
    private final OutputGuard guard;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
    /** The first bytes of a character whose last bytes are still to come. */
    private byte[] carry = new byte[0];

    GuardedStream(OutputStream target, OutputGuard guard) {
        this.target = target;
        this.guard = guard;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
        if (carry.length == 0 && guard.idle() && unchanged(bytes, offset, offset + length)) {
            target.write(bytes, offset, length);
            return;
        }
        ByteBuffer in = ByteBuffer.allocate(carry.length + length).put(carry).put(bytes, offset, length).flip();
        CharBuffer chars = CharBuffer.allocate(in.remaining() + 1); // UTF-8 never decodes to more chars than bytes
        decoder.reset();
        decoder.decode(in, chars, false);
        carry = Arrays.copyOfRange(in.array(), in.position(), in.limit());
        target.write(guard.filter(chars.flip()).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public synchronized void flush() throws IOException {
        String held = guard.finish();
        if (!held.isEmpty()) {
            target.write(held.getBytes(StandardCharsets.UTF_8));
        }
        target.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        if (carry.length > 0) {
            carry = new byte[0];
            target.write(guard.filter("\uFFFD").getBytes(StandardCharsets.UTF_8)); // a character that never ended
        }
        flush();
        target.close();
    }

    /**
     * Whether the guard would leave these bytes as they are: well-formed UTF-8, whole characters
     * only, and none that it changes — a C0 control but LF and TAB, DEL, a C1 control (C2 80–9F),
     * a line or paragraph separator or a bidi override (E2 80 A8–AE, E2 81 A6–A9).
     */
    static boolean unchanged(byte[] bytes, int from, int to) {
        int i = from;
        while (i < to) {
            int b = bytes[i] & 0xFF;
            if (b < 0x80) {
                if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7F) {
                    return false;
                }
                i++;
                continue;
            }
            int length = b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
            if (length == 0 || i + length > to || !wellFormed(bytes, i, length)) {
                return false;
            }
            int second = bytes[i + 1] & 0xFF;
            if (b == 0xC2 && second <= 0x9F
                    || b == 0xE2 && (second == 0x80 && (bytes[i + 2] & 0xFF) >= 0xA8 && (bytes[i + 2] & 0xFF) <= 0xAE
                            || second == 0x81 && (bytes[i + 2] & 0xFF) >= 0xA6 && (bytes[i + 2] & 0xFF) <= 0xA9)) {
                return false;
            }
            i += length;
        }
        return true;
    }

    /** Continuation bytes in place, and none of the overlong, surrogate or too-large forms. */
    private static boolean wellFormed(byte[] bytes, int i, int length) {
        int b = bytes[i] & 0xFF;
        int second = bytes[i + 1] & 0xFF;
        int low = b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80;
        int high = b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF;
        if (second < low || second > high) {
            return false;
        }
        for (int k = 2; k < length; k++) {
            if ((bytes[i + k] & 0xC0) != 0x80) {
                return false;
            }
        }
        return true;
    }
}
