package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.testing.ReferenceMcpServers;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.sandbox.Sandbox;

/** A real server (the reference "everything" server over stdio) through Rosetta's MCP tools. */
class McpServerTest {

    @TempDir
    Path workspace;

    private final List<String> notices = new CopyOnWriteArrayList<>();
    private final List<List<String>> lists = new CopyOnWriteArrayList<>();
    private final CountDownLatch listedTwice = new CountDownLatch(2);
    private final CountDownLatch progressed = new CountDownLatch(1);
    private McpServer server;
    private Toolbox toolbox;

    private final McpServer.Listener listener = new McpServer.Listener() {
        @Override
        public void toolsChanged(McpServer s, List<McpTool> tools) {
            lists.add(tools.stream().map(t -> t.spec().name()).toList());
            listedTwice.countDown();
            if (toolbox != null) {
                toolbox.add(tools);
            }
        }

        @Override
        public void notice(String line) {
            notices.add(line);
            if (line.contains(" of ")) {
                progressed.countDown();
            }
        }
    };

    private McpServer start(McpEndpoint endpoint, Duration callTimeout) throws Exception {
        var settings = new McpServerSettings("everything", endpoint, callTimeout, Duration.ofSeconds(30), false,
                workspace, workspace.resolve("logs/mcp-everything.log"));
        sandbox = settings.sandbox();
        server = new McpServer(settings, listener);
        toolbox = new Toolbox(List.of(), ToolContext.in(workspace), Confirmation.ALWAYS);
        toolbox.add(server.start());
        return server;
    }

