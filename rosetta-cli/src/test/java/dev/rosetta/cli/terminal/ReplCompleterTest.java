package dev.rosetta.cli.terminal;

import static dev.rosetta.cli.terminal.PathCompletionTest.values;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.session.SessionHost;

class ReplCompleterTest {

    @TempDir
    Path workspace;
    private final AtomicInteger modelLookups = new AtomicInteger();
    private ReplCompleter completer;

    @BeforeEach
    void setUp() throws IOException {
        Files.writeString(workspace.resolve("model.txt"), "x\n");
        completer = new ReplCompleter(SessionHost.COMMANDS, () -> {
            modelLookups.incrementAndGet();
            return List.of("anthropic/claude-sonnet-4-6", "openai/gpt-4.1", "sonnet");
        }, new PathCompletion(workspace, workspace));
    }

    @Test
    void firstWordWithASlashCompletesCommands() {
        assertThat(values(completer.candidates(List.of("/mo"), 0, "/mo"))).contains("/model", "/help", "/exit");
    }

    @Test
    void wordAfterModelCompletesModelNamesAndAliases() {
        assertThat(values(completer.candidates(List.of("/model", "gp"), 1, "gp")))
                .containsExactly("anthropic/claude-sonnet-4-6", "openai/gpt-4.1", "sonnet");
    }

    @Test
    void modelNamesAreOnlyGatheredWhenAskedFor() {
        completer.candidates(List.of("/mo"), 0, "/mo");
        completer.candidates(List.of("look", "at", "mod"), 2, "mod");
        assertThat(modelLookups).hasValue(0);
    }

    @Test
    void otherWordsCompleteFileNames() {
        assertThat(values(completer.candidates(List.of("look", "at", "mod"), 2, "mod"))).containsExactly("model.txt");
        assertThat(values(completer.candidates(List.of("mod"), 0, "mod"))).containsExactly("model.txt");
    }

    @Test
    void absolutePathAsFirstWordIsAPathNotACommand() {
        assertThat(values(completer.candidates(List.of(workspace + "/mo"), 0, workspace + "/mo")))
                .containsExactly(workspace + "/model.txt");
    }
}
