package dev.rosetta.tools.files;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A file's text as the tools work on it — line breaks as {@code \n}, no byte order mark — and
 * how the file spells them, so that a change is written back in the file's own conventions.
 *
 * @param text the content with {@code \n} line breaks and without a byte order mark
 * @param crlf whether every line break of the file is {@code \r\n}
 * @param bom  whether the file starts with a UTF-8 byte order mark
 */
record TextFile(String text, boolean crlf, boolean bom) {

    /** What a new file gets: {@code \n} line breaks, no byte order mark. */
    static TextFile empty() {
        return new TextFile("", false, false);
    }

    /** Decodes strictly: bytes that are not UTF-8 are an error, never silently replaced. */
    static TextFile decode(byte[] bytes) throws CharacterCodingException {
        return of(StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes))
                .toString());
    }

    /** Decodes with U+FFFD for bytes that are not UTF-8: for showing, never for writing back. */
    static TextFile decodeLeniently(byte[] bytes) {
        return of(new String(bytes, StandardCharsets.UTF_8));
    }

    static TextFile of(String raw) {
        boolean bom = raw.startsWith("\uFEFF");
        String text = bom ? raw.substring(1) : raw;
        boolean crlf = usesCrlf(text);
        return new TextFile(crlf ? text.replace("\r\n", "\n") : text, crlf, bom);
    }

    /** Text from a model: its line breaks become {@code \n} (models and transports add {@code \r}). */
    static String normalize(String text) {
        return text.replace("\r\n", "\n");
    }

    /**
     * Whether every line break is {@code \r\n}. A file that mixes them is left as it is: its
     * {@code \r}s stay part of their lines, and nothing is converted on the way back.
     */
    static boolean usesCrlf(String text) {
        int lf = 0;
        int crlf = 0;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            lf++;
            if (i > 0 && text.charAt(i - 1) == '\r') {
                crlf++;
            }
        }
        return lf > 0 && crlf == lf;
    }

    /** The bytes of a whole file with this content, in this file's conventions. */
    byte[] encode(String newText) {
        return ((bom ? "\uFEFF" : "") + fragment(newText)).getBytes(StandardCharsets.UTF_8);
    }

    /** The bytes of text added to this file (no byte order mark: it is not the start). */
    byte[] encodeFragment(String addition) {
        return fragment(addition).getBytes(StandardCharsets.UTF_8);
    }

    private String fragment(String text) {
        return crlf ? text.replace("\n", "\r\n") : text;
    }
}
