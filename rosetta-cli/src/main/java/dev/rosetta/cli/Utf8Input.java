package dev.rosetta.cli;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 input decoded as Java decodes it — each malformed sequence the decoder reports becomes
 * one U+FFFD — with the byte each character came from. Java and Python replace malformed input
 * differently ({@code ED A0 80}, an encoded surrogate, is one U+FFFD to Java and three to
 * Python), so code-point offsets into such text do not index Python's string; byte offsets into
 * the input as given mean the same to every reader.
 */
final class Utf8Input implements Offsets {

    private static final char REPLACEMENT = '\uFFFD';

    private final String text;
    /** The byte offset of each UTF-16 offset of the text, its length included. */
    private final int[] byteAt;

    private Utf8Input(String text, int[] byteAt) {
        this.text = text;
        this.byteAt = byteAt;
    }

    /** The bytes decoded; the text equals {@code new String(bytes, UTF_8)}. */
    static Utf8Input decode(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length); // never more characters than bytes
        int[] byteAt = new int[bytes.length + 1];
        while (true) {
            int runStart = out.position();
            int runBytes = in.position();
            CoderResult result = decoder.decode(in, out, true);
            mapValidRun(out, runStart, runBytes, byteAt);
            if (result.isUnderflow()) {
                break;
            }
            // Malformed (or, for UTF-8, unmappable): as many bytes as the decoder says, one U+FFFD.
            byteAt[out.position()] = in.position();
            out.put(REPLACEMENT);
            in.position(in.position() + result.length());
        }
        byteAt[out.position()] = bytes.length;
        return new Utf8Input(out.flip().toString(), byteAt);
    }

    String text() {
        return text;
    }

    /** The byte offset, in the input, where the text's UTF-16 offset {@code utf16} begins. */
    @Override
    public int at(int utf16) {
        return byteAt[utf16];
    }

    /** Well-formed UTF-8 has one encoding per character, so its length follows from the character. */
    private static void mapValidRun(CharBuffer out, int from, int firstByte, int[] byteAt) {
        int b = firstByte;
        for (int i = from; i < out.position(); i++) {
            char c = out.get(i);
            byteAt[i] = b;
            if (Character.isHighSurrogate(c) && i + 1 < out.position()) {
                byteAt[++i] = b + 2; // inside a pair: no segment starts here
                b += 4;
            } else {
                b += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
            }
        }
    }
}
