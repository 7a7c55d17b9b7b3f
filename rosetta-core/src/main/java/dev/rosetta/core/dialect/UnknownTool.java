package dev.rosetta.core.dialect;

import dev.rosetta.core.tool.ToolCatalog;

/**
 * The problem told to the model when a call names no loaded tool: the tools that do exist. One
 * wording for every dialect, so the model hears the same thing whatever it wrote.
 */
public final class UnknownTool {

    private UnknownTool() {}

    /** E.g. "unknown tool 'grep': there is no tool of that name, so this <tool_call> was not run; the loaded tools are: shell, save". */
    public static String problem(String name, String what, ToolCatalog tools) {
        return "unknown tool '" + name + "': there is no tool of that name, so " + what + " was not run; " + loaded(tools);
    }

    /** The same, for a call that names no construct of its own ("it was not run"). */
    public static String problem(String name, ToolCatalog tools) {
        return problem(name, "it", tools);
    }

    /** "the loaded tools are: shell, save", or that none are. */
    public static String loaded(ToolCatalog tools) {
        return tools.names().isEmpty() ? "no tools are loaded" : "the loaded tools are: " + String.join(", ", tools.names());
    }
}
