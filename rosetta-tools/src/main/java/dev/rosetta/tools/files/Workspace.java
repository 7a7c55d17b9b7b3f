package dev.rosetta.tools.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.ToolFailure;

/**
 * Where the file tools' paths lead: relative to the workspace, {@code ~} for the home folder,
 * absolute paths as they are. When confined, a path that leads outside the workspace — by
 * {@code ..} or through a symbolic link — is refused with {@code EACCES}.
 */
public final class Workspace {

    /** More links than this in a row is a loop (Linux gives up at 40 as well). */
    private static final int MAX_LINKS = 40;
    /** The longest file name, in bytes, and the size of the longest path with its NUL (Linux). */
    private static final int NAME_MAX = 255;
    private static final int PATH_MAX = 4096;

    private final Path root;
    private final boolean confine;

    public Workspace(Path root, boolean confine) {
        this.root = root.toAbsolutePath().normalize();
        this.confine = confine;
    }

    public static Workspace of(ToolContext context) {
        return new Workspace(context.workspace(), context.confine());
    }

    public Path root() {
        return root;
    }

    /** The absolute, normalized path a tool's {@code path} argument names. */
    public Path resolve(String argument) throws ToolFailure {
        String text = argument == null ? "" : argument.strip();
        if (text.isEmpty()) {
            throw new ToolFailure(ErrorCode.INVALID_ARGS, "the path is empty; give the file's path, relative to the"
                    + " workspace " + root + " or absolute");
        }
        Path path;
        try {
            path = root.resolve(expandHome(text)).normalize();
        } catch (InvalidPathException e) {
            throw new ToolFailure(ErrorCode.INVALID_ARGS, "'" + text + "' is not a valid path: " + e.getReason());
        }
        Optional<String> tooLong = tooLong(path);
        if (tooLong.isPresent()) {
            throw new ToolFailure(ErrorCode.ENAMETOOLONG, "cannot use " + show(path) + ": " + tooLong.get());
        }
        if (confine) {
            requireInside(path, text);
        }
        return path;
    }

    /**
     * Why the path is longer than Linux takes (NAME_MAX, PATH_MAX), if it is. The kernel would
     * refuse it with ENAMETOOLONG, which Java passes on only as text, and only after a tool had
     * created the folders before it; so the path is measured before anything is done.
     */
    static Optional<String> tooLong(Path path) {
        for (Path name : path) {
            int bytes = name.toString().getBytes(StandardCharsets.UTF_8).length;
            if (bytes > NAME_MAX) {
                return Optional.of("the name " + abbreviated(name.toString()) + " is " + bytes + " bytes long, more than"
                        + " the " + NAME_MAX + " a file name may have");
            }
        }
        int bytes = path.toString().getBytes(StandardCharsets.UTF_8).length;
        return bytes >= PATH_MAX ? Optional.of("the path is " + bytes + " bytes long, more than the " + (PATH_MAX - 1)
                + " a path may have") : Optional.empty();
    }

    private static String abbreviated(String name) {
        return name.length() <= 40 ? name : name.substring(0, 20) + "…" + name.substring(name.length() - 12);
    }

    /** The path as the model should see it: relative to the workspace when inside it. */
    public String show(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        if (!absolute.startsWith(root)) {
            return absolute.toString();
        }
        String relative = root.relativize(absolute).toString();
        return relative.isEmpty() ? "." : relative;
    }

    private void requireInside(Path path, String asGiven) throws ToolFailure {
        Path real = realLocation(path, 0);
        Path realRoot = realLocation(root, 0);
        if (!real.startsWith(realRoot)) {
            String via = real.equals(path) ? "" : " (it leads to " + real + ")";
            throw new ToolFailure(ErrorCode.EACCES, "'" + asGiven + "' is outside the workspace " + root + via
                    + "; file tools are confined to the workspace, so use a path inside it");
        }
    }

    /**
     * Where a path really leads (see {@link #realLocation}), or empty when that cannot be told (a
     * loop of links, a link that cannot be read).
     */
    public static Optional<Path> whereItLeads(Path path) {
        try {
            return Optional.of(realLocation(path.toAbsolutePath().normalize(), 0));
        } catch (ToolFailure e) {
            return Optional.empty();
        }
    }

    /**
     * Where a path really leads: every link in the part that exists is followed (a final link
     * whose target does not exist yet too, since writing through it would create that target);
     * the part that does not exist yet cannot hold links and is appended as written.
     */
    static Path realLocation(Path path, int links) throws ToolFailure {
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
            Path parent = realLocation(existing.getParent(), links);
            if (!Files.isSymbolicLink(existing)) {
                return parent.resolve(existing.getFileName());
            }
            try {
                return realLocation(parent.resolve(Files.readSymbolicLink(existing)), links + 1);
            } catch (IOException unreadable) {
                throw new ToolFailure(ErrorCode.EACCES, "the link " + existing + " cannot be read, so where it"
                        + " leads cannot be checked against the workspace");
            }
        }
    }

    private static String expandHome(String text) {
        if (text.equals("~") || text.startsWith("~/")) {
            return System.getProperty("user.home") + text.substring(1);
        }
        return text;
    }
}
