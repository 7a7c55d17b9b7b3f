package dev.rosetta.tools.files;

import java.util.List;

import dev.rosetta.tools.Tool;

/** The file tools, in the order the prompt lists them. */
public final class FileTools {

    private FileTools() {}

    public static List<Tool> all() {
        return List.of(new SaveTool(), new AppendTool(), new PatchTool(), new ReadTool());
    }
}
