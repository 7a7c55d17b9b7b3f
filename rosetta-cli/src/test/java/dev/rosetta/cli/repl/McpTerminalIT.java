package dev.rosetta.cli.repl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.cli.e2e.ReferenceServers;

/**
 * An MCP server at the interactive prompt, in a real terminal (tmux): its ready line, the
 * confirmation that names the server, the tool and the arguments, a call's progress, and Ctrl-C
 * cancelling a running call — at the server too — while the server itself lives on.
 */
class McpTerminalIT {

    private static final String PROMPT = "gpt-4.1 >";

    @TempDir
    Path dir;
    private Path workspace;
    private ScriptedOpenAi model;
    private TmuxSession rosetta;

    @BeforeAll
    static void tmuxIsThere() {
        TerminalHome.requireTmux();
    }

    @BeforeEach
    void start() throws Exception {
        workspace = Files.createDirectories(dir.resolve("workspace"));
        model = new ScriptedOpenAi();
    }

    /** Rosetta at the prompt in a terminal of its own, in the workspace, with {@code args} added. */
    private TmuxSession launch(String... args) throws Exception {
        Map<String, String> env = TerminalHome.environment(dir, model);
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin")); // node, for the server
        env.put("VISUAL", editor().toString());
        Path jar = Path.of(System.getProperty("rosetta.jar"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xlog:disable", "-jar", jar.toString(),
                "-m", "openai/gpt-4.1", "-w", workspace.toString()));
        command.addAll(List.of(args));
        if (rosetta != null) {
            rosetta.close();
        }
        rosetta = TmuxSession.start(Files.createDirectories(dir.resolve("tmux")), env, command);
        return rosetta;
    }

    /** An editor for the [e]dit answer: it turns the first 2 of the file into a 7. */
    private Path editor() throws Exception {
        Path editor = dir.resolve("editor.sh");
        if (!Files.exists(editor)) {
            Files.writeString(editor, "#!/bin/sh\nsed -i 's/2/7/' \"$1\"\n");
            editor.toFile().setExecutable(true);
        }
        return editor;
    }

    private void launchWithEverything() throws Exception {
        launch("--mcp", "everything=node " + ReferenceServers.everything() + " stdio");
        rosetta.waitFor("mcp: everything ready with");
        rosetta.waitFor(PROMPT);
    }

    @AfterEach
    void stop() throws Exception {
        if (rosetta != null) {
            rosetta.close();
        }
        model.close();
    }

    @Test
    void theConfirmationNamesServerToolAndArgumentsAndCtrlCCancelsARunningCall() throws Exception {
        launchWithEverything();
        model.reply("```everything.get-sum\n{\"a\": 2, \"b\": 3}\n```\n");
        model.reply("It is 5.");
        model.reply("```everything.trigger-long-running-operation\n{\"duration\": 30, \"steps\": 30}\n```\n");

        rosetta.type("add 2 and 3");
        rosetta.press("Enter");
        String asked = rosetta.waitFor("Run everything.get-sum?");
        assertThat(asked).contains("▶ everything.get-sum: {\"a\": 2, \"b\": 3}", "MCP server everything · tool get-sum",
                "\"a\" : 2", "\"b\" : 3");
        rosetta.type("e"); // VISUAL makes the 2 a 7
        rosetta.waitFor("It is 5.");
        assertThat(model.requests().get(1).toString()).contains("The sum of 7 and 3 is 10");

        rosetta.type("take your time");
        rosetta.press("Enter");
        rosetta.waitFor("Run everything.trigger-long-running-operation?");
        rosetta.type("y");
        rosetta.waitFor("everything.trigger-long-running-operation: 1 of 30");
        rosetta.press("C-c");
        String screen = rosetta.waitFor("interrupted");

        assertThat(screen).contains("✗ everything.trigger-long-running-operation · [ERROR:Canceled]");
        rosetta.waitForTurnEnd(PROMPT, 3);
        rosetta.type("/mcp");
        rosetta.press("Enter");
        // the tools are listed under the status line, each a line of its own: wait for the one looked for
        assertThat(rosetta.waitFor("everything.echo")).contains("everything  ready");
        assertThat(serverLog()).contains("sent notifications/cancelled for the call of trigger-long-running-operation");
        assertThat(model.requests()).hasSize(3);

        // Switching the model saves the chat's settings: its tools without the server's, so a resume
        // without the server still works.
        rosetta.type("/model openai/gpt-4.1");
        rosetta.press("Enter");
        rosetta.waitFor("model: openai/gpt-4.1");
        assertThat(chatConfig()).contains("shell").doesNotContain("everything.");
    }

    @Test
    void aProjectsServerIsAskedForOnceAndTheYesIsRememberedForTheProject() throws Exception {
        Files.writeString(workspace.resolve("rosetta.toml"), "[mcp.servers.proj]\ncommand = \"node\"\nargs = [\""
                + ReferenceServers.everything() + "\", \"stdio\"]\n");

        launch();
        String asked = rosetta.waitFor("Start proj and remember that for this project? [y]es / [n]o:");
        assertThat(asked).contains("rosetta.toml names a server, proj, that starts only once you approve it")
                .contains("command node " + ReferenceServers.everything() + " stdio");
        rosetta.type("y");
        rosetta.press("Enter");
        assertThat(rosetta.waitFor("mcp: proj ready with")).contains("mcp: approved proj for " + workspace);
        rosetta.waitFor(PROMPT);
        rosetta.press("C-d");
        assertThat(rosetta.exitCode()).isZero();

        launch();
        String again = rosetta.waitFor("mcp: proj ready with");
        assertThat(again).doesNotContain("remember that for this project");
    }

