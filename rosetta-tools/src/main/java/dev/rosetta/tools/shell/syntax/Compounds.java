package dev.rosetta.tools.shell.syntax;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import dev.rosetta.tools.shell.syntax.Command.Compound.Kind;

/** Reading compound commands and function definitions, each followed by its redirections. */
final class Compounds {

    private static final Set<String> ARITHMETIC_TESTS = Set.of("-eq", "-ne", "-lt", "-le", "-gt", "-ge");

    private final BashParser p;
    private final Source src;

    Compounds(BashParser p) {
        this.p = p;
        this.src = p.src;
    }

    /** The compound command at the cursor, or null when a simple command is there. */
    Command read() {
        Command c;
        if (src.atToken("{")) {
            c = group();
        } else if (src.startsWith("((") && Arithmetic.end(src, src.pos + 2) >= 0) {
            c = arithmetic();
        } else if (src.peek() == '(' && !src.atEnd()) {
            c = subshell();
        } else if (src.atToken("[[")) {
            c = conditional();
        } else if (src.atToken("if")) {
            c = ifCommand();
        } else if (src.atToken("while") || src.atToken("until")) {
            c = loop();
        } else if (src.atToken("for") || src.atToken("select")) {
            c = forCommand();
        } else if (src.atToken("case")) {
            c = caseCommand();
        } else if (src.atToken("function")) {
            keyword("function");
            p.blanks();
            Word name = p.words.read();
            src.emit(name.source());
            p.blanks();
            if (src.startsWith("()")) {
                src.pos += 2;
                src.emit("()");
            }
            return functionBody(name.text());
        } else if (src.atToken("coproc")) {
            return coproc();
        } else {
            return null;
        }
        return c instanceof Command.Compound compound ? withRedirects(compound) : c;
    }

    private Command withRedirects(Command.Compound c) {
        List<Redirect> redirects = new ArrayList<>();
        while (!src.failed()) {
            p.blanks();
            if (!Redirects.startsHere(src)) {
                break;
            }
            redirects.add(Redirects.read(p));
        }
        return redirects.isEmpty() ? c : new Command.Compound(c.kind(), c.bodies(), c.words(), redirects);
    }

    /** After {@code name()} or {@code function name}: the body, a compound command. */
    Command functionBody(String name) {
        p.blanksAndNewlines();
        Command body = read();
        if (body == null) {
            src.fail("the function " + name + " has no body (a { …; } or another compound command)");
            return new Command.Function(name, new Command.Compound(Kind.GROUP, List.of(), List.of(), List.of()));
        }
        return new Command.Function(name, body);
    }

    private void keyword(String word) {
        src.emit(word);
        src.pos += word.length();
    }

    /** The reserved word that must come next (after blanks and line ends). */
    private void expect(String word) {
        p.blanksAndNewlines();
        if (src.atToken(word)) {
            keyword(word);
        } else if (!src.failed()) {
            src.fail("'" + word + "' expected where '" + p.token() + "' is");
        }
    }

    /**
     * After blanks and line ends: whether the construct ends here — at {@code end} (read), or at
     * the end of the text (a problem).
     */
    private boolean closes(String end, String unclosed) {
        p.blanksAndNewlines();
        if (src.atToken(end)) {
            keyword(end);
            return true;
        }
        if (src.atEnd()) {
            src.fail(unclosed);
            return true;
        }
        return false;
    }

    private Command.Compound group() {
        keyword("{");
        Script body = p.list(Set.of("}"), false);
        expect("}");
        return new Command.Compound(Kind.GROUP, List.of(body), List.of(), List.of());
    }

    private Command.Compound subshell() {
        keyword("(");
        Script body = p.list(Set.of(), true);
        if (src.peek() == ')' && !src.atEnd()) {
            keyword(")");
        } else {
            src.fail("a ( is not closed");
        }
        return new Command.Compound(Kind.SUBSHELL, List.of(body), List.of(), List.of());
    }

