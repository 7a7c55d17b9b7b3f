package dev.rosetta.tools.mcp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import dev.rosetta.core.text.Shortened;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.sandbox.Sandbox;
import dev.rosetta.tools.sandbox.SandboxRefusal;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.publisher.Mono;

/**
 * One live session with a server, through the SDK's client: started (the initialize handshake
 * with the workspace offered as the one root), asked for its tools, called. Every wait is bounded
 * and also ends the moment a stdio server's process does. A call Rosetta gives up on is
 * cancelled at the server. A crashed server is not brought back here: {@link McpServer} opens a
 * new connection.
 */
final class McpConnection implements AutoCloseable {

    private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);
    /**
     * How long a server that let a call time out has to answer a ping before it is taken for hung
     * (no longer than a call may take).
     */
    private static final Duration PING_WAIT = Duration.ofSeconds(5);
    /**
     * The most tools of one server Rosetta reads: a server may name page after page without end,
     * or a hundred thousand tools on one, and each tool read is kept in memory. A request declares
     * far fewer ({@code [limits] tools}).
     */
    static final int MOST_LISTED = 10_000;
    /**
     * The most characters of a JSON-RPC error's message a result keeps: it goes to the model and
     * into the log, and an error says what went wrong in its first lines.
     */
    private static final int LONGEST_ERROR = 4000;
    /** The most characters of one log message a server sends that its log keeps (the log rotates, a line does not). */
    private static final int LONGEST_LOGGED = 4096;
    /** The SDK's own limit per request stays behind Rosetta's, so Rosetta's fires first and cancels. */
    private static final Duration SDK_MARGIN = Duration.ofSeconds(30);

    private final McpServerSettings settings;
    private final StderrLog stderr;
    private final FormElicitation forms;
    private final Runnable announced;
    private final CompletableFuture<Void> gone = new CompletableFuture<>();
    private final Map<Object, Consumer<McpSchema.ProgressNotification>> progress = new ConcurrentHashMap<>();
    private final AtomicLong tokens = new AtomicLong();
    private volatile CallTracking transport;
    /** The transport of a stdio server, which can end its process; null over HTTP. */
    private volatile StdioTransport process;
    /** Why the server's output could not be read (then nothing more is read from it); null while it can. */
    private volatile String fault;
    private volatile McpAsyncClient client;
    /** The HTTP client of a streamable HTTP transport, told when the connection closes; null over stdio. */
    private volatile ResumingHttpClient resumingHttp;
    private volatile boolean broken;

    private McpConnection(McpServerSettings settings, StderrLog stderr, McpForm.Asker forms, Runnable announced) {
        this.settings = settings;
        this.stderr = stderr;
        this.forms = new FormElicitation(settings, stderr, forms);
        this.announced = announced;
    }

    /**
     * Starts the server and completes the handshake.
     *
     * @param announced    run the moment the server says its tools changed (the SDK is not told: the
     *                     owner lists them again, bounded as {@link #tools()} is)
     * @param oauth        signs in to an HTTP server that asks for a token; null for none
     * @param opening      gets each connection before it starts, so that it can be closed while it does
     */
    static McpConnection open(McpServerSettings settings, StderrLog stderr, Runnable announced,
            McpForm.Asker forms, McpOAuth oauth,
            Consumer<McpConnection> opening) throws McpFailure, InterruptedException {
        McpConnection connection = new McpConnection(settings, stderr, forms, announced);
        opening.accept(connection);
        if (settings.endpoint() instanceof McpEndpoint.Http http) {
            try {
                connection.start(HttpTransports.streamable(settings.name(), http, oauth,
                        built -> connection.resumingHttp = built));
                return connection;
            } catch (McpFailure streamable) {
                if (streamable.code().equals(ErrorCode.TIMEOUT)) {
                    throw streamable;
                }
                if (!connection.serverAnswered()) {
                    // Nothing answered at all (refused, no such host): the older transport would
                    // only wait for its time limit at the same address.
                    connection.close();
                    throw new McpFailure(ErrorCode.UNAVAILABLE, connection.redact("cannot reach " + settings.name()
                            + " at " + http.url() + ": " + HttpTransports.unreached(streamable)));
                }
                // An older server answers the streamable POST with an error: try HTTP+SSE at the same URL.
                connection.close();
                McpConnection sse = new McpConnection(settings, stderr, forms, announced);
                opening.accept(sse);
                try {
                    sse.start(HttpTransports.sse(settings.name(), http));
                    return sse;
                } catch (McpFailure ignored) {
                    sse.close();
                    throw streamable;
                }
            }
        }
        return openStdio(connection, settings, stderr, announced, forms, opening);
    }

    /** A server started as a process; started again when its sandbox, not the server, lost a race. */
    private static McpConnection openStdio(McpConnection first, McpServerSettings settings, StderrLog stderr,
            Runnable announced, McpForm.Asker forms, Consumer<McpConnection> opening)
            throws McpFailure, InterruptedException {
        McpConnection connection = first;
        for (int attempt = 1; ; attempt++) {
            try {
                connection.start(connection.process((McpEndpoint.Stdio) settings.endpoint()));
                return connection;
            } catch (McpFailure failed) {
                String last = stderr.last();
                if (attempt >= Sandbox.START_ATTEMPTS || last == null || !settings.sandbox().lostARace(last)) {
                    throw failed;
                }
                // Another program's /tmp entry vanished while the sandbox set up: start afresh.
                connection.close();
                connection = new McpConnection(settings, stderr, forms, announced);
                opening.accept(connection);
            }
        }
    }

    /** Whether an HTTP server answered a request of this connection; false over stdio. */
    private boolean serverAnswered() {
        ResumingHttpClient http = resumingHttp;
        return http != null && http.answered();
    }

    private void start(McpClientTransport sdkTransport) throws McpFailure, InterruptedException {
        transport = new CallTracking(sdkTransport, announced);
        client = McpClient.async(transport)
                .clientInfo(new McpSchema.Implementation("rosetta", "Rosetta", version()))
                .requestTimeout(settings.callTimeout().plus(SDK_MARGIN))
                .initializationTimeout(settings.startTimeout().plus(SDK_MARGIN))
                .capabilities(McpSchema.ClientCapabilities.builder().roots(false).elicitation(true, false).build())
                .roots(new McpSchema.Root(settings.workspace().toUri().toString(), "workspace"))
                .elicitation(forms::elicited)
                .applyElicitationDefaults(true)
                .progressConsumer(p -> Mono.fromRunnable(() -> progressOf(p)))
                .loggingConsumer(m -> Mono.fromRunnable(() -> stderr.note("log " + m.level() + ": "
                        + Shortened.cut(String.valueOf(m.data()), LONGEST_LOGGED))))
                .build();
        await(client.initialize().toFuture(), settings.startTimeout(), "starting");
    }

    /** What the server said, in its answer to initialize, about using it; null when nothing. */
    String instructions() {
        return client.getServerInstructions();
    }

    /**
     * The server's tools, page after page, at most {@link #MOST_LISTED} of them and no longer than a
     * start may take in all; none when it does not offer tools at all (only prompts, say).
     */
    ToolList tools() throws McpFailure, InterruptedException {
        var capabilities = client.getServerCapabilities();
        if (capabilities == null || capabilities.tools() == null) {
            return new ToolList(List.of(), false);
        }
        List<McpSchema.Tool> listed = new ArrayList<>();
        long deadline = System.nanoTime() + settings.startTimeout().toNanos();
        String cursor = McpSchema.FIRST_PAGE;
        do {
            Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
            var page = await(client.listTools(cursor).toFuture(), left, "listing its tools");
            listed.addAll(page.tools() == null ? List.of() : page.tools());
            cursor = page.nextCursor();
        } while (cursor != null && !cursor.isEmpty() && listed.size() < MOST_LISTED);
        boolean cut = listed.size() > MOST_LISTED || (cursor != null && !cursor.isEmpty());
        if (cut) {
            stderr.note("stopped listing its tools after " + MOST_LISTED + ": it named more");
        }
        return new ToolList(cut ? List.copyOf(listed.subList(0, Math.min(listed.size(), MOST_LISTED)))
                : List.copyOf(listed), cut);
    }

    /** A server's tools as listed: {@code cut} when it named more than {@link #MOST_LISTED}, which were not read. */
    record ToolList(List<McpSchema.Tool> tools, boolean cut) {}

    /**
     * Calls a tool; interrupting the thread cancels the call at the server.
     *
     * @param onProgress gets the server's progress notifications for this call
     */
    McpSchema.CallToolResult call(String tool, Map<String, Object> arguments, Duration timeout,
            Consumer<McpSchema.ProgressNotification> onProgress) throws McpFailure, InterruptedException {
        String token = "rosetta-" + tokens.incrementAndGet();
        progress.put(token, onProgress);
        var request = McpSchema.CallToolRequest.builder().name(tool).arguments(arguments).progressToken(token).build();
        CompletableFuture<McpSchema.CallToolResult> call = client.callTool(request).toFuture();
        try {
            return await(call, timeout, "running " + tool);
        } catch (InterruptedException e) {
            cancel(token, tool, "the user interrupted the call");
            throw e;
        } catch (McpFailure f) {
            if (f.code().equals(ErrorCode.TIMEOUT)) {
                cancel(token, tool, "no answer within " + seconds(timeout));
                Duration pingWait = timeout.compareTo(PING_WAIT) < 0 ? timeout : PING_WAIT;
                if (!answersPing(pingWait)) {
                    stop("it did not answer a ping within " + seconds(pingWait) + " after the call timed out");
                    throw new McpFailure(ErrorCode.TIMEOUT, f.getMessage() + "; it did not answer a ping either, so"
                            + " Rosetta stopped it and starts it again on the next call");
                }
            }
            throw f;
        } finally {
            transport.finished(token);
            progress.remove(token);
        }
    }

    /** Whether the server still answers at all: a slow tool leaves it able to, a hung server does not. */
    private boolean answersPing(Duration wait) throws InterruptedException {
        try {
            await(client.ping().toFuture(), wait, "answering a ping");
            return true;
        } catch (McpFailure f) {
            return f.code().equals(McpFailure.SERVER_ERROR) || f.code().equals(ErrorCode.INVALID_ARGS);
        }
    }

    /** A hung server: its process (or session) is ended now, and the next call opens a new one. */
    private void stop(String why) {
        broken = true;
        stderr.note("stopping the server: " + why);
        close();
    }

    private void cancel(String token, String tool, String reason) {
        transport.cancel(token, reason);
        stderr.note("sent notifications/cancelled for the call of " + tool + ": " + reason);
    }

    /** Whether the server can still be talked to: its process runs and no request found it gone. */
    boolean alive() {
        return !gone.isDone() && !broken;
    }

    /** Ends the session; a stdio server's process is ended too, by force if it does not heed the SDK's TERM. */
    @Override
    public void close() {
        ResumingHttpClient resuming = resumingHttp;
        if (resuming != null) {
            resuming.stopResuming();
        }
        if (client == null) {
            return;
        }
        try {
            client.closeGracefully().block(CLOSE_WAIT);
        } catch (RuntimeException e) {
            client.close();
        }
        StdioTransport stdio = process;
        if (stdio != null) {
            try {
                stdio.kill(CLOSE_WAIT); // the SDK's TERM may not have been heeded
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void progressOf(McpSchema.ProgressNotification p) {
        var listener = progress.get(p.progressToken());
        if (listener != null) {
            listener.accept(p);
        }
    }

    /** Waits for {@code pending}, no longer than {@code limit} and no longer than the server lives. */
    private <T> T await(CompletableFuture<T> pending, Duration limit, String doing)
            throws McpFailure, InterruptedException {
        try {
            CompletableFuture.anyOf(pending, gone).get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            pending.cancel(true);
            throw e;
        } catch (TimeoutException e) {
            pending.cancel(true);
            throw new McpFailure(ErrorCode.TIMEOUT, settings.name() + " did not answer within " + seconds(limit)
                    + " while " + doing);
        } catch (ExecutionException e) {
            // reported below, from the future that failed
        }
        if (!pending.isDone()) {
            pending.cancel(true);
            String why = fault;
            throw new McpFailure(ErrorCode.UNAVAILABLE, why != null ? settings.name() + " " + why + " (while " + doing
                    + ")" : settings.name() + " exited while " + doing + lastWords());
        }
        try {
            return pending.join();
        } catch (RuntimeException e) {
            throw failure(e.getCause() != null ? e.getCause() : e, doing);
        }
    }

    private McpFailure failure(Throwable cause, String doing) {
        if (cause instanceof McpError error && error.getJsonRpcError() != null) {
            var rpc = error.getJsonRpcError();
            ErrorCode code = Integer.valueOf(-32602).equals(rpc.code()) ? ErrorCode.INVALID_ARGS : McpFailure.SERVER_ERROR;
            return new McpFailure(code, redact(settings.name() + " answered with an error while " + doing + ": "
                    + Shortened.cut(String.valueOf(rpc.message()), LONGEST_ERROR) + " (code " + rpc.code() + ")"));
        }
        broken = true;
        String why = rootMessage(cause);
        return new McpFailure(ErrorCode.UNAVAILABLE, redact(settings.name() + " failed while " + doing + ": " + why
                + lastWords()), cause);
    }

    /** What the server said last, and whether the sandbox refused it something (a server needing the network). */
    private String lastWords() {
        String last = stderr.last();
        if (last == null) {
            return "";
        }
        String refused = process == null ? "" : SandboxRefusal.describe(last, settings.sandbox(), settings.workspace())
                .map(r -> "; " + r + " (a server's own: network = \"on\" or writable = [...] in its [mcp.servers."
                        + settings.name() + "])").orElse("");
        return "; its last words: " + last + refused;
    }

    private McpClientTransport process(McpEndpoint.Stdio stdio) throws McpFailure {
        StdioTransport transport = StdioLaunch.start(settings, stdio, stderr, this::faulted, this::ended);
        process = transport;
        return transport;
    }

    /** The server's process ended: what it said last is logged first, and every wait ends now. */
    private void ended() {
        try {
            stderr.awaitDrained(StderrLog.DRAIN_WAIT); // its last words first
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stderr.note("the server's process ended");
        gone.complete(null);
    }

    /**
     * The server's output cannot be read any more: every wait ends now with why, and the server
     * is stopped; the next call starts it again.
     */
    private void faulted(String what) {
        fault = redact(what);
        broken = true;
        stderr.note("stopping the server: it " + fault);
        gone.complete(null);
        StdioTransport stdio = process;
        if (stdio != null) {
            Thread.ofVirtual().start(() -> {
                try {
                    stdio.kill(CLOSE_WAIT);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
    }

    private String redact(String text) {
        return settings.endpoint().redact(text);
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String message = t.getMessage();
        return (message == null || message.isBlank() ? t.getClass().getSimpleName() : message.strip())
                .replace('\n', ' ');
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    private static String version() {
        String v = McpConnection.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
