package dev.rosetta.tools.mcp;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
    /** The live session; written under this object's lock, read without it by the relisting thread. */
    private volatile McpConnection connection;
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
    /** Whether a thread is listing the tools again; a change announced meanwhile is listed by it after. */
    private boolean relisting;

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
        McpConnection fresh = McpConnection.open(settings, stderr, this::announced, listener::form, oauth,
                c -> opening = c);
        try {
            long upTo = changesSoFar(); // before listing: a change announced while it lists is listed again
            listed(fresh.tools(), upTo);
        } catch (McpFailure | InterruptedException | RuntimeException e) {
            fresh.close();
            throw e;
        }
        connection = fresh;
        instructions = cut(settings.endpoint().redact(fresh.instructions()));
        relistIfChanged(); // a change it announced while its first list was on the way
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

    /**
     * The server said its tools changed: until they are listed again, a request waits for them.
     * One thread lists them again, once for however many changes were announced while it listed:
     * ten thousand notifications in a row are two listings, not ten thousand.
     */
    private void announced() {
        listing.lock();
        try {
            announcedChanges++;
        } finally {
            listing.unlock();
        }
        relistIfChanged();
    }

    private void relistIfChanged() {
        listing.lock();
        try {
            if (relisting || listedChanges >= announcedChanges || connection == null) {
                return; // the thread listing now, or start(), lists them after this change
            }
            relisting = true;
        } finally {
            listing.unlock();
        }
        Thread.ofVirtual().name("mcp-list-" + settings.name()).start(this::relist);
    }

    private void relist() {
        while (true) {
            McpConnection live = connection;
            long upTo = changesSoFar();
            try {
                if (live == null || !live.alive()) {
                    listedUpTo(upTo); // the next start lists them
                } else {
                    listed(live.tools(), upTo);
                }
            } catch (McpFailure | RuntimeException e) {
                stderr.note("listing the tools again failed: " + e.getMessage());
                listedUpTo(upTo);
            } catch (InterruptedException e) {
                listedUpTo(upTo);
            }
            listing.lock();
            try {
                if (listedChanges >= announcedChanges) {
                    relisting = false;
                    return;
                }
            } finally {
                listing.unlock();
            }
        }
    }

    private long changesSoFar() {
        listing.lock();
        try {
            return announcedChanges;
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

    /** Offers the tools listed, which hold every change announced up to {@code upTo}. */
    private void listed(McpConnection.ToolList listed, long upTo) {
        List<McpTool> next = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        if (listed.cut()) {
            refused.add(String.format(Locale.ROOT, "every tool past the first %,d: it named more, and Rosetta reads at"
                    + " most that many of one server", McpConnection.MOST_LISTED));
        }
        for (McpSchema.Tool tool : listed.tools()) {
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
        listedUpTo(upTo);
    }

    private void listedUpTo(long upTo) {
        listing.lock();
        try {
            listedChanges = Math.max(listedChanges, upTo);
            relisted.signalAll();
        } finally {
            listing.unlock();
        }
    }

    /** Where the progress notifications of one call to {@code tool} go: the few lines for the user. */
    Consumer<McpSchema.ProgressNotification> progressOf(String tool) {
        ProgressLines lines = new ProgressLines(tool, InstantSource.system());
        return p -> {
            String line = lines.line(p);
            if (line != null) {
                listener.notice(settings.endpoint().redact(line));
            }
        };
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
