package dev.rosetta.tools.sandbox;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The empty folders bubblewrap leaves where it keeps a path from being created (a workspace's
 * missing {@code .git}): a mount needs something to be mounted on. Several sandboxes of one process
 * may keep the same path; the folder is removed when the last of them closes, and only while it is
 * still empty. One left behind by a crash is harmless: git does not take an empty {@code .git} for
 * a repository, and looks further up as before.
 */
final class Mountpoints {

    private static final Map<Path, Integer> HELD = new HashMap<>();

    private Mountpoints() {}

    static synchronized void hold(Path path) {
        HELD.merge(path, 1, Integer::sum);
    }

    static synchronized void release(Path path) {
        Integer left = HELD.merge(path, -1, Integer::sum);
        if (left != null && left > 0) {
            return;
        }
        HELD.remove(path);
        if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS) && isEmpty(path)) {
            try {
                Files.delete(path);
            } catch (IOException e) {
                // someone uses it now; it stays
            }
        }
    }

    private static boolean isEmpty(Path folder) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            return !entries.iterator().hasNext();
        } catch (IOException e) {
            return false;
        }
    }
}
