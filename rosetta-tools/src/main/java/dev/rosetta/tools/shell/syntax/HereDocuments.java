package dev.rosetta.tools.shell.syntax;

/** Here-document bodies: where they end, and what an unquoted one expands. */
final class HereDocuments {

    private HereDocuments() {}

    /** The delimiter as bash compares it: the word with its quotes removed, nothing expanded. */
    static String delimiter(String word) {
        StringBuilder out = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (quote == 0 && (c == '\'' || c == '"')) {
                quote = c;
            } else if (c == quote) {
                quote = 0;
            } else if (c == '\\' && quote != '\'' && i + 1 < word.length()) {
                out.append(word.charAt(++i));
            } else if (c == '$' && quote == 0 && i + 1 < word.length() && (word.charAt(i + 1) == '\'' || word.charAt(i + 1) == '"')) {
                continue; // $'EOF' and $"EOF" delimit at EOF
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * Reads the body from the cursor through its delimiter line (or to the end, as bash does,
     * with a warning). In an unquoted here-document a line ending in a backslash goes on on the
     * next line before the delimiter is looked for, as in bash.
     */
    static String body(Source src, Source.PendingHereDocument doc) {
        String t = src.text;
        StringBuilder body = new StringBuilder();
        boolean expands = doc.document().expands();
        while (!src.atEnd()) {
            int lineStart = src.pos;
            int eol = t.indexOf('\n', src.pos);
            while (expands && eol > 0 && continues(t, eol)) {
                eol = t.indexOf('\n', eol + 1);
            }
            String line = t.substring(lineStart, eol < 0 ? t.length() : eol);
            src.pos = eol < 0 ? t.length() : eol + 1;
            String compared = doc.stripTabs() ? stripTabs(line) : line;
            String logical = expands ? compared.replace("\\\n", "") : compared;
            if (logical.equals(doc.delimiter())) {
                return body.toString();
            }
            body.append(compared);
            if (eol >= 0) {
                body.append('\n');
            }
        }
        return body.toString();
    }

    /** Whether the line ending at {@code eol} ends in an odd number of backslashes. */
    private static boolean continues(String t, int eol) {
        int n = 0;
        for (int i = eol - 1; i >= 0 && t.charAt(i) == '\\'; i--) {
            n++;
        }
        return n % 2 == 1;
    }

    private static String stripTabs(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == '\t') {
            i++;
        }
        return line.substring(i);
    }

    /** An unquoted body as bash expands it: like double quotes, where {@code "} is a plain character. */
    static Word expand(Source outer, String body) {
        return BashParser.expandNested(outer, body);
    }
}
