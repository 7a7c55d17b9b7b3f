package dev.rosetta.tools.mcp;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.process.Executables;
import dev.rosetta.tools.sandbox.Sandbox;
import io.modelcontextprotocol.json.McpJsonDefaults;

/**
 * How a stdio server's process is started: its program looked for on the PATH first (so a missing one
 * is said plainly), launched through the sandbox with the definition's own variables, in a session of
 * its own, its stderr going straight to the server's log.
 */
final class StdioLaunch {

    private StdioLaunch() {}

    /**
     * @param faulted told when the server's output cannot be read any more, and why
     * @param ended   run when the process has ended
     */
    static StdioTransport start(McpServerSettings settings, McpEndpoint.Stdio stdio, StderrLog stderr,
            StdioTransport.Faults faulted, Runnable ended) throws McpFailure {
        Map<String, String> base = new LinkedHashMap<>(System.getenv());
        String path = base.get("PATH");
        if (!stdio.command().contains("/") && Executables.find(stdio.command(), path).isEmpty()) {
            throw new McpFailure(ErrorCode.UNAVAILABLE, "cannot start " + settings.name() + ": there is no program '"
                    + stdio.command() + "' on the PATH");
        }
        List<String> server = new ArrayList<>(List.of(stdio.command()));
        server.addAll(stdio.args());
        base.putAll(stdio.env());
        Sandbox.Launch launch;
        try {
            launch = settings.sandbox().launch(server, settings.workspace(), base, stdio.writable(), stdio.network());
        } catch (IOException e) {
            throw new McpFailure(ErrorCode.UNAVAILABLE, "cannot start " + settings.name() + ": " + e.getMessage());
        }
        // the definition's own variables count even where the rule would withhold them: it names them
        Map<String, String> env = new LinkedHashMap<>(launch.environment());
        env.putAll(stdio.env());
        List<String> command = new ArrayList<>();
        // Its own session, as the shell's: Ctrl-C in the terminal reaches Rosetta, not the server.
        if (!launch.ownSession()) {
            Executables.find("setsid", path).ifPresent(setsid -> command.addAll(List.of(setsid.toString(), "--")));
        }
        var sh = Executables.find("sh", path);
        Path sink = sh.isPresent() ? stderr.sink() : null;
        if (sink != null) {
            // The server's stderr goes to the log's pipe (or file) by the system itself; the transport's
            // own stderr pipe stays open on fd 3, for what the shell itself might say. The sh runs
            // outside the sandbox, so the pipe need not be visible in it.
            command.addAll(List.of(sh.get().toString(), "-c", "exec 3>&2 2>>\"$0\"; exec \"$@\"",
                    sink.toString()));
        }
        command.addAll(launch.command());
        var transport = new StdioTransport(command, env, settings.workspace(), McpJsonDefaults.getMapper(),
                stderr::line, faulted, ended);
        stderr.note("starting " + stdio.shown());
        return transport;
    }
}
