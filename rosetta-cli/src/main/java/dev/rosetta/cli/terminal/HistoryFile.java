package dev.rosetta.cli.terminal;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;

import dev.rosetta.agent.log.LogDirectory;

/**
 * Where the prompt's history is kept: {@code $XDG_DATA_HOME/rosetta/history}, else
 * {@code ~/.local/share/rosetta/history}. Readable by its owner only, as a shell's history is:
 * prompts hold pasted logs, paths and sometimes secrets.
 */
public final class HistoryFile {

    private HistoryFile() {}

    /** The history file for this environment (taken as a map, so tests need not change the real one). */
    public static Path of(Map<String, String> env) {
        String xdg = env.get("XDG_DATA_HOME");
        // The XDG spec: a relative path there is invalid and is to be ignored.
        Path data = xdg != null && !xdg.isBlank() && Path.of(xdg.strip()).isAbsolute() ? Path.of(xdg.strip())
                : LogDirectory.home(env).resolve(".local").resolve("share");
        return data.resolve("rosetta").resolve("history");
    }

    /** Makes the file (and its folder) if missing; the path, or empty with the reason when it cannot be had. */
    public static Optional<String> prepare(Path file) {
        try {
            Files.createDirectories(file.getParent());
            try {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException notPosix) {
                Files.createFile(file);
            }
        } catch (FileAlreadyExistsException exists) {
            // kept from an earlier session
        } catch (IOException | RuntimeException e) {
            return Optional.of("the prompt history cannot be kept in " + file + " (" + e.getMessage()
                    + "); set XDG_DATA_HOME to a writable folder to keep it");
        }
        return Optional.empty();
    }
}
