package dev.rosetta.tools.mcp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import dev.rosetta.core.text.Shortened;
import dev.rosetta.core.tool.ErrorCode;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * One configured server across a conversation: started once, its tools offered as Rosetta tools,
 * and started again on the next call after it crashed or closed (the call's result says so). The
 * tools it offers change when the server says its list changed.
 */
public final class McpServer implements AutoCloseable {

    /** What a server reports as it goes; called from the SDK's threads. */
    public interface Listener {
        /** The server's tools are now these (after starting, restarting or {@code list_changed}). */
        void toolsChanged(McpServer server, List<McpTool> tools);

        /** A line for the user: progress of a call, a restart. */
        void notice(String line);

        /** A form the server wants the user to fill in; declined unless someone can be asked. */
        default McpForm.Answer form(McpForm form) throws InterruptedException {
            return McpForm.Asker.DECLINE.ask(form);
        }
    }

    /** A server's instructions go into every request's system prompt; a long one is cut to this. */
    public static final int INSTRUCTIONS_LIMIT = 4096;
    /** How many of the tools a server lists that Rosetta cannot offer are named, each with why. */
    private static final int SKIPPED_SHOWN = 5;

    private final McpServerSettings settings;
    private final Listener listener;
    private final StderrLog stderr;
    /** Signs in to an HTTP server configured without a token of its own; null for the others. */
    private final McpOAuth oauth;
    private McpConnection connection;
    /** The connection being started, which {@link #close()} may end while {@link #start()} waits for it. */
    private volatile McpConnection opening;
    private volatile List<McpTool> tools = List.of();
    private volatile String skipped = "";
    private volatile String instructions = "";
    private volatile boolean closed;
    /** Guards the count of list_changed notifications and of those the tools were listed again after. */
    private final ReentrantLock listing = new ReentrantLock();
    private final Condition relisted = listing.newCondition();
    private long announcedChanges;
    private long listedChanges;

    public McpServer(McpServerSettings settings, Listener listener) {
        this.settings = settings;
        this.listener = listener;
        this.stderr = StderrLog.open(settings.stderrLog(), settings.stderrLogLimit(), settings.endpoint()::redact);
        this.oauth = settings.endpoint() instanceof McpEndpoint.Http http && http.headers().keySet().stream()
                .noneMatch("Authorization"::equalsIgnoreCase)
                ? new McpOAuth(settings.name(), http, settings.startTimeout(), listener::notice) : null;
    }

    public String name() {
        return settings.name();
    }

    public McpServerSettings settings() {
        return settings;
    }

    /** Starts the server and lists its tools; blocks until it is ready or has failed. */
    public synchronized List<McpTool> start() throws McpFailure, InterruptedException {
        if (closed) {
            throw new McpFailure(ErrorCode.UNAVAILABLE, settings.name() + " was shut down");
        }
        McpConnection fresh = McpConnection.open(settings, stderr, this::announced, this::listed, listener::form,
                oauth, c -> opening = c);
        try {
            listed(fresh.tools());
        } catch (McpFailure | InterruptedException | RuntimeException e) {
            fresh.close();
            throw e;
        }
        connection = fresh;
        instructions = cut(settings.endpoint().redact(fresh.instructions()));
        return tools;
    }

    /** The tools it offers now. */
    public List<McpTool> tools() {
        return tools;
    }

    /**
     * What the server said about using it when it started (its {@code instructions}), secrets
     * taken out and cut to {@value #INSTRUCTIONS_LIMIT} characters; empty when it said nothing.
     */
    public String instructions() {
        return instructions;
    }

    private static String cut(String text) {
        if (text == null || text.isBlank()) {
            return "";
        }
        String stripped = text.strip();
        return stripped.length() <= INSTRUCTIONS_LIMIT ? stripped
                : stripped.substring(0, INSTRUCTIONS_LIMIT) + "\n[… cut: the server's instructions are "
                        + stripped.length() + " characters]";
    }

    /** Tools the server listed that Rosetta cannot offer, and why; empty when none. */
    public String skipped() {
        return skipped;
    }

    /** The last line the server wrote on its standard error, or null. */
    public String lastStderr() {
        return stderr.last();
    }

    /**
     * Calls one of its tools by the server's name for it, starting the server again first when it
     * has stopped since the last call.
     */
    McpSchema.CallToolResult call(String tool, Map<String, Object> arguments,
            Consumer<McpSchema.ProgressNotification> progress) throws McpFailure, InterruptedException {
        McpConnection live = liveConnection();
        return live.call(tool, arguments, settings.callTimeout(), progress);
    }

    /** Whether the next call finds the server as it was (false: it will be started again first). */
    public synchronized boolean running() {
        return connection != null && connection.alive();
    }

    private synchronized McpConnection liveConnection() throws McpFailure, InterruptedException {
        if (connection != null && connection.alive()) {
            return connection;
        }
        if (connection != null) {
            connection.close();
            connection = null;
        }
        listener.notice("mcp: starting " + settings.name() + " again (it had stopped)");
        start();
        return connection;
    }

    /** The server said its tools changed: until they are listed again, a request waits for them. */
    private void announced() {
        listing.lock();
        try {
            announcedChanges++;
        } finally {
            listing.unlock();
        }
    }

    /**
     * Waits, at most {@code bound}, until the tools are listed again after every change the server
     * announced, so that the next request offers the new set. False when the bound passed first
     * (the changes are then taken as listed, so later requests do not wait for them again).
     */
    public boolean awaitListing(Duration bound) throws InterruptedException {
        listing.lock();
        try {
            long nanos = bound.toNanos();
            while (listedChanges < announcedChanges) {
                if (nanos <= 0) {
                    listedChanges = announcedChanges;
                    return false;
                }
                nanos = relisted.awaitNanos(nanos);
            }
            return true;
        } finally {
            listing.unlock();
        }
    }

    private void listed(List<McpSchema.Tool> listed) {
        List<McpTool> next = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (McpSchema.Tool tool : listed) {
            String problem = McpToolSpecs.problem(settings.name(), tool);
            if (problem != null) {
                refused.add(problem);
            } else {
                next.add(new McpTool(this, tool, McpToolSpecs.of(settings.name(), tool)));
            }
        }
        tools = List.copyOf(next);
        skipped = Shortened.someOf(refused, SKIPPED_SHOWN, 200, "; ");
        listener.toolsChanged(this, tools);
        listing.lock();
        try {
            listedChanges = announcedChanges; // this list holds every change announced before it
            relisted.signalAll();
        } finally {
            listing.unlock();
        }
    }

    /** A progress notification of a call to {@code tool}, as a line for the user. */
    void progress(String tool, McpSchema.ProgressNotification p) {
        StringBuilder line = new StringBuilder(tool).append(": ");
        if (p.progress() != null) {
            line.append(number(p.progress()));
            if (p.total() != null) {
                line.append(" of ").append(number(p.total()));
            }
        }
        if (p.message() != null && !p.message().isBlank()) {
            line.append(p.progress() != null ? " · " : "").append(p.message().strip());
        }
        listener.notice(settings.endpoint().redact(line.toString()));
    }

    private static String number(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }

    /** Ends the session and the server's process, also while it is still starting. */
    @Override
    public void close() {
        closed = true;
        McpConnection starting = opening;
        if (starting != null) {
            starting.close();
        }
        closeConnection();
    }

    private synchronized void closeConnection() {
        if (connection != null) {
            connection.close();
            connection = null;
        }
        stderr.close();
    }
}
