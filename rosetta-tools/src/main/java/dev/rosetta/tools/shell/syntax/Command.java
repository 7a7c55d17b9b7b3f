package dev.rosetta.tools.shell.syntax;

import java.util.List;

/** One command of a script: simple, compound, or a function's definition. */
public sealed interface Command {

    /**
     * Words and redirections: {@code FOO=1 git status --short > out.txt}. No words means only
     * assignments or redirections ({@code X=1}, {@code > file}).
     */
    record Simple(List<Assignment> assignments, List<Word> words, List<Redirect> redirects) implements Command {

        public Simple {
            assignments = List.copyOf(assignments);
            words = List.copyOf(words);
            redirects = List.copyOf(redirects);
        }
    }

    /**
     * {@code { …; }}, {@code ( … )}, {@code if}, {@code while}, {@code until}, {@code for},
     * {@code select}, {@code case}, {@code [[ … ]]}, {@code (( … ))}, {@code coproc}: the scripts
     * it may run, the words it expands itself (a {@code for} list, a {@code case} subject and its
     * patterns, a {@code [[ … ]]} condition), and its redirections.
     */
    record Compound(Kind kind, List<Script> bodies, List<Word> words, List<Redirect> redirects) implements Command {

        public Compound {
            bodies = List.copyOf(bodies);
            words = List.copyOf(words);
            redirects = List.copyOf(redirects);
        }

        public enum Kind { GROUP, SUBSHELL, IF, WHILE, UNTIL, FOR, ARITHMETIC_FOR, SELECT, CASE, CONDITIONAL,
            ARITHMETIC, COPROC }
    }

    /** {@code name() { …; }} or {@code function name { …; }}: the body runs whenever the name is called. */
    record Function(String name, Command body) implements Command {}

    /** {@code NAME=value}, {@code NAME+=value}, {@code NAME[i]=value}, {@code NAME=(a b c)}. */
    record Assignment(String name, List<Word> values, boolean array, Word subscript) {

        public Assignment {
            values = List.copyOf(values);
        }
    }
}
