package dev.rosetta.tools.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/** Finds programs the way a shell does: the first executable of that name on a PATH. */
public final class Executables {

    private Executables() {}

    public static Optional<Path> find(String name, String searchPath) {
        if (searchPath == null || searchPath.isBlank()) {
            return Optional.empty();
        }
        for (String dir : searchPath.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            try {
                Path candidate = Path.of(dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate.toAbsolutePath());
                }
            } catch (InvalidPathException e) {
                // a malformed PATH entry is skipped, as a shell would
            }
        }
        return Optional.empty();
    }
}
