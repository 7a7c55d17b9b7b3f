package dev.rosetta.tools;

import java.nio.file.Path;
import java.util.Objects;

import dev.rosetta.tools.output.OutputLimit;

/**
 * Where and how a conversation's tools run.
 *
 * @param workspace   the folder relative paths and the shell start from
 * @param confine     whether file tools refuse paths outside the workspace (after {@code ..} and links)
 * @param outputLimit how much output the model gets before the middle is cut
 * @param outputDir   where cut outputs are saved whole
 */
public record ToolContext(Path workspace, boolean confine, OutputLimit outputLimit, Path outputDir) {

    public ToolContext {
        workspace = Objects.requireNonNull(workspace, "workspace").toAbsolutePath().normalize();
        Objects.requireNonNull(outputLimit, "outputLimit");
        outputDir = Objects.requireNonNull(outputDir, "outputDir").toAbsolutePath().normalize();
    }

    /** Unconfined, default limits, cut outputs saved under {@code <workspace>/.rosetta/outputs}. */
    public static ToolContext in(Path workspace) {
        Path ws = workspace.toAbsolutePath().normalize();
        return new ToolContext(ws, false, OutputLimit.DEFAULT, ws.resolve(".rosetta").resolve("outputs"));
    }

    public ToolContext confined(boolean on) {
        return new ToolContext(workspace, on, outputLimit, outputDir);
    }

    public ToolContext withOutputLimit(OutputLimit limit) {
        return new ToolContext(workspace, confine, limit, outputDir);
    }
}
