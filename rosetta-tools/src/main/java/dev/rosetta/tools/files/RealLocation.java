package dev.rosetta.tools.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.ToolFailure;

/**
 * Where a path really leads, links followed by hand where the file system will not follow them
 * (a dangling link, a path that does not exist yet): what a confined workspace checks a path
 * against, so that no link on the way is taken at its word.
 */
final class RealLocation {

    /** More links than this in a row is a loop (Linux gives up at 40 as well). */
    private static final int MAX_LINKS = 40;

    private RealLocation() {}

    /**
     * Where a path really leads: every link in the part that exists is followed (a final link
     * whose target does not exist yet too, since writing through it would create that target);
     * the part that does not exist yet cannot hold links and is appended as written.
     */
    static Path of(Path path, int links) throws ToolFailure {
        if (links > MAX_LINKS) {
            throw new ToolFailure(ErrorCode.EACCES, path + " goes through too many symbolic links (a loop?), so"
                    + " where it leads cannot be checked against the workspace");
        }
        Deque<Path> missing = new ArrayDeque<>();
        Path existing = path;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            missing.addFirst(existing.getFileName());
            existing = existing.getParent();
        }
        if (existing == null) {
            return path.normalize();
        }
        Path real = followExisting(existing, links);
        for (Path name : missing) {
            real = real.resolve(name);
        }
        return real.normalize();
    }

    private static Path followExisting(Path existing, int links) throws ToolFailure {
        try {
            return existing.toRealPath();
        } catch (IOException e) {
            // A dangling link, or a step that cannot be resolved: follow it by hand from its
            // parent's real location, so that no link on the way is taken at its word.
            Path parent = of(existing.getParent(), links);
            if (!Files.isSymbolicLink(existing)) {
                return parent.resolve(existing.getFileName());
            }
            try {
                return of(parent.resolve(Files.readSymbolicLink(existing)), links + 1);
            } catch (IOException unreadable) {
                throw new ToolFailure(ErrorCode.EACCES, "the link " + existing + " cannot be read, so where it"
                        + " leads cannot be checked against the workspace");
            }
        }
    }
}
