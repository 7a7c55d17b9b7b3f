package dev.rosetta.cli.render;

import dev.rosetta.core.text.InvisibleCharacters;
import dev.rosetta.core.text.Shortened;

/**
 * Makes text from outside (the model, tools, providers) harmless for a terminal. A terminal obeys
 * control characters: ESC starts sequences that move the cursor, clear the screen, set the window
 * title or plant hyperlinks; a bare CR returns to the start of the line so later text hides what
 * came before; bidi overrides make text read differently from how it runs. Every such character
 * becomes a visible stand-in, so what the user sees is what is there.
 *
 * <p>Where a person approves what will run, {@link #exact} goes further: every character that draws
 * nothing (zero-width, format, tag and variation characters, spaces other than the plain one, line
 * separators) is shown as a mark too, by {@link InvisibleCharacters}' rule, which front ends that
 * are no terminal share.
 *
 * <p>{@link #safe} cleans a whole string. An instance cleans a stream of pieces: it holds back a
 * trailing CR (a CRLF may be split between two pieces) and a trailing high surrogate (so an emoji
 * split between pieces is not printed as two broken halves).
 */
public final class TerminalText {

    private static final char REPLACEMENT = '\uFFFD';

    private char held;

    /** The most characters {@link #oneLine} keeps: a name of 100 KB must not be a line of 100 KB. */
    static final int LONGEST_LINE = 1000;

    /**
     * Text from outside for one line of a message or a header: cleaned, its line breaks and tabs
     * made spaces, cut after {@link #LONGEST_LINE} characters saying how many there were.
     */
    public static String oneLine(CharSequence text) {
        String line = safe(text).strip().replaceAll("\\s*\\n\\s*", " ").replace('\t', ' ');
        return Shortened.cut(line, LONGEST_LINE);
    }

    /** Cleans a whole string: controls other than LF and TAB made visible, CRLF and lone CR read as LF. */
    public static String safe(CharSequence text) {
        if (text == null) {
            return "";
        }
        if (isClean(text)) {
            return text.toString();
        }
        TerminalText stream = new TerminalText();
        return stream.feed(text) + stream.finish();
    }

    /**
     * As {@link #safe}, and every invisible character shown as a mark ({@code <U+200B>}): for what
     * a question asks the user to approve, where what is seen must be all that runs.
     */
    public static String exact(CharSequence text) {
        return text == null ? "" : safe(InvisibleCharacters.marked(text));
    }

    /** Cleans the next piece of a stream; may hold back its last character until the next piece. */
    public String feed(CharSequence piece) {
        StringBuilder out = new StringBuilder(piece.length() + 8);
        for (int i = 0; i < piece.length(); i++) {
            char c = piece.charAt(i);
            if (held != 0) {
                char h = held;
                held = 0;
                if (resolveHeld(h, c, out)) {
                    continue;
                }
            }
            if (c == '\r' || Character.isHighSurrogate(c)) {
                held = c;
            } else {
                append(c, out);
            }
        }
        return out.toString();
    }

    /** Whether a character is held back for the next piece. */
    boolean holding() {
        return held != 0;
    }

    /** Releases what is held back at the end of the stream. */
    public String finish() {
        char h = held;
        held = 0;
        if (h == 0) {
            return "";
        }
        return h == '\r' ? "\n" : String.valueOf(REPLACEMENT);
    }

    /** Writes the held character given the one after it; true when {@code next} was consumed too. */
    private boolean resolveHeld(char h, char next, StringBuilder out) {
        if (h == '\r') {
            out.append('\n');
            return next == '\n'; // CRLF is one line break
        }
        if (Character.isLowSurrogate(next)) {
            out.append(h).append(next);
            return true;
        }
        out.append(REPLACEMENT);
        return false;
    }

    private static void append(char c, StringBuilder out) {
        if (c == '\n' || c == '\t') {
            out.append(c);
        } else if (c < 0x20) {
            out.append((char) (0x2400 + c)); // the Unicode control pictures: ESC → ␛
        } else if (c == 0x7F) {
            out.append('\u2421'); // ␡
        } else if (c >= 0x80 && c <= 0x9F) {
            // A C1 control is the one-byte form of ESC + (c - 0x40): CSI 0x9B is ESC [.
            out.append('\u241B').append((char) (c - 0x40));
        } else if (isBidiControl(c)) {
            out.append(InvisibleCharacters.mark(c));
        } else if (c == '\u2028' || c == '\u2029') {
            out.append('\n'); // line and paragraph separators end lines
        } else if (Character.isLowSurrogate(c)) {
            out.append(REPLACEMENT); // a low half without its high half
        } else {
            out.append(c);
        }
    }

    /** Embeddings, overrides and isolates: they reorder the text shown after them. */
    static boolean isBidiControl(char c) {
        return (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069');
    }

    private static boolean isClean(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean plain = (c >= 0x20 && c < 0x7F) || c == '\n' || c == '\t'
                    || (c > 0x9F && !Character.isSurrogate(c) && !isBidiControl(c) && c != '\u2028' && c != '\u2029');
            if (!plain) {
                return false;
            }
        }
        return true;
    }
}
