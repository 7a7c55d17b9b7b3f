package dev.rosetta.tools.shell.syntax;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where arithmetic ends, and which variables it evaluates. Bash evaluates a variable's value in
 * arithmetic as an expression of its own, subscripts included, and a subscript's command
 * substitutions run: {@code x='a[$(cmd)]'; echo $((x))} runs {@code cmd}. So the names are kept.
 */
final class Arithmetic {

    private static final Pattern IDENTIFIER = Pattern.compile("(?<![A-Za-z0-9_#$])\\$?\\{?([A-Za-z_][A-Za-z0-9_]*)");
    private static final Pattern PARAMETER = Pattern.compile("^([!#]?)([A-Za-z_][A-Za-z0-9_]*)(\\[(.*?)])?(:(?![-=?+])(.*))?$",
            Pattern.DOTALL);

    private Arithmetic() {}

    /**
     * Where the {@code ))} that closes arithmetic opened just before {@code from} is, or -1 when
     * the first unmatched {@code )} is not doubled: then bash reads {@code $((} as a command
     * substitution of a subshell, and so does the parser.
     */
    static int end(Source src, int from) {
        int close = matchingParenthesis(src, from);
        return close >= 0 && src.at(close + 1) == ')' ? close : -1;
    }

    /** The {@code )} that closes the {@code (} just before {@code from}, counting parentheses outside quotes; -1 if none. */
    static int matchingParenthesis(Source src, int from) {
        int close = matchingParenthesis(src.text, from);
        return src.spend((close < 0 ? src.text.length() : close) - from) ? close : -1;
    }

    private static int matchingParenthesis(String t, int from) {
        int depth = 0;
        for (int i = from; i < t.length(); i++) {
            char c = t.charAt(i);
            switch (c) {
                case '\\' -> i++;
                case '\'', '"', '`' -> {
                    int close = t.indexOf(c, i + 1);
                    if (close < 0) {
                        return -1;
                    }
                    i = close;
                }
                case '(' -> depth++;
                case ')' -> {
                    if (depth-- == 0) {
                        return i;
                    }
                }
                default -> { }
            }
        }
        return -1;
    }

    /** The identifier that starts at {@code i}. */
    static String nameAt(String text, int i) {
        int end = i;
        while (end < text.length() && WordReader.isNameChar(text.charAt(end))) {
            end++;
        }
        return text.substring(i, end);
    }

    /**
     * At {@code pos} in arithmetic: a name (not a number's digits, {@code 0x1f} or {@code 16#ff})
     * is kept; returns where reading goes on.
     */
    static int name(String text, int pos, List<String> names) {
        char c = text.charAt(pos);
        boolean start = Character.isLetter(c) && c < 128 || c == '_';
        char before = pos > 0 ? text.charAt(pos - 1) : ' ';
        if (Character.isDigit(c) || start && before == '#') {
            int end = pos + 1; // a number: 42, 0x1f, 16#ff
            while (end < text.length() && (WordReader.isNameChar(text.charAt(end)) || text.charAt(end) == '#')) {
                end++;
            }
            return end;
        }
        if (!start) {
            return pos + 1;
        }
        String name = nameAt(text, pos);
        names.add(name);
        return pos + name.length();
    }

    /**
     * The names a parameter expansion evaluates as arithmetic: an array's subscript
     * ({@code ${a[i]}}), a substring's offset and length ({@code ${s:i:n}}), and the variable an
     * indirection names ({@code ${!x}}, whose value may hold a subscript).
     */
    static void parameterNames(String content, List<String> names) {
        Matcher m = PARAMETER.matcher(content);
        if (!m.matches()) {
            return;
        }
        if (m.group(1).equals("!")) {
            names.add(m.group(2));
        }
        identifiers(m.group(4), names);
        identifiers(m.group(6), names);
    }

    static void identifiers(String text, List<String> names) {
        if (text == null) {
            return;
        }
        Matcher m = IDENTIFIER.matcher(text);
        while (m.find()) {
            names.add(m.group(1));
        }
    }
}
