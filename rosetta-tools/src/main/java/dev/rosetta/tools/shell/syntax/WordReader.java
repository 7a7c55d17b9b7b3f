package dev.rosetta.tools.shell.syntax;

import dev.rosetta.tools.shell.syntax.Word.Piece.Kind;

/**
 * Reads one word as bash does: backslashes, single, double, {@code $'…'} and {@code $"…"}
 * quotes, parameter, arithmetic, command and process substitution, globs and brace expansion.
 * The scripts of substitutions are read by the parser itself, so that a {@code )} in a
 * {@code case} pattern or a comment inside {@code $(…)} is read as bash reads it.
 */
final class WordReader {

    private final BashParser parser;
    private final Source src;

    WordReader(BashParser parser, Source src) {
        this.parser = parser;
        this.src = src;
    }

    /** The word at the cursor (empty when a metacharacter or the end is there). */
    Word read() {
        int start = src.pos;
        WordParts parts = new WordParts();
        tilde(parts);
        while (!src.atEnd() && step(parts)) {
            // step reads one element of the word
        }
        return parts.word(src.text.substring(start, Math.min(src.pos, src.text.length())));
    }

    /** {@code ~} and {@code ~user} at a word's start: a home folder. */
    private void tilde(WordParts b) {
        if (src.peek() != '~' || src.atEnd()) {
            return;
        }
        int end = src.pos + 1;
        while (end < src.text.length() && (isNameChar(src.text.charAt(end)) || src.text.charAt(end) == '-'
                || src.text.charAt(end) == '.' || src.text.charAt(end) == '+')) {
            end++;
        }
        if (src.boundary(end) || src.text.charAt(end) == '/') {
            b.unknown(src.text.substring(src.pos, end), Kind.TILDE);
            src.pos = end;
        }
    }

    /** Reads one element of an unquoted word; false at its end. */
    boolean step(WordParts b) {
        char c = src.peek();
        char next = src.at(src.pos + 1);
        if ((c == '<' || c == '>') && next == '(') {
            processSubstitution(b);
            return true;
        }
        if ("@!+*?".indexOf(c) >= 0 && next == '(') {
            extendedGlob(b);
            return true;
        }
        if (Source.METACHARACTERS.indexOf(c) >= 0) {
            return false;
        }
        switch (c) {
            case '\\' -> escape(b);
            case '\'' -> singleQuoted(b);
            case '"' -> doubleQuoted(b);
            case '$' -> dollar(b, false);
            case '`' -> backticks(b, false);
            case '*', '?' -> {
                b.unknown(String.valueOf(c), Kind.GLOB);
                src.pos++;
            }
            case '[' -> bracket(b);
            case '{' -> brace(b);
            default -> {
                b.literal(c);
                src.pos++;
            }
        }
        return true;
    }

    private void escape(WordParts b) {
        char n = src.at(src.pos + 1);
        if (src.pos + 1 >= src.text.length()) {
            b.literal('\\');
            src.pos++;
        } else {
            if (n != '\n') {
                b.literal(n);
            }
            src.pos += 2;
        }
    }

    private void singleQuoted(WordParts b) {
        int close = src.text.indexOf('\'', src.pos + 1);
        if (close < 0) {
            src.fail("a single quote is not closed");
            return;
        }
        b.literal(src.text.substring(src.pos + 1, close));
        src.pos = close + 1;
    }

    void doubleQuoted(WordParts b) {
        src.pos++;
        quoted(b, '"');
        if (src.peek() != '"' || src.atEnd()) {
            src.fail("a double quote is not closed");
            return;
        }
        src.pos++;
    }

    /**
     * The inside of double quotes (up to {@code end}), or of a here-document's body ({@code end}
     * NUL: to the end of its text, where {@code "} is a plain character).
     */
    void quoted(WordParts b, char end) {
        while (!src.atEnd() && src.peek() != end) {
            char c = src.peek();
            if (c == '\\') {
                char n = src.at(src.pos + 1);
                if (n == '$' || n == '`' || n == '\\' || n == '"' && end == '"') {
                    b.literal(n);
                    src.pos += 2;
                } else if (n == '\n') {
                    src.pos += 2;
                } else {
                    b.literal('\\');
                    src.pos++;
                }
            } else if (c == '$') {
                dollar(b, true);
            } else if (c == '`') {
                backticks(b, true);
            } else {
                b.literal(c);
                src.pos++;
            }
        }
    }

