package dev.rosetta.tools.permission;

import java.util.List;

import dev.rosetta.tools.shell.syntax.Command;
import dev.rosetta.tools.shell.syntax.Redirect;
import dev.rosetta.tools.shell.syntax.Word;

/**
 * What one simple command runs besides itself, by what its program is: a shell's {@code -c}
 * code, {@code eval}'s and {@code trap}'s code, a wrapper's command, alias values; and what the
 * checker cannot tell: a program named only when the line runs, a script or sourced file, code in a
 * variable, a change to what names run. For every other program, an argument that reads as a
 * command line (and every run of words from a deny rule's program on) may be run by it.
 */
final class ProgramReading {

    /** A wrapper's command starts within its first words; later words are the command's own. */
    private static final int MAX_TAILS = 32;
    /** Wrappers of wrappers are read this deep. */
    private static final int MAX_WRAPPED = 4;

    private final ShellLine.ShellLineReader reader;
    private final Command.Simple command;
    private final List<Word> words;
    private final LineCommand.How how;
    private final String via;
    private final int depth;

    ProgramReading(ShellLine.ShellLineReader reader, Command.Simple command, LineCommand.How how, String via, int depth) {
        this.reader = reader;
        this.command = command;
        this.words = command.words();
        this.how = how;
        this.via = via;
        this.depth = depth;
    }

    /** Reads what the command runs; returns whether it runs commands of its own (a pattern for it allows no more). */
    boolean read() {
        Word program = CommandSpellings.baseName(words.getFirst());
        if (!program.known()) {
            unclassified("the command's name " + words.getFirst().source() + " is known only when it runs");
            tails(LineCommand.How.MAYBE_RUN);
            return true;
        }
        String name = program.text();
        if (ShellPrograms.SHELLS.contains(name)) {
            shell(name);
            return true;
        }
        if (ShellPrograms.CODE_BUILTINS.contains(name)) {
            builtinCode(name);
            return true;
        }
        if (ShellPrograms.SOURCING.contains(name)) {
            unclassified(name + " runs the commands of " + argument(1) + ", which the checker cannot read");
            return true;
        }
        if (ShellPrograms.REDEFINING.contains(name)) {
            redefining(name);
            return true;
        }
        if (name.equals("shopt") && mentions("expand_aliases") || name.equals("set") && (mentions("-k")
                || mentions("keyword"))) {
            unclassified(name + " changes how bash reads later commands");
        }
        if (name.equals("let") && how != LineCommand.How.MAYBE_RUN) {
            words.subList(1, words.size()).forEach(w -> {
                reader.arithmeticSources.add(w.text());
                reader.arithmeticNames.addAll(identifiers(w.text()));
            });
        }
        if (ShellPrograms.NAME_TAKING.contains(name)) {
            for (Word w : words.subList(1, words.size())) {
                if (w.known() && w.text().matches("(?s)[A-Za-z_][A-Za-z0-9_]*\\[.*[$`].*]")) {
                    unclassified(name + " evaluates the subscript of " + w.text() + ", running what it holds");
                }
            }
        }
        if (ShellPrograms.INERT.contains(name)) {
            return false;
        }
        boolean wrapper = ShellPrograms.WRAPPERS.contains(name);
        LineCommand.How inner = wrapper ? LineCommand.How.RUN_BY : LineCommand.How.MAYBE_RUN;
        tails(inner);
        codeArguments(1, inner, name);
        return wrapper && words.size() > 1;
    }

    private void unclassified(String why) {
        reader.unclassified(why, how);
    }

    private boolean mentions(String text) {
        return words.stream().anyMatch(w -> w.text().contains(text));
    }

    private String argument(int i) {
        return i < words.size() ? words.get(i).source() : "a file";
    }

    /** {@code bash -c CODE}, {@code bash -lc CODE}; {@code bash FILE}; {@code bash} reading a here-document. */
    private void shell(String name) {
        for (int i = 1; i < words.size(); i++) {
            Word w = words.get(i);
            if (!w.known()) {
                unclassified(name + " is given " + w.source() + ", known only when it runs");
                return;
            }
            String t = w.text();
            if (t.startsWith("-") && !t.startsWith("--") && t.contains("c") || t.startsWith("+") && t.contains("c")) {
                Word code = i + 1 < words.size() ? words.get(i + 1) : null;
                if (code == null || !code.known()) {
                    unclassified(name + " -c runs code known only when it runs");
                } else {
                    run(code.text(), name + " -c", false);
                }
                return;
            }
            if (t.equals("-o") || t.equals("+o") || t.equals("-O") || t.equals("+O") || t.equals("--rcfile")
                    || t.equals("--init-file")) {
                i++;
            } else if (!t.startsWith("-") && !t.startsWith("+")) {
                unclassified(name + " runs the script " + w.source() + ", which the checker cannot read");
                return;
            }
        }
        String input = input();
        if (input == null) {
            unclassified(name + " runs the commands it reads from its input, which the checker cannot see");
        } else {
            run(input, name + " reading a here-document", false);
        }
    }

