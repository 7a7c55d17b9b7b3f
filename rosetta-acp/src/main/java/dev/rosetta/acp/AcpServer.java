package dev.rosetta.acp;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import com.agentclientprotocol.sdk.agent.AcpAgent;
import com.agentclientprotocol.sdk.agent.AcpSyncAgent;
import com.agentclientprotocol.sdk.agent.transport.StdioAcpAgentTransport;
import com.agentclientprotocol.sdk.error.AcpErrorCodes;
import com.agentclientprotocol.sdk.error.AcpProtocolException;
import com.agentclientprotocol.sdk.json.AcpJsonMapper;
import com.agentclientprotocol.sdk.spec.AcpSchema;

import dev.rosetta.agent.config.McpServerEntry;
import dev.rosetta.agent.log.NoSuchConversation;
import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.agent.session.SessionSetup;
import dev.rosetta.agent.session.SessionSpec;
import dev.rosetta.core.RosettaException;

/**
 * {@code rosetta acp}: Rosetta as an Agent Client Protocol agent (version 1) on stdin and stdout, for
 * the editors that host agents — Zed, JetBrains IDEs, Neovim, Emacs. Each ACP session is a Rosetta
 * conversation on a session host of its own, an ordinary log that {@code rosetta -r --name ID}
 * continues in the terminal. Nothing but protocol messages goes to the output it is given; what
 * Rosetta has to say otherwise goes out as a warning (on stderr, through the one guarded path).
 */
public final class AcpServer {

    /** How long the editor may take to answer a permission request: as long as the user thinks. */
    private static final Duration PATIENCE = Duration.ofDays(1);

    private final SessionSpec defaults;
    private final Map<String, String> env;
    private final String version;
    private final Consumer<String> warn;
    private final Map<String, AcpSession> sessions = new ConcurrentHashMap<>();
    private volatile AcpSyncAgent agent;

    /**
     * @param defaults what the command line asks of every session (model, tool format, -y, …)
     * @param version  Rosetta's version, for the editor
     * @param warn     where a warning goes (a line on stderr): what is not protocol
     */
    public AcpServer(SessionSpec defaults, Map<String, String> env, String version, Consumer<String> warn) {
        this.defaults = defaults;
        this.env = env;
        this.version = version;
        this.warn = warn;
    }

    /** Serves the editor on {@code in} and {@code out} until it closes the input; the exit code. */
    public int run(InputStream in, OutputStream out) {
        var transport = new StdioAcpAgentTransport(AcpJsonMapper.createDefault(), in, out);
        agent = AcpAgent.sync(transport).requestTimeout(PATIENCE)
                .initializeHandler(this::initialize)
                .newSessionHandler(this::newSession)
                .loadSessionHandler(this::loadSession)
                .resumeSessionHandler(this::resumeSession)
                .closeSessionHandler(c -> {
                    AcpSession s = sessions.remove(c.sessionId());
                    if (s != null) {
                        s.close();
                    }
                    return new AcpSchema.CloseSessionResponse();
                })
                .listSessionsHandler(r -> SessionListing.list(env, r))
                .promptHandler((request, context) -> session(request.sessionId()).prompt(request))
                .cancelHandler(c -> {
                    AcpSession s = sessions.get(c.sessionId());
                    if (s != null) {
                        s.cancel();
                    }
                })
                .setSessionConfigOptionHandler(r -> new AcpSchema.SetSessionConfigOptionResponse(
                        session(r.sessionId()).set(r.configId(), r.value())))
                .setSessionModelHandler(r -> {
                    session(r.sessionId()).set(ConfigOptions.MODEL, r.modelId());
                    return new AcpSchema.SetSessionModelResponse();
                })
                .build();
        try {
            agent.run();
        } finally {
            sessions.values().forEach(AcpSession::close);
        }
        return 0;
    }

    private AcpSchema.InitializeResponse initialize(AcpSchema.InitializeRequest request) {
        var capabilities = new AcpSchema.AgentCapabilities(true,
                // session/list and session/close are offered; resume is the SDK's unstable method and
                // is answered too, without being advertised as a stable capability
                new AcpSchema.SessionCapabilities(Map.of(), Map.of(), null, null, null, null),
                new AcpSchema.McpCapabilities(true, true),
                new AcpSchema.PromptCapabilities(false, true, false), null, null);
        return new AcpSchema.InitializeResponse(1, capabilities, List.of(),
                new AcpSchema.Implementation("rosetta", version, "Rosetta"), null);
    }

    private AcpSchema.NewSessionResponse newSession(AcpSchema.NewSessionRequest request) {
        AcpSession session = open(defaults.conversation(false, null, workspace(request.cwd()))
                .withServers(servers(request.mcpServers())), request.cwd());
        session.attach();
        return new AcpSchema.NewSessionResponse(session.id(), null, session.models());
    }