    private Command.Compound arithmetic() {
        Word w = arithmeticWord();
        return new Command.Compound(Kind.ARITHMETIC, List.of(), List.of(w), List.of());
    }

    private Word arithmeticWord() {
        int start = src.pos;
        WordParts parts = new WordParts();
        p.words.arithmetic(parts, start, 2, "))");
        Word w = parts.word(src.text.substring(start, src.pos));
        src.emit(w.source());
        return w;
    }

    /** {@code [[ … ]]}: words, operators, and after {@code =~} a regular expression that may hold ( ) and |. */
    private Command.Compound conditional() {
        keyword("[[");
        List<Word> words = new ArrayList<>();
        boolean regex = false;
        while (!src.failed() && !closes("]]", "a [[ is not closed")) {
            String op = regex ? null : conditionalOperator();
            if (op != null) {
                keyword(op);
                continue;
            }
            Word w = regex ? regexWord() : p.words.read();
            if (w.source().isEmpty()) {
                src.fail("unexpected '" + p.token() + "' in [[ ]]");
                break;
            }
            src.emit(w.source());
            words.add(w);
            regex = w.source().equals("=~");
        }
        List<Word> operands = new ArrayList<>(words);
        for (int i = 1; i + 1 < words.size(); i++) {
            if (ARITHMETIC_TESTS.contains(words.get(i).source())) {
                operands.set(i - 1, arithmeticOperand(words.get(i - 1)));
                operands.set(i + 1, arithmeticOperand(words.get(i + 1)));
            }
        }
        return new Command.Compound(Kind.CONDITIONAL, List.of(), operands, List.of());
    }

    /** {@code && || ( ) !} and the comparisons {@code < >} (not {@code <(…)}, a process substitution). */
    private String conditionalOperator() {
        if (src.startsWith("&&") || src.startsWith("||")) {
            return src.text.substring(src.pos, src.pos + 2);
        }
        char c = src.peek();
        boolean comparison = (c == '<' || c == '>') && src.at(src.pos + 1) != '(';
        return c == '(' || c == ')' || comparison || src.atToken("!") ? String.valueOf(c) : null;
    }

    /** An operand of {@code -eq} and its kin is evaluated as arithmetic: the names it holds are kept. */
    private static Word arithmeticOperand(Word w) {
        List<String> names = new ArrayList<>(w.arithmeticNames());
        Arithmetic.identifiers(w.source(), names);
        return new Word(w.source(), w.pieces(), w.scripts(), names, w.hazards());
    }

    private Word regexWord() {
        int start = src.pos;
        WordParts parts = new WordParts();
        int depth = 0;
        while (!src.atEnd() && !src.failed()) {
            char c = src.peek();
            if (depth == 0 && (c == ' ' || c == '\t' || c == '\n')) {
                break;
            }
            if (c == '(' || c == ')' || c == '|' || c == '<' || c == '>' || c == '&' || c == ';') {
                depth += c == '(' ? 1 : c == ')' ? -1 : 0;
                if (depth < 0) {
                    break;
                }
                parts.literal(c);
                src.pos++;
            } else if (!p.words.step(parts)) {
                break;
            }
        }
        return parts.word(src.text.substring(start, src.pos));
    }

    private Command.Compound ifCommand() {
        keyword("if");
        List<Script> bodies = new ArrayList<>();
        bodies.add(p.list(Set.of("then"), false));
        expect("then");
        bodies.add(p.list(Set.of("elif", "else", "fi"), false));
        while (!src.failed() && src.atToken("elif")) {
            keyword("elif");
            bodies.add(p.list(Set.of("then"), false));
            expect("then");
            bodies.add(p.list(Set.of("elif", "else", "fi"), false));
        }
        if (src.atToken("else")) {
            keyword("else");
            bodies.add(p.list(Set.of("fi"), false));
        }
        expect("fi");
        return new Command.Compound(Kind.IF, bodies, List.of(), List.of());
    }

