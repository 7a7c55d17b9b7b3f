package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.core.testing.ReferenceMcpServers;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.sandbox.Sandbox;

/**
 * A stdio server that hangs in a call, not answering even a ping: the call ends at its time
 * limit as a Timeout, the server's process is ended (by force when it ignores the TERM), and
 * the next call starts it again and is answered.
 */
class HungServerTest {

    @TempDir
    Path workspace;

    private McpServer server;

    /** The server's own sandbox (its settings' default): closed after it, not left to the JVM's exit. */
    private Sandbox sandbox;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
            sandbox.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"plain", "stubborn"})
    void aHungServerIsStoppedAtTheCallsLimitAndStartedAgainForTheNextCall(String kind) throws Exception {
        Path sdk = ReferenceMcpServers.sdk();
        Path script = Path.of(getClass().getResource("/mcp/hanging-server.mjs").toURI());
        var endpoint = new McpEndpoint.Stdio("node", List.of(script.toString(), kind), Map.of("MCP_SDK",
                sdk.toString()), null, List.of(), "hanging", Set.of());
        var settings = new McpServerSettings("hanging", endpoint, Duration.ofSeconds(1), Duration.ofSeconds(30), false,
                workspace, workspace.resolve("mcp-hanging.log"));
        sandbox = settings.sandbox();
        server = new McpServer(settings, new McpServer.Listener() {
            @Override
            public void toolsChanged(McpServer s, List<McpTool> tools) {}

            @Override
            public void notice(String line) {}
        });
        Toolbox toolbox = new Toolbox(List.of(), ToolContext.in(workspace), Confirmation.ALWAYS);
        toolbox.add(server.start());
        ProcessHandle first = serverProcess();

        ToolResult hung = toolbox.execute(ToolUse.named("hanging.hang", Map.of(), null));

        assertThat(hung.code()).isEqualTo(ErrorCode.TIMEOUT);
        assertThat(hung.output()).contains("did not answer within 1 s").contains("did not answer a ping either")
                .contains("starts it again on the next call");
        first.onExit().get(30, TimeUnit.SECONDS);
        assertThat(first.isAlive()).isFalse();
        assertThat(server.running()).isFalse();

        ToolResult again = toolbox.execute(ToolUse.named("hanging.echo", Map.of(), null));
        assertThat(again.isError()).as(again.output()).isFalse();
        assertThat(again.output()).contains("started it again").contains("still here");
    }

    /** node itself: the sandbox's launcher and init name the script in their command lines too. */
    private static ProcessHandle serverProcess() {
        List<ProcessHandle> found = ProcessHandle.current().descendants()
                .filter(p -> p.info().commandLine().orElse("").contains("hanging-server.mjs"))
                .filter(p -> p.info().command().orElse("").endsWith("/node")).toList();
        assertThat(found).hasSize(1);
        return found.get(0);
    }
}
