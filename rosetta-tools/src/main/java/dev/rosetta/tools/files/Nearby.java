package dev.rosetta.tools.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** For a path that does not exist: names that are nearly it, or how much of it does exist. */
final class Nearby {

    private static final int MAX_ENTRIES = 2_000;

    private Nearby() {}

    /** A hint to append to "X does not exist", or an empty string. */
    static String hint(Path path, Workspace workspace) {
        Path parent = path.getParent();
        if (parent == null) {
            return "";
        }
        if (!Files.isDirectory(parent)) {
            Path existing = parent;
            while (existing != null && !Files.isDirectory(existing)) {
                existing = existing.getParent();
            }
            return existing == null ? "" : " (the folder " + workspace.show(parent) + " does not exist either; "
                    + workspace.show(existing) + " is the deepest folder of that path that does)";
        }
        List<Path> similar = similarNames(parent, path.getFileName().toString());
        if (similar.isEmpty()) {
            return "";
        }
        return " (did you mean " + String.join(" or ", similar.stream().map(workspace::show).toList()) + "?)";
    }

    private static List<Path> similarNames(Path folder, String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.limit(MAX_ENTRIES)
                    .filter(p -> distance(p.getFileName().toString().toLowerCase(Locale.ROOT), wanted) <= limit(wanted))
                    .sorted(Comparator.comparing((Path p) -> distance(p.getFileName().toString().toLowerCase(Locale.ROOT), wanted))
                            .thenComparing(Path::toString))
                    .limit(3)
                    .toList();
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    private static int limit(String name) {
        return name.length() <= 4 ? 1 : 2;
    }

    /** Levenshtein distance of two short names, given up past 3. */
    static int distance(String a, String b) {
        if (Math.abs(a.length() - b.length()) > 3 || a.length() > 255 || b.length() > 255) {
            return Integer.MAX_VALUE;
        }
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
