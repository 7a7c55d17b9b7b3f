package dev.rosetta.cli.terminal;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

import dev.rosetta.agent.log.LogDirectory;
import dev.rosetta.agent.session.Conversation;
import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.llm.model.ModelInfo;

/**
 * Tab at the prompt: slash commands for the first word, model names (and aliases) after
 * {@code /model}, and file names everywhere else.
 */
public final class ReplCompleter implements Completer {

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

    /** The completion of a chat's prompt: its commands, the registry's models, the workspace's files. */
    public static ReplCompleter forChat(Conversation chat, Map<String, String> env) {
        return new ReplCompleter(SessionHost.COMMANDS, modelNames(chat),
                new PathCompletion(chat.workspace(), LogDirectory.home(env)));
    }

    /**
     * Model names and aliases for completion after /model, gathered when Tab is first pressed
     * there, and the models of the servers the user runs as they arrive.
     */
    private static Supplier<List<String>> modelNames(Conversation chat) {
        LocalModelNames local = new LocalModelNames(chat.providers());
        return new Supplier<>() {
            private List<String> names;

            @Override
            public synchronized List<String> get() {
                if (names == null) {
                    names = chat.registry().all().stream()
                            .flatMap(ReplCompleter::namesOf).distinct().sorted().toList();
                }
                return Stream.concat(names.stream(), local.now().stream()).distinct().sorted().toList();
            }
        };
    }

    private static Stream<String> namesOf(ModelInfo model) {
        return Stream.concat(Stream.of(model.name()), model.aliases().stream());
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
