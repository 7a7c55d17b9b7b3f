package dev.rosetta.agent.mcp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.rosetta.tools.ToolSource;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.mcp.McpFailure;
import dev.rosetta.tools.mcp.McpForm;
import dev.rosetta.tools.mcp.McpServer;
import dev.rosetta.tools.mcp.McpServerSettings;
import dev.rosetta.tools.mcp.McpTool;

/**
 * A conversation's MCP servers: started in parallel when the chat starts, without holding the
 * prompt, each reported in one line (ready with N tools, or failed and why); their tools join the
 * toolbox as they come and change when a server says its list changed. The first request waits
 * for servers still starting, up to a bound, then goes without them (and says so). Closing ends
 * every server.
 */
public final class McpServers implements ToolSource {

    /** How long the first request waits for servers still starting, unless configured. */
    public static final Duration DEFAULT_STARTUP_WAIT = Duration.ofSeconds(15);
    /** How long a request waits for the new tools of a server that said its tools changed. */
    static final Duration LIST_WAIT = Duration.ofSeconds(5);

    private final Map<String, Entry> servers = java.util.Collections.synchronizedMap(new LinkedHashMap<>());
    private final Toolbox toolbox;
    private final Duration startupWait;
    private final Consumer<String> status;
    private final CountDownLatch settled;
    private final McpServer.Listener listener;
    private volatile boolean waited;

    /** A server's state, for {@code /mcp}. */
    public enum State { STARTING, READY, FAILED, CLOSED }

    /** What {@code /mcp} shows of one server. */
    public record Status(String name, String endpoint, State state, int tools, List<String> toolNames, String error,
            String lastStderr, String skipped) {}

    private static final class Entry {
        final McpServer server;
        volatile State state = State.STARTING;
        volatile String error;
        volatile List<String> names = List.of();

        Entry(McpServer server) {
            this.server = server;
        }
    }

    /** Servers whose forms are declined. */
    public McpServers(List<McpServerSettings> settings, Toolbox toolbox, Duration startupWait, Consumer<String> status) {
        this(settings, toolbox, startupWait, status, McpQuestions.NONE);
    }

    /**
     * @param status    where the one-line reports go (from any thread)
     * @param questions fills in the servers' forms (or declines them)
     */
    public McpServers(List<McpServerSettings> settings, Toolbox toolbox, Duration startupWait, Consumer<String> status,
            McpForm.Asker questions) {
        this.toolbox = toolbox;
        this.startupWait = startupWait;
        this.status = status;
        this.settled = new CountDownLatch(settings.size());
        this.listener = new McpServer.Listener() {
            @Override
            public void toolsChanged(McpServer server, List<McpTool> tools) {
                changed(server, tools);
            }

            @Override
            public void notice(String line) {
                status.accept(line);
            }

            @Override
            public McpForm.Answer form(McpForm form) throws InterruptedException {
                return questions.ask(form);
            }
        };
        for (McpServerSettings s : settings) {
            servers.put(s.name(), new Entry(new McpServer(s, listener)));
        }
    }

    /** Adds a server while the chat runs (one the user just approved) and starts it. */
    public void startLater(McpServerSettings settings) {
        Entry e;
        synchronized (this) {
            if (servers.containsKey(settings.name())) {
                return;
            }
            e = new Entry(new McpServer(settings, listener));
            servers.put(settings.name(), e);
        }
        Thread.ofVirtual().name("mcp-start-" + settings.name()).start(() -> start(e));
    }

    /** Starts every server, each on a thread of its own; returns at once. */
    public McpServers start() {
        entries().forEach(e -> Thread.ofVirtual().name("mcp-start-" + e.server.name()).start(() -> start(e)));
        return this;
    }

    private void start(Entry e) {
        try {
            List<McpTool> tools = e.server.start();
            e.state = State.READY;
            String skipped = e.server.skipped().isEmpty() ? "" : " (left out: " + e.server.skipped() + ")";
            status.accept("mcp: " + e.server.name() + " ready with " + count(tools.size()) + skipped
                    + notOffered(e.names));
        } catch (McpFailure f) {
            failed(e, f.getMessage());
        } catch (InterruptedException ie) {
            failed(e, "stopped while starting");
        } catch (RuntimeException x) {
            failed(e, x.getMessage() == null ? x.getClass().getSimpleName() : x.getMessage());
        } finally {
            settled.countDown();
        }
    }

