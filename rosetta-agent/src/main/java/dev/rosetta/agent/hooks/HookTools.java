package dev.rosetta.agent.hooks;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ToolResult;

/**
 * A call as a hook (or a permission tool) written for Claude Code expects to see it. {@code tool_name} is the name Claude
 * Code gives the same tool where it has one — {@code Bash} for shell, {@code Write} for save,
 * {@code Edit} for patch, {@code Read} for read, {@code mcp__SERVER__TOOL} for an MCP server's
 * {@code SERVER.TOOL} — and Rosetta's own name otherwise; {@code rosetta_tool_name} is always
 * Rosetta's, and a matcher may name either. {@code tool_input} is the call's arguments by name, with
 * {@code file_path} beside a {@code path}: the absolute path, as Claude Code's file tools give it.
 */
public final class HookTools {

    private static final Map<String, String> CLAUDE_NAMES = Map.of("shell", "Bash", "save", "Write", "patch", "Edit",
            "read", "Read");
    private static final String PATH = "path";
    private static final String FILE_PATH = "file_path";

    private HookTools() {}

    /** The name Claude Code gives the tool where it has one, else Rosetta's. */
    public static String claudeName(String tool) {
        int dot = tool.indexOf('.');
        if (dot > 0) {
            return "mcp__" + tool.substring(0, dot) + "__" + tool.substring(dot + 1);
        }
        return CLAUDE_NAMES.getOrDefault(tool, tool);
    }

    /** The names a matcher is tried against. */
    static List<String> names(String tool) {
        return List.of(claudeName(tool), tool);
    }

    static void describe(Map<String, Object> input, String tool, String callId, Arguments args, Path workspace) {
        input.put("tool_name", claudeName(tool));
        input.put("rosetta_tool_name", tool);
        input.put("tool_input", toolInput(args, workspace));
        input.put("tool_use_id", callId);
    }

    /** The call's arguments by name, with {@code file_path} beside a {@code path}. */
    public static Map<String, Object> toolInput(Arguments args, Path workspace) {
        Map<String, Object> input = new LinkedHashMap<>(args.values());
        if (args.values().get(PATH) instanceof String path && !input.containsKey(FILE_PATH)) {
            input.put(FILE_PATH, workspace.resolve(path).normalize().toString());
        }
        return input;
    }

    /**
     * A hook's {@code updatedInput} as the call's arguments: what it says replaces the call's
     * arguments whole; a {@code file_path} it changed is the new {@code path}.
     */
    public static Map<String, Object> updatedArguments(Map<String, Object> updated, Arguments before, Path workspace) {
        Map<String, Object> out = new LinkedHashMap<>(updated);
        Object filePath = out.remove(FILE_PATH);
        if (before.values().containsKey(PATH) && filePath instanceof String changed
                && !changed.equals(toolInput(before, workspace).get(FILE_PATH))) {
            out.put(PATH, changed);
        }
        return out;
    }

    /** {@code tool_response}: what the tool answered, and whether it succeeded. */
    static Map<String, Object> response(ToolResult result, Arguments args, Path workspace) {
        Map<String, Object> response = new LinkedHashMap<>();
        if (args.values().get(PATH) instanceof String path) {
            response.put("filePath", workspace.resolve(path).normalize().toString());
        }
        response.put("success", !result.isError());
        response.put("output", result.output());
        return response;
    }
}
