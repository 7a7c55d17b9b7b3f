package dev.rosetta.core.dialect;

import dev.rosetta.core.tool.ToolCatalog;

/** The problem told to the model when a call names no loaded tool: the tools that do exist. */
public final class UnknownTool {

    private UnknownTool() {}

    /** E.g. "there is no tool named 'grep', so this <tool_call> was not run; the loaded tools are: shell, save". */
    public static String problem(String name, String what, ToolCatalog tools) {
        String loaded = tools.names().isEmpty() ? "no tools are loaded"
                : "the loaded tools are: " + String.join(", ", tools.names());
        return "there is no tool named '" + name + "', so " + what + " was not run; " + loaded;
    }
}
