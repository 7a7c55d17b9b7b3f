package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;


/**
 * {@code rosetta serve} from the jar, its page in a real browser: Debian's Chromium driven by
 * playwright-core ({@code .ci/playwright} installs both; {@code ROSETTA_PLAYWRIGHT} names the
 * folder), against the fake provider. The browser's steps are in {@code web/browser-test.js}; the
 * screenshots land in {@code target/web-screenshots}.
 */
class WebBrowserIT extends EndToEnd {

    private static final Path SHOTS = BrowserSteps.SHOTS;

    private WebServe server;
    private String url;

    @BeforeEach
    void startServer() throws Exception {
        BrowserSteps.require();
        server = WebServe.start(sandbox, "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool");
        url = server.url();
    }

    @AfterEach
    void stopServer() throws InterruptedException {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aReplyStreamsAFoldedSaveOpensAndApprovedInThePageWritesTheFile() throws Exception {
        model.script(Format.TOOL.reply("Hello, **friend**. Here is `hello.py`, and the Java of it:\n\n```java\nSystem.out.println(\"hi\");\n```\n",
                ModelCall.save("hello.py", "print('hello')\nprint('from')\nprint('the')\nprint('browser')\nprint('!')\n")),
                ScriptedReply.text("Saved."));

        String seen = browser("approve");

        assertThat(sandbox.workspace().resolve("hello.py")).hasContent(
                "print('hello')\nprint('from')\nprint('the')\nprint('browser')\nprint('!')\n");
        assertThat(seen).contains("Hello, friend.").contains("✓ save");
        assertThat(SHOTS.resolve("web-desktop.png")).isNotEmptyFile();
        assertThat(SHOTS.resolve("web-phone.png")).isNotEmptyFile();
    }

    @Test
    void markupAndScriptFromTheModelAndAToolAreShownAsTextAndNeverRun() throws Exception {
        Files.writeString(sandbox.workspace().resolve("evil.html"),
                "<script>window.__pwned=1</script><img src=x onerror=\"window.__pwned=2\">\n");
        model.script(Format.TOOL.reply("Look: <script>window.__pwned=3</script> <img src=x onerror=\"window.__pwned=4\">"
                        + " [click](javascript:window.__pwned=5)\n",
                ModelCall.read("evil.html")),
                ScriptedReply.text("<iframe src=\"javascript:window.__pwned=6\"></iframe>Done."));

        browser("hostile");
    }

    @Test
    void theConnectionDroppedMidStreamComesBackWithNothingLostOrTwice() throws Exception {
        model.script(Format.TOOL.reply("Counting.\n",
                ModelCall.shell("for i in $(seq 1 50); do echo line $i; sleep 0.1; done")),
                ScriptedReply.text("After the drop: done."));

        String seen = browser("reconnect");

        assertThat(seen).contains("\"prose\":[\"Counting.\",\"After the drop: done.\"]")
                .contains("\"results\":[\"✓ shell · exit 0 · 50 lines\"]").contains("\"blocks\":1")
                .contains("\"inputs\":1");
    }

    @Test
    void aWrongOrMissingTokenIs401AndAForeignOriginIs403() throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        URI base = URI.create(url.substring(0, url.indexOf("/?")));
        String token = url.substring(url.indexOf("token=") + 6);
        assertThat(client.send(HttpRequest.newBuilder(base.resolve("/")).build(), HttpResponse.BodyHandlers.ofString())
                .statusCode()).isEqualTo(401);
        assertThat(client.send(HttpRequest.newBuilder(base.resolve("/?token=" + token + "0")).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);
        var foreign = client.send(HttpRequest.newBuilder(base.resolve("/api/conversations"))
                .header("Authorization", "Bearer " + token).header("Origin", "https://evil.example")
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(foreign.statusCode()).isEqualTo(403);
        assertThat(sandbox.conversations()).isEmpty();
        assertThat(client.send(HttpRequest.newBuilder(base.resolve("/api/conversations"))
                .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString()).statusCode())
                .isEqualTo(200);
    }

    private String browser(String step) throws IOException, InterruptedException {
        return server.browser("browser-test.js", step);
    }
}
