package dev.rosetta.agent.eval;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/** The rule for a path a task names: relative, and inside the workspace once resolved. */
final class WorkspacePath {

    private WorkspacePath() {}

    /** What is wrong with {@code path} as a path in the workspace, or empty when nothing is. */
    static Optional<String> check(String path) {
        if (path.isBlank()) {
            return Optional.of("an empty path");
        }
        Path p;
        try {
            p = Path.of(path);
        } catch (InvalidPathException e) {
            return Optional.of("'" + path + "' is not a path: " + e.getReason());
        }
        if (p.isAbsolute() || path.startsWith("~")) {
            return Optional.of("'" + path + "' is absolute; paths are relative to the workspace");
        }
        if (p.normalize().startsWith("..")) {
            return Optional.of("'" + path + "' leaves the workspace");
        }
        return Optional.empty();
    }

    /** {@code path} in {@code workspace}; {@link #check} has passed it. */
    static Path resolve(Path workspace, String path) {
        return workspace.resolve(path).normalize();
    }
}