    /** The text a here-document or here-string gives the command, when it is known. */
    private String input() {
        for (Redirect r : command.redirects()) {
            if (r.operator().equals("<<<") && r.target().known()) {
                return r.target().text();
            }
            if (r.here() != null && r.here().body().known()) {
                return r.here().body().text();
            }
        }
        return null;
    }

    private void builtinCode(String name) {
        List<Word> args = words.subList(1, words.size());
        if (name.equals("trap")) {
            if (args.size() < 2 || args.getFirst().known() && args.getFirst().text().matches("-[lp]?|-?-|[0-9]+")) {
                return;
            }
            args = args.subList(0, 1);
        }
        if (args.stream().allMatch(Word::known)) {
            run(String.join(" ", args.stream().map(Word::text).toList()), name, false);
        } else {
            unclassified(name + " runs code known only when it runs");
        }
    }

    /** {@code alias ll='ls -l'}: the value runs wherever the name is used, with words after it. */
    private void redefining(String name) {
        unclassified(name + " changes what a name runs, here and in later commands");
        if (name.equals("alias")) {
            for (Word w : words.subList(1, words.size())) {
                int eq = w.text().indexOf('=');
                if (w.known() && eq > 0) {
                    run(w.text().substring(eq + 1), "alias " + w.text().substring(0, eq), true);
                }
            }
        }
    }

    private void run(String code, String by, boolean appendsArguments) {
        reader.code(code, how == LineCommand.How.MAYBE_RUN ? how : LineCommand.How.RUN_BY, by, depth, appendsArguments);
    }

    /**
     * Every run of words from the second on that starts with a plain word may be the command a
     * program runs ({@code sudo -u root rm -rf x} runs {@code rm -rf x}); words it adds of its own
     * ({@code xargs}, {@code find -exec … +}) are a hole at the end.
     */
    private void tails(LineCommand.How inner) {
        LineCommand.How runs = how == LineCommand.How.MAYBE_RUN ? how : inner;
        String by = CommandText.of(List.of(words.getFirst())).toString();
        for (int i = 1; i < words.size() && i <= MAX_TAILS; i++) {
            Word w = words.get(i);
            boolean option = w.known() && (w.text().isEmpty() || w.text().startsWith("-") || w.text().startsWith("+")
                    || w.text().chars().anyMatch(Character::isWhitespace)); // text, not a program's name
            // A program that is no wrapper is not suspected of running a command named only at run time.
            if (option || !w.known() && runs == LineCommand.How.MAYBE_RUN) {
                continue;
            }
            List<Word> tail = new java.util.ArrayList<>(words.subList(i, words.size()));
            boolean special = runs == LineCommand.How.RUN_BY && special(CommandSpellings.baseName(w));
            if (special && depth < MAX_WRAPPED) {
                // sudo bash -c '…', nohup eval …, env xargs rm: what the wrapped program runs, in turn.
                Command.Simple wrapped = new Command.Simple(List.of(), tail, command.redirects());
                new ProgramReading(reader, wrapped, runs, "run by " + by, depth + 1).read();
            }
            if (runs == LineCommand.How.RUN_BY) {
                tail.add(ShellLine.MORE_WORDS);
            }
            reader.commands.add(new LineCommand(tail, List.of(), runs, "run by " + by, false));
        }
    }

    /** A program whose arguments the checker reads for what it runs in turn. */
    private static boolean special(Word program) {
        if (!program.known()) {
            return false;
        }
        String name = program.text();
        return ShellPrograms.SHELLS.contains(name) || ShellPrograms.CODE_BUILTINS.contains(name)
                || ShellPrograms.SOURCING.contains(name) || ShellPrograms.REDEFINING.contains(name)
                || ShellPrograms.WRAPPERS.contains(name);
    }

    /** Arguments that read as command lines ({@code ssh host 'rm -rf x'}, {@code git -c core.pager='…'}). */
    private void codeArguments(int from, LineCommand.How inner, String name) {
        for (Word w : words.subList(from, words.size())) {
            if (!w.known()) {
                continue;
            }
            String t = w.text();
            if (looksLikeCode(t)) {
                run(t, "an argument of " + name, false, inner);
            }
            int eq = t.indexOf('=');
            if (eq > 0 && looksLikeCode(t.substring(eq + 1))) {
                run(t.substring(eq + 1), "an argument of " + name, false, inner);
            }
        }
    }

    private void run(String code, String by, boolean appends, LineCommand.How inner) {
        reader.code(code, how == LineCommand.How.MAYBE_RUN ? how : inner, by, depth, appends);
    }

    private static boolean looksLikeCode(String t) {
        return t.chars().anyMatch(c -> c == ' ' || c == ';' || c == '|' || c == '&' || c == '$' || c == '`' || c == '\n');
    }

    private static List<String> identifiers(String text) {
        return java.util.regex.Pattern.compile("(?<![A-Za-z0-9_#])[A-Za-z_][A-Za-z0-9_]*").matcher(text).results()
                .map(java.util.regex.MatchResult::group).toList();
    }
}
