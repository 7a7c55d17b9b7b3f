package dev.rosetta.cli.repl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
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
    private ScriptedOpenAi model;
    private TmuxSession rosetta;

    @BeforeAll
    static void tmuxIsThere() {
        TerminalHome.requireTmux();
    }

    @BeforeEach
    void start() throws Exception {
        Path server = ReferenceServers.everything();
        Path workspace = Files.createDirectories(dir.resolve("workspace"));
        model = new ScriptedOpenAi();
        Map<String, String> env = TerminalHome.environment(dir, model);
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin")); // node, for the server
        Path jar = Path.of(System.getProperty("rosetta.jar"));
        rosetta = TmuxSession.start(Files.createDirectories(dir.resolve("tmux")), env, List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Xlog:disable", "-jar", jar.toString(), "-m", "openai/gpt-4.1",
                "-w", workspace.toString(), "--mcp", "everything=node " + server + " stdio"));
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
        model.reply("```everything.get-sum\n{\"a\": 2, \"b\": 3}\n```\n");
        model.reply("It is 5.");
        model.reply("```everything.trigger-long-running-operation\n{\"duration\": 30, \"steps\": 30}\n```\n");

        rosetta.type("add 2 and 3");
        rosetta.press("Enter");
        String asked = rosetta.waitFor("Run everything.get-sum?");
        assertThat(asked).contains("▶ everything.get-sum: {\"a\": 2, \"b\": 3}", "MCP server everything · tool get-sum",
                "\"a\" : 2", "\"b\" : 3");
        rosetta.type("y");
        rosetta.waitFor("It is 5.");

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
        assertThat(rosetta.waitFor("everything  ready")).contains("everything.echo");
        assertThat(serverLog()).contains("sent notifications/cancelled for the call of trigger-long-running-operation");
        assertThat(model.requests()).hasSize(3);

        // Switching the model saves the chat's settings: its tools without the server's, so a resume
        // without the server still works.
        rosetta.type("/model openai/gpt-4.1");
        rosetta.press("Enter");
        rosetta.waitFor("model: openai/gpt-4.1");
        assertThat(chatConfig()).contains("shell").doesNotContain("everything.");
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
