package dev.rosetta.agent.eval;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.rosetta.core.RosettaException;

/**
 * {@code rosetta eval merge DIR… --out DIR}: the run folders of shards joined into one, as the
 * unsharded eval would have written it: every run's folder copied, the rows in matrix order. A run
 * found in two folders is an error (shards of one matrix never share a run).
 */
public final class Merge {

    private Merge() {}

    public static List<RunRow> merge(List<Path> folders, Path out) {
        if (folders.isEmpty()) {
            throw new RosettaException("eval merge: name the run folders to merge");
        }
        Map<String, Path> seen = new HashMap<>();
        List<RunRow> rows = new ArrayList<>();
        for (Path folder : folders) {
            if (folder.toAbsolutePath().normalize().equals(out.toAbsolutePath().normalize())) {
                throw new RosettaException("eval merge: --out " + out + " is one of the folders merged; choose another");
            }
            for (RunRow row : RowFiles.read(folder)) {
                Path before = seen.putIfAbsent(row.key(), folder);
                if (before != null) {
                    throw new RosettaException("eval merge: the run " + row.key() + " is in both " + before + " and "
                            + folder + "; merge the shards of one eval, each once");
                }
                rows.add(row);
            }
        }
        try {
            Files.createDirectories(out);
            for (Path folder : folders) {
                copyTree(folder.resolve("runs"), out.resolve("runs"));
                copyTree(folder.resolve("tasks"), out.resolve("tasks"));
            }
        } catch (IOException e) {
            throw new RosettaException("eval merge: could not copy into " + out + ": " + e.getMessage(), e);
        }
        rows.sort(Comparator.comparing((RunRow r) -> r.log() == null ? "" : r.log()).thenComparing(RunRow::key));
        RowFiles.write(out, rows);
        return rows;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
