package dev.rosetta.tools.permission;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.rosetta.tools.shell.syntax.Word;

/**
 * Whether a command is a deny pattern's command in another spelling: the program by another path
 * ({@code /bin/rm}, {@code ./rm}), options clustered, split, reordered or mixed with operands
 * ({@code -fr}, {@code -r -f}, {@code rm x -rf}), with options of its own added ({@code -rfv}).
 * That much holds for every program that reads its options the usual way, and then the command
 * surely is the denied one. A spelling only the program knows — a long option ({@code
 * --recursive}), another letter case ({@code -R}), an option's value between subcommands
 * ({@code git -C dir push}), a word known only when it runs — makes it maybe the denied one.
 */
final class CommandSpellings {

    private CommandSpellings() {}

    /** How {@code pattern} matches the command made of {@code words} (program first), in any spelling. */
    static Glob.Match match(String pattern, List<Word> words) {
        if (words.isEmpty() || otherProgram(pattern, words.getFirst())) {
            return Glob.Match.NO;
        }
        Glob.Match best = Glob.match(pattern, CommandText.of(words));
        if (best == Glob.Match.SURE) {
            return best;
        }
        List<Word> byName = new ArrayList<>(words);
        byName.set(0, baseName(words.getFirst()));
        best = stronger(best, Glob.match(pattern, CommandText.of(byName)));
        if (best == Glob.Match.SURE) {
            return best;
        }
        return stronger(best, structural(Rule.of(pattern), Split.of(byName)));
    }

    /**
     * Whether the pattern surely names another program: its first word is plain text, and the
     * command's program is known and is neither it nor a path to it. Most commands of a line are
     * told apart from most rules so, before any text is built.
     */
    private static boolean otherProgram(String pattern, Word program) {
        String first = pattern.strip().split("\\s+", 2)[0];
        if (!Glob.isLiteral(first) || !program.known()) {
            return false;
        }
        String name = Glob.unescaped(first);
        Word base = baseName(program);
        return !program.text().equals(name) && !(base.known() && base.text().equals(name));
    }

