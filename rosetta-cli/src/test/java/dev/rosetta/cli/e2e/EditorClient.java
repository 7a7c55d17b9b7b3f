package dev.rosetta.cli.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;

import com.agentclientprotocol.sdk.client.AcpClient;
import com.agentclientprotocol.sdk.client.AcpSyncClient;
import com.agentclientprotocol.sdk.client.transport.AgentParameters;
import com.agentclientprotocol.sdk.client.transport.StdioAcpClientTransport;
import com.agentclientprotocol.sdk.error.AcpErrorCodes;
import com.agentclientprotocol.sdk.error.AcpProtocolException;
import com.agentclientprotocol.sdk.json.TypeRef;
import com.agentclientprotocol.sdk.spec.AcpSchema;

import reactor.core.publisher.Mono;

/**
 * An editor as the official ACP SDK's client side is one: it starts {@code rosetta acp} from the
 * jar in the sandbox (its environment only, the workspace as its folder), records every session
 * update, and answers permission requests as the test says. Standard output of the process is
 * kept as it came (a {@code tee} between the process and the client), for the test to check it
 * held protocol messages and nothing else.
 */
final class EditorClient implements AutoCloseable {

    /** Long enough for a start-up on a busy machine; a request never answered fails the test instead of hanging. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    final AcpSyncClient client;
    final List<AcpSchema.SessionNotification> updates = new CopyOnWriteArrayList<>();
    final BlockingQueue<AcpSchema.RequestPermissionRequest> asked = new LinkedBlockingQueue<>();
    /**
     * A call's life as it came on the wire, updates and permission requests in one order:
     * {@code CALLID pending}, {@code CALLID asked}, {@code CALLID in_progress}, …
     */
    final List<String> callWire = new CopyOnWriteArrayList<>();
    /** The editor's open buffers by absolute path: unsaved text that the disk does not have. */
    final Map<String, String> buffers = new ConcurrentHashMap<>();
    /** The file requests the agent made ({@code read PATH}, {@code write PATH}), in order. */
    final List<String> fileRequests = new CopyOnWriteArrayList<>();
    /** Paths whose writes the editor refuses (a read-only buffer, say). */
    final Set<String> refusedWrites = ConcurrentHashMap.newKeySet();
    private final BlockingQueue<AcpSchema.SessionUpdate> arriving = new LinkedBlockingQueue<>();
    /** The MCP servers' forms the agent put to the editor ({@code elicitation/create}). */
    final BlockingQueue<AcpSchema.CreateElicitationRequest> forms = new LinkedBlockingQueue<>();
    private volatile Function<AcpSchema.CreateElicitationRequest, AcpSchema.CreateElicitationResponse> formAnswers =
            r -> AcpSchema.CreateElicitationResponse.decline();
    private final Path stdout;
    private volatile Function<AcpSchema.RequestPermissionRequest, String> answers = r -> null;

    EditorClient(Sandbox sandbox, String... args) {
        int n = (int) (System.nanoTime() & 0xffff);
        this.stdout = sandbox.workspace().getParent().resolve("stdio").resolve("acp-" + n + ".out");
        Path stderr = stdout.resolveSibling("acp-" + n + ".err");
        List<String> rosetta = new ArrayList<>(List.of("acp"));
        rosetta.addAll(List.of(args));
        List<String> command = RosettaJar.command(rosetta);
        // sh runs the jar with its stdout through tee: the client reads it, and a copy is kept.
        List<String> shell = new ArrayList<>(List.of("-c", "\"$@\" 2>>'" + stderr + "' | tee '" + stdout + "'", "sh"));
        shell.addAll(command);
        AgentParameters params = AgentParameters.builder("sh").args(shell).env(sandbox.env()).build();
        StdioAcpClientTransport transport = new StdioAcpClientTransport(params) {
            @Override
            protected ProcessBuilder getProcessBuilder() {
                ProcessBuilder builder = new ProcessBuilder().directory(sandbox.workspace().toFile());
                builder.environment().clear();
                return builder;
            }

            // The SDK's sync client hands each notification to a pool thread, so its consumer sees
            // updates out of order; they are recorded here instead, on the one thread that reads them.
            @Override
            public Mono<Void> connect(Function<Mono<AcpSchema.JSONRPCMessage>, Mono<AcpSchema.JSONRPCMessage>> handler) {
                return super.connect(message -> handler.apply(message.doOnNext(m -> record(this, m))));
            }
        };
        client = AcpClient.sync(transport).requestTimeout(PATIENCE)
                .requestPermissionHandler(request -> {
                    asked.add(request);
                    String option = answers.apply(request);
                    return new AcpSchema.RequestPermissionResponse(option == null ? new AcpSchema.PermissionCancelled()
                            : new AcpSchema.PermissionSelected(option));
                })
                .createElicitationHandler(request -> {
                    forms.add(request);
                    return formAnswers.apply(request);
                })
                .readTextFileHandler(this::readTextFile)
                .writeTextFileHandler(this::writeTextFile)
                .build();
    }