    private void dollar(WordParts b, boolean quoted) {
        int start = src.pos;
        char n = src.at(src.pos + 1);
        if (n == '(' && src.at(src.pos + 2) == '(') {
            if (Arithmetic.end(src, src.pos + 3) >= 0) {
                arithmetic(b, start, 3, "))");
            } else {
                subshellSubstitution(b, start);
            }
        } else if (n == '(') {
            src.pos += 2;
            b.scripts.add(parser.nested());
            close(')', "a $( is not closed");
            b.unknown(src.text.substring(start, src.pos), Kind.COMMAND_OUTPUT);
        } else if (n == '{') {
            parameter(b);
        } else if (n == '[') {
            arithmetic(b, start, 2, "]");
        } else if (n == '\'' && !quoted) {
            src.pos += 2;
            AnsiCQuote.read(src, b);
        } else if (n == '"' && !quoted) {
            src.pos++;
            WordParts inner = new WordParts();
            doubleQuoted(inner);
            b.unknown(src.text.substring(start, src.pos), Kind.TRANSLATED);
            b.absorb(inner);
        } else if (Character.isLetter(n) || n == '_') {
            int end = src.pos + 1;
            while (end < src.text.length() && isNameChar(src.text.charAt(end))) {
                end++;
            }
            src.pos = end;
            b.unknown(src.text.substring(start, end), Kind.PARAMETER);
        } else if (Character.isDigit(n) || "@*#?-$!".indexOf(n) >= 0 && n != '\0') {
            src.pos += 2;
            b.unknown(src.text.substring(start, src.pos), Kind.PARAMETER);
        } else {
            b.literal('$');
            src.pos++;
        }
    }

    /**
     * {@code $((…) …)}, which is not arithmetic: bash finds its end by counting parentheses
     * alone (a {@code case} pattern's or a comment's {@code )} counts), then reads what is inside.
     */
    private void subshellSubstitution(WordParts b, int start) {
        int close = Arithmetic.matchingParenthesis(src, start + 2);
        if (close < 0) {
            src.fail("a $( is not closed");
            return;
        }
        b.scripts.add(BashParser.parseNested(src, src.text.substring(start + 2, close)));
        src.pos = close + 1;
        b.unknown(src.text.substring(start, src.pos), Kind.COMMAND_OUTPUT);
    }

    static boolean isNameChar(char c) {
        return c == '_' || c < 128 && Character.isLetterOrDigit(c);
    }

    private void close(char c, String problem) {
        if (src.peek() != c || src.atEnd()) {
            src.fail(problem);
        } else {
            src.pos++;
        }
    }

    /** {@code $((…))}, {@code $[…]}, and the {@code ((…))} command: names in it are evaluated, values too. */
    void arithmetic(WordParts b, int start, int open, String close) {
        src.pos = start + open;
        WordParts inner = new WordParts();
        int depth = 0;
        while (!src.failed()) {
            if (src.atEnd()) {
                src.fail("an arithmetic expression is not closed");
                return;
            }
            char c = src.peek();
            if (depth == 0 && src.startsWith(close)) {
                src.pos += close.length();
                break;
            }
            if (c == '(' || c == ')') {
                depth += c == '(' ? 1 : -1;
                src.pos++;
            } else if (c == '$' && (Character.isLetter(src.at(src.pos + 1)) || src.at(src.pos + 1) == '_')) {
                inner.arithmeticNames.add(Arithmetic.nameAt(src.text, src.pos + 1));
                dollar(inner, true);
            } else if (!quotingOrExpansion(inner, c, true)) {
                src.pos = Arithmetic.name(src.text, src.pos, inner.arithmeticNames);
            }
        }
        b.unknown(src.text.substring(start, src.pos), Kind.ARITHMETIC);
        b.absorb(inner);
    }

    private void parameter(WordParts b) {
        int start = src.pos;
        src.pos += 2;
        WordParts inner = new WordParts();
        int depth = 0;
        while (true) {
            if (src.atEnd()) {
                src.fail("a ${ is not closed");
                return;
            }
            char c = src.peek();
            if (c == '}' && depth == 0) {
                src.pos++;
                break;
            }
            if (c == '{' || c == '}') {
                depth += c == '{' ? 1 : -1;
                src.pos++;
            } else if (!quotingOrExpansion(inner, c, true)) {
                src.pos++;
            }
        }
        String content = src.text.substring(start + 2, src.pos - 1);
        Arithmetic.parameterNames(content, inner.arithmeticNames);
        if (content.matches("[!#]?[A-Za-z0-9_@*#?$!-]+(\\[.*])?@P")) {
            inner.hazards.add("${" + content + "} runs the command substitutions held in a variable's value");
        }
        b.unknown(src.text.substring(start, src.pos), Kind.PARAMETER);
        b.absorb(inner);
    }

