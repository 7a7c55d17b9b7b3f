package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * MCP servers nobody here wrote — the reference servers from npm, over stdio and streamable
 * HTTP — driven through the real jar by a fake model that calls their tools in every format.
 */
class McpIT extends EndToEnd {

    static Stream<Arguments> formats() {
        return Stream.of(Arguments.of(Api.CHAT_COMPLETIONS, Format.MARKDOWN), Arguments.of(Api.CHAT_COMPLETIONS, Format.XML),
                Arguments.of(Api.CHAT_COMPLETIONS, Format.TOOL), Arguments.of(Api.ANTHROPIC, Format.TOOL),
                Arguments.of(Api.RESPONSES, Format.TOOL));
    }

    /** The call as the format spells it: {@code SERVER.TOOL} in text, {@code SERVER__TOOL} natively. */
    static ModelCall call(Format format, String server, String tool, String json) {
        return ModelCall.json(server + (format == Format.TOOL ? "__" : ".") + tool, json);
    }

    private void userServer(String name, String extra) throws IOException {
        Files.createDirectories(sandbox.userConfig());
        Files.writeString(sandbox.userConfig().resolve("config.toml"), ReferenceServers.everythingToml(name) + extra);
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("formats")
    void aServersToolIsOfferedAndCalledInEveryFormat(Api api, Format format) throws Exception {
        userServer("everything", "");
        model.script(format.reply("Adding.\n", call(format, "everything", "get-sum", "{\"a\": 2, \"b\": 3}")),
                ScriptedReply.text("It is 5."));

        Run run = sandbox.rosetta("-n", "-m", api.model(), "--tool-format", format.id(), "add 2 and 3");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("mcp: everything ready with");
        List<WireRequest> requests = requestsTo(api);
        String offered = format == Format.TOOL ? "\"everything__get-sum\"" : "everything.get-sum";
        assertThat(requests.get(0).body().toString()).contains(offered);
        assertThat(ToolCallsIT.resultIn(requests.get(1), format)).contains("The sum of 2 and 3 is 5");
        assertThat(sandbox.conversation().resolve("mcp-everything.log")).exists();
    }

    /** Issue 25 §2: mcp-NAME.log was created 0644 and checkpoints/ 0755, against the documented 0600 and 0700. */
    @Test
    void theServersLogAndTheCheckpointsAreTheOwnersAlone() throws Exception {
        Files.writeString(sandbox.workspace().resolve("notes.txt"), "the user's\n"); // kept before the save
        model.script(Format.MARKDOWN.reply("Saving.\n", ModelCall.save("notes.txt", "saved\n")),
                ScriptedReply.text("Saved."));

        Run run = sandbox.rosetta("-n", "--mcp", ReferenceServers.everythingFlag("everything"), "-m",
                Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown", "save the notes");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        Path conversation = sandbox.conversation();
        assertThat(mode(conversation.resolve("mcp-everything.log"))).isEqualTo("rw-------");
        Path checkpoints = conversation.resolve("checkpoints");
        assertThat(mode(checkpoints)).isEqualTo("rwx------");
        try (Stream<Path> kept = Files.list(checkpoints)) {
            assertThat(kept.toList()).as("what the save kept").isNotEmpty().allSatisfy(
                    f -> assertThat(mode(f)).as(f.toString()).isEqualTo(Files.isDirectory(f) ? "rwx------" : "rw-------"));
        }
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    @Test
    void aServersInstructionsAreInTheSystemPromptUnderItsName() {
        model.script(ScriptedReply.text("Noted."));

        Run run = sandbox.rosetta("-n", "--mcp", ReferenceServers.everythingFlag("everything"), "-m",
                Api.CHAT_COMPLETIONS.model(), "what do your servers say?");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        String prompt = model.requests().get(0).systemPrompt();
        assertThat(prompt).contains("# MCP servers' instructions").contains("## everything\n\n# Everything Server")
                .contains("Server instructions are working!");
    }

    @Test
    void toolsAServerAddsDuringACallAreInTheNextRequest() throws Exception {
        Path script = Path.of(getClass().getResource("/mcp/changing-server.mjs").toURI());
        Files.createDirectories(sandbox.userConfig());
        Files.writeString(sandbox.userConfig().resolve("config.toml"), "[mcp.servers.srv]\ncommand = \"node\"\n"
                + "args = [\"" + script + "\"]\nenv = { MCP_SDK = \"" + ReferenceServers.sdk() + "\" }\n");
        model.script(Format.MARKDOWN.reply("", call(Format.MARKDOWN, "srv", "unlock", "{}")),
                Format.MARKDOWN.reply("", call(Format.MARKDOWN, "srv", "late", "{}")), ScriptedReply.text("Done."));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "unlock it");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("mcp: srv changed its tools: now 2 tools");
        assertThat(model.requests().get(0).systemPrompt()).contains("srv.unlock").doesNotContain("srv.late");
        // The list_changed came before the call's answer: the very next request offers the new tool.
        assertThat(model.requests().get(1).systemPrompt()).contains("srv.late");
        assertThat(ToolCallsIT.resultIn(model.requests().get(2), Format.MARKDOWN)).contains("late and here");
    }

    @Test
    void anXmlCallMaySpellEachArgumentAsAnElement() {
        model.script(ScriptedReply.text("<tool-use>\n<everything.get-sum>\n<a>4</a>\n<b>5</b>\n</everything.get-sum>\n"
                + "</tool-use>\n"), ScriptedReply.text("Nine."));

        Run run = sandbox.rosetta("-n", "--mcp", ReferenceServers.everythingFlag("everything"), "-m",
                Api.CHAT_COMPLETIONS.model(), "--tool-format", "xml", "add");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(ToolCallsIT.resultIn(model.requests().get(1), Format.XML)).contains("The sum of 4 and 5 is 9");
    }

    @Test
    void argumentsThatDoNotFitTheSchemaComeBackNamingTheField() {
        model.script(Format.MARKDOWN.reply("", call(Format.MARKDOWN, "ev", "get-structured-content",
                "{\"location\": \"Paris\"}")), ScriptedReply.text("I see."));

        Run run = sandbox.rosetta("-n", "--mcp", ReferenceServers.everythingFlag("ev"), "-m",
                Api.CHAT_COMPLETIONS.model(), "weather");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        String result = ToolCallsIT.resultIn(model.requests().get(1), Format.MARKDOWN);
        assertThat(result).contains("[ERROR:InvalidArgs]").contains("'location'").contains("Chicago");
    }

    @Test
    void anImageIsSavedBesideTheConversationAndNamedInOneLine() throws Exception {
        model.script(Format.TOOL.reply("", call(Format.TOOL, "ev", "get-tiny-image", "{}")), ScriptedReply.text("A logo."));

        Run run = sandbox.rosetta("-n", "--mcp", ReferenceServers.everythingFlag("ev"), "-m",
                Api.ANTHROPIC.model(), "--tool-format", "tool", "show me");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        String result = ToolCallsIT.resultIn(model.requests().get(1), Format.TOOL);
        String line = result.lines().filter(l -> l.startsWith("[image image/png")).findFirst().orElseThrow();
        Path saved = Path.of(line.substring(line.indexOf("saved to ") + 9, line.length() - 1));
        assertThat(saved).startsWith(sandbox.conversation());
        assertThat(Files.readAllBytes(saved)).startsWith(0x89, 'P', 'N', 'G');
    }

    @Test
    void aServerThatFailsToStartIsSaidInOneLineAndTheChatGoesOn() {
        model.script(ScriptedReply.text("Hello."));

        Run run = sandbox.rosetta("-n", "--mcp", "broken=no-such-mcp-server --flag", "-m",
                Api.CHAT_COMPLETIONS.model(), "hi");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("mcp: broken failed: cannot start broken: there is no program"
                + " 'no-such-mcp-server' on the PATH");
        assertThat(run.stdout()).contains("Hello.");
    }

    @Test
    void theFirstRequestWaitsForAServerStillStartingOnlyUpToTheBoundAndExitEndsIt() throws Exception {
        Files.createDirectories(sandbox.userConfig());
        Files.writeString(sandbox.userConfig().resolve("config.toml"), "[mcp]\nstartup_wait = 1\n");
        model.script(ScriptedReply.text("Without it."));

        Run run = sandbox.rosetta("-n", "--mcp", "slow=sleep 25", "-m", Api.CHAT_COMPLETIONS.model(), "hi");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("mcp: going on without slow (still starting after 1 s)")
                .contains("Without it.").doesNotContain("slow failed");
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").equals("sleep 25"))
                .filter(p -> workingFolder(p).equals(sandbox.workspace()))).as("the server ended with Rosetta").isEmpty();
    }

    @Test
    void aSlowCallIsCancelledAtItsTimeLimit() throws Exception {
        userServer("ev", "timeout = 1\n");
        model.script(Format.MARKDOWN.reply("", call(Format.MARKDOWN, "ev", "trigger-long-running-operation",
                "{\"duration\": 20, \"steps\": 2}")), ScriptedReply.text("Too slow."));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "go");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(ToolCallsIT.resultIn(model.requests().get(1), Format.MARKDOWN)).contains("[ERROR:Timeout]")
                .contains("did not answer within 1 s");
        assertThat(sandbox.conversation().resolve("mcp-ev.log")).content().contains("notifications/cancelled");
    }

