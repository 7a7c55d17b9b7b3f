package dev.rosetta.cli.repl;

import java.util.List;
import java.util.function.Supplier;

import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Tab at the prompt: slash commands for the first word, model names (and aliases) after
 * {@code /model}, and file names everywhere else.
 */
final class ReplCompleter implements Completer {

    private final List<String> commands;
    private final Supplier<List<String>> models;
    private final PathCompletion paths;

    /**
     * @param commands the slash commands
     * @param models   the model names and aliases, asked for when first needed
     * @param paths    file names
     */
    ReplCompleter(List<String> commands, Supplier<List<String>> models, PathCompletion paths) {
        this.commands = commands;
        this.models = models;
        this.paths = paths;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        candidates.addAll(candidates(line.words(), line.wordIndex(), line.word().substring(0, line.wordCursor())));
    }

    /** What may complete {@code word}, the {@code index}-th of {@code words}. */
    List<Candidate> candidates(List<String> words, int index, String word) {
        if (index == 0 && word.startsWith("/") && word.indexOf('/', 1) < 0
                && commands.stream().anyMatch(c -> c.startsWith(word))) {
            return commands.stream().map(ReplCompleter::complete).toList();
        }
        if (index == 1 && !words.isEmpty() && words.get(0).equals("/model")) {
            return models.get().stream().map(ReplCompleter::complete).toList();
        }
        return paths.candidates(word);
    }

    private static Candidate complete(String value) {
        return new Candidate(value, value, null, null, null, null, true);
    }
}