    /** The server's own sandbox (its settings' default): closed after it, not left to the JVM's exit. */
    private Sandbox sandbox;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
            sandbox.close();
        }
    }

    private ToolResult call(String tool, Map<String, Object> args) throws InterruptedException {
        return toolbox.execute(ToolUse.named(tool, args, null));
    }

    @Test
    void theServersToolsAreNamedWithItsNameAndCarryTheirSchemaWhole() throws Exception {
        start(ReferenceServers.everything(), Duration.ofSeconds(30));
        var spec = toolbox.catalog().resolve("everything__get-sum").orElseThrow();
        assertThat(spec.name()).isEqualTo("everything.get-sum");
        assertThat(spec.jsonSchema()).containsKey("properties").containsEntry("required", List.of("a", "b"));
    }

    @Test
    void aTextResultComesBackAsText() throws Exception {
        start(ReferenceServers.everything(), Duration.ofSeconds(30));
        ToolResult result = toolbox.execute(ToolUse.positional("everything.echo", List.of(), "{\"message\": \"hello\"}"));
        assertThat(result.isError()).isFalse();
        assertThat(result.output()).contains("hello");
    }

    /** Issue 25 §2: the docs said a server's secrets are taken out of every result; results kept them. */
    @Test
    void aSecretOfTheServersDefinitionIsTakenOutOfItsResults() throws Exception {
        McpEndpoint.Stdio plain = ReferenceServers.everything();
        start(new McpEndpoint.Stdio(plain.command(), plain.args(), Map.of(), null, List.of(), "everything",
                Set.of("tok-5f1e2d3c")), Duration.ofSeconds(30));

        ToolResult result = call("everything.echo", Map.of("message", "the token is tok-5f1e2d3c"));

        assertThat(result.output()).contains("the token is ***").doesNotContain("tok-5f1e2d3c");
    }

    @Test
    void argumentsThatDoNotFitTheSchemaNeverReachTheServer() throws Exception {
        start(ReferenceServers.everything(), Duration.ofSeconds(30));
        ToolResult result = call("everything.get-structured-content", Map.of("location", "Paris"));
        assertThat(result.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(result.output()).contains("'location'").contains("New York");
    }

    @Test
    void anImageIsSavedToTheOutputFolderAndNamedWithItsPath() throws Exception {
        start(ReferenceServers.everything(), Duration.ofSeconds(30));
        ToolResult result = call("everything.get-tiny-image", Map.of());
        assertThat(result.isError()).isFalse();
        String line = result.output().lines().filter(l -> l.startsWith("[image image/png")).findFirst().orElseThrow();
        Path saved = Path.of(line.substring(line.indexOf("saved to ") + 9, line.length() - 1));
        assertThat(saved).startsWith(workspace);
        assertThat(Files.readAllBytes(saved)).startsWith(0x89, 'P', 'N', 'G');
    }

    @Test
    void structuredContentThatTheTextAlreadySaysIsNotRepeated() throws Exception {
        start(ReferenceServers.everything(), Duration.ofSeconds(30));
        ToolResult result = call("everything.get-structured-content", Map.of("location", "Chicago"));
        assertThat(result.output()).contains("temperature");
        assertThat(result.output().split("temperature", -1)).hasSize(2);
    }

    @Test
    void theWorkspaceIsTheRootTheServerSees() throws Exception {
        start(ReferenceServers.everything(), Duration.ofSeconds(30));
        ToolResult result = call("everything.get-roots-list", Map.of());
        assertThat(result.output()).contains(workspace.toUri().toString());
    }

    @Test
    void aCallPastItsTimeLimitIsATimeoutAndTheServerStaysUsable() throws Exception {
        start(ReferenceServers.everything(), Duration.ofSeconds(1));
        ToolResult slow = call("everything.trigger-long-running-operation", Map.of("duration", 20, "steps", 2));
        assertThat(slow.code()).isEqualTo(ErrorCode.TIMEOUT);
        assertThat(call("everything.echo", Map.of("message", "still here")).output()).contains("still here");
    }

    @Test
    void progressIsReportedAndACrashMidCallIsUnavailableWithTheServersLastWords() throws Exception {
        start(ReferenceServers.everything(), Duration.ofSeconds(60));
        Thread killer = Thread.ofVirtual().start(() -> {
            try {
                progressed.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                return;
            }
            ProcessHandle.current().descendants()
                    .filter(p -> p.info().command().orElse("").endsWith("node")
                            && p.info().commandLine().orElse("").contains("server-everything"))
                    .forEach(ProcessHandle::destroyForcibly);
        });
        ToolResult crashed = call("everything.trigger-long-running-operation", Map.of("duration", 30, "steps", 30));
        killer.join();
        assertThat(notices).anyMatch(n -> n.startsWith("everything.trigger-long-running-operation: 1 of 30"));
        assertThat(crashed.code()).isEqualTo(ErrorCode.UNAVAILABLE);
        assertThat(crashed.output()).contains("exited").contains("starts it again on the next call")
                .contains("Starting default (STDIO) server");
        ToolResult again = call("everything.echo", Map.of("message", "back"));
        assertThat(again.output()).contains("started it again").contains("back");
    }

    @Test
    void listChangedListsTheToolsAgainAndTheToolboxFollows() throws Exception {
        start(ReferenceServers.everything(), Duration.ofSeconds(30));
        // The everything server adds its roots and sampling tools once initialized and says so with
        // notifications/tools/list_changed; the tools are listed again for each, after the first list.
        assertThat(listedTwice.await(20, TimeUnit.SECONDS)).as("listed again after list_changed").isTrue();
        assertThat(toolbox.catalog().resolve("everything.get-roots-list")).isPresent();
    }

    @Test
    void aServerWithoutToolsIsReadyWithNone() throws Exception {
        Path sdk = ReferenceMcpServers.sdk();
        Path script = Path.of(getClass().getResource("/mcp/prompts-only-server.mjs").toURI());
        var endpoint = new McpEndpoint.Stdio("node", List.of(script.toString()), Map.of("MCP_SDK", sdk.toString()),
                null, List.of(), "prompts-only", Set.of());
        assertThat(start(endpoint, Duration.ofSeconds(10)).tools()).isEmpty();
    }

    @Test
    void aServerThatIsNoProgramFailsToStartSayingWhy() {
        var missing = McpEndpoint.Stdio.of("no-such-mcp-server-here", List.of());
        assertThatThrownBy(() -> start(missing, Duration.ofSeconds(5))).isInstanceOf(McpFailure.class)
                .hasMessageContaining("no program 'no-such-mcp-server-here' on the PATH");
    }

    @Test
    void aServerThatExitsAtOnceFailsWithItsLastWordsWithoutWaitingForItsTimeLimit() {
        var dies = McpEndpoint.Stdio.of("sh", List.of("-c", "echo 'cannot open the database' >&2; exit 3"));
        assertThatThrownBy(() -> start(dies, Duration.ofSeconds(5))).isInstanceOf(McpFailure.class)
                .hasMessageContaining("exited").hasMessageContaining("cannot open the database");
    }
}
