package dev.rosetta.tools.shell.syntax;

/** Whether a {@code {} starts a brace expansion, and where it ends. */
final class BraceScan {

    private BraceScan() {}

    /**
     * The index of the {@code }} that closes the brace at {@code open} when what is between holds
     * a {@code ,} or {@code ..} outside nested braces and quotes (bash then makes several words of
     * it); -1 otherwise.
     */
    static int end(Source src, int open) {
        int end = scan(src, open);
        return src.spend((end < 0 ? wordEnd(src, open) : end) - open) ? end : -1;
    }

    private static int wordEnd(Source src, int from) {
        int i = from;
        while (!src.boundary(i)) {
            i++;
        }
        return i;
    }

    private static int scan(Source src, int open) {
        String t = src.text;
        int depth = 0;
        boolean expands = false;
        for (int i = open + 1; !src.boundary(i); i++) {
            char c = t.charAt(i);
            switch (c) {
                case '\\' -> i++;
                case '\'' -> {
                    i = t.indexOf('\'', i + 1);
                    if (i < 0) {
                        return -1;
                    }
                }
                case '"' -> {
                    i = closingDoubleQuote(t, i);
                    if (i < 0) {
                        return -1;
                    }
                }
                case '$', '`' -> {
                    return -1; // an expansion inside: read as plain characters and unknown parts, never as words
                }
                case '{' -> depth++;
                case '}' -> {
                    if (depth == 0) {
                        return expands ? i : -1;
                    }
                    depth--;
                }
                case ',' -> expands |= depth == 0;
                case '.' -> expands |= depth == 0 && i + 1 < t.length() && t.charAt(i + 1) == '.';
                default -> { }
            }
        }
        return -1;
    }

    private static int closingDoubleQuote(String t, int open) {
        for (int i = open + 1; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i;
            } else if (c == '$' || c == '`') {
                return -1;
            }
        }
        return -1;
    }
}