    @Test
    void aServerThatCrashesMidCallIsUnavailableAndStartsAgainForTheNextCall() throws Exception {
        model.script(Format.MARKDOWN.reply("", call(Format.MARKDOWN, "ev", "trigger-long-running-operation",
                        "{\"duration\": 20, \"steps\": 20}")),
                Format.MARKDOWN.reply("", call(Format.MARKDOWN, "ev", "echo", "{\"message\": \"back again\"}")),
                ScriptedReply.text("Done."));
        Path stdout = sandbox.nextStdout();
        Thread killer = Thread.ofVirtual().start(() -> killEverythingAfterProgress(stdout));

        Run run = sandbox.rosetta("-n", "--mcp", ReferenceServers.everythingFlag("ev"), "-m",
                Api.CHAT_COMPLETIONS.model(), "go");
        killer.join();

        assertThat(run.exitCode()).as(run.toString()).isZero();
        String crashed = ToolCallsIT.resultIn(model.requests().get(1), Format.MARKDOWN);
        assertThat(crashed).contains("[ERROR:Unavailable]").contains("exited").contains("its last words")
                .contains("starts it again on the next call");
        assertThat(ToolCallsIT.resultIn(model.requests().get(2), Format.MARKDOWN)).contains("started it again")
                .contains("back again");
    }

