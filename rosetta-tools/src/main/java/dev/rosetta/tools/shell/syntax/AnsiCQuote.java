package dev.rosetta.tools.shell.syntax;

/** {@code $'…'}: backslash escapes decoded as bash does ({@code $'\x72\x6d'} is {@code rm}). */
final class AnsiCQuote {

    private AnsiCQuote() {}

    /** Reads from just after {@code $'} through the closing quote. */
    static void read(Source src, WordParts b) {
        String t = src.text;
        int i = src.pos;
        StringBuilder out = new StringBuilder();
        while (i < t.length() && t.charAt(i) != '\'') {
            char c = t.charAt(i);
            if (c != '\\' || i + 1 >= t.length()) {
                out.append(c);
                i++;
                continue;
            }
            i = escape(t, i + 1, out);
        }
        if (i >= t.length()) {
            src.fail("a $' quote is not closed");
            return;
        }
        b.literal(out.toString());
        src.pos = i + 1;
    }

    /** Decodes the escape whose letter is at {@code i}; returns the index after it. */
    private static int escape(String t, int i, StringBuilder out) {
        char e = t.charAt(i);
        switch (e) {
            case 'a' -> out.append('\u0007');
            case 'b' -> out.append('\b');
            case 'e', 'E' -> out.append('\u001b');
            case 'f' -> out.append('\f');
            case 'n' -> out.append('\n');
            case 'r' -> out.append('\r');
            case 't' -> out.append('\t');
            case 'v' -> out.append('\u000b');
            case '\\', '\'', '"', '?' -> out.append(e);
            case 'x' -> {
                return number(t, i + 1, 16, 2, out, "\\x");
            }
            case 'u' -> {
                return number(t, i + 1, 16, 4, out, "\\u");
            }
            case 'U' -> {
                return number(t, i + 1, 16, 8, out, "\\U");
            }
            case 'c' -> {
                if (i + 1 < t.length()) {
                    out.append((char) (t.charAt(i + 1) & 0x1f));
                    return i + 2;
                }
                out.append("\\c");
            }
            default -> {
                if (e >= '0' && e <= '7') {
                    return number(t, i, 8, 3, out, "\\");
                }
                out.append('\\').append(e);
            }
        }
        return i + 1;
    }

    private static int number(String t, int from, int radix, int max, StringBuilder out, String asWritten) {
        int end = from;
        while (end < t.length() && end - from < max && Character.digit(t.charAt(end), radix) >= 0) {
            end++;
        }
        if (end == from) {
            out.append(asWritten);
            return end;
        }
        int value = (int) Long.parseLong(t.substring(from, end), radix);
        if (radix == 8 || radix == 16 && max == 2) {
            out.append((char) (value & 0xff));
        } else if (Character.isValidCodePoint(value)) {
            out.appendCodePoint(value);
        }
        return end;
    }
}
