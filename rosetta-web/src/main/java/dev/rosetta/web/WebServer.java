package dev.rosetta.web;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.agent.session.SessionSpec;
import dev.rosetta.core.RosettaException;
import dev.rosetta.web.conversation.OpenConversation;
import dev.rosetta.web.conversation.OpenConversations;
import dev.rosetta.web.http.Access;
import dev.rosetta.web.http.PageFiles;
import dev.rosetta.web.http.Replies;

/**
 * {@code rosetta serve}: the web front end and its API, on the JDK's own HTTP server with a virtual
 * thread per request (an event stream holds one for as long as the browser watches; virtual threads
 * make that cheap). Every request passes {@link Access} first. docs/WEB.md describes it.
 */
public final class WebServer implements AutoCloseable {

    private final ServeSettings settings;
    private final HttpServer server;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final OpenConversations conversations;
    private final Access access;
    private final Api api;

    private WebServer(ServeSettings settings, HttpServer server, OpenConversations conversations, Choices choices) {
        this.settings = settings;
        this.server = server;
        this.conversations = conversations;
        this.access = new Access(settings, port());
        this.api = new Api(conversations, choices);
    }

    /**
     * Starts listening.
     *
     * @param defaults what a conversation opened from the page asks for where the page says nothing
     * @throws RosettaException when the address cannot be listened on (the port is taken), saying what to do
     */
    public static WebServer start(ServeSettings settings, Map<String, String> env, Path currentFolder,
            SessionSpec defaults, Consumer<String> warnings) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(settings.host()), settings.port()), 64);
        } catch (BindException e) {
            throw new RosettaException("cannot listen on " + settings.host() + ":" + settings.port() + " (" + e.getMessage()
                    + "); is another `rosetta serve` running? Choose another port with --port");
        } catch (IOException e) {
            throw new RosettaException("cannot listen on " + settings.host() + ":" + settings.port() + ": " + e.getMessage());
        }
        OpenConversations conversations = new OpenConversations(env, currentFolder, defaults, warnings);
        WebServer web = new WebServer(settings, server, conversations, new Choices(env, currentFolder, warnings));
        server.setExecutor(web.threads);
        server.createContext("/", web::handle);
        server.start();
        return web;
    }

    /** Shows a conversation a terminal runs ({@code --serve}, {@code /serve}); returns its page's URL. */
    public String publish(SessionHost host) {
        OpenConversation published = conversations.publish(host);
        return url() + "#/c/" + java.net.URLEncoder.encode(published.id(), java.nio.charset.StandardCharsets.UTF_8);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** The URL to open, with the token: on the loopback address, or the first LAN address when bound to all. */
    public String url() {
        return urls().get(0);
    }

    /** Every URL the page can be opened at (one per address when bound to all of them). */
    public List<String> urls() {
        List<String> urls = new ArrayList<>();
        String query = "/?token=" + settings.token();
        if (settings.publicUrl() != null) {
            urls.add(settings.publicUrl().toString().replaceAll("/+$", "") + query);
        }
        String host = settings.host();
        if (host.equals("0.0.0.0") || host.equals("::")) {
            try {
                for (var nic : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
                    for (InetAddress a : java.util.Collections.list(nic.getInetAddresses())) {
                        if (a instanceof java.net.Inet4Address && !a.isLoopbackAddress() && nic.isUp()) {
                            urls.add("http://" + a.getHostAddress() + ":" + port() + query);
                        }
                    }
                }
            } catch (java.net.SocketException e) {
                // no interface listed: the loopback URL below still works on this machine
            }
            urls.add("http://127.0.0.1:" + port() + query);
        } else {
            urls.add("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port() + query);
        }
        return urls;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Replies.secure(exchange);
            var headers = exchange.getRequestHeaders();
            URI uri = exchange.getRequestURI();
            Access.Verdict verdict = access.check(new Access.Request(headers.getFirst("Host"), headers.getFirst("Origin"),
                    headers.getFirst("Sec-Fetch-Site"), headers.getFirst("Authorization"), headers.getFirst("Cookie"),
                    uri.getRawQuery()), port());
            if (verdict instanceof Access.Refused r) {
                Replies.text(exchange, r.status(), r.message());
                return;
            }
            String path = uri.getRawPath();
            if (((Access.Allowed) verdict).fromQuery() && exchange.getRequestMethod().equals("GET")
                    && !path.startsWith("/api/")) {
                remember(exchange, path);
                return;
            }
            route(exchange, path);
        } catch (RuntimeException e) {
            Replies.error(exchange, 500, "the server failed: " + e.getMessage());
        }
    }

    /** The token came in the URL: keep it in a cookie only this site's requests carry, and take it out of the URL. */
    private void remember(HttpExchange exchange, String path) throws IOException {
        boolean secure = settings.publicUrl() != null && "https".equals(settings.publicUrl().getScheme());
        exchange.getResponseHeaders().add("Set-Cookie", access.cookieName() + "=" + settings.token()
                + "; Path=/; HttpOnly; SameSite=Strict; Max-Age=2592000" + (secure ? "; Secure" : ""));
        exchange.getResponseHeaders().set("Location", path);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(303, -1);
    }

    private void route(HttpExchange exchange, String path) throws IOException {
        String method = exchange.getRequestMethod();
        if (path.startsWith("/api/")) {
            api.handle(exchange, path.substring("/api/".length()));
            return;
        }
        if (!method.equals("GET") && !method.equals("HEAD")) {
            Replies.text(exchange, 405, "the page is read with GET");
            return;
        }
        var file = path.equals("/") ? PageFiles.page("index.html")
                : path.startsWith("/app/") ? PageFiles.page(path.substring("/app/".length()))
                : path.startsWith("/lib/") ? PageFiles.library(path.substring("/lib/".length()))
                : java.util.Optional.<PageFiles.File>empty();
        if (file.isEmpty()) {
            Replies.text(exchange, 404, "no such page: " + path);
            return;
        }
        exchange.getResponseHeaders().set("Cache-Control", "no-cache");
        Replies.send(exchange, 200, file.get().type(), file.get().bytes());
    }

    @Override
    public void close() {
        conversations.close();
        server.stop(0);
        threads.shutdownNow();
    }
}
