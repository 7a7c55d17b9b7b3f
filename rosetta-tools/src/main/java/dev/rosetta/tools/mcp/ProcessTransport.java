package dev.rosetta.tools.mcp;

import java.lang.reflect.Field;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import dev.rosetta.tools.process.ProcessGroups;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.publisher.Mono;

/**
 * The SDK's stdio transport with what Rosetta needs: the server runs in the workspace with the
 * environment its launch was given (no key it was not given), and Rosetta hears at once when its process ends. The SDK itself would let a call to a crashed server
 * wait for its full time limit; here a watcher waits for the process and reports its end.
 */
final class ProcessTransport extends StdioClientTransport {

    private final Path workspace;
    private final Map<String, String> environment;
    private final Runnable exited;

    /**
     * @param environment the server's whole environment (the sandbox's launch made it, secrets out)
     * @param exited      run once, on a thread of its own, when the server's process has ended
     */
    ProcessTransport(ServerParameters parameters, McpJsonMapper json, Path workspace, Map<String, String> environment,
            Runnable exited) {
        super(parameters, json);
        this.workspace = workspace;
        this.environment = Map.copyOf(environment);
        this.exited = exited;
    }

    @Override
    protected ProcessBuilder getProcessBuilder() {
        ProcessBuilder builder = new ProcessBuilder().directory(workspace.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);
        return builder;
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        // connect() starts the process; once it has, watch it.
        return super.connect(handler).doOnSuccess(started -> watch());
    }

    /**
     * Ends the server's process and whatever it started, whether or not it listens: a TERM, and
     * after {@code grace} a KILL. The SDK's own close only sends the TERM, which a hung or
     * stubborn server may never act on.
     */
    void kill(Duration grace) throws InterruptedException {
        Process process = process();
        if (process == null) {
            return;
        }
        // Its descendants, and its process group: a sandbox's init and the server stay in the group
        // setsid made even when the sandbox's launcher has ended already (the SDK's own TERM goes there).
        Set<ProcessHandle> family = new LinkedHashSet<>();
        family.add(process.toHandle());
        process.descendants().forEach(family::add);
        family.addAll(ProcessGroups.members(process.pid()));
        family.removeIf(p -> !p.isAlive());
        if (family.isEmpty()) {
            return;
        }
        family.forEach(ProcessHandle::destroy);
        if (!awaitAll(family, grace)) {
            family.forEach(ProcessHandle::destroyForcibly);
            awaitAll(family, grace); // a KILL is not refused: the system ends them as soon as it can
        }
    }

    private static boolean awaitAll(Set<ProcessHandle> family, Duration wait) throws InterruptedException {
        try {
            CompletableFuture.allOf(family.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new))
                    .get(wait.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException | java.util.concurrent.ExecutionException e) {
            return false;
        }
    }

    /** The SDK's process, which it keeps to itself; null if this version of the SDK has none where expected. */
    private Process process() {
        try {
            Field field = StdioClientTransport.class.getDeclaredField("process");
            field.setAccessible(true);
            return field.get(this) instanceof Process p ? p : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private void watch() {
        Thread watcher = new Thread(() -> {
            try {
                awaitForExit();
            } catch (RuntimeException e) {
                // interrupted while Rosetta exits: the process is being ended anyway
                return;
            }
            exited.run();
        }, "mcp-server-exit");
        watcher.setDaemon(true);
        watcher.start();
    }
}
