package dev.rosetta.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.chat.FakeOpenAi;
import dev.rosetta.agent.session.SessionSpec;
import dev.rosetta.core.json.Json;
import dev.rosetta.web.http.AccessToken;

/**
 * {@code rosetta serve}'s server on loopback, spoken to by a real HTTP client, with conversations
 * against a loopback server speaking OpenAI's wire format and real file tools in a temporary folder:
 * the token and origin checks, the conversation list, a streamed turn, a permission answered from
 * the page, and an event stream that resumes by its last id.
 */
class WebServerTest {

    @TempDir
    Path root;

    private FakeOpenAi api;
    private WebServer server;
    private String token;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        api = new FakeOpenAi();
        token = AccessToken.fresh();
        Files.createDirectories(root.resolve("work"));
        Map<String, String> env = Map.of("HOME", root.resolve("home").toString(), "XDG_CONFIG_HOME",
                root.resolve("config").toString(), "ROSETTA_LOGS_HOME", root.resolve("logs").toString(),
                "OPENAI_BASE_URL", api.server.url("/v1").toString(), "OPENAI_API_KEY", "sk-test-SECRET-4242");
        SessionSpec defaults = new SessionSpec(false, null, root.resolve("work").toString(), "openai/gpt-4.1", "tool",
                List.of("read", "save"), true, false, List.of(), List.of(), true, null, null);
        server = WebServer.start(new ServeSettings("127.0.0.1", 0, token, null), env, root.resolve("work"), defaults,
                w -> { });
    }

    @AfterEach
    void stop() {
        server.close();
        api.close();
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    private HttpResponse<String> get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, Object body) throws Exception {
        return client.send(HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body))).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aRequestWithoutTheTokenOrWithAWrongOneIsRefusedWith401() throws Exception {
        assertThat(get("/").statusCode()).isEqualTo(401);
        assertThat(get("/api/conversations").statusCode()).isEqualTo(401);
        assertThat(get("/api/conversations", "Authorization", "Bearer " + token + "x").statusCode()).isEqualTo(401);
        assertThat(get("/?token=nope").statusCode()).isEqualTo(401);
        assertThat(get("/api/conversations", "Authorization", "Bearer " + token).statusCode()).isEqualTo(200);
    }

    @Test
    void aRequestFromAnotherSiteIsRefusedWith403EvenWithTheToken() throws Exception {
        var foreign = client.send(HttpRequest.newBuilder(uri("/api/conversations")).header("Authorization", "Bearer "
                + token).header("Origin", "http://evil.example").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(foreign.statusCode()).isEqualTo(403);
        assertThat(get("/api/conversations", "Authorization", "Bearer " + token, "Sec-Fetch-Site", "cross-site")
                .statusCode()).isEqualTo(403);
        assertThat(root.resolve("logs")).satisfiesAnyOf(p -> assertThat(p).doesNotExist(),
                p -> assertThat(p).isEmptyDirectory());
    }

    @Test
    void aHostNameThatIsNotThisServersIsRefusedSoDnsRebindingFindsNothing() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET /api/conversations HTTP/1.1\r\nHost: rebound.evil.example:" + server.port()
                    + "\r\nAuthorization: Bearer " + token + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String reply = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(reply).startsWith("HTTP/1.1 403");
        }
    }

    @Test
    void theTokenInThePrintedUrlBecomesAStrictCookieAndLeavesTheUrl() throws Exception {
        assertThat(server.url()).endsWith("/?token=" + token);
        var first = get("/?token=" + token);
        assertThat(first.statusCode()).isEqualTo(303);
        assertThat(first.headers().firstValue("Location")).hasValue("/");
        String cookie = first.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(cookie).contains("HttpOnly", "SameSite=Strict");
        var page = get("/", "Cookie", cookie.substring(0, cookie.indexOf(';')));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("<title>Rosetta</title>");
        assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow()).contains("script-src 'self'");
    }

    @Test
    void aNewConversationStreamsItsReplyAndIsListedWithItsLastMessage() throws Exception {
        api.replyText("Hello ", "from the fake.");
        String id = create("greeting");
        try (SseReader events = new SseReader(client, uri("/api/conversations/" + id + "/events"), token, null)) {
            assertThat(events.next().type()).isEqualTo("snapshot");
            assertThat(post("/api/conversations/" + id + "/input", Map.of("text", "say hello")).statusCode())
                    .isEqualTo(202);
            StringBuilder prose = new StringBuilder();
            for (SseReader.Message m : events.until(SseReader.type("turn_ended"))) {
                if (m.type().equals("prose")) {
                    prose.append(m.data().get("text"));
                }
            }
            assertThat(prose.toString()).isEqualTo("Hello from the fake.");
        }
        var list = Json.MAPPER.readTree(get("/api/conversations", "Authorization", "Bearer " + token).body());
        assertThat(list.get(0).get("id").asString()).isEqualTo(id);
        assertThat(list.get(0).get("model").asString()).isEqualTo("openai/gpt-4.1");
        assertThat(list.get(0).get("last").asString()).isEqualTo("assistant: Hello from the fake.");
    }

    @Test
    void aSaveApprovedFromThePageWritesTheFileAndASecondAnswerIsRefused() throws Exception {
        api.replyCalls("save", "{\"path\":\"a.txt\",\"content\":\"hi\\n\"}");
        api.replyText("Saved.");
        String id = create("approve");
        try (SseReader events = new SseReader(client, uri("/api/conversations/" + id + "/events"), token, null)) {
            events.next();
            post("/api/conversations/" + id + "/input", Map.of("text", "write a.txt"));
            @SuppressWarnings("unchecked")
            Map<String, Object> question = (Map<String, Object>) events.until(SseReader.type("question")).getLast()
                    .data().get("question");
            assertThat(question.get("type")).isEqualTo("permission");
            @SuppressWarnings("unchecked")
            Map<String, Object> preview = (Map<String, Object>) question.get("preview");
            assertThat(preview.get("type")).isEqualTo("diff");
            String qid = (String) question.get("id");
            assertThat(post("/api/conversations/" + id + "/answer", Map.of("question", qid, "answer",
                    Map.of("kind", "yes"))).statusCode()).isEqualTo(200);
            assertThat(post("/api/conversations/" + id + "/answer", Map.of("question", qid, "answer",
                    Map.of("kind", "no"))).statusCode()).isEqualTo(409);
            List<SseReader.Message> rest = events.until(SseReader.type("turn_ended"));
            assertThat(rest).extracting(SseReader.Message::type).contains("answered", "result");
        }
        assertThat(root.resolve("work/a.txt")).hasContent("hi\n");
    }

    @Test
    void aReconnectWithTheLastEventIdGetsEveryLaterEventOnceAndNoEarlierOne() throws Exception {
        api.replyCalls("save", "{\"path\":\"b.txt\",\"content\":\"b\\n\"}");
        api.replyText("One ", "two ", "three.");
        String id = create("resume");
        List<SseReader.Message> seen = new ArrayList<>();
        String lastId;
        String qid;
        try (SseReader events = new SseReader(client, uri("/api/conversations/" + id + "/events"), token, null)) {
            events.next();
            post("/api/conversations/" + id + "/input", Map.of("text", "write b.txt"));
            seen.addAll(events.until(SseReader.type("question")));
            lastId = seen.getLast().id();
            @SuppressWarnings("unchecked")
            Map<String, Object> q = (Map<String, Object>) seen.getLast().data().get("question");
            qid = (String) q.get("id");
        }
        // Disconnected: the turn goes on (answered by another client) while nobody reads the stream.
        post("/api/conversations/" + id + "/answer", Map.of("question", qid, "answer", Map.of("kind", "yes")));
        try (SseReader events = new SseReader(client, uri("/api/conversations/" + id + "/events"), token, lastId)) {
            seen.addAll(events.until(SseReader.type("turn_ended")));
        }
        List<Long> numbers = seen.stream().map(m -> Long.parseLong(m.id().substring(m.id().indexOf('-') + 1))).toList();
        for (int i = 1; i < numbers.size(); i++) {
            assertThat(numbers.get(i)).as("event after %s", numbers.get(i - 1)).isEqualTo(numbers.get(i - 1) + 1);
        }
        assertThat(seen).extracting(SseReader.Message::type).doesNotContain("snapshot", "missed");
        StringBuilder prose = new StringBuilder();
        seen.stream().filter(m -> m.type().equals("prose")).forEach(m -> prose.append(m.data().get("text")));
        assertThat(prose.toString()).isEqualTo("One two three.");
    }

    @Test
    void anUnknownConversationIsAnErrorThatSaysWhatToDo() throws Exception {
        var reply = post("/api/conversations/nothing-here/input", Map.of("text", "hi"));
        assertThat(reply.statusCode()).isEqualTo(409);
        assertThat(reply.body()).contains("no conversation 'nothing-here'");
    }

    private String create(String name) throws Exception {
        var created = post("/api/conversations", Map.of("name", name));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return (String) Json.readObject(created.body()).get("id");
    }
}
