package dev.rosetta.cli.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code rosetta serve --port 0} from the jar in a sandbox, and the URL with the token it printed:
 * the server the browser steps open. Closing it stops the process.
 */
final class WebServe implements AutoCloseable {

    private static final Pattern URL = Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/\\?token=[A-Za-z0-9_-]+)");

    private final Sandbox.Launched server;
    private final String url;

    private WebServe(Sandbox.Launched server, String url) {
        this.server = server;
        this.url = url;
    }

    /** Starts {@code rosetta serve --port 0 ARGS} and waits for its URL. */
    static WebServe start(Sandbox sandbox, String... args) throws IOException, InterruptedException {
        String[] words = new String[args.length + 3];
        words[0] = "serve";
        words[1] = "--port";
        words[2] = "0";
        System.arraycopy(args, 0, words, 3, args.length);
        Sandbox.Launched server = sandbox.launch(words);
        return new WebServe(server, awaitUrl(server));
    }

    /** The URL with the token, as printed. */
    String url() {
        return url;
    }

    /** Runs a step of {@code web/SCRIPT} against the server; a failure says what the server said too. */
    String browser(String script, String step) throws IOException, InterruptedException {
        try {
            return BrowserSteps.run(script, step, url);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\nserver said:\n" + Files.readString(server.err()), e);
        }
    }

    private static String awaitUrl(Sandbox.Launched server) throws IOException, InterruptedException {
        String printed = FileWatch.await(server.out(), text -> URL.matcher(text).find(), Duration.ofSeconds(30),
                server.process()).orElseThrow(() -> new AssertionError("rosetta serve printed no URL: "
                        + FileWatch.text(server.out()).orElse("") + FileWatch.text(server.err()).orElse("")));
        Matcher m = URL.matcher(printed);
        m.find();
        return m.group(1);
    }

    @Override
    public void close() throws InterruptedException {
        server.process().destroy();
        if (!server.process().waitFor(10, TimeUnit.SECONDS)) {
            server.process().destroyForcibly();
        }
    }
}
