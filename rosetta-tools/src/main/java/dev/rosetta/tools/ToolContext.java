package dev.rosetta.tools;

import java.nio.file.Path;
import java.util.Objects;

import dev.rosetta.tools.output.OutputFolder;
import dev.rosetta.tools.output.OutputLimit;
import dev.rosetta.tools.sandbox.Sandbox;

/**
 * Where and how a conversation's tools run.
 *
 * @param workspace   the folder relative paths and the shell start from
 * @param confine     whether file tools refuse paths outside the workspace (after {@code ..} and links)
 * @param outputLimit how much output the model gets before the middle is cut
 * @param outputs     where cut outputs are saved whole, and how much they may take
 * @param writes      told before a tool writes a file, so the write can be undone
 * @param sandbox     how the processes of the shell, Python and JShell are started (confined, without secrets)
 * @param files       who holds the files the file tools read and write (an editor), or null: the disk
 */
public record ToolContext(Path workspace, boolean confine, OutputLimit outputLimit, OutputFolder outputs,
        FileWrites writes, Sandbox sandbox, FileAccess files) {

    public ToolContext {
        workspace = Objects.requireNonNull(workspace, "workspace").toAbsolutePath().normalize();
        Objects.requireNonNull(outputLimit, "outputLimit");
        Objects.requireNonNull(outputs, "outputs");
        writes = writes == null ? FileWrites.NONE : writes;
        sandbox = sandbox == null ? Sandbox.standard(workspace) : sandbox;
    }

    /** A context whose files are on the disk. */
    public ToolContext(Path workspace, boolean confine, OutputLimit outputLimit, OutputFolder outputs,
            FileWrites writes, Sandbox sandbox) {
        this(workspace, confine, outputLimit, outputs, writes, sandbox, null);
    }

    /** A context in the standard sandbox of its workspace ({@code auto}, network off). */
    public ToolContext(Path workspace, boolean confine, OutputLimit outputLimit, OutputFolder outputs,
            FileWrites writes) {
        this(workspace, confine, outputLimit, outputs, writes, null);
    }

    /** A context whose cut outputs may take any room. */
    public ToolContext(Path workspace, boolean confine, OutputLimit outputLimit, Path outputDir, FileWrites writes) {
        this(workspace, confine, outputLimit, OutputFolder.unbounded(outputDir), writes);
    }

    /** A context whose file writes are not kept for undo. */
    public ToolContext(Path workspace, boolean confine, OutputLimit outputLimit, Path outputDir) {
        this(workspace, confine, outputLimit, outputDir, FileWrites.NONE);
    }

    /** Unconfined, default limits, cut outputs saved under {@code <workspace>/.rosetta/outputs}. */
    public static ToolContext in(Path workspace) {
        Path ws = workspace.toAbsolutePath().normalize();
        return new ToolContext(ws, false, OutputLimit.DEFAULT, ws.resolve(".rosetta").resolve("outputs"));
    }

    /** Where cut outputs are saved whole. */
    public Path outputDir() {
        return outputs.path();
    }

    public ToolContext confined(boolean on) {
        return new ToolContext(workspace, on, outputLimit, outputs, writes, sandbox, files);
    }

    public ToolContext withOutputLimit(OutputLimit limit) {
        return new ToolContext(workspace, confine, limit, outputs, writes, sandbox, files);
    }

    public ToolContext withWrites(FileWrites hook) {
        return new ToolContext(workspace, confine, outputLimit, outputs, hook, sandbox, files);
    }

    public ToolContext withSandbox(Sandbox newSandbox) {
        return new ToolContext(workspace, confine, outputLimit, outputs, writes, newSandbox, files);
    }

    /** The same, its file tools reading and writing through {@code holder} (null: the disk). */
    public ToolContext withFiles(FileAccess holder) {
        return new ToolContext(workspace, confine, outputLimit, outputs, writes, sandbox, holder);
    }
}
