package dev.rosetta.cli.render;

import java.util.Locale;

import tools.jackson.core.SerializableString;
import tools.jackson.core.io.CharacterEscapes;
import tools.jackson.core.io.SerializedString;

/**
 * JSON for a terminal: besides the C0 controls JSON escapes anyway, DEL, the C1 controls (a
 * terminal may take U+009B for CSI), the bidirectional overrides and the line and paragraph
 * separators are written as {@code \}{@code uXXXX}. The value read back is the same; what a
 * terminal shows of the line is only what it says, and {@link OutputGuard} finds nothing to
 * change in it.
 */
public final class TerminalJsonEscapes extends CharacterEscapes {

    public static final TerminalJsonEscapes INSTANCE = new TerminalJsonEscapes();

    private static final int[] ASCII = standardAsciiEscapes();

    private TerminalJsonEscapes() {}

    @Override
    public int[] getEscapeCodesForAscii() {
        return ASCII;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        return escaped(ch) ? new SerializedString(String.format(Locale.ROOT, "\\u%04x", ch)) : null;
    }

    /** Whether a character beyond ASCII is one a terminal would act on or reorder text by. */
    static boolean escaped(int ch) {
        return ch >= 0x80 && ch <= 0x9F || ch == '\u2028' || ch == '\u2029'
                || ch <= Character.MAX_VALUE && TerminalText.isBidiControl((char) ch);
    }

    private static int[] standardAsciiEscapes() {
        int[] codes = standardAsciiEscapesForJSON();
        codes[0x7F] = ESCAPE_STANDARD;
        return codes;
    }
}
