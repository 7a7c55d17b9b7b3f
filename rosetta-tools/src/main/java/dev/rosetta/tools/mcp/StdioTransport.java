package dev.rosetta.tools.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;

import dev.rosetta.tools.process.ProcessGroups;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;

/**
 * A stdio server: its process, run in the workspace with the environment its launch made (no secret
 * it was not given; in the sandbox where there is one), its
 * standard output read as one JSON-RPC message a line, its standard input written one message a
 * line. What the SDK's own stdio transport leaves a call waiting for its whole time limit over is
 * said at once, with the reason ({@link Faults}): a message larger than {@link #MESSAGE_LIMIT}
 * (never held whole), a line that is not a JSON-RPC message (a banner printed before {@code
 * initialize}, a broken line, JSON nested past the parser's depth), and the process ending.
 */
final class StdioTransport implements McpClientTransport {

    /** The largest message read, as the SDK's own transport bounds it. */
    static final int MESSAGE_LIMIT = 16 << 20;
    /** A line of the server's stderr longer than this is cut: it is for a log. */
    private static final int STDERR_LINE_LIMIT = 64 << 10;
    /** How long the end of the process waits for the messages it wrote to be handed on. */
    private static final Duration READ_WAIT = Duration.ofSeconds(2);

    /** What went wrong with a server's output, told once: the transport reads nothing more after it. */
    interface Faults {
        void fault(String what);
    }

    private final List<String> command;
    private final Map<String, String> env;
    private final Path workspace;
    private final McpJsonMapper json;
    private final Consumer<String> stderrLines;
    private final Faults faults;
    private final Runnable exited;
    private final Sinks.Many<JSONRPCMessage> inbound = Sinks.many().unicast().onBackpressureBuffer();
    private final BlockingQueue<Object> outbound = new LinkedBlockingQueue<>();
    private static final Object END = new Object();
    private volatile Process process;
    private volatile Thread reader;
    private volatile boolean read;
    private volatile boolean closing;

    /**
     * @param env         the process's whole environment
     * @param stderrLines gets each line the process writes on its standard error
     * @param faults      told when the server's output cannot be read, once
     * @param exited      run once, on a thread of its own, when the process has ended
     */
    StdioTransport(List<String> command, Map<String, String> env, Path workspace, McpJsonMapper json,
            Consumer<String> stderrLines, Faults faults, Runnable exited) {
        this.command = List.copyOf(command);
        this.env = Map.copyOf(env);
        this.workspace = workspace;
        this.json = json;
        this.stderrLines = stderrLines;
        this.faults = faults;
        this.exited = exited;
    }

    @Override
    public Mono<Void> connect(Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler) {
        return Mono.<Void>fromRunnable(() -> {
            inbound.asFlux().flatMap(message -> Mono.just(message).transform(handler)).subscribe();
            ProcessBuilder builder = new ProcessBuilder(command).directory(workspace.toFile());
            builder.environment().clear();
            builder.environment().putAll(env);
            try {
                process = builder.start();
            } catch (IOException e) {
                throw new IllegalStateException("cannot start " + command.getFirst() + ": " + e.getMessage(), e);
            }
            reader = daemon("mcp-stdout", this::readMessages);
            daemon("mcp-stderr", this::readStderr);
            daemon("mcp-stdin", this::writeMessages);
            process.onExit().thenRunAsync(this::ended, r -> daemon("mcp-server-exit", r));
        }).subscribeOn(Schedulers.boundedElastic());
    }

    private static Thread daemon(String name, Runnable body) {
        return Thread.ofPlatform().daemon().name(name).start(body);
    }

    private void readMessages() {
        try (InputStream in = process.getInputStream()) {
            BoundedLines lines = new BoundedLines(in, MESSAGE_LIMIT, false);
            for (byte[] line = lines.next(); line != null; line = lines.next()) {
                String text = new String(line, StandardCharsets.UTF_8);
                if (text.isBlank()) {
                    continue;
                }
                JSONRPCMessage message;
                try {
                    message = McpSchema.deserializeJsonRpcMessage(json, text);
                } catch (IOException | RuntimeException e) {
                    fault(ServerOutput.notJsonRpc(text, e, read));
                    return;
                }
                read = true;
                inbound.tryEmitNext(message);
            }
        } catch (BoundedLines.TooLong e) {
            fault(ServerOutput.tooLarge(MESSAGE_LIMIT));
        } catch (IOException e) {
            // the process ended, or Rosetta closed it: the exit is reported on its own
        } finally {
            inbound.tryEmitComplete();
        }
    }

    private void fault(String what) {
        if (!closing) {
            closing = true;
            faults.fault(what);
        }
    }

    private void readStderr() {
        try (InputStream err = process.getErrorStream()) {
            BoundedLines lines = new BoundedLines(err, STDERR_LINE_LIMIT, true);
            for (byte[] line = lines.next(); line != null; line = lines.next()) {
                stderrLines.accept(new String(line, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    private void writeMessages() {
        try (OutputStream in = process.getOutputStream()) {
            for (Object next = outbound.take(); next != END; next = outbound.take()) {
                // A message is one line: JSON strings escape their line breaks, and none is written pretty.
                in.write(json.writeValueAsBytes(next));
                in.write('\n');
                in.flush();
            }
        } catch (IOException e) {
            // the process closed its input or ended: the exit is reported on its own
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The process ended: once the messages it wrote are handed on (within a bound), it is reported. */
    private void ended() {
        outbound.add(END);
        try {
            Thread stdout = reader;
            if (stdout != null) {
                stdout.join(READ_WAIT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        exited.run();
    }

    @Override
    public Mono<Void> sendMessage(JSONRPCMessage message) {
        if (closing) {
            return Mono.error(new IllegalStateException("the server's connection is closed"));
        }
        outbound.add(message);
        return Mono.empty();
    }

    /** Closes the server's input, then ends the process as {@link #kill} does. */
    @Override
    public Mono<Void> closeGracefully() {
        return Mono.<Void>fromRunnable(() -> {
            closing = true;
            outbound.add(END);
            try {
                kill(READ_WAIT);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }).subscribeOn(Schedulers.boundedElastic());
    }

    /**
     * Ends the server's process and whatever it started, whether or not it listens: a TERM, and
     * after {@code grace} a KILL. What it started is its descendants and its process group: a
     * sandbox's init and the server keep the group setsid made even when the sandbox's launcher
     * has ended already, and no longer descend from it then.
     */
    void kill(Duration grace) throws InterruptedException {
        closing = true;
        Process running = process;
        if (running == null) {
            return;
        }
        Set<ProcessHandle> family = new LinkedHashSet<>();
        family.add(running.toHandle());
        running.descendants().forEach(family::add);
        family.addAll(ProcessGroups.members(running.pid()));
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

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return json.convertValue(data, typeRef);
    }
}
