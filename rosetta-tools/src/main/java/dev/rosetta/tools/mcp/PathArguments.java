package dev.rosetta.tools.mcp;

import java.net.URI;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import dev.rosetta.tools.ToolFailure;
import dev.rosetta.tools.files.Workspace;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * The files in the workspace that an MCP tool's call may write, as far as its arguments say, so
 * that they are checkpointed before the call is sent and {@code /undo} can put them back. A tool
 * that declares it only reads ({@code readOnlyHint}) writes nothing. Otherwise every string (alone,
 * or in a list or an object, at any depth) of a property whose name or description speaks of a
 * path, a file or a folder — {@code path}, {@code source} and {@code destination} of the reference
 * filesystem server, {@code file_path}, {@code targetDir}, a description "the file to write"… — is
 * taken as the server takes it: relative to the workspace (the root Rosetta offers it), {@code ~}
 * for the home folder, a {@code file:} URI as its path. The paths inside the workspace are the
 * answer. What a tool writes without naming it in its arguments cannot be known, and {@code /undo}
 * says so.
 */
final class PathArguments {

    /** Words of a property's name that make it a path: {@code file_path}, {@code targetDir}, {@code srcPaths}. */
    private static final Set<String> PATH_WORDS = Set.of("path", "paths", "file", "files", "filename", "filenames",
            "filepath", "filepaths", "dir", "dirs", "directory", "directories", "folder", "folders", "source", "src",
            "destination", "dest", "target", "uri", "uris", "location", "output", "out");
    /** The same in a property's description, as whole words. */
    private static final Pattern PATH_IN_DESCRIPTION = Pattern.compile(
            "(?i)\\b(path|paths|file|files|directory|directories|folder|folders)\\b");
    private static final Pattern WORD_BREAK = Pattern.compile("[_\\-\\s.]+|(?<=[a-z0-9])(?=[A-Z])");
    private static final int PATH_MAX = 4096;

    private PathArguments() {}

    /** The workspace paths {@code arguments} of a call to {@code tool} name, each once, in order. */
    static List<Path> of(McpSchema.Tool tool, Map<String, Object> arguments, Workspace workspace) {
        McpSchema.ToolAnnotations hints = tool.annotations();
        if (hints != null && Boolean.TRUE.equals(hints.readOnlyHint())) {
            return List.of();
        }
        Set<Path> found = new LinkedHashSet<>();
        collect(tool.inputSchema(), arguments, false, workspace, found);
        return new ArrayList<>(found);
    }

    /**
     * @param schema the schema of {@code value} (an object's, an array's, a string's), or null
     * @param named  whether the property {@code value} belongs to names a path
     */
    private static void collect(Object schema, Object value, boolean named, Workspace workspace, Set<Path> found) {
        Map<?, ?> shape = schema instanceof Map<?, ?> m ? m : Map.of();
        switch (value) {
            case String text when named -> path(text, workspace).ifPresent(found::add);
            case List<?> items -> items.forEach(item -> collect(shape.get("items"), item, named, workspace, found));
            case Map<?, ?> object -> {
                Map<?, ?> properties = shape.get("properties") instanceof Map<?, ?> p ? p : Map.of();
                object.forEach((key, inner) -> {
                    Object innerSchema = properties.get(key);
                    collect(innerSchema, inner, named || namesAPath(String.valueOf(key), innerSchema), workspace, found);
                });
            }
            case null, default -> { }
        }
    }

    private static boolean namesAPath(String name, Object schema) {
        for (String word : WORD_BREAK.split(name)) {
            if (PATH_WORDS.contains(word.toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return schema instanceof Map<?, ?> m && m.get("description") instanceof String d
                && PATH_IN_DESCRIPTION.matcher(d).find();
    }

    /** Where the server would take {@code text} to lead, when that is inside the workspace. */
    private static Optional<Path> path(String text, Workspace workspace) {
        if (text.isBlank() || text.length() > PATH_MAX || text.indexOf('\0') >= 0 || text.indexOf('\n') >= 0) {
            return Optional.empty();
        }
        try {
            Path path = text.startsWith("file:") ? Path.of(URI.create(text)) : workspace.resolve(text);
            Path normal = path.toAbsolutePath().normalize();
            return normal.startsWith(workspace.root()) && !normal.equals(workspace.root())
                    ? Optional.of(normal) : Optional.empty();
        } catch (ToolFailure | IllegalArgumentException | FileSystemNotFoundException e) {
            return Optional.empty();
        }
    }
}
