package dev.rosetta.cli.chat;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Decision;

/**
 * The "e" answer of a confirmation: opens the call's body (the command, the code, the file's
 * content) in {@code $VISUAL}, else {@code $EDITOR}, else vi, and runs what the user saved.
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

    /** The call with the edited body, or null when it has no body or the editor failed (the user is told why). */
    public Decision edit(ToolUse use) throws InterruptedException {
        ToolSpec spec = BuiltinTools.catalog().resolve(use.tool()).orElse(null);
        Parameter body = spec == null ? null : spec.bodyParameter().orElse(null);
        if (body == null) {
            problems.accept("This call has no body to edit.");
            return null;
        }
        Path file = null;
        try {
            Map<String, Object> values = new LinkedHashMap<>(spec.bind(use).values());
            file = Files.createTempFile("rosetta-edit-", suffix(use));
            Files.writeString(file, String.valueOf(values.getOrDefault(body.name(), "")));
            // The command is the user's own setting, run the way shells and git run $EDITOR.
            int code = new ProcessBuilder("sh", "-c", editor() + " \"$1\"", "sh", file.toString())
                    .inheritIO().start().waitFor();
            if (code != 0) {
                problems.accept("The editor exited with " + code + "; nothing changed.");
                return null;
            }
            values.put(body.name(), Files.readString(file));
            return new Decision.Edit(new Arguments(values));
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