    @Test
    void aServersFormIsAskedFieldByFieldAndEnterKeepsTheDefaults() throws Exception {
        launchWithEverything();
        model.reply("```everything.trigger-elicitation-request\n{}\n```\n");
        model.reply("Thanks.");

        rosetta.type("ask me");
        rosetta.press("Enter");
        rosetta.waitFor("Run everything.trigger-elicitation-request?");
        rosetta.type("y");
        rosetta.waitFor("Answer it? [y]es / [n]o:");
        rosetta.type("y");
        rosetta.press("Enter");
        rosetta.waitFor("name (string, needed):");
        rosetta.press("Enter");
        rosetta.waitFor("String is needed.");
        rosetta.type("Ada");
        rosetta.press("Enter");
        for (String field : List.of("check", "firstLine", "email", "homepage", "birthdate")) {
            rosetta.waitFor("  " + field + " (");
            rosetta.press("Enter");
        }
        rosetta.waitFor("integer (integer) [42]:");
        rosetta.type("many");
        rosetta.press("Enter");
        rosetta.waitFor("Integer is a whole number");
        rosetta.press("Enter");
        for (String field : List.of("number", "untitledSingleSelectEnum", "untitledMultipleSelectEnum",
                "titledSingleSelectEnum", "titledMultipleSelectEnum", "legacyTitledEnum")) {
            rosetta.waitFor("  " + field + " (");
            rosetta.press("Enter");
        }
        rosetta.waitFor("Thanks.");

        String result = model.requests().get(1).toString();
        assertThat(result).contains("User provided the requested information").contains("Name: Ada")
                .contains("Favorite Integer: 42");
    }

    /** Issue 25 §3: what the filesystem server wrote was never checkpointed, and /undo left it changed. */
    @Test
    void undoPutsBackWhatTheFilesystemServerWrote() throws Exception {
        Path notes = Files.writeString(workspace.resolve("notes.txt"), "mine\n");
        launch("--mcp", "fs=node " + ReferenceServers.filesystem());
        rosetta.waitFor("mcp: fs ready with");
        rosetta.waitFor(PROMPT);
        model.reply("```fs.write_file\n{\"path\": \"" + notes + "\", \"content\": \"the model's\\n\"}\n```\n");
        model.reply("Written.");

        rosetta.type("rewrite my notes");
        rosetta.press("Enter");
        rosetta.waitFor("Run fs.write_file?");
        rosetta.type("y");
        rosetta.waitFor("Written.");
        assertThat(notes).hasContent("the model's");
        rosetta.type("/undo");
        rosetta.press("Enter");
        assertThat(rosetta.waitFor("Put 1 file back as it was?")).contains("change notes.txt");
        rosetta.type("y");
        rosetta.press("Enter");
        rosetta.waitFor("put back 1 file");

        assertThat(notes).hasContent("mine");
    }

    /**
     * Issue 25 §3: Rosetta killed (kill -9) between a write and its checkpoint line left that file
     * out of /undo. A server writes the file and never answers; Rosetta is killed while it waits,
     * then resumed, and /undo puts the file back, saying Rosetta stopped while it was being written.
     */
    @Test
    void aFileWrittenJustBeforeRosettaWasKilledIsPutBackByUndo() throws Exception {
        Path notes = Files.writeString(workspace.resolve("notes.txt"), "mine\n");
        Path script = Path.of(getClass().getResource("/mcp/writing-server.mjs").toURI());
        launch("--mcp", "w=node " + script + " " + ReferenceServers.sdk());
        rosetta.waitFor("mcp: w ready with");
        rosetta.waitFor(PROMPT);
        model.reply("```w.write_then_wait\n{\"path\": \"" + notes + "\", \"content\": \"the model's\\n\"}\n```\n");

        rosetta.type("rewrite my notes");
        rosetta.press("Enter");
        rosetta.waitFor("Run w.write_then_wait?");
        rosetta.type("y");
        rosetta.waitUntil("the server to have written the file", screen -> contentIs(notes, "the model's\n"));
        killRosetta();
        launch("-r");
        rosetta.waitFor(PROMPT);
        rosetta.type("/undo");
        rosetta.press("Enter");
        assertThat(rosetta.waitFor("Put 1 file back as it was?")).contains("change notes.txt")
                .contains("Rosetta stopped while a call was writing it");
        rosetta.type("y");
        rosetta.press("Enter");
        rosetta.waitFor("put back 1 file");

        assertThat(notes).hasContent("mine");
    }

    private static boolean contentIs(Path file, String content) {
        try {
            return Files.readString(file).equals(content);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** kill -9 of the Rosetta in the terminal: the java process whose command line names this test's workspace. */
    private void killRosetta() throws Exception {
        List<ProcessHandle> found = ProcessHandle.allProcesses()
                .filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false))
                .filter(p -> p.info().commandLine().map(c -> c.contains(workspace.toString())).orElse(false)).toList();
        assertThat(found).as("the Rosetta process").hasSize(1);
        found.getFirst().destroyForcibly();
        found.getFirst().onExit().get();
    }

    private String chatConfig() throws Exception {
        try (Stream<Path> files = Files.walk(dir.resolve("logs"))) {
            return Files.readString(files.filter(p -> p.getFileName().toString().equals("config.toml")).findFirst()
                    .orElseThrow());
        }
    }

    private String serverLog() throws Exception {
        try (Stream<Path> files = Files.walk(dir.resolve("logs"))) {
            Path log = files.filter(p -> p.getFileName().toString().equals("mcp-everything.log")).findFirst()
                    .orElseThrow();
            return Files.readString(log);
        }
    }
}
