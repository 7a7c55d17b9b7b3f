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
 * their way to the real stream. Plain ASCII goes through untouched, without decoding; a
 * character split between two writes is joined first.
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
        if (carry.length == 0 && guard.idle() && printableAscii(bytes, offset, length)) {
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

    /** Bytes a terminal shows as they are: printable ASCII, line feeds and tabs. */
    private static boolean printableAscii(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            byte b = bytes[i];
            if ((b < 0x20 || b > 0x7E) && b != '\n' && b != '\t') {
                return false;
            }
        }
        return true;
    }
}