    private Command.Compound loop() {
        boolean until = src.atToken("until");
        keyword(until ? "until" : "while");
        Script condition = p.list(Set.of("do"), false);
        Script body = doGroup();
        return new Command.Compound(until ? Kind.UNTIL : Kind.WHILE, List.of(condition, body), List.of(), List.of());
    }

    /** {@code do …; done}, or (bash allows it) {@code { …; }}. */
    private Script doGroup() {
        p.blanksAndNewlines();
        if (src.atToken("{")) {
            keyword("{");
            Script body = p.list(Set.of("}"), false);
            expect("}");
            return body;
        }
        expect("do");
        Script body = p.list(Set.of("done"), false);
        expect("done");
        return body;
    }

    private Command.Compound forCommand() {
        boolean select = src.atToken("select");
        keyword(select ? "select" : "for");
        p.blanks();
        if (!select && src.startsWith("((")) {
            Word header = arithmeticWord();
            p.blanks();
            if (src.peek() == ';') {
                keyword(";");
            }
            return new Command.Compound(Kind.ARITHMETIC_FOR, List.of(doGroup()), List.of(header), List.of());
        }
        Word name = p.words.read();
        src.emit(name.source());
        if (!name.known() || name.text().isEmpty()) {
            src.fail("a for loop needs a variable's name");
        }
        List<Word> words = new ArrayList<>(List.of(name));
        p.blanksAndNewlines();
        if (src.atToken("in")) {
            keyword("in");
            while (!src.failed()) {
                p.blanks();
                if (p.endOfCommand()) {
                    break;
                }
                Word w = p.words.read();
                src.emit(w.source());
                words.add(w);
            }
        }
        p.blanks();
        if (src.peek() == ';') {
            keyword(";");
        }
        Script body = doGroup();
        return new Command.Compound(select ? Kind.SELECT : Kind.FOR, List.of(body), words, List.of());
    }

    private Command.Compound caseCommand() {
        keyword("case");
        p.blanks();
        Word subject = p.words.read();
        src.emit(subject.source());
        List<Word> words = new ArrayList<>(List.of(subject));
        List<Script> bodies = new ArrayList<>();
        expect("in");
        while (!src.failed() && !closes("esac", "a case is not closed with esac")) {
            if (src.peek() == '(') {
                keyword("(");
            }
            patterns(words);
            bodies.add(p.list(Set.of("esac"), false));
            for (String end : List.of(";;&", ";;", ";&")) {
                if (src.startsWith(end)) {
                    keyword(end);
                    break;
                }
            }
        }
        return new Command.Compound(Kind.CASE, bodies, words, List.of());
    }

    private void patterns(List<Word> words) {
        while (!src.failed()) {
            p.blanks();
            Word w = p.words.read();
            if (w.source().isEmpty()) {
                src.fail("a case pattern is missing before '" + p.token() + "'");
                return;
            }
            src.emit(w.source());
            words.add(w);
            p.blanks();
            if (src.peek() == '|') {
                keyword("|");
            } else if (src.peek() == ')') {
                keyword(")");
                return;
            } else {
                src.fail("')' expected after a case pattern, not '" + p.token() + "'");
            }
        }
    }

    /** {@code coproc [NAME] command}: a NAME only when a compound command follows it. */
    private Command coproc() {
        keyword("coproc");
        p.blanks();
        Command inner = read();
        if (inner == null) {
            int start = src.pos;
            Word name = p.words.read();
            p.blanks();
            inner = name.known() && !name.text().isEmpty() ? read() : null;
            if (inner == null) {
                src.pos = start;
                List<Command> simple = new ArrayList<>();
                p.command(simple);
                inner = simple.isEmpty() ? null : simple.getFirst();
            } else {
                src.emit(name.source());
            }
        }
        List<Script> body = inner == null ? List.of() : List.of(new Script(List.of(inner)));
        return new Command.Compound(Kind.COPROC, body, List.of(), List.of());
    }
}
