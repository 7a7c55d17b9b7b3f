package dev.rosetta.tools.files;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/** The lengths Linux takes of a path and of each name in it. */
final class PathLength {

    /** The longest file name, in bytes, and the size of the longest path with its NUL (Linux). */
    private static final int NAME_MAX = 255;
    private static final int PATH_MAX = 4096;

    private PathLength() {}

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
}
