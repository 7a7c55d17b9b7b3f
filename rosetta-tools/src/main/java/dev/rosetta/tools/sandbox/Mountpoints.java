package dev.rosetta.tools.sandbox;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The empty folders (and files) bubblewrap leaves where it keeps a path from being created (a
 * workspace's missing {@code .git}, a repository's missing {@code hooks}): a mount needs something
 * to be mounted on. Several sandboxes of one process
 * may keep the same path; it is removed when the last of them closes, and only while it is
 * still empty. One left behind by a crash is harmless: git does not take an empty {@code .git} for
 * a repository (it looks further up as before), and an empty config or hooks folder is no config
 * and no hooks.
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
        if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS) && isEmpty(path) || isEmptyFile(path)) {
            try {
                Files.delete(path);
            } catch (IOException e) {
                // someone uses it now; it stays
            }
        }
    }

    private static boolean isEmptyFile(Path path) {
        try {
            return Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) && Files.size(path) == 0;
        } catch (IOException e) {
            return false;
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
