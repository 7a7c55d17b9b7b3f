package dev.rosetta.cli.repl;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the terminal tests of the jar share: tmux (see {@link TerminalHome}), a folder of the test's
 * own with a workspace in it, the scripted model, the environment of a home under the folder, and the
 * tmux sessions started — all closed after each test. A test adds to {@link #env} in its own
 * {@code @BeforeEach}, which runs after this one's.
 */
abstract class TerminalTest {

    /** The line prompt's and the terminal UI's prompt for the scripted model. */
    static final String PROMPT = "gpt-4.1 >";

    @TempDir
    Path dir;
    Path workspace;
    ScriptedOpenAi model;
    Map<String, String> env;
    private final List<TmuxSession> sessions = new ArrayList<>();

    @BeforeAll
    static void tmuxIsThere() {
        TerminalHome.requireTmux();
    }

    // Named apart from the tests' own @BeforeEach and @AfterEach methods, which would otherwise override these.
    @BeforeEach
    void openTerminalHome() throws Exception {
        workspace = Files.createDirectories(dir.resolve("workspace"));
        model = new ScriptedOpenAi();
        env = TerminalHome.environment(dir, model);
    }

    @AfterEach
    void closeTerminals() throws Exception {
        for (TmuxSession s : sessions) {
            s.close();
        }
        model.close();
    }

    /** Starts {@code command} in a terminal of {@code columns}×{@code rows} whose tmux lives in {@code folder}; closed after the test. */
    TmuxSession start(Path folder, List<String> command, int columns, int rows) throws Exception {
        TmuxSession session = TmuxSession.start(Files.createDirectories(folder), env, command, columns, rows);
        sessions.add(session);
        return session;
    }

    /**
     * The jar run on the scripted model in the workspace, started fast (C1 only, serial GC, a class-data
     * archive the runs share): {@code before} comes before {@code java}, {@code options} after the jar's
     * own arguments.
     */
    List<String> rosetta(List<String> before, List<String> options) {
        Path jar = TerminalHome.jar();
        List<String> command = new ArrayList<>(before);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:+AutoCreateSharedArchive",
                "-XX:SharedArchiveFile=" + jar.resolveSibling("rosetta-repl-it.jsa"), "-Xlog:disable",
                "-jar", jar.toString(), "-m", "openai/gpt-4.1", "-w", workspace.toString()));
        command.addAll(options);
        return command;
    }
}
