package dev.rosetta.tools.shell.syntax;

import java.util.ArrayList;
import java.util.List;

/**
 * The text being parsed and where the parser is in it. A nested text (a backtick substitution's,
 * a here-document's body) gets a source of its own that reports its problems to its parent.
 */
final class Source {

    /** Characters that end an unquoted word. */
    static final String METACHARACTERS = " \t\n;&|<>()";

    final String text;
    int pos;
    /** How deep in substitutions the parser is; tokens are written to the canonical text only at 0. */
    int depth;
    /** How deep in compound commands and substitutions the parser is, counted across nested sources. */
    private final int[] nesting;
    private final Source parent;
    private String problem = "";
    private int problemAt = -1;
    /** Here-documents named on the current line, read at its end. */
    List<PendingHereDocument> pending = new ArrayList<>();
    private final StringBuilder canonical = new StringBuilder();
    /**
     * Characters that look-ahead scans (for a brace expansion's or a bracket's end, arithmetic's
     * closing parentheses) may still read, shared with nested sources: past it, the line is too
     * complex to check, and that is a problem rather than a wait.
     */
    private final long[] budget;
    /** Whether a here-document's body was read inside the substitution being read. */
    boolean hereDocumentInSubstitution;
    /** Why parts of the line may run otherwise than they read, whatever the rules (line-wide). */
    final List<String> hazards;

    Source(String text) {
        this(text, null, 0);
    }

    private Source(String text, Source parent, int depth) {
        this.text = text;
        this.parent = parent;
        this.depth = depth;
        this.hazards = parent == null ? new ArrayList<>() : parent.hazards;
        this.budget = parent == null ? new long[] {64L * text.length() + 1_000_000} : parent.budget;
        this.nesting = parent == null ? new int[1] : parent.nesting;
    }

    /** Goes one level deeper; false (and a problem) past {@code max}, where bash would give up too. */
    boolean enter(int max) {
        if (++nesting[0] > max) {
            fail("the line nests commands more than " + max + " deep");
            return false;
        }
        return true;
    }

    void leave() {
        nesting[0]--;
    }

    /** Counts {@code chars} read ahead; false (and a problem) once the budget is spent. */
    boolean spend(int chars) {
        budget[0] -= chars;
        if (budget[0] < 0) {
            fail("the line is too complex to check (its look-ahead would read more than 64 times its length)");
            return false;
        }
        return true;
    }

    Source nested(String inner) {
        return new Source(inner, this, depth + 1);
    }

    boolean atEnd() {
        return pos >= text.length();
    }

    /** The character at {@code i}, or NUL past the end (a command holding a NUL is refused before parsing). */
    char at(int i) {
        return i < text.length() ? text.charAt(i) : '\0';
    }

    char peek() {
        return at(pos);
    }

    boolean startsWith(String s) {
        return text.startsWith(s, pos);
    }

    /** Whether the character at {@code i} ends a word: a metacharacter or the end. */
    boolean boundary(int i) {
        return i >= text.length() || METACHARACTERS.indexOf(text.charAt(i)) >= 0;
    }

    /** Whether {@code word} is here as a whole token (a reserved word is one only unquoted and whole). */
    boolean atToken(String word) {
        return startsWith(word) && boundary(pos + word.length());
    }

    /**
     * Records the first problem and stops: what comes after a problem is not read, and a nested
     * source's problem stops its parent too (the line as a whole cannot be classified).
     */
    void fail(String why) {
        if (problem.isEmpty()) {
            problem = why;
            problemAt = pos;
        }
        pos = text.length();
        if (parent != null) {
            parent.fail(why);
        }
    }

    boolean failed() {
        return !problem.isEmpty();
    }

    String problem() {
        return problem;
    }

    int problemAt() {
        return problemAt;
    }

    /** Adds a token to the canonical text: one space between tokens, none after a line's end. */
    void emit(String token) {
        if (depth > 0 || token.isEmpty()) {
            return;
        }
        if (!canonical.isEmpty() && canonical.charAt(canonical.length() - 1) != '\n') {
            canonical.append(' ');
        }
        canonical.append(token);
    }

    /** Adds text as it stands (a line's end, a here-document's body). */
    void emitRaw(String text) {
        if (depth == 0) {
            canonical.append(text);
        }
    }

    String canonical() {
        return canonical.toString().strip();
    }

    /** A here-document whose body is still to be read. */
    record PendingHereDocument(String delimiter, boolean stripTabs, Redirect.HereDocument document) {}
}