    private static Glob.Match stronger(Glob.Match a, Glob.Match b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /**
     * The program's own name when a path leads to it ({@code /usr/bin/rm} is {@code rm}, {@code
     * $DIR/rm} too); else the word. Holes after the last {@code /} stay holes.
     */
    static Word baseName(Word program) {
        List<Word.Piece> pieces = program.pieces();
        for (int i = pieces.size() - 1; i >= 0; i--) {
            if (pieces.get(i) instanceof Word.Piece.Text t && t.text().indexOf('/') >= 0) {
                List<Word.Piece> name = new ArrayList<>();
                String rest = t.text().substring(t.text().lastIndexOf('/') + 1);
                if (!rest.isEmpty()) {
                    name.add(new Word.Piece.Text(rest));
                }
                name.addAll(pieces.subList(i + 1, pieces.size()));
                return new Word(program.source(), name, List.of(), List.of(), List.of());
            }
        }
        return program;
    }

    /**
     * Both sorted alike — program, the rule's options (the command's own extra ones left out), the
     * operands in order — and matched; or, when the program and operands may match and the options
     * could be the rule's in another spelling, a maybe.
     */
    private static Glob.Match structural(Rule rule, Split cmd) {
        if (Glob.match(rule.program, CommandText.of(List.of(cmd.program))) == Glob.Match.NO) {
            return Glob.Match.NO;
        }
        String pattern = rule.sorted();
        List<Word> kept = new ArrayList<>();
        kept.add(cmd.program);
        rule.options.stream().filter(cmd.options::contains).map(Word::of).forEach(kept::add);
        if (kept.size() == rule.options.size() + 1) {
            kept.addAll(cmd.operands);
            Glob.Match sure = Glob.match(pattern, CommandText.of(kept));
            if (sure == Glob.Match.SURE) {
                return sure;
            }
        }
        if (!couldSpell(rule, cmd)) {
            return Glob.Match.NO;
        }
        // As if the command had the rule's options: then do program and operands match?
        List<Word> asRule = new ArrayList<>();
        asRule.add(cmd.program);
        rule.options.stream().map(Word::of).forEach(asRule::add);
        List<Word> valuesLeftOut = new ArrayList<>(asRule);
        asRule.addAll(cmd.operands);
        valuesLeftOut.addAll(cmd.operandsNotAfterOptions);
        return Glob.match(pattern, CommandText.of(asRule)) != Glob.Match.NO
                || Glob.match(pattern, CommandText.of(valuesLeftOut)) != Glob.Match.NO ? Glob.Match.MAYBE : Glob.Match.NO;
    }

    /** Whether the command's options could be the rule's in a spelling only the program knows. */
    private static boolean couldSpell(Rule rule, Split cmd) {
        if (cmd.unknownOptions) {
            return true;
        }
        for (String option : rule.options) {
            if (cmd.options.contains(option)) {
                continue;
            }
            boolean respelled = cmd.options.stream().anyMatch(o -> !rule.options.contains(o)
                    && (o.startsWith("--") || o.length() == 2 && option.length() == 2 && o.equalsIgnoreCase(option)));
            if (!respelled) {
                return false;
            }
        }
        return true;
    }

    /** Short options one by one: {@code -rf} is {@code -r} and {@code -f}. */
    private static void addOption(String word, Set<String> into) {
        if (word.startsWith("--") || word.length() == 2) {
            into.add(word);
            return;
        }
        for (int i = 1; i < word.length(); i++) {
            into.add("-" + word.charAt(i));
        }
    }

    private static boolean isOption(String word) {
        return word.length() > 1 && word.startsWith("-") && !word.equals("--");
    }

    /**
     * A deny pattern's words: its program, its options (a star glued to one, {@code --force*},
     * stays glued to what comes before it once the options are sorted out), the rest.
     */
    private record Rule(String program, Set<String> options, List<String> operands, boolean trailingStar) {

        static Rule of(String pattern) {
            String[] words = pattern.strip().split("\\s+");
            Set<String> options = new LinkedHashSet<>();
            List<String> operands = new ArrayList<>();
            boolean star = false;
            for (int i = 1; i < words.length; i++) {
                String w = words[i];
                String option = w.endsWith("*") && !w.endsWith("\\*") ? w.substring(0, w.length() - 1) : w;
                if (isOption(option) && Glob.isLiteral(option)) {
                    addOption(Glob.unescaped(option), options);
                    star |= !option.equals(w);
                } else {
                    operands.add(w);
                }
            }
            return new Rule(words[0], options, operands, star);
        }

        /** Program, options, operands: the order {@link Split} puts a command in. */
        String sorted() {
            StringBuilder out = new StringBuilder(program);
            options.forEach(o -> out.append(' ').append(Glob.literal(o)));
            operands.forEach(o -> out.append(' ').append(o));
            return trailingStar ? out + "*" : out.toString();
        }
    }

    /** A command's words sorted the same way; an operand right after an option may be that option's value. */
    private record Split(Word program, Set<String> options, List<Word> operands, List<Word> operandsNotAfterOptions,
            boolean unknownOptions) {

        static Split of(List<Word> words) {
            Set<String> options = new LinkedHashSet<>();
            List<Word> operands = new ArrayList<>();
            List<Word> notAfter = new ArrayList<>();
            boolean unknown = false;
            boolean afterOption = false;
            boolean endOfOptions = false;
            for (Word w : words.subList(1, words.size())) {
                if (!endOfOptions && w.known() && w.text().equals("--")) {
                    endOfOptions = true;
                } else if (!endOfOptions && w.known() && isOption(w.text())) {
                    addOption(w.text(), options);
                    afterOption = true;
                    continue;
                } else {
                    // A word known only when it runs may be an option, or several words.
                    unknown |= !w.known() && !endOfOptions;
                    operands.add(w);
                    if (!afterOption) {
                        notAfter.add(w);
                    }
                }
                afterOption = false;
            }
            return new Split(words.getFirst(), options, operands, notAfter, unknown);
        }
    }
}
