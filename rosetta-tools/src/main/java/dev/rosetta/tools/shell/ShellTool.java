package dev.rosetta.tools.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.tools.LiveOutput;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.ToolFailure;
import dev.rosetta.tools.sandbox.SandboxRefusal;

/**
 * The {@code shell} tool: one persistent bash per conversation ({@link ShellSession}), started
 * in the workspace on the first call. Calls run one after another; a call made while another runs
 * waits for it. A command that ends the shell ({@code exit}) or that could only be stopped by
 * killing it costs the session's state; the next call starts a fresh one and says so.
 *
 * <p>Cancelling: interrupting the thread in {@link #run} stops the running command (not the
 * session) and returns a {@code Canceled} result with the output so far; the thread's interrupt
 * status is set again, so the caller still sees the interrupt.
 */
public final class ShellTool implements Tool {

    private final ShellSettings settings;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile ShellSession session;
    private volatile boolean closed;
    /** Said at the start of the next result: the previous session ended behind the model's back. */
    private String notice = "";

    /** Settings from Rosetta's environment ({@code ROSETTA_SHELL_TIMEOUT}, {@code PATH}). */
    public ShellTool() {
        this(ShellSettings.fromEnvironment());
    }

    public ShellTool(ShellSettings settings) {
        this.settings = settings;
    }

    @Override
    public ToolSpec spec() {
        return BuiltinTools.SHELL;
    }

    @Override
    public Optional<String> unavailable() {
        return settings.bash().isPresent() ? Optional.empty()
                : Optional.of("bash was not found on the PATH (" + settings.environment().getOrDefault("PATH", "unset") + ")");
    }

    /** The prompt a model sometimes copies before a one-line command ({@code $ ls}) is dropped, for the check and the run alike. */
    @Override
    public Arguments normalize(Arguments args) {
        if (!(args.values().get("command") instanceof String command)) {
            return args;
        }
        Map<String, Object> values = new LinkedHashMap<>(args.values());
        values.put("command", ShellCommand.normalize(command));
        return new Arguments(values);
    }

    @Override
    public boolean runsConfined(ToolContext context) {
        return context.sandbox().confines();
    }

    @Override
    public Preview preview(Arguments args, ToolContext context) {
        return new Preview.Command("bash", ShellCommand.normalize(args.require("command")));
    }

    @Override
    public ToolResult run(Arguments args, ToolContext context) throws ToolFailure {
        return run(args, context, LiveOutput.NONE);
    }

    @Override
    public ToolResult run(Arguments args, ToolContext context, LiveOutput live) throws ToolFailure {
        String command = ShellCommand.normalize(args.require("command"));
        if (command.indexOf('\0') >= 0) {
            throw new ToolFailure(ErrorCode.INVALID_ARGS,
                    "the command contains a NUL character, which bash cannot take; to print one, use printf '\\0'");
        }
        try {
            lock.lockInterruptibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ToolResult.error(ErrorCode.CANCELED, "canceled while waiting for the previous shell command to end");
        }
        try {
            ShellSession current = session(context);
            ShellSession.Outcome outcome = current.run(command, settings.timeout(), context.outputLimit(),
                    context.outputs(), live);
            String said = notice;
            notice = "";
            if (outcome.stateLost()) {
                session = null;
                if (outcome.ending() == ShellSession.Ending.SHELL_EXITED) {
                    notice = ShellReport.freshSessionNotice(context.workspace());
                }
            }
            return SandboxRefusal.classify(ShellReport.toResult(outcome, said, settings.timeout()), context.sandbox(),
                    context.workspace());
        } finally {
            lock.unlock();
        }
    }

    private ShellSession session(ToolContext context) throws ToolFailure {
        if (closed) {
            throw new ToolFailure(ErrorCode.UNAVAILABLE, "the shell was closed with its conversation");
        }
        ShellSession current = session;
        if (current != null && current.isAlive()) {
            return current;
        }
        if (current != null) {
            current.close();
            notice = ShellReport.freshSessionNotice(context.workspace());
        }
        if (!Files.isDirectory(context.workspace())) {
            throw new ToolFailure(ErrorCode.ENOENT, "the workspace folder " + context.workspace() + " does not exist");
        }
        try {
            session = ShellSession.start(context.workspace(), settings, context.sandbox());
            return session;
        } catch (IOException e) {
            throw new ToolFailure(ErrorCode.UNAVAILABLE, "the shell could not be started: " + e.getMessage(), e);
        }
    }

    /** Ends the session and every process it started. Safe while a command runs: that call ends too. */
    @Override
    public void close() {
        closed = true;
        ShellSession current = session;
        if (current != null) {
            current.close();
        }
    }
}
