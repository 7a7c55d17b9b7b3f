package dev.rosetta.cli;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Callable;

import dev.rosetta.agent.session.SessionSpec;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.cli.terminal.ExitCode;
import dev.rosetta.core.RosettaException;
import dev.rosetta.web.ServeSettings;
import dev.rosetta.web.WebServer;
import dev.rosetta.web.http.AccessToken;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rosetta serve}: the web front end. Prints the URL with its secret token and serves until
 * Ctrl-C; conversations opened in the page are Rosetta's logs, as {@code rosetta -r} opens them.
 */
@Command(name = "serve", description = {"Serves the web front end: your conversations in a browser, on this machine"
        + " or a phone. Prints a URL with a secret token; Ctrl-C stops.", "See docs/WEB.md."})
final class ServeCommand implements Callable<Integer> {

    @Option(names = "--host", paramLabel = "ADDRESS", defaultValue = ServeSettings.DEFAULT_HOST,
            description = "The address to listen on (default: ${DEFAULT-VALUE}, this machine only); 0.0.0.0 for"
                    + " every device on your network.")
    private String host;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "7800", description = "The port (default:"
            + " ${DEFAULT-VALUE}; 0 picks a free one).")
    private int port;

    @Option(names = "--public-url", paramLabel = "URL", description = "Where a reverse proxy serves it with TLS"
            + " (https://rosetta.example.com): requests for that host and origin are let in too.")
    private URI publicUrl;

    @Option(names = {"-m", "--model"}, paramLabel = "PROVIDER/MODEL", description = "The model of new conversations"
            + " when the page names none (default: as configured).")
    private String model;

    @Option(names = "--tool-format", paramLabel = "FORMAT", description = "Their tool format (default: as configured).")
    private String toolFormat;

    @Option(names = {"-w", "--workspace"}, paramLabel = "DIR", description = "Their folder (default: here).")
    private String workspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        TerminalOutput output = Main.output(spec);
        if (port < 0 || port > 65535) {
            output.error("--port " + port + " is not a port: use 0 to 65535");
            return ExitCode.BAD_USAGE;
        }
        if (publicUrl != null && (publicUrl.getHost() == null || !List.of("http", "https").contains(publicUrl.getScheme()))) {
            output.error("--public-url " + publicUrl + " is not an http(s) URL with a host");
            return ExitCode.BAD_USAGE;
        }
        Map<String, String> env = System.getenv();
        ServeSettings settings = new ServeSettings(host, port, AccessToken.fresh(), publicUrl);
        SessionSpec defaults = new SessionSpec(false, null, workspace, model, toolFormat, null, true, false, List.of(),
                List.of(), true, null, null);
        WebServer server;
        try {
            server = WebServer.start(settings, env, Path.of("").toAbsolutePath(), defaults, output::warning);
        } catch (RosettaException e) {
            output.error(e.getMessage());
            return ExitCode.BAD_USAGE;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "rosetta-serve-stop"));
        announce(output, settings, server);
        stopped.await();
        return ExitCode.OK;
    }

    private static void announce(TerminalOutput output, ServeSettings settings, WebServer server) {
        output.out().line("Rosetta serves its web front end; open:");
        server.urls().forEach(url -> output.out().line("  " + url));
        if (!settings.loopbackOnly()) {
            output.out().line("");
            output.out().line("It listens on " + settings.host() + ": anyone who can reach this machine and has the"
                    + " URL can run commands here as you. The token is the only lock, and plain HTTP shows it to"
                    + " anyone watching the network: use it on a network you trust, or put it behind a reverse proxy"
                    + " with TLS and give --public-url (docs/WEB.md shows one).");
        }
        output.out().line("The token in the URL is the key: share it with no one. Ctrl-C stops.");
        output.out().flush();
    }
}