    /** Waits until Rosetta shows the call's first progress, then kills the server it started (not Rosetta). */
    private void killEverythingAfterProgress(Path stdout) {
        try {
            if (FileWatch.await(stdout, text -> text.contains("1 of 20"), Duration.ofSeconds(25)).isEmpty()) {
                return;
            }
        } catch (IOException | InterruptedException e) {
            return;
        }
        ProcessHandle.allProcesses()
                .filter(p -> p.info().command().orElse("").endsWith("node"))
                .filter(p -> p.info().commandLine().orElse("").contains("server-everything"))
                .filter(p -> workingFolder(p).equals(sandbox.workspace()))
                .forEach(ProcessHandle::destroyForcibly);
    }

    private static Path workingFolder(ProcessHandle p) {
        try {
            return Path.of("/proc", String.valueOf(p.pid()), "cwd").toRealPath();
        } catch (IOException e) {
            return Path.of("/nonexistent");
        }
    }

    @Test
    void aProjectsServerIsRefusedUntilApprovedAndAskedAgainWhenItChanges() throws Exception {
        Path toml = sandbox.workspace().resolve("rosetta.toml");
        String definition = "[mcp.servers.proj]\ncommand = \"node\"\nargs = [\"" + ReferenceServers.everything()
                + "\", \"stdio\"]\n";
        Files.writeString(toml, definition);
        model.script(ScriptedReply.text("One."), ScriptedReply.text("Two."), ScriptedReply.text("Three."));

        Run refused = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "hi");
        assertThat(refused.stdout()).contains("mcp: proj").contains("is not started")
                .contains("rosetta mcp approve proj");
        assertThat(model.requests().get(0).systemPrompt()).doesNotContain("proj.echo");

