package dev.rosetta.cli.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        for (int i = 0; i < 600 && server.process().isAlive(); i++) {
            Matcher m = URL.matcher(Files.readString(server.out()));
            if (m.find()) {
                return m.group(1);
            }
            Thread.sleep(50); // polling the printed output for the URL: no ordering is assumed from it
        }
        Matcher m = URL.matcher(Files.readString(server.out()));
        if (m.find()) {
            return m.group(1);
        }
        throw new AssertionError("rosetta serve printed no URL: " + Files.readString(server.out())
                + Files.readString(server.err()));
    }

    @Override
    public void close() throws InterruptedException {
        server.process().destroy();
        if (!server.process().waitFor(10, TimeUnit.SECONDS)) {
            server.process().destroyForcibly();
        }
    }
}