    /** {@code session/load}: the conversation by its id, its history sent as updates before the answer. */
    private AcpSchema.LoadSessionResponse loadSession(AcpSchema.LoadSessionRequest request) {
        AcpSession session = reopen(request.sessionId(), request.cwd(), request.mcpServers());
        session.replay();
        session.attach();
        return new AcpSchema.LoadSessionResponse(null, session.models());
    }

    /** {@code session/resume}: the conversation by its id, going on without its history sent again. */
    private AcpSchema.ResumeSessionResponse resumeSession(AcpSchema.ResumeSessionRequest request) {
        AcpSession session = reopen(request.sessionId(), request.cwd(), request.mcpServers());
        session.attach();
        return new AcpSchema.ResumeSessionResponse(null, session.models());
    }

    private AcpSession reopen(String id, String cwd, List<AcpSchema.McpServer> servers) {
        AcpSession open = sessions.remove(id);
        if (open != null) {
            open.close(); // opened again: its log is released and opened afresh
        }
        return open(defaults.conversation(true, id, workspace(cwd)).withServers(servers(servers)), cwd);
    }

    private AcpSession open(SessionSpec spec, String cwd) {
        List<String> warnings = new ArrayList<>();
        Path folder = cwd == null || cwd.isBlank() ? Path.of("").toAbsolutePath() : Path.of(cwd);
        EditorFiles files = EditorFiles.offered(agent);
        SessionSetup setup = new SessionSetup(spec, env, folder, w -> {
            warnings.add(w);
            warn.accept(w);
        }).files(files).formsAnswered(true); // the session puts a server's form to the editor
        SessionHost host;
        try {
            host = SessionHost.open(setup::open);
        } catch (NoSuchConversation e) { // session/load of an id the log folder does not have
            throw new AcpProtocolException(AcpErrorCodes.SESSION_NOT_FOUND, e.getMessage());
        } catch (RosettaException e) { // a ProviderException too
            throw new AcpProtocolException(AcpErrorCodes.INTERNAL_ERROR, e.getMessage());
        }
        AcpSession session = new AcpSession(host, agent, warn, warnings, files);
        if (files != null) {
            files.session(session.id());
        }
        sessions.put(session.id(), session);
        return session;
    }

    private AcpSession session(String id) {
        AcpSession session = sessions.get(id);
        if (session == null) {
            throw new AcpProtocolException(AcpErrorCodes.SESSION_NOT_FOUND, "there is no session " + id
                    + " here; create one (session/new) or load it (session/load)");
        }
        return session;
    }

    /** The editor's folder, which must be an absolute path that is there. */
    private static String workspace(String cwd) {
        if (cwd == null || cwd.isBlank()) {
            return null;
        }
        Path path = Path.of(cwd);
        if (!path.isAbsolute()) {
            throw new AcpProtocolException(AcpErrorCodes.INVALID_PARAMS, "cwd must be an absolute path: " + cwd);
        }
        if (!Files.isDirectory(path)) {
            throw new AcpProtocolException(AcpErrorCodes.INVALID_PARAMS, "cwd is not a folder that exists: " + cwd);
        }
        return cwd;
    }

    /** The MCP servers the editor passes, as servers given whole (they win over a config file's of the same name). */
    static List<McpServerEntry> servers(List<AcpSchema.McpServer> given) {
        List<McpServerEntry> entries = new ArrayList<>();
        for (AcpSchema.McpServer server : given == null ? List.<AcpSchema.McpServer>of() : given) {
            switch (server) {
                case AcpSchema.McpServerStdio s -> {
                    Map<String, String> variables = new LinkedHashMap<>();
                    if (s.env() != null) {
                        s.env().forEach(v -> variables.put(v.name(), v.value()));
                    }
                    entries.add(new McpServerEntry(s.name(), s.command(), s.args(), variables, null, Map.of(), true,
                            null, false, null, null));
                }
                case AcpSchema.McpServerHttp h -> entries.add(new McpServerEntry(h.name(), null, List.of(), Map.of(),
                        h.url(), headers(h.headers()), true, null, false, null, null));
                case AcpSchema.McpServerSse h -> entries.add(new McpServerEntry(h.name(), null, List.of(), Map.of(),
                        h.url(), headers(h.headers()), true, null, false, null, null));
                default -> { }
            }
        }
        return entries;
    }

    private static Map<String, String> headers(List<AcpSchema.HttpHeader> headers) {
        Map<String, String> map = new LinkedHashMap<>();
        if (headers != null) {
            headers.forEach(h -> map.put(h.name(), h.value()));
        }
        return map;
    }
}