        Run approve = sandbox.rosetta("mcp", "approve", "proj");
        assertThat(approve.exitCode()).as(approve.toString()).isZero();
        Run approved = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "hi");
        assertThat(approved.stdout()).contains("mcp: proj ready with");
        assertThat(model.requests().get(1).systemPrompt()).contains("proj.echo");

        Files.writeString(toml, definition.replace("\"stdio\"]", "\"stdio\", \"--changed\"]"));
        Run changed = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "hi");
        assertThat(changed.stdout()).contains("is not started");
    }

    @Test
    void aServerOverStreamableHttpIsReachedByItsUrl() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        ProcessBuilder builder = new ProcessBuilder("node", ReferenceServers.everything().toString(), "streamableHttp")
                .redirectErrorStream(true).redirectOutput(sandbox.workspace().resolve("http-server.log").toFile());
        builder.environment().put("PORT", String.valueOf(port));
        Process server = builder.start();
        try {
            awaitLine(sandbox.workspace().resolve("http-server.log"), "listening on port");
            model.script(Format.TOOL.reply("", call(Format.TOOL, "web", "echo", "{\"message\": \"over http\"}")),
                    ScriptedReply.text("Echoed."));

            Run run = sandbox.rosetta("-n", "--mcp", "web=http://127.0.0.1:" + port + "/mcp", "-m",
                    Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool", "echo");

            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(ToolCallsIT.resultIn(model.requests().get(1), Format.TOOL)).contains("Echo: over http");
        } finally {
            server.descendants().forEach(ProcessHandle::destroyForcibly);
            server.destroyForcibly().waitFor();
        }
    }

    @Test
    void aServerOfTheOlderHttpSseTransportIsReachedAtTheSameUrl() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path log = sandbox.workspace().resolve("sse-server.log");
        ProcessBuilder builder = new ProcessBuilder("node", ReferenceServers.everything().toString(), "sse")
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("PORT", String.valueOf(port));
        Process server = builder.start();
        try {
            awaitLine(log, "Server is running on port");
            model.script(Format.TOOL.reply("", call(Format.TOOL, "old", "echo", "{\"message\": \"over sse\"}")),
                    ScriptedReply.text("Echoed."));

            Run run = sandbox.rosetta("-n", "--mcp", "old=http://127.0.0.1:" + port + "/sse", "-m",
                    Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool", "echo");

            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.stdout()).contains("mcp: old ready with");
            assertThat(ToolCallsIT.resultIn(model.requests().get(1), Format.TOOL)).contains("Echo: over sse");
        } finally {
            server.descendants().forEach(ProcessHandle::destroyForcibly);
            server.destroyForcibly().waitFor();
        }
    }

    @Test
    void aUrlWhereNothingListensIsSaidInOneLineAndTheChatGoesOn() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        model.script(ScriptedReply.text("Hello."));

        Run run = sandbox.rosetta("-n", "--mcp", "gone=http://127.0.0.1:" + port + "/mcp", "-m",
                Api.CHAT_COMPLETIONS.model(), "hi");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("mcp: gone failed: cannot reach gone at http://127.0.0.1:" + port
                + "/mcp: the connection was refused (is the server running?)").contains("Hello.");
    }

    @Test
    void theFilesystemServerIsConfinedToTheWorkspaceByTheRootsRosettaOffers() throws Exception {
        Files.writeString(sandbox.workspace().resolve("notes.txt"), "inside the workspace\n");
        Path outside = Files.writeString(sandbox.home().resolve("secret.txt"), "outside\n");
        String read = "{\"path\": \"" + sandbox.workspace().resolve("notes.txt") + "\"}";
        String refused = "{\"path\": \"" + outside + "\"}";
        model.script(Format.MARKDOWN.reply("", call(Format.MARKDOWN, "fs", "read_text_file", read)),
                Format.MARKDOWN.reply("", call(Format.MARKDOWN, "fs", "read_text_file", refused)),
                ScriptedReply.text("Read one."));

        Run run = sandbox.rosetta("-n", "--mcp", "fs=node " + ReferenceServers.filesystem(), "-m",
                Api.CHAT_COMPLETIONS.model(), "read");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(ToolCallsIT.resultIn(model.requests().get(1), Format.MARKDOWN)).contains("inside the workspace");
        String second = ToolCallsIT.resultIn(model.requests().get(2), Format.MARKDOWN);
        assertThat(second).contains("[ERROR:ToolError]").contains("outside allowed directories");
    }

    @Test
    void aStdioServerGetsNoApiKeyItWasNotGiven() {
        model.script(Format.MARKDOWN.reply("", call(Format.MARKDOWN, "ev", "get-env", "{}")), ScriptedReply.text("Ok."));

        Run run = sandbox.rosetta("-n", "--mcp", ReferenceServers.everythingFlag("ev"), "-m",
                Api.CHAT_COMPLETIONS.model(), "env");

        // The sandbox fails any run that stored a fake key: the server's whole environment is in the log.
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(ToolCallsIT.resultIn(model.requests().get(1), Format.MARKDOWN)).contains("PATH")
                .doesNotContain("OPENAI_API_KEY");
    }

    @Test
    void mcpCallPrintsTheResultAndExitsAsRosettaDoes() {
        String server = "node " + ReferenceServers.everything() + " stdio";

        Run ok = sandbox.rosetta("mcp", "call", server, "get-sum", "{\"a\": 1, \"b\": 2}");
        assertThat(ok.exitCode()).as(ok.toString()).isZero();
        assertThat(ok.stdout()).contains("The sum of 1 and 2 is 3");

        Run invalid = sandbox.rosetta("mcp", "call", server, "get-sum", "{\"a\": \"x\", \"b\": 2}");
        assertThat(invalid.exitCode()).as(invalid.toString()).isEqualTo(2);
        assertThat(invalid.stderr()).contains("[ERROR:InvalidArgs]").contains("'a'");

        Run unknown = sandbox.rosetta("mcp", "call", server, "no-such-tool");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.stderr()).contains("has no tool 'no-such-tool'");

        Run broken = sandbox.rosetta("mcp", "tools", "sh -c 'exit 3'");
        assertThat(broken.exitCode()).as(broken.toString()).isEqualTo(1);
        assertThat(broken.stderr()).contains("exited");
    }

    private static void awaitLine(Path log, String text) throws Exception {
        FileWatch.awaitText(log, text, Duration.ofSeconds(20));
    }
}
