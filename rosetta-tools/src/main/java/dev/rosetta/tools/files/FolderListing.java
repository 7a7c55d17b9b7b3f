package dev.rosetta.tools.files;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.rosetta.core.size.ByteSize;

/**
 * A folder's entries for the model: folders first (marked with {@code /}), then files with
 * their sizes, each group sorted by name; links show where they point.
 */
final class FolderListing {

    /** More entries than this are counted, not listed. */
    static final int MAX_ENTRIES = 1_000;
    /** Entries looked at (and sorted) to choose the ones listed; beyond this they are only counted. */
    private static final int MAX_EXAMINED = 50_000;

    private record Entry(String name, boolean folder, String detail) {}

    private FolderListing() {}

    static String of(Path folder, String shown) throws IOException {
        List<Entry> entries = new ArrayList<>();
        int total = 0;
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(folder)) {
            for (Path p : stream) {
                total++;
                if (entries.size() < MAX_EXAMINED) {
                    entries.add(entry(p));
                }
            }
        }
        if (total == 0) {
            return shown + "/ is an empty folder";
        }
        entries.sort(Comparator.comparing((Entry e) -> !e.folder()).thenComparing(Entry::name));
        long folders = entries.stream().filter(Entry::folder).count();
        StringBuilder out = new StringBuilder(shown).append("/ holds ");
        if (total > entries.size()) {
            out.append(total).append(" entries; among the first ").append(entries.size()).append(" read, ");
        }
        out.append(counted(folders, "folder")).append(" and ").append(counted(entries.size() - folders, "file")).append(":\n");
        entries.stream().limit(MAX_ENTRIES).forEach(e -> out.append(e.name()).append(e.folder() ? "/" : "")
                .append(e.detail().isEmpty() ? "" : "  " + e.detail()).append('\n'));
        if (total > MAX_ENTRIES) {
            out.append("[… and ").append(total - MAX_ENTRIES).append(" more entries; use the shell tool (ls, find) to"
                    + " search them]\n");
        }
        return out.toString();
    }

    private static Entry entry(Path p) {
        String name = p.getFileName().toString();
        try {
            BasicFileAttributes attributes = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (attributes.isSymbolicLink()) {
                boolean folder = Files.isDirectory(p);
                return new Entry(name, folder, "-> " + Files.readSymbolicLink(p) + (Files.exists(p) ? "" : " (missing)"));
            }
            if (attributes.isDirectory()) {
                return new Entry(name, true, "");
            }
            return new Entry(name, false, attributes.isRegularFile() ? ByteSize.of(attributes.size()) : "(special file)");
        } catch (IOException e) {
            return new Entry(name, false, "(unreadable)");
        }
    }

    private static String counted(long n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }
}
