package dev.rosetta.cli.terminal;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;

/**
 * The "e" answer of a confirmation: opens the call's body (the command, the code, the file's
 * content), or the JSON arguments of an MCP server's tool, in {@code $VISUAL}, else
 * {@code $EDITOR}, else vi, and runs what the user saved.
 * Shared by the plain and the JLine confirmation prompts.
 */
public final class CallEditor {

    private final Map<String, String> env;
    private final Consumer<String> problems;

    /**
     * @param env      where VISUAL and EDITOR are read
     * @param problems told, in one line, why nothing was edited
     */
    public CallEditor(Map<String, String> env, Consumer<String> problems) {
        this.env = env;
        this.problems = problems;
    }

    /**
     * The call with the edited body (or, for a call whose arguments are one JSON object, the
     * edited object), or null when there is nothing to edit or the edit failed (the user is told why).
     */
    public Decision edit(ToolUse use, Preview preview) throws InterruptedException {
        if (preview instanceof Preview.JsonArguments json) {
            return editJson(json);
        }
        ToolSpec spec = BuiltinTools.catalog().resolve(use.tool()).orElse(null);
        Parameter body = spec == null ? null : spec.bodyParameter().orElse(null);
        if (body == null) {
            problems.accept("This call has no body to edit.");
            return null;
        }
        Map<String, Object> values = new LinkedHashMap<>(spec.bind(use).values());
        String edited = editInFile(String.valueOf(values.getOrDefault(body.name(), "")), suffix(use));
        if (edited == null) {
            return null;
        }
        values.put(body.name(), edited);
        return new Decision.Edit(new Arguments(values));
    }

    /** The arguments as the user saved them, if they are still one JSON object (the tool checks the rest). */
    private Decision editJson(Preview.JsonArguments json) throws InterruptedException {
        String edited = editInFile(json.json() + "\n", ".json");
        if (edited == null) {
            return null;
        }
        try {
            return new Decision.Edit(new Arguments(Json.readObject(edited)));
        } catch (RuntimeException e) {
            problems.accept("The edited arguments are not one JSON object; nothing changed.");
            return null;
        }
    }

    /** {@code text} as the user saved it in the editor, or null when the editor failed (the user is told why). */
    private String editInFile(String text, String suffix) throws InterruptedException {
        Path file = null;
        try {
            file = Files.createTempFile("rosetta-edit-", suffix);
            Files.writeString(file, text);
            // The command is the user's own setting, run the way shells and git run $EDITOR.
            int code = new ProcessBuilder("sh", "-c", editor() + " \"$1\"", "sh", file.toString())
                    .inheritIO().start().waitFor();
            if (code != 0) {
                problems.accept("The editor exited with " + code + "; nothing changed.");
                return null;
            }
            return Files.readString(file);
        } catch (CharacterCodingException e) {
            problems.accept("The edited text is not UTF-8; nothing changed.");
            return null;
        } catch (IOException | RuntimeException e) {
            problems.accept("Could not edit: " + e.getMessage());
            return null;
        } finally {
            deleteQuietly(file);
        }
    }

    /** {@code $VISUAL}, else {@code $EDITOR}, else vi. */
    String editor() {
        for (String name : new String[] {"VISUAL", "EDITOR"}) {
            String value = env.get(name);
            if (value != null && !value.isBlank()) {
                return value.strip();
            }
        }
        return "vi";
    }

    /** A file name ending that lets the editor colour the body: the saved file's own, or the tool's language. */
    static String suffix(ToolUse use) {
        String tool = use.tool();
        if (tool.equals("save") || tool.equals("append") || tool.equals("patch")) {
            String path = use.args().isEmpty() ? String.valueOf(use.kwargs().getOrDefault("path", ""))
                    : use.args().get(0);
            String name = path.substring(path.lastIndexOf('/') + 1);
            int dot = name.lastIndexOf('.');
            return dot > 0 && name.length() - dot <= 8 && name.substring(dot).matches("\\.[A-Za-z0-9]+")
                    ? name.substring(dot) : ".txt";
        }
        return switch (tool) {
            case "shell" -> ".sh";
            case "ipython" -> ".py";
            case "jshell" -> ".java";
            default -> ".txt";
        };
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // A temporary file left behind is harmless; the edit itself succeeded or was reported.
        }
    }
}