    private void backticks(WordParts b, boolean quoted) {
        int start = src.pos;
        src.pos++;
        StringBuilder content = new StringBuilder();
        while (true) {
            if (src.atEnd()) {
                src.fail("a backquote is not closed");
                return;
            }
            char c = src.peek();
            if (c == '`') {
                src.pos++;
                break;
            }
            char n = src.at(src.pos + 1);
            if (c == '\\' && (n == '$' || n == '`' || n == '\\' || quoted && n == '"')) {
                content.append(n);
                src.pos += 2;
            } else {
                content.append(c);
                src.pos++;
            }
        }
        b.scripts.add(BashParser.parseNested(src, content.toString()));
        b.unknown(src.text.substring(start, src.pos), Kind.COMMAND_OUTPUT);
    }

    private void processSubstitution(WordParts b) {
        int start = src.pos;
        src.pos += 2;
        b.scripts.add(parser.nested());
        close(')', "a process substitution " + src.text.substring(start, start + 2) + " is not closed");
        b.unknown(src.text.substring(start, src.pos), Kind.PROCESS);
    }

    /**
     * Reads a quote, an escape or an expansion starting with {@code c} into {@code inner} (inside
     * arithmetic, a parameter expansion or a pattern, where bash reads them as in a word); false
     * when {@code c} starts none.
     */
    private boolean quotingOrExpansion(WordParts inner, char c, boolean quotedDollar) {
        switch (c) {
            case '\\' -> escape(inner);
            case '\'' -> singleQuoted(inner);
            case '"' -> doubleQuoted(inner);
            case '$' -> dollar(inner, quotedDollar);
            case '`' -> backticks(inner, quotedDollar);
            default -> {
                return false;
            }
        }
        return true;
    }

    /** {@code @(a|b)} and its kin: a pattern when extglob is on, a syntax error (nothing runs) when it is off. */
    private void extendedGlob(WordParts b) {
        int start = src.pos;
        src.pos += 2;
        WordParts inner = new WordParts();
        int depth = 1;
        while (depth > 0) {
            if (src.atEnd()) {
                src.fail("a pattern " + src.text.substring(start, start + 2) + " is not closed");
                return;
            }
            char c = src.peek();
            if (c == '(' || c == ')') {
                depth += c == '(' ? 1 : -1;
                src.pos++;
            } else if (!quotingOrExpansion(inner, c, false)) {
                src.pos++;
            }
        }
        b.unknown(src.text.substring(start, src.pos), Kind.GLOB);
        b.absorb(inner);
    }

    /** {@code [abc]} is a pattern when a {@code ]} closes it within the word; a lone {@code [} is itself. */
    private void bracket(WordParts b) {
        for (int i = src.pos + 2; !src.boundary(i); i++) {
            if (src.text.charAt(i) == ']') {
                b.unknown("[", Kind.GLOB);
                src.spend(i - src.pos);
                src.pos++;
                return;
            }
        }
        // Read to the word's end without finding ]: counted alike, so that [[[[… stays linear or fails.
        int end = src.pos + 1;
        while (!src.boundary(end)) {
            end++;
        }
        if (!src.spend(end - src.pos)) {
            return;
        }
        b.literal('[');
        src.pos++;
    }

    /** {@code {a,b}} and {@code {1..9}} become several words; other braces are themselves. */
    private void brace(WordParts b) {
        int end = BraceScan.end(src, src.pos);
        if (end < 0) {
            b.literal('{');
            src.pos++;
            return;
        }
        int start = src.pos;
        src.pos++;
        WordParts inner = new WordParts();
        while (src.pos < end && !src.atEnd() && step(inner)) {
            // the inside of the braces, read for what its expansions run
        }
        if (src.pos != end) {
            src.fail("a brace expansion could not be read as bash reads it");
            return;
        }
        src.pos++;
        b.unknown(src.text.substring(start, src.pos), Kind.BRACE);
        b.absorb(inner);
    }
}
