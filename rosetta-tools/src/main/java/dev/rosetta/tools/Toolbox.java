package dev.rosetta.tools;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.InvalidArgumentsException;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/**
 * A conversation's tools and the one way a call is run: bind the arguments, show the preview,
 * ask for confirmation, run, and turn every failure into a result the model can read. A call
 * never throws out of here except when the calling thread is interrupted.
 */
public final class Toolbox implements AutoCloseable {

    private final Map<String, Tool> tools = new LinkedHashMap<>();
    private final ToolContext context;
    private final Confirmation confirmation;
    private boolean confirmEverything;

    public Toolbox(List<Tool> tools, ToolContext context, Confirmation confirmation) {
        tools.forEach(t -> this.tools.put(t.spec().name(), t));
        this.context = context;
        this.confirmation = confirmation;
    }

    public ToolContext context() {
        return context;
    }

    /** The tools that can run here: what the prompt lists and the readers accept. */
    public ToolCatalog catalog() {
        return ToolCatalog.of(tools.values().stream().filter(t -> t.unavailable().isEmpty()).map(Tool::spec).toList());
    }

    /** Tools that cannot run on this machine, and why. */
    public Map<String, String> unavailable() {
        Map<String, String> out = new LinkedHashMap<>();
        tools.values().forEach(t -> t.unavailable().ifPresent(why -> out.put(t.spec().name(), why)));
        return out;
    }

    public Optional<Tool> tool(String name) {
        return Optional.ofNullable(tools.get(name));
    }

    /** Runs one call to its result. */
    public ToolResult execute(ToolUse use) throws InterruptedException {
        return execute(use, LiveOutput.NONE);
    }

    /** Runs one call to its result, its output copied to {@code live} while it runs. */
    public ToolResult execute(ToolUse use, LiveOutput live) throws InterruptedException {
        Tool tool = tools.get(use.tool());
        if (tool == null) {
            return ToolResult.error(ErrorCode.INVALID_ARGS, "there is no tool named '" + use.tool()
                    + "'; the tools are: " + String.join(", ", tools.keySet()));
        }
        Optional<String> unavailable = tool.unavailable();
        if (unavailable.isPresent()) {
            return ToolResult.error(ErrorCode.UNAVAILABLE, use.tool() + " is not available here: " + unavailable.get());
        }
        try {
            Arguments args = tool.spec().bind(use);
            Decision decision = confirmEverything ? Decision.yes()
                    : confirmation.confirm(use, confirmation.wantsPreview() ? tool.preview(args, context) : null);
            return switch (decision) {
                case Decision.No no -> ToolResult.error(ErrorCode.CANCELED, "the user declined to run this call"
                        + (no.reason().isBlank() ? "" : ": " + no.reason()));
                case Decision.Edit edit -> tool.run(edit.edited(), context, live);
                case Decision.YesToAll all -> {
                    confirmEverything = true;
                    yield tool.run(args, context, live);
                }
                case Decision.Yes yes -> tool.run(args, context, live);
            };
        } catch (InvalidArgumentsException e) {
            return ToolResult.error(ErrorCode.INVALID_ARGS, e.getMessage());
        } catch (ToolFailure f) {
            return f.toResult();
        }
    }

    @Override
    public void close() {
        tools.values().forEach(Tool::close);
    }
}