    private void failed(Entry e, String why) {
        if (e.state == State.CLOSED) {
            return; // shut down while starting: nothing to report
        }
        e.state = State.FAILED;
        e.error = why;
        status.accept("mcp: " + e.server.name() + " failed: " + why);
    }

    /** A server's tools replace its earlier ones in the toolbox. */
    private synchronized void changed(McpServer server, List<McpTool> tools) {
        Entry e = servers.get(server.name());
        if (e == null || e.state == State.CLOSED) {
            return;
        }
        List<String> before = e.names;
        toolbox.remove(before);
        toolbox.add(tools);
        e.names = tools.stream().map(t -> t.spec().name()).toList();
        if (e.state == State.READY && !before.equals(e.names)) {
            status.accept("mcp: " + server.name() + " changed its tools: now " + count(tools.size())
                    + notOffered(e.names));
        }
    }

    /** What of a server's tools a request does not offer, past the limit of tools a request declares; empty when none. */
    private String notOffered(List<String> names) {
        int left = toolbox.notOffered(names).size();
        return left == 0 ? "" : String.format(Locale.ROOT, "; %,d of them are not offered to the model: a"
                + " request declares at most %,d tools ([limits] tools)", left, toolbox.offerLimit());
    }

    /**
     * Before a request: the first time, waits for servers still starting, at most the bound; every
     * time, waits (at most {@link #LIST_WAIT}) for the tools of a server that said they changed.
     */
    @Override
    public void awaitTools() throws InterruptedException {
        if (!waited) {
            waited = true;
            awaitStarting();
        }
        for (Entry e : entries()) {
            if (e.state == State.READY && !e.server.awaitListing(LIST_WAIT)) {
                status.accept("mcp: " + e.server.name() + " said its tools changed but did not list them within "
                        + LIST_WAIT.toSeconds() + " s; going on with those it had");
            }
        }
    }

    private void awaitStarting() throws InterruptedException {
        if (!settled.await(startupWait.toMillis(), TimeUnit.MILLISECONDS)) {
            List<String> starting = entries().stream().filter(e -> e.state == State.STARTING)
                    .map(e -> e.server.name()).toList();
            if (!starting.isEmpty()) {
                status.accept("mcp: going on without " + String.join(", ", starting) + " (still starting after "
                        + startupWait.toSeconds() + " s); " + (starting.size() == 1 ? "its" : "their")
                        + " tools join when ready");
            }
        }
    }

    /** The instructions of the servers that are ready, by name, in the order configured. */
    @Override
    public Map<String, String> instructions() {
        Map<String, String> out = new LinkedHashMap<>();
        for (Entry e : entries()) {
            if (e.state == State.READY && !e.server.instructions().isEmpty()) {
                out.put(e.server.name(), e.server.instructions());
            }
        }
        return out;
    }

    /** Every server as it is now, in the order configured. */
    public List<Status> status() {
        List<Status> out = new ArrayList<>();
        for (Entry e : entries()) {
            out.add(new Status(e.server.name(), e.server.settings().endpoint().shown(), e.state, e.names.size(),
                    e.names, e.error, e.server.lastStderr(), e.server.skipped()));
        }
        return out;
    }

    /** Ends every server, in parallel (each may take a moment to exit). */
    @Override
    public void close() {
        List<Thread> closing = new ArrayList<>();
        for (Entry e : entries()) {
            e.state = State.CLOSED;
            closing.add(Thread.ofVirtual().start(e.server::close));
        }
        for (Thread t : closing) {
            try {
                t.join(5_000);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private List<Entry> entries() {
        synchronized (servers) {
            return List.copyOf(servers.values());
        }
    }

    private static String count(int n) {
        return n + (n == 1 ? " tool" : " tools");
    }
}
