package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.ErrorCode;

/**
 * A URL where nothing listens: the streamable HTTP attempt is refused, and the older HTTP+SSE
 * transport is not tried at the same address (it would only wait for its start limit, an hour
 * here), so starting fails at once saying it could not reach the server.
 */
class UnreachableServerTest {

    @TempDir
    Path workspace;

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES) // a bound for a broken build, far below the start limit
    void aUrlWhereNothingListensFailsAtOnceWithoutTryingTheOlderTransport() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        URI url = URI.create("http://127.0.0.1:" + port + "/mcp");
        var settings = new McpServerSettings("gone", McpEndpoint.Http.of(url), Duration.ofHours(1),
                Duration.ofHours(1), false, workspace, null);
        try (McpServer server = new McpServer(settings, new McpServer.Listener() {
            @Override
            public void toolsChanged(McpServer s, List<McpTool> tools) {}

            @Override
            public void notice(String line) {}
        })) {
            assertThatThrownBy(server::start).isInstanceOf(McpFailure.class)
                    .hasMessage("cannot reach gone at " + url + ": the connection was refused (is the server running?)")
                    .matches(e -> ((McpFailure) e).code().equals(ErrorCode.UNAVAILABLE));
        }
    }
}
