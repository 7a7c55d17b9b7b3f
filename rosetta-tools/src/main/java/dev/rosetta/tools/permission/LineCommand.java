package dev.rosetta.tools.permission;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.tools.shell.syntax.Command;
import dev.rosetta.tools.shell.syntax.Word;

/**
 * One command a shell line can run, as rules match it.
 *
 * @param words       the program and its arguments (assignments before it left out)
 * @param assignments what is assigned before it for it ({@code FOO=1 cmd})
 * @param how         whether it surely runs, and how
 * @param via         for a command run by another, which ({@code sudo}, {@code bash -c}); else empty
 * @param runsOthers  whether it runs commands of its own choosing or in its arguments (a wrapper,
 *                    a shell, {@code eval}): a pattern for it does not allow what it runs
 */
record LineCommand(List<Word> words, List<Command.Assignment> assignments, How how, String via, boolean runsOthers) {

    enum How {
        /** Written in the line (in a list, a compound command, a substitution, a function's body). */
        DIRECT,
        /** Run by a command that surely runs it: a wrapper ({@code sudo}, {@code xargs}), {@code bash -c}, {@code eval}. */
        RUN_BY,
        /** In the arguments of a program that may run them as a command. */
        MAYBE_RUN
    }

    LineCommand {
        words = List.copyOf(words);
        assignments = List.copyOf(assignments);
    }

    /** The words with the assignments before them, as allow rules see the command ({@code CI=1 npm test}). */
    CommandText written() {
        List<Word> all = new ArrayList<>();
        for (Command.Assignment a : assignments) {
            all.add(Word.of(a.name() + "=" + String.join(" ", a.values().stream().map(Word::source).toList())));
        }
        all.addAll(words);
        return CommandText.of(all);
    }

    /** The command as the user would read it, for messages. */
    String shown() {
        return CommandText.of(words) + (via.isEmpty() ? "" : " (" + via + ")");
    }
}
