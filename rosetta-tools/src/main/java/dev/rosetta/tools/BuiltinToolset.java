package dev.rosetta.tools;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.tools.files.FileTools;
import dev.rosetta.tools.jshell.JShellTool;
import dev.rosetta.tools.python.PythonTool;
import dev.rosetta.tools.shell.ShellSettings;
import dev.rosetta.tools.shell.ShellTool;

/** Rosetta's built-in tools, new instances per conversation (each REPL keeps its own process). */
public final class BuiltinToolset {

    private BuiltinToolset() {}

    /** shell, ipython, jshell, save, append, patch, read — in the order the prompt lists them. */
    public static List<Tool> create() {
        return create(ShellSettings.fromEnvironment());
    }

    /** The same, with the shell's settings (its time limit) chosen by the caller. */
    public static List<Tool> create(ShellSettings shell) {
        List<Tool> tools = new ArrayList<>();
        tools.add(new ShellTool(shell));
        tools.add(new PythonTool());
        tools.add(new JShellTool());
        tools.addAll(FileTools.all());
        return tools;
    }
}
