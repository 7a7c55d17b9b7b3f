package dev.rosetta.agent.config;

import java.util.List;
import java.util.stream.Collectors;

import dev.rosetta.core.text.Shortened;

/**
 * TOML spellings of keys and values, for the files Rosetta writes itself and for naming what a
 * file holds in a message: every character a terminal would act on is spelled as an escape.
 */
final class TomlText {

    private TomlText() {}

    /** A key: bare when it can be, else quoted. */
    static String key(String key) {
        boolean bare = !key.isEmpty() && key.chars().allMatch(c -> c < 128
                && (Character.isLetterOrDigit(c) || c == '_' || c == '-'));
        return bare ? key : string(key);
    }

    /**
     * Text from a file or the command line, for a message: in single quotes when it is plain,
     * else as a TOML basic string, whose escapes show every control character it holds.
     */
    static String quoted(String text) {
        String escaped = string(text);
        return escaped.equals("\"" + text + "\"") && text.indexOf('\'') < 0 ? "'" + text + "'" : escaped;
    }

    /**
     * A basic string. Control characters are escaped (TOML forbids them raw), and so are the C1
     * controls, bidi overrides and line separators a terminal or an editor would act on; a lone
     * surrogate, which no TOML escape can spell, becomes U+FFFD.
     */
    static String string(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> append(out, value, i);
            }
            if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            }
        }
        return out.append('"').toString();
    }

    private static void append(StringBuilder out, String value, int i) {
        char c = value.charAt(i);
        if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || isBidiOrSeparator(c)) {
            out.append(String.format("\\u%04X", (int) c));
        } else if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
            out.append(c).append(value.charAt(i + 1));
        } else if (Character.isSurrogate(c)) {
            out.append('\uFFFD');
        } else {
            out.append(c);
        }
    }

    /** Embeddings, overrides, isolates (they reorder the text after them) and the line and paragraph separators. */
    private static boolean isBidiOrSeparator(char c) {
        return (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069') || c == '\u2028' || c == '\u2029'
                || c == '\u200E' || c == '\u200F' || c == '\u061C';
    }

    /**
     * Items already spelled for a message (keys, rules), the first few of many and each cut short,
     * with how many more there are: a file with a hundred thousand of them, or one of a hundred
     * thousand characters, still makes a line a person can read.
     */
    static String someOf(List<String> items) {
        return Shortened.someOf(items, 10, 80, ", ");
    }

    static String array(List<String> values) {
        return values.stream().map(TomlText::string).collect(Collectors.joining(", ", "[", "]"));
    }
}