    /** An editor's read: the buffer when one is open, else the disk; a file on neither is not found. */
    private AcpSchema.ReadTextFileResponse readTextFile(AcpSchema.ReadTextFileRequest request) {
        fileRequests.add("read " + request.path());
        String held = buffers.get(request.path());
        if (held != null) {
            return new AcpSchema.ReadTextFileResponse(held);
        }
        try {
            return new AcpSchema.ReadTextFileResponse(Files.readString(Path.of(request.path())));
        } catch (IOException e) {
            throw new AcpProtocolException(-32002, "not found: " + request.path());
        }
    }

    /** An editor's write: into its buffer, not yet saved to the disk. */
    private AcpSchema.WriteTextFileResponse writeTextFile(AcpSchema.WriteTextFileRequest request) {
        fileRequests.add("write " + request.path());
        if (refusedWrites.contains(request.path())) {
            throw new AcpProtocolException(AcpErrorCodes.INTERNAL_ERROR, "the buffer of " + request.path()
                    + " is read-only");
        }
        buffers.put(request.path(), request.content());
        return new AcpSchema.WriteTextFileResponse();
    }

    private void record(StdioAcpClientTransport transport, AcpSchema.JSONRPCMessage message) {
        if (message instanceof AcpSchema.JSONRPCNotification n && AcpSchema.METHOD_SESSION_UPDATE.equals(n.method())) {
            AcpSchema.SessionNotification update = transport.unmarshalFrom(n.params(), new TypeRef<>() { });
            updates.add(update);
            switch (update.update()) {
                case AcpSchema.ToolCall c -> callWire.add(c.toolCallId() + " " + c.status().name().toLowerCase(java.util.Locale.ROOT));
                case AcpSchema.ToolCallUpdateNotification u when u.status() != null ->
                        callWire.add(u.toolCallId() + " " + u.status().name().toLowerCase(java.util.Locale.ROOT));
                default -> { }
            }
            arriving.add(update.update());
        } else if (message instanceof AcpSchema.JSONRPCRequest r
                && AcpSchema.METHOD_SESSION_REQUEST_PERMISSION.equals(r.method())) {
            AcpSchema.RequestPermissionRequest request = transport.unmarshalFrom(r.params(), new TypeRef<>() { });
            callWire.add(request.toolCall().toolCallId() + " asked");
        }
    }

    /** How permission requests are answered from now on: the option picked, or null to cancel. */
    void answering(Function<AcpSchema.RequestPermissionRequest, String> answer) {
        this.answers = answer;
    }

    /** How the servers' forms are answered from now on. */
    void fillingIn(Function<AcpSchema.CreateElicitationRequest, AcpSchema.CreateElicitationResponse> answer) {
        this.formAnswers = answer;
    }

    /** The option of {@code kind} in a request. */
    static String option(AcpSchema.RequestPermissionRequest request, AcpSchema.PermissionOptionKind kind) {
        return request.options().stream().filter(o -> o.kind() == kind).findFirst().orElseThrow().optionId();
    }

    AcpSchema.InitializeResponse initialize() {
        return initialize(false, false);
    }

    /**
     * @param files whether the editor offers its files ({@code fs/read_text_file}, {@code fs/write_text_file})
     * @param forms whether it fills in forms ({@code elicitation/create}, form mode)
     */
    AcpSchema.InitializeResponse initialize(boolean files, boolean forms) {
        return client.initialize(new AcpSchema.InitializeRequest(1, new AcpSchema.ClientCapabilities(
                new AcpSchema.FileSystemCapability(files, files), false,
                forms ? new AcpSchema.ElicitationCapabilities(Map.of(), null, null) : null, null)));
    }

    /** A new session in the sandbox's workspace. */
    String newSession(Sandbox sandbox) {
        return client.newSession(new AcpSchema.NewSessionRequest(sandbox.workspace().toString(), List.of()))
                .sessionId();
    }

    AcpSchema.PromptResponse prompt(String session, String text) {
        return client.prompt(new AcpSchema.PromptRequest(session, List.of(new AcpSchema.TextContent(text))));
    }

    /** The next update (after those awaited) of {@code type} that passes {@code test}, waited for. */
    <U extends AcpSchema.SessionUpdate> U await(Class<U> type, Predicate<U> test) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            AcpSchema.SessionUpdate next = arriving.poll(1, TimeUnit.SECONDS);
            if (type.isInstance(next) && test.test(type.cast(next))) {
                return type.cast(next);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " came; the updates: " + updates);
    }

    <U extends AcpSchema.SessionUpdate> List<U> all(Class<U> type) {
        return updates.stream().map(AcpSchema.SessionNotification::update).filter(type::isInstance).map(type::cast)
                .toList();
    }

    /** The agent's message: its chunks joined. */
    String message() {
        StringBuilder text = new StringBuilder();
        for (AcpSchema.AgentMessageChunk c : all(AcpSchema.AgentMessageChunk.class)) {
            if (c.content() instanceof AcpSchema.TextContent t) {
                text.append(t.text());
            }
        }
        return text.toString();
    }

    /** What the process wrote to its standard output, as it came. */
    List<String> stdoutLines() {
        try {
            return Files.exists(stdout) ? Files.readAllLines(stdout) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        client.closeGracefully();
    }
}
