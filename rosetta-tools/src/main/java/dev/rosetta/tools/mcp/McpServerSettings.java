package dev.rosetta.tools.mcp;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

import dev.rosetta.tools.sandbox.Sandbox;

/**
 * One server as a conversation runs it.
 *
 * @param name         what its tools are prefixed with: {@code NAME.TOOL}
 * @param endpoint     how to reach it
 * @param callTimeout  how long one call may take before it is cancelled
 * @param startTimeout how long starting it (the initialize handshake and the tool list) may take
 * @param trust        whether its calls run without asking the user
 * @param workspace    the conversation's workspace: a stdio server's working folder, and the root
 *                     Rosetta offers every server
 * @param stderrLog    where a stdio server's standard error is written, or null to keep only its
 *                     last line
 * @param stderrLogLimit how large that log grows before it is rotated ({@code [limits] mcp_log})
 * @param sandbox      how a stdio server's process is started: confined, without the secrets
 */
public record McpServerSettings(String name, McpEndpoint endpoint, Duration callTimeout, Duration startTimeout,
        boolean trust, Path workspace, Path stderrLog, long stderrLogLimit, Sandbox sandbox) {

    /** Letters, digits, '_' and '-', starting with a letter; no "__" (the native names' dot). */
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_-]{0,39}");

    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(120);
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(60);
    /** As {@code [limits] mcp_log} settles without any file. */
    public static final long DEFAULT_LOG_LIMIT = 10L << 20;

    public McpServerSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(callTimeout, "callTimeout");
        Objects.requireNonNull(startTimeout, "startTimeout");
        workspace = Objects.requireNonNull(workspace, "workspace").toAbsolutePath().normalize();
        sandbox = sandbox == null ? Sandbox.standard(workspace) : sandbox;
    }

    /** A server in the standard sandbox of its workspace. */
    public McpServerSettings(String name, McpEndpoint endpoint, Duration callTimeout, Duration startTimeout,
            boolean trust, Path workspace, Path stderrLog, long stderrLogLimit) {
        this(name, endpoint, callTimeout, startTimeout, trust, workspace, stderrLog, stderrLogLimit, null);
    }

    /** A server whose log is rotated at {@link #DEFAULT_LOG_LIMIT}, in the standard sandbox of its workspace. */
    public McpServerSettings(String name, McpEndpoint endpoint, Duration callTimeout, Duration startTimeout,
            boolean trust, Path workspace, Path stderrLog) {
        this(name, endpoint, callTimeout, startTimeout, trust, workspace, stderrLog, DEFAULT_LOG_LIMIT);
    }

    /** The same server in {@code newSandbox}. */
    public McpServerSettings inSandbox(Sandbox newSandbox) {
        return new McpServerSettings(name, endpoint, callTimeout, startTimeout, trust, workspace, stderrLog,
                stderrLogLimit, newSandbox);
    }

    /** Why {@code name} cannot name a server, or null when it can. */
    public static String nameProblem(String name) {
        if (name == null || !NAME.matcher(name).matches() || name.contains("__")) {
            return "a server's name is letters, digits, '_' and '-', starts with a letter, has no '__' and at most"
                    + " 40 characters";
        }
        return null;
    }
}
