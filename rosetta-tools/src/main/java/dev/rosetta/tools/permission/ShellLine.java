package dev.rosetta.tools.permission;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.rosetta.tools.shell.syntax.BashParser;
import dev.rosetta.tools.shell.syntax.Command;
import dev.rosetta.tools.shell.syntax.ParsedLine;
import dev.rosetta.tools.shell.syntax.Redirect;
import dev.rosetta.tools.shell.syntax.Script;
import dev.rosetta.tools.shell.syntax.Word;

/**
 * A shell command line as permission rules see it, read with bash's grammar ({@link BashParser}):
 * every command it can run — in lists and pipelines, compound commands, function bodies, command
 * and process substitutions, here-documents, and the commands that wrappers, {@code bash -c} and
 * {@code eval} run in turn — and what the checker cannot tell about it: a program named by a
 * variable, code known only when it runs, a script file, a change to what names mean, a line
 * bash would not read whole.
 *
 * @param commands     what it runs
 * @param unclassified why what runs cannot be told from the line, if it cannot (empty: it can)
 * @param writes       redirections that write a file or open a connection ({@code > out.txt})
 * @param canonical    the line's tokens, one space apart: equal for lines bash reads alike
 */
record ShellLine(List<LineCommand> commands, List<String> unclassified, List<String> writes, String canonical) {

    /** Words a wrapper or an alias adds after a command ({@code xargs rm}): any, and any number. */
    static final Word MORE_WORDS = new Word("…", List.of(new Word.Piece.Unknown("…", Word.Piece.Kind.PARAMETER)),
            List.of(), List.of(), List.of());

    ShellLine {
        commands = List.copyOf(commands);
        unclassified = List.copyOf(unclassified);
        writes = List.copyOf(writes);
    }

    static ShellLine parse(String line) {
        ParsedLine parsed = BashParser.parse(line);
        ShellLineReader reader = new ShellLineReader();
        if (line.indexOf('\0') >= 0) {
            reader.unclassified.add("it holds a NUL character, which bash cannot take");
        }
        if (!parsed.readable()) {
            reader.unclassified.add("bash would not read the line as written: " + parsed.problem());
        }
        reader.unclassified.addAll(parsed.hazards());
        reader.script(parsed.script(), LineCommand.How.DIRECT, "", 0);
        reader.arithmetic();
        return new ShellLine(reader.commands, List.copyOf(new LinkedHashSet<>(reader.unclassified)), reader.writes,
                parsed.canonical());
    }

    /** The commands written in the line itself (not those a wrapper or an argument may run). */
    List<LineCommand> direct() {
        return commands.stream().filter(c -> c.how() == LineCommand.How.DIRECT).toList();
    }

    /** Whether the line is one command and nothing else. */
    boolean simple() {
        return commands.size() == 1 && unclassified.isEmpty();
    }

    /** Walks the parsed line, collecting what it runs. */
    static final class ShellLineReader {

        /** Code in arguments is read this deep (an argument's argument's…), no deeper. */
        private static final int MAX_CODE_DEPTH = 3;

        final List<LineCommand> commands = new ArrayList<>();
        final List<String> unclassified = new ArrayList<>();
        final List<String> writes = new ArrayList<>();
        final Set<String> arithmeticNames = new LinkedHashSet<>();
        final List<String> arithmeticSources = new ArrayList<>();
        private final Set<String> numericNames = new LinkedHashSet<>();

        void script(Script s, LineCommand.How how, String via, int depth) {
            s.commands().forEach(c -> command(c, how, via, depth));
        }

        private void command(Command c, LineCommand.How how, String via, int depth) {
            switch (c) {
                case Command.Simple s -> simple(s, how, via, depth);
                case Command.Compound k -> {
                    k.words().forEach(w -> word(w, how, via, depth));
                    if (k.kind() == Command.Compound.Kind.FOR && !k.words().isEmpty()) {
                        numericLoop(k.words());
                    }
                    k.bodies().forEach(b -> script(b, how, via, depth));
                    k.redirects().forEach(r -> redirect(r, how, via, depth));
                }
                case Command.Function f -> command(f.body(), how, via, depth);
            }
        }

        private void simple(Command.Simple s, LineCommand.How how, String via, int depth) {
            for (Command.Assignment a : s.assignments()) {
                assignment(a, how, via, depth);
            }
            s.words().forEach(w -> word(w, how, via, depth));
            s.redirects().forEach(r -> redirect(r, how, via, depth));
            if (s.words().isEmpty()) {
                return;
            }
            boolean runsOthers = new ProgramReading(this, s, how, via, depth).read();
            commands.add(new LineCommand(s.words(), s.assignments(), how, via, runsOthers));
        }

