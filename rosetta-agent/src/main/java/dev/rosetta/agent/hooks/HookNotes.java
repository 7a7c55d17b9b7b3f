package dev.rosetta.agent.hooks;

import dev.rosetta.core.tool.ToolResult;

/**
 * What the model is told of what hooks said, each marked as coming from a hook the user configured,
 * so the model can tell it from the tool's own output and from the user's words.
 */
public final class HookNotes {

    private HookNotes() {}

    /** The context hooks of {@code event} add, as a message of its own. */
    public static String context(HookEvent event, String context) {
        return "Context from the user's " + event.hookName() + " hook:\n" + context.strip();
    }

    /** Why the turn goes on after the model answered: what the Stop hooks said. */
    public static String stop(HookVerdict stop) {
        StringBuilder text = new StringBuilder("The user's Stop hook did not let the turn end yet.");
        if (!stop.reason().isBlank()) {
            text.append(" It says:\n").append(stop.reason().strip());
        }
        if (!stop.context().isBlank()) {
            text.append("\n\n").append(stop.context().strip());
        }
        return text.toString();
    }

    /**
     * A call's result with what its hooks added: the PreToolUse hooks' context, and after a call that
     * ran, the PostToolUse hooks' replacement output, blocking reason (Claude Code: "shown to the
     * model, the tool already ran") and context.
     */
    public static ToolResult result(ToolResult result, HookVerdict pre, HookVerdict post) {
        String output = post.updatedOutput() != null ? post.updatedOutput() : result.output();
        StringBuilder text = new StringBuilder(output);
        if (post.blocks() && !post.reason().isBlank()) {
            append(text, "[PostToolUse hook] " + post.reason().strip());
        }
        if (!post.context().isBlank()) {
            append(text, "[PostToolUse hook] " + post.context().strip());
        }
        if (!pre.context().isBlank()) {
            append(text, "[PreToolUse hook] " + pre.context().strip());
        }
        if (text.length() == result.output().length() && output.equals(result.output())) {
            return result;
        }
        return new ToolResult(text.toString(), result.isError(), result.code());
    }

    private static void append(StringBuilder text, String note) {
        text.append(text.isEmpty() ? "" : "\n\n").append(note);
    }
}
