package dev.rosetta.tools.permission;

import java.util.Arrays;

/**
 * The patterns of permission rules. Matching goes token by token over the pattern, keeping which
 * prefixes of the text match so far: its work is the pattern's length times the text's, never
 * exponential however many stars a pattern has.
 */
final class Glob {

    private Glob() {}

    /**
     * @param paths whether {@code text} is a path: then {@code *} and {@code ?} stop at {@code /},
     *              and {@code **} crosses it
     */
    static boolean matches(String pattern, String text, boolean paths) {
        return match(tokens(pattern, paths), text, paths);
    }

    /** Whether the pattern has no wildcard. */
    static boolean isLiteral(String pattern) {
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                i++;
            } else if (c == '*' || c == '?') {
                return false;
            }
        }
        return true;
    }

    /** A literal pattern's text: its escapes undone. */
    static String unescaped(String pattern) {
        StringBuilder out = new StringBuilder(pattern.length());
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            out.append(c == '\\' && i + 1 < pattern.length() ? pattern.charAt(++i) : c);
        }
        return out.toString();
    }

    /** A text as a pattern that matches only it. */
    static String literal(String text) {
        return text.replace("\\", "\\\\").replace("*", "\\*").replace("?", "\\?");
    }

    private static final int ANY = -1;      // * (within a folder, for paths)
    private static final int ANY_DEEP = -2; // **
    private static final int ONE = -3;      // ?

    private static int[] tokens(String pattern, boolean paths) {
        int[] out = new int[pattern.length()];
        int n = 0;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                out[n++] = pattern.charAt(++i);
            } else if (c == '*') {
                boolean deep = i + 1 < pattern.length() && pattern.charAt(i + 1) == '*';
                if (deep) {
                    i++;
                }
                int star = deep || !paths ? ANY_DEEP : ANY;
                if (n == 0 || out[n - 1] != star) {
                    out[n++] = star;
                }
            } else if (c == '?') {
                out[n++] = ONE;
            } else {
                out[n++] = c;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** Row by row over the pattern: which prefixes of the text the pattern so far matches. */
    private static boolean match(int[] p, String text, boolean paths) {
        int n = text.length();
        boolean[] row = new boolean[n + 1];
        row[0] = true;
        for (int token : p) {
            boolean[] next = new boolean[n + 1];
            switch (token) {
                case ANY_DEEP -> {
                    for (int j = 0; j <= n; j++) {
                        next[j] = row[j] || j > 0 && next[j - 1];
                    }
                }
                case ANY -> {
                    for (int j = 0; j <= n; j++) {
                        next[j] = row[j] || j > 0 && next[j - 1] && text.charAt(j - 1) != '/';
                    }
                }
                case ONE -> {
                    for (int j = 0; j < n; j++) {
                        next[j + 1] = row[j] && !(paths && text.charAt(j) == '/');
                    }
                }
                default -> {
                    for (int j = 0; j < n; j++) {
                        next[j + 1] = row[j] && text.charAt(j) == token;
                    }
                }
            }
            row = next;
        }
        return row[n];
    }
}
