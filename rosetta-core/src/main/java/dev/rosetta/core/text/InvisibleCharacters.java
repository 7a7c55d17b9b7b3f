package dev.rosetta.core.text;

import java.util.Locale;

/**
 * Characters a person cannot see but a program reads: zero-width spaces and joiners, bidi marks,
 * embeddings and isolates, the other format characters (soft hyphen, word joiner, byte-order mark,
 * tag characters), variation selectors (which can carry hidden bytes), fillers that draw nothing,
 * spaces other than the plain one (bash reads a no-break space as part of a word), and the line
 * and paragraph separators and a CR that ends no line (a terminal shows them as line breaks, or
 * goes back over what was shown; bash reads them as parts of a word). A CR before a LF is a line
 * ending, as a file written on Windows has on every line, and is left alone. Where a person approves what will run, each is shown as a mark naming it, such as
 * {@code <U+200B>}, so the text seen is the text run. Front ends that are no terminal (the web
 * page, an editor over ACP) get the same marks from here; the terminals through {@code TerminalText}.
 */
public final class InvisibleCharacters {

    private InvisibleCharacters() {}

    /** Whether a code point draws nothing (a CR: when it ends no line; see {@link #marked}), or nothing a person can tell from a plain space or a line break. */
    public static boolean invisible(int cp) {
        if (cp < 0xA0) {
            return cp == '\r';
        }
        return switch (Character.getType(cp)) {
            case Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                    Character.SPACE_SEPARATOR -> true;
            default -> drawsNothing(cp);
        };
    }

    /** Marks, nonspacing or not, and letters that are blank by design. */
    private static boolean drawsNothing(int cp) {
        return cp == 0x034F // combining grapheme joiner
                || cp >= 0x115F && cp <= 0x1160 || cp == 0x3164 || cp == 0xFFA0 // Hangul fillers
                || cp >= 0x17B4 && cp <= 0x17B5 // Khmer inherent vowels
                || cp >= 0x180B && cp <= 0x180F // Mongolian variation selectors
                || cp >= 0xFE00 && cp <= 0xFE0F || cp >= 0xE0100 && cp <= 0xE01EF // variation selectors
                || cp == 0x2800; // braille blank
    }

    /** The mark shown for a code point, as Unicode names code points: {@code <U+200B>}, {@code <U+00A0>}. */
    public static String mark(int cp) {
        return String.format(Locale.ROOT, "<U+%04X>", cp);
    }

    /** The text with every invisible character replaced by its {@link #mark}; the same string when there is none. */
    public static String marked(CharSequence text) {
        int first = firstInvisible(text);
        if (first < 0) {
            return text.toString();
        }
        StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, first);
        for (int i = first; i < text.length(); ) {
            int cp = Character.codePointAt(text, i);
            if (invisible(cp) && !lineEnding(text, i)) {
                out.append(mark(cp));
            } else {
                out.appendCodePoint(cp);
            }
            i += Character.charCount(cp);
        }
        return out.toString();
    }

    private static boolean lineEnding(CharSequence text, int i) {
        return text.charAt(i) == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n';
    }

    /** Where the first invisible character is, or -1. */
    public static int firstInvisible(CharSequence text) {
        for (int i = 0; i < text.length(); ) {
            int cp = Character.codePointAt(text, i);
            if (invisible(cp) && !lineEnding(text, i)) {
                return i;
            }
            i += Character.charCount(cp);
        }
        return -1;
    }
}
