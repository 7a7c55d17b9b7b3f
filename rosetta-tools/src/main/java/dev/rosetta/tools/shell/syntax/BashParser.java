package dev.rosetta.tools.shell.syntax;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A parser of bash's grammar, for reading what a command line will run before it runs: words
 * and quoting of every kind, comments, line continuations, here-documents, redirections,
 * pipelines, lists, compound commands, functions, assignments and reserved words, with command
 * and process substitutions read as scripts of their own. It runs nothing and never throws: a
 * line it cannot read as bash would gets a {@link ParsedLine#problem()}, with what came before.
 */
public final class BashParser {

    /** Deeper nesting than this is not read (bash itself gives up somewhere near here). */
    static final int MAX_DEPTH = 100;
    private static final Set<String> NONE = Set.of();
    /**
     * Bash 5.2 runs a command substitution as it prints it back from its own parse, and a
     * here-document followed by more commands comes back changed ({@code ;} lost after the
     * body): what runs is then not what the line says.
     */
    static final String REWRITTEN = "a command substitution holds a here-document followed by more commands,"
            + " which bash may rewrite before it runs them";

    final Source src;
    final WordReader words;
    private final Compounds compounds;

    private BashParser(Source src) {
        this.src = src;
        this.words = new WordReader(this, src);
        this.compounds = new Compounds(this);
    }

    /** Reads a command line as bash would. */
    public static ParsedLine parse(String text) {
        Source src = new Source(text);
        BashParser parser = new BashParser(src);
        Script script = parser.script();
        return new ParsedLine(script, src.problem(), src.problemAt(), src.canonical(), src.hazards);
    }

    /** A text inside another (a backquoted substitution, a here-document's body): its problems are the outer line's. */
    static Script parseNested(Source outer, String text) {
        Source inner = outer.nested(text);
        if (inner.depth > MAX_DEPTH) {
            inner.fail("the line nests substitutions more than " + MAX_DEPTH + " deep");
            return new Script(List.of());
        }
        return new BashParser(inner).script();
    }

    private Script script() {
        Script script = list(NONE, false);
        if (!src.atEnd()) {
            src.fail("unexpected '" + token() + "'");
        }
        hereDocuments(true);
        return script;
    }

    /** The script of {@code $(…)} or {@code <(…)}, up to (not past) its closing parenthesis. */
    Script nested() {
        if (src.depth >= MAX_DEPTH) {
            src.fail("the line nests substitutions more than " + MAX_DEPTH + " deep");
            return new Script(List.of());
        }
        List<Source.PendingHereDocument> outer = src.pending;
        boolean outerHereDocument = src.hereDocumentInSubstitution;
        src.pending = new ArrayList<>();
        src.hereDocumentInSubstitution = false;
        src.depth++;
        Script script = list(NONE, true);
        src.depth--;
        src.hereDocumentInSubstitution = outerHereDocument;
        // A here-document named on the substitution's last line is read at the end of the outer line.
        outer.addAll(src.pending);
        src.pending = outer;
        return script;
    }

    /**
     * Commands up to the end, a {@code )} (when {@code paren}), a case item's {@code ;;}, or one
     * of {@code ends} in a command's place ({@code then}, {@code fi}, {@code done}, {@code }}…).
     */
    Script list(Set<String> ends, boolean paren) {
        List<Command> out = new ArrayList<>();
        while (!src.failed()) {
            blanksAndNewlines();
            if (src.atEnd() || paren && src.peek() == ')' || caseItemEnd() || ends.stream().anyMatch(src::atToken)) {
                break;
            }
            if (src.hereDocumentInSubstitution && !src.hazards.contains(REWRITTEN)) {
                src.hazards.add(REWRITTEN);
            }
            int before = src.pos;
            andOr(out);
            blanks();
            if (caseItemEnd()) {
                break;
            }
            char c = src.peek();
            if (c == ';' || c == '&' && !src.startsWith("&&")) {
                src.pos++;
                src.emit(String.valueOf(c));
            } else if (c == '\n') {
                newline();
            } else if (!(src.atEnd() || paren && c == ')' || src.failed())) {
                src.fail("unexpected '" + token() + "'");
            }
            if (src.pos == before) {
                src.fail("unexpected '" + token() + "'");
            }
        }
        return new Script(out);
    }

    boolean caseItemEnd() {
        return src.startsWith(";;") || src.startsWith(";&");
    }

    private void andOr(List<Command> out) {
        pipeline(out);
        while (!src.failed()) {
            blanks();
            if (!src.startsWith("&&") && !src.startsWith("||")) {
                return;
            }
            src.emit(src.text.substring(src.pos, src.pos + 2));
            src.pos += 2;
            blanksAndNewlines();
            pipeline(out);
        }
    }

    private void pipeline(List<Command> out) {
        boolean prefixed = false;
        while (!src.failed()) {
            blanks();
            if (src.atToken("!")) {
                src.emit("!");
                src.pos++;
                prefixed = true;
            } else if (src.atToken("time")) {
                src.emit("time");
                src.pos += 4;
                blanks();
                if (src.atToken("-p")) {
                    src.emit("-p");
                    src.pos += 2;
                }
                prefixed = true;
            } else {
                break;
            }
        }
        if (prefixed && (src.atEnd() || "\n;|)&".indexOf(src.peek()) >= 0)) {
            return; // "time" alone, or "! ;": bash times or negates nothing
        }
        command(out);
        while (!src.failed()) {
            blanks();
            if (!src.startsWith("|") || src.startsWith("||")) {
                return;
            }
            String op = src.startsWith("|&") ? "|&" : "|";
            src.emit(op);
            src.pos += op.length();
            blanksAndNewlines();
            // Only a pipeline's start takes ! and time: after |, "! x" is an error and time a program.
            if (src.atToken("!")) {
                src.fail("unexpected '!' after '" + op + "'");
                return;
            }
            command(out);
        }
    }

    /** One command: compound (with its redirections), a function's definition, or simple. */
    void command(List<Command> out) {
        blanks();
        if (src.failed()) {
            return;
        }
        if (!src.enter(MAX_DEPTH)) {
            return;
        }
        try {
            Command c = compounds.read();
            if (c != null) {
                out.add(c);
                return;
            }
        } finally {
            src.leave();
        }
        for (String unexpected : List.of("then", "else", "elif", "fi", "do", "done", "esac", "}", "in", "]]")) {
            if (src.atToken(unexpected)) {
                src.fail("unexpected '" + unexpected + "'");
                return;
            }
        }
        simple(out);
    }

    private void simple(List<Command> out) {
        List<Command.Assignment> assignments = new ArrayList<>();
        List<Word> args = new ArrayList<>();
        List<Redirect> redirects = new ArrayList<>();
        boolean declaration = false;
        while (!src.failed()) {
            blanks();
            if (Redirects.startsHere(src)) {
                redirects.add(Redirects.read(this));
            } else if (endOfCommand()) {
                break;
            } else if ((args.isEmpty() || declaration) && Assignments.startsHere(src)) {
                int start = src.pos;
                Command.Assignment a = Assignments.read(this);
                if (args.isEmpty()) {
                    assignments.add(a);
                } else {
                    args.add(Assignments.asWord(a, src.text.substring(start, src.pos)));
                }
            } else {
                Word w = words.read();
                src.emit(w.source());
                if (w.source().isEmpty()) {
                    src.fail("unexpected '" + token() + "'");
                    break;
                }
                if (args.isEmpty() && assignments.isEmpty() && redirects.isEmpty() && w.known() && functionParens()) {
                    out.add(compounds.functionBody(w.text()));
                    return;
                }
                declaration |= args.isEmpty() && Set.of("declare", "typeset", "local", "export", "readonly")
                        .contains(w.text());
                args.add(w);
            }
        }
        if (assignments.isEmpty() && args.isEmpty() && redirects.isEmpty() && !src.failed()) {
            src.fail("unexpected '" + token() + "'");
            return;
        }
        out.add(new Command.Simple(assignments, args, redirects));
    }

    /** {@code name ()}: a function is being defined. */
    private boolean functionParens() {
        int at = src.pos;
        blanks();
        if (src.peek() == '(') {
            int open = src.pos;
            src.pos++;
            blanks();
            if (src.peek() == ')') {
                src.pos++;
                src.emit("()");
                return true;
            }
            src.pos = open;
            return false;
        }
        src.pos = at;
        return false;
    }

    /**
     * Whether the cursor is where a simple command ends. A {@code (} there ends it too: bash
     * reads no word from it (outside {@code name()}, arrays and substitutions it is an error).
     */
    boolean endOfCommand() {
        if (src.atEnd()) {
            return true;
        }
        char c = src.peek();
        return "\n;|()".indexOf(c) >= 0 || c == '&' && !src.startsWith("&>");
    }

    /** Spaces, tabs, line continuations and a comment (a {@code #} where a word would start). */
    void blanks() {
        while (!src.atEnd()) {
            char c = src.peek();
            if (c == ' ' || c == '\t') {
                src.pos++;
            } else if (c == '\\' && src.at(src.pos + 1) == '\n') {
                src.pos += 2;
            } else if (c == '#') {
                int eol = src.text.indexOf('\n', src.pos);
                src.pos = eol < 0 ? src.text.length() : eol;
            } else {
                return;
            }
        }
    }

    /** Blanks and line ends, reading the here-documents each line end brings. */
    void blanksAndNewlines() {
        while (!src.failed()) {
            blanks();
            if (src.peek() != '\n' || src.atEnd()) {
                return;
            }
            newline();
        }
    }

    void newline() {
        src.pos++;
        src.emitRaw("\n");
        hereDocuments(false);
    }

    /** Reads the bodies of the here-documents named on the line just ended (at the end of the text: what is left). */
    private void hereDocuments(boolean atEnd) {
        if (src.pending.isEmpty() || atEnd && !src.atEnd()) {
            return;
        }
        List<Source.PendingHereDocument> due = src.pending;
        src.pending = new ArrayList<>();
        src.hereDocumentInSubstitution |= src.depth > 0;
        for (Source.PendingHereDocument doc : due) {
            int start = src.pos;
            String body = HereDocuments.body(src, doc);
            src.emitRaw(src.text.substring(start, src.pos));
            Word read = doc.document().expands() ? HereDocuments.expand(src, body) : Word.of(body);
            doc.document().body(read);
        }
    }

    /** An unquoted here-document's body, expanded as bash does: like double quotes, {@code "} a plain character. */
    static Word expandNested(Source outer, String body) {
        Source inner = outer.nested(body);
        WordParts parts = new WordParts();
        new BashParser(inner).words.quoted(parts, '\0');
        return parts.word(body);
    }

    /** The token at the cursor, for messages. */
    String token() {
        if (src.atEnd()) {
            return "end of the line";
        }
        int end = src.pos + 1;
        while (end < src.text.length() && end - src.pos < 10 && !src.boundary(end)) {
            end++;
        }
        String t = src.text.substring(src.pos, end);
        return t.equals("\n") ? "newline" : t;
    }
}
