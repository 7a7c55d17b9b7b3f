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

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.testing.MachineRequirement;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.process.Executables;
import dev.rosetta.tools.sandbox.Sandbox;

/**
 * Issue 25: a stdio server whose answers cannot be read — 17 MiB in one message, a broken line,
 * JSON nested 100,000 deep, text printed before {@code initialize} — made each call wait its whole
 * time limit (120 s), one reported as "BrokenPipe", the last never ready, no reason given. Each
 * must fail at once, saying why; the call after starts the server again. The call limit here is
 * far past how long the test may take, so only failing fast passes.
 */
class HostileServerTest {

    private static final Duration CALL_LIMIT = Duration.ofSeconds(120);
    private static final long LOG_LIMIT = 256 << 10;

    @TempDir
    Path workspace;

    private final List<String> notices = new CopyOnWriteArrayList<>();
    private McpServer server;
    private Toolbox toolbox;

    @BeforeEach
    void needsPython() {
        MachineRequirement.require(Executables.find("python3", System.getenv("PATH")).isPresent(),
                "python3 is not installed (apt-get install python3)");
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

    static McpEndpoint.Stdio hostile(String mode) throws Exception {
        Path script = Path.of(HostileServerTest.class.getResource("/mcp/hostile-server.py").toURI());
        return new McpEndpoint.Stdio("python3", List.of(script.toString(), mode), Map.of(), null, List.of(),
                "hostile " + mode, Set.of());
    }

    private McpServer server(String mode) throws Exception {
        var settings = new McpServerSettings("evil", hostile(mode), CALL_LIMIT, CALL_LIMIT, false, workspace,
                workspace.resolve("mcp-evil.log"), LOG_LIMIT);
        sandbox = settings.sandbox();
        server = new McpServer(settings, new McpServer.Listener() {
            @Override
            public void toolsChanged(McpServer s, List<McpTool> tools) {}

            @Override
            public void notice(String line) {
                notices.add(line);
            }
        });
        return server;
    }

    private void start(String mode) throws Exception {
        toolbox = new Toolbox(List.of(), ToolContext.in(workspace), Confirmation.ALWAYS);
        toolbox.add(server(mode).start());
    }

    /** The server started in {@code mode}, the result of calling {@code tool}, which fails with {@code code}. */
    private ToolResult failure(String mode, String tool, ErrorCode code) throws Exception {
        start(mode);
        ToolResult result = call(tool);
        assertThat(result.code()).as(result.output()).isEqualTo(code);
        return result;
    }

    private ToolResult call(String tool) throws InterruptedException {
        return toolbox.execute(ToolUse.named("evil." + tool, Map.of("text", "hi"), null));
    }

    @Test
    void aResultLargerThanAMessageMayBeFailsAtOnceAsTooLarge() throws Exception {
        ToolResult big = failure("huge", "big", ErrorCode.UNAVAILABLE);

        assertThat(big.output()).contains("evil sent a message larger than 16.0 MiB, the most Rosetta reads in one"
                + " MCP message (while running big)").contains("starts it again on the next call")
                .doesNotContain("BrokenPipe");
        assertThat(call("echo").output()).contains("started it again").contains("echo: hi");
    }

    @Test
    void aLineThatIsNotJsonFailsTheCallAtOnceQuotingIt() throws Exception {
        ToolResult broken = failure("garbage", "broken", ErrorCode.UNAVAILABLE);

        assertThat(broken.output()).contains("evil wrote a line to its standard output that is not a JSON-RPC message")
                .contains("«{\"jsonrpc\": \"2.0\", \"id\": ").contains("(while running broken)");
        assertThat(call("echo").output()).contains("echo: hi");
    }

    @Test
    void jsonNestedTooDeepFailsTheCallAtOnceSayingSo() throws Exception {
        ToolResult deep = failure("deep", "deep", ErrorCode.UNAVAILABLE);

        assertThat(deep.output()).containsPattern("nesting depth \\(\\d+\\) exceeds the maximum allowed \\(\\d+\\)\\)")
                .contains("(while running deep)");
        assertThat(call("echo").output()).contains("echo: hi");
    }

    @Test
    void aServerThatPrintsBeforeInitializeFailsToStartSayingWhereItsLogsBelong() throws Exception {
        McpServer banner = server("banner");

        assertThatThrownBy(banner::start).isInstanceOf(McpFailure.class)
                .hasMessageContaining("evil wrote something that is not a JSON-RPC message to its standard output"
                        + " before it answered initialize («Hostile server 1.0 listening on stdio»)")
                .hasMessageContaining("its logs belong on its standard error");
    }

    /** Issue 25: a server's log grew 149 MB in 10 s; rotated, it holds at most twice its limit. */
    @Test
    void aServerThatWritesWithoutEndKeepsItsLogWithinTwiceItsLimit() throws Exception {
        start("chatty");
        for (int i = 0; i < 4; i++) {
            assertThat(call("noisy").output()).isEqualTo("noisy done");
        }
        server.close(); // its last lines are written first

        assertThat(Files.size(workspace.resolve("mcp-evil.log"))).isLessThanOrEqualTo(LOG_LIMIT);
        assertThat(Files.size(workspace.resolve("mcp-evil.log.1"))).isLessThanOrEqualTo(LOG_LIMIT);
    }

    /** Issue 25: a server naming page after page of tools held its start for its whole time limit, taking 1.4 GB. */
    @Test
    void aServerThatNamesPagesWithoutEndIsReadyWithItsFirstTenThousandToolsSayingSo() throws Exception {
        start("endless");

        assertThat(server.tools()).hasSize(McpConnection.MOST_LISTED);
        assertThat(server.skipped()).startsWith("every tool past the first 10,000: it named more");
        assertThat(call("p0_0").output()).isEqualTo("p0_0: hi");
    }

    /** Issue 25: the SDK listed the tools again for each list_changed, ten thousand times for ten thousand. */
    @Test
    void tenThousandListChangedNotificationsListTheToolsAgainOnceOrTwiceNotTenThousandTimes() throws Exception {
        start("churn");

        assertThat(call("churn").output()).isEqualTo("churn done");
        assertThat(server.awaitListing(CALL_LIMIT)).as("listed after the last change").isTrue();

        // The first list, one begun during the flood and answered after it, and one for the changes meanwhile.
        assertThat(call("listed").output()).matches("listed [123] times");
    }

    /** Issue 25: a hundred thousand progress notifications of a kilobyte were a hundred thousand lines. */
    @Test
    void aHundredThousandProgressNotificationsOfACallAreAtMostAHundredShortLines() throws Exception {
        start("progress");

        assertThat(call("progress").output()).isEqualTo("progress done");

        List<String> progress = notices.stream().filter(n -> n.startsWith("evil.progress: ")).toList();
        assertThat(progress).isNotEmpty().hasSizeLessThanOrEqualTo(101).first().asString()
                .startsWith("evil.progress: 0 of 100000 · mmm").endsWith("… (1,000 characters)");
        assertThat(progress).allSatisfy(line -> assertThat(line).hasSizeLessThan(ProgressLines.LONGEST_MESSAGE + 60));
    }

    /** Issue 25: a server's log grew without end; log notifications are rotated with its standard error. */
    @Test
    void aHundredThousandLogNotificationsKeepTheLogWithinTwiceItsLimit() throws Exception {
        start("logs");

        assertThat(call("logs").output()).isEqualTo("logs done");
        server.close();

        assertThat(Files.size(workspace.resolve("mcp-evil.log"))).isLessThanOrEqualTo(LOG_LIMIT);
        assertThat(Files.size(workspace.resolve("mcp-evil.log.1"))).isLessThanOrEqualTo(LOG_LIMIT);
        assertThat(Files.readString(workspace.resolve("mcp-evil.log"))).contains("log INFO: lll");
    }

    @Test
    void aServerThatNeverAnswersFailsToStartAtItsTimeLimitSayingSo() throws Exception {
        var settings = new McpServerSettings("evil", hostile("silent"), CALL_LIMIT, Duration.ofSeconds(2), false,
                workspace, workspace.resolve("mcp-evil.log"), LOG_LIMIT);
        sandbox = settings.sandbox();
        server = new McpServer(settings, new McpServer.Listener() {
            @Override
            public void toolsChanged(McpServer s, List<McpTool> tools) {}

            @Override
            public void notice(String line) {}
        });

        assertThatThrownBy(server::start).isInstanceOf(McpFailure.class)
                .hasMessageContaining("evil did not answer within 2 s while starting");
    }

    /** An error's message went whole to the model and into the log: ten megabytes, every request after. */
    @Test
    void anErrorMessageOfTenMegabytesIsCutShortSayingHowLongItWas() throws Exception {
        ToolResult failed = failure("failing", "fail", McpFailure.SERVER_ERROR);

        assertThat(failed.output()).startsWith("[ERROR:McpError] evil answered with an error while running fail: eee")
                .endsWith("… (10,485,760 characters) (code -32000)").hasSizeLessThan(4_200);
        assertThat(call("echo").output()).isEqualTo("echo: hi");
    }
}
