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

    /** How a command pattern matches a command whose holes may be any text. */
    enum Match {
        /** Not for any value of the holes. */
        NO,
        /** For some values of the holes only. */
        MAYBE,
        /** For every value of the holes (each falls inside a {@code *}); a text without holes that matches. */
        SURE
    }

    /** Matches a command pattern ({@code *} crosses everything) against a command with holes. */
    static Match match(String pattern, CommandText text) {
        int[] p = tokens(pattern, false);
        if (sure(p, text)) {
            return Match.SURE;
        }
        return !text.known() && possible(p, text) ? Match.MAYBE : Match.NO;
    }

    /** Row by row over the pattern, as {@link #match(int[], String, boolean)}; only a star covers a hole. */
    private static boolean sure(int[] p, CommandText text) {
        int n = text.length();
        boolean[] row = new boolean[n + 1];
        row[0] = true;
        for (int token : p) {
            boolean[] next = new boolean[n + 1];
            if (token == ANY_DEEP) {
                for (int j = 0; j <= n; j++) {
                    next[j] = row[j] || j > 0 && next[j - 1];
                }
            } else {
                for (int j = 0; j < n; j++) {
                    int c = text.at(j);
                    next[j + 1] = row[j] && c != CommandText.HOLE && (token == ONE || token == c);
                }
            }
            row = next;
        }
        return row[n];
    }

    /**
     * Whether some value of the holes makes the pattern match: the product of the two patterns,
     * searched from both starts to both ends. A hole may stand for nothing, or for characters the
     * pattern asks for, one by one; a star may take any character or hole.
     */
    private static boolean possible(int[] p, CommandText text) {
        int m = p.length;
        int n = text.length();
        boolean[] seen = new boolean[(m + 1) * (n + 1)];
        int[] stack = new int[(m + 1) * (n + 1)];
        int top = push(stack, 0, seen, 0);
        while (top > 0) {
            int state = stack[--top];
            int i = state / (n + 1);
            int j = state % (n + 1);
            if (i == m && j == n) {
                return true;
            }
            boolean star = i < m && p[i] == ANY_DEEP;
            boolean hole = j < n && text.at(j) == CommandText.HOLE;
            if (star) {
                top = push(stack, top, seen, state + (n + 1));        // the star takes nothing more
                if (j < n) {
                    top = push(stack, top, seen, state + 1);          // the star takes a character or hole
                }
            }
            if (hole) {
                top = push(stack, top, seen, state + 1);              // the hole stands for nothing more
                if (i < m && !star) {
                    top = push(stack, top, seen, state + (n + 1));    // the hole stands for what the pattern asks
                }
            }
            if (i < m && j < n && !star && !hole && (p[i] == ONE || p[i] == text.at(j))) {
                top = push(stack, top, seen, state + (n + 1) + 1);
            }
        }
        return false;
    }

    private static int push(int[] stack, int top, boolean[] seen, int state) {
        if (seen[state]) {
            return top;
        }
        seen[state] = true;
        stack[top] = state;
        return top + 1;
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