        private void assignment(Command.Assignment a, LineCommand.How how, String via, int depth) {
            if (ShellPrograms.REDEFINING_VARIABLES.contains(a.name())) {
                unclassified("it sets " + a.name() + ", which changes what later commands run", how);
            }
            if (a.subscript() != null) {
                word(a.subscript(), how, via, depth);
            }
            a.values().forEach(w -> word(w, how, via, depth));
            if (!a.array() && a.values().size() == 1 && a.values().getFirst().known()
                    && a.values().getFirst().text().matches("-?[0-9]+")) {
                numericNames.add(a.name());
            }
        }

        /**
         * Notes what the checker cannot tell about the line; not for text a program only may run
         * as code (a commit message that mentions {@code eval $x} makes nothing unclear).
         */
        void unclassified(String why, LineCommand.How how) {
            if (how != LineCommand.How.MAYBE_RUN) {
                unclassified.add(why);
            }
        }

        void word(Word w, LineCommand.How how, String via, int depth) {
            if (how != LineCommand.How.MAYBE_RUN) {
                unclassified.addAll(w.hazards());
                arithmeticNames.addAll(w.arithmeticNames());
                w.pieces().stream()
                        .filter(p -> p instanceof Word.Piece.Unknown u && u.kind() == Word.Piece.Kind.ARITHMETIC)
                        .forEach(p -> arithmeticSources.add(((Word.Piece.Unknown) p).source()));
            }
            w.scripts().forEach(sc -> script(sc, how, via, depth));
        }

        private void redirect(Redirect r, LineCommand.How how, String via, int depth) {
            if (r.writesFile() || r.opensConnection()) {
                writes.add(r.fd() + r.operator() + r.target().source());
            }
            word(r.target(), how, via, depth);
            if (r.here() != null) {
                word(r.here().body(), how, via, depth);
            }
        }

        /** Reads code given as text ({@code bash -c '…'}, an argument) as a line of its own, run as {@code how}. */
        void code(String text, LineCommand.How how, String via, int depth, boolean appendsArguments) {
            if (depth >= MAX_CODE_DEPTH) {
                unclassified("code inside code inside code (" + via + ") is not read further", how);
                return;
            }
            ParsedLine parsed = BashParser.parse(text);
            if (how == LineCommand.How.RUN_BY) {
                if (!parsed.readable()) {
                    unclassified.add(via + " runs code bash would not read whole: " + parsed.problem());
                }
                unclassified.addAll(parsed.hazards());
            } else if (!parsed.readable()) {
                return; // prose, most likely; it runs nothing as a command line
            }
            int before = commands.size();
            ShellLineReader inner = this;
            inner.script(parsed.script(), how, via, depth + 1);
            if (appendsArguments) {
                for (int i = before; i < commands.size(); i++) {
                    LineCommand c = commands.get(i);
                    List<Word> words = new ArrayList<>(c.words());
                    words.add(MORE_WORDS);
                    commands.set(i, new LineCommand(words, c.assignments(), c.how(), c.via(), c.runsOthers()));
                }
            }
        }

        /** {@code for i in 1 2 3}: the variable holds a number in the body. */
        private void numericLoop(List<Word> words) {
            boolean numbers = words.size() > 1 && words.subList(1, words.size()).stream()
                    .allMatch(w -> w.known() && w.text().matches("-?[0-9]+")
                            || w.source().matches("\\{-?[0-9]+\\.\\.-?[0-9]+(\\.\\.-?[0-9]+)?}"));
            if (numbers && words.getFirst().known()) {
                numericNames.add(words.getFirst().text());
            }
        }

        /**
         * Bash evaluates a variable's value in arithmetic as an expression, subscripts and their
         * command substitutions included; a name is safe there only when the line itself gives it
         * a number (a literal, a loop over numbers, arithmetic assigning it).
         */
        void arithmetic() {
            for (String source : arithmeticSources) {
                java.util.regex.Matcher m = java.util.regex.Pattern
                        .compile("([A-Za-z_][A-Za-z0-9_]*)\\s*(=(?!=)|\\+\\+|--|[-+*/%&|^]=|<<=|>>=)"
                                + "|(\\+\\+|--)\\s*([A-Za-z_][A-Za-z0-9_]*)").matcher(source);
                while (m.find()) {
                    numericNames.add(m.group(1) != null ? m.group(1) : m.group(4));
                }
            }
            for (String name : arithmeticNames) {
                if (!numericNames.contains(name)) {
                    unclassified.add("it evaluates $" + name + " as arithmetic, where a value can hold a command");
                    return;
                }
            }
        }
    }
}
