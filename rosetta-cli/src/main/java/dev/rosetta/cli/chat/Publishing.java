package dev.rosetta.cli.chat;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;

import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.agent.session.SessionSpec;
import dev.rosetta.core.RosettaException;
import dev.rosetta.web.ServeSettings;
import dev.rosetta.web.WebServer;
import dev.rosetta.web.http.AccessToken;

/**
 * {@code --serve} and {@code /serve}: the terminal's conversation in the browser too. The web server
 * starts the first time it is asked for, on the loopback address (port 7800, or a free one when that
 * is taken: another Rosetta may serve there), and stops with the chat. The host says the URL to every
 * front end.
 */
final class Publishing implements SessionHost.Publisher, AutoCloseable {

    private final Map<String, String> env;
    private final SessionSpec defaults;
    private final Consumer<String> warnings;
    private WebServer server;

    Publishing(Map<String, String> env, SessionSpec defaults, Consumer<String> warnings) {
        this.env = env;
        this.defaults = defaults;
        this.warnings = warnings;
    }

    @Override
    public synchronized String publish(SessionHost host) {
        if (server == null) {
            server = start();
        }
        return "in the browser at " + server.publish(host) + " — the token in it is the key: share it with no one";
    }

    private WebServer start() {
        String token = AccessToken.fresh();
        Path here = Path.of("").toAbsolutePath();
        try {
            return WebServer.start(new ServeSettings(ServeSettings.DEFAULT_HOST, ServeSettings.DEFAULT_PORT, token, null),
                    env, here, defaults, warnings);
        } catch (RosettaException taken) {
            return WebServer.start(new ServeSettings(ServeSettings.DEFAULT_HOST, 0, token, null), env, here, defaults,
                    warnings);
        }
    }

    @Override
    public synchronized void close() {
        if (server != null) {
            server.close();
        }
    }
}
