package dev.rosetta.tools;

import java.util.Optional;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;

/**
 * A tool Rosetta can run: its declaration (from {@link dev.rosetta.core.tool.BuiltinTools} or its
 * own) and what it does with a call's bound arguments. A tool may hold a process (a shell, an
 * interpreter) for the whole conversation; {@link #close()} ends it.
 */
public interface Tool extends AutoCloseable {

    ToolSpec spec();

    /**
     * Why this tool cannot run on this machine (no python3, say), or empty when it can. An
     * unavailable tool is left out of the prompt and answers calls with {@code Unavailable}.
     */
    default Optional<String> unavailable() {
        return Optional.empty();
    }

    /**
     * Whether calls run without asking the user, as for an MCP server configured with
     * {@code trust = true}. Built-in tools always ask (unless the user said yes to all).
     */
    default boolean trusted() {
        return false;
    }

    /**
     * Whether this tool's calls run inside the sandbox of {@code context} (the shell, Python and
     * JShell do, where the sandbox confines): with {@code auto_approve_sandboxed} they are not
     * asked about. A tool that acts from Rosetta itself (the file tools, MCP servers' tools) never
     * counts as confined, whatever the paths it names.
     */
    default boolean runsConfined(ToolContext context) {
        return false;
    }

    /**
     * The arguments as the tool will run them, from the call as the model wrote it: what the
     * permission rules check, the preview shows and {@link #run} gets are the same. Must give
     * the same arguments when applied again.
     */
    default Arguments normalize(Arguments args) {
        return args;
    }

    /**
     * What the user is asked to confirm before the call runs: the command, or the file change. A
     * call that cannot run at all (a path outside a confined workspace) fails here, before anyone
     * is asked.
     */
    Preview preview(Arguments args, ToolContext context) throws ToolFailure;

    /**
     * Runs the call. Failures the model should hear about come back as error results or as a
     * thrown {@link ToolFailure}; interrupting the calling thread cancels the running work (the
     * command, not the session) and ends with {@link InterruptedException} or a
     * {@code Canceled} result.
     */
    ToolResult run(Arguments args, ToolContext context) throws ToolFailure, InterruptedException;

    /**
     * Runs the call, copying its output to {@code live} as it comes (a tool that can stream it
     * does; the others only return their result).
     */
    default ToolResult run(Arguments args, ToolContext context, LiveOutput live)
            throws ToolFailure, InterruptedException {
        return run(args, context);
    }

    /** Ends any process the tool keeps. */
    @Override
    default void close() {}
}
