package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;

/**
 * A streamable HTTP server that closes a call's stream before answering (the 2025-11-25 revision's
 * polling, as the conformance suite's {@code sse-retry} scenario does it) and answers on the GET
 * that resumes the stream from the last event: the call gets its answer, well within its limit.
 */
class StreamResumptionTest {

    @TempDir
    Path workspace;

    private HttpServer http;
    private final List<String> resumedFrom = new CopyOnWriteArrayList<>();
    private volatile Object pendingCall;
    private McpServer server;

    @BeforeEach
    void startServer() throws IOException {
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/mcp", this::handle);
        http.start();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        http.stop(0);
    }

    @Test
    void aCallWhoseStreamTheServerClosesEarlyIsAnsweredOnTheResumedStream() throws Exception {
        URI url = URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/mcp");
        // Ten seconds: the SDK alone would wait all of them and answer Timeout.
        var settings = new McpServerSettings("polling", McpEndpoint.Http.of(url), Duration.ofSeconds(10),
                Duration.ofSeconds(10), false, workspace, null);
        server = new McpServer(settings, new McpServer.Listener() {
            @Override
            public void toolsChanged(McpServer s, List<McpTool> tools) {}

            @Override
            public void notice(String line) {}
        });
        Toolbox toolbox = new Toolbox(List.of(), ToolContext.in(workspace), Confirmation.ALWAYS);
        toolbox.add(server.start());

        ToolResult result = toolbox.execute(ToolUse.named("polling.reconnect", Map.of(), null));

        assertThat(result.isError()).as(result.output()).isFalse();
        assertThat(result.output()).isEqualTo("answered after the reconnection");
        assertThat(resumedFrom).containsExactly("call-1");
    }

    private void handle(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().add("Mcp-Session-Id", "session-1");
        if (exchange.getRequestMethod().equals("GET")) {
            String lastEventId = exchange.getRequestHeaders().getFirst("Last-Event-ID");
            if (lastEventId == null || pendingCall == null) {
                exchange.sendResponseHeaders(405, -1); // no stream of the server's own messages
                return;
            }
            resumedFrom.add(lastEventId);
            String response = Json.write(Map.of("jsonrpc", "2.0", "id", pendingCall, "result",
                    Map.of("content", List.of(Map.of("type", "text", "text", "answered after the reconnection")))));
            events(exchange, "id: call-2\nevent: message\ndata: " + response + "\n\n");
            return;
        }
        Map<String, Object> request = Json.readObject(new String(exchange.getRequestBody().readAllBytes(),
                StandardCharsets.UTF_8));
        Object id = request.get("id");
        switch (String.valueOf(request.get("method"))) {
            case "initialize" -> json(exchange, Map.of("jsonrpc", "2.0", "id", id, "result", Map.of(
                    "protocolVersion", "2025-11-25", "capabilities", Map.of("tools", Map.of()),
                    "serverInfo", Map.of("name", "polling", "version", "1"))));
            case "tools/list" -> json(exchange, Map.of("jsonrpc", "2.0", "id", id, "result", Map.of("tools",
                    List.of(Map.of("name", "reconnect", "inputSchema", Map.of("type", "object"))))));
            case "tools/call" -> {
                pendingCall = id;
                // A priming event with an id and a short retry, then the stream ends without the answer.
                events(exchange, "id: call-1\nretry: 50\ndata: \n\n");
            }
            default -> exchange.sendResponseHeaders(202, -1);
        }
    }

    private static void json(HttpExchange exchange, Map<String, Object> body) throws IOException {
        byte[] bytes = Json.write(body).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static void events(HttpExchange exchange, String text) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }
}
