package dev.rosetta.agent.eval;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.rosetta.agent.config.FormatChoice;
import dev.rosetta.agent.log.LogDirectory;
import dev.rosetta.core.RosettaException;

/**
 * The user's evals: run folders under {@code $XDG_DATA_HOME/rosetta/evals} by default, every run
 * folder an eval wrote listed in its {@code runs.txt} (wherever {@code --out} put it), and the
 * best format of each model measured so far in {@code best-formats.json}, which {@code
 * --tool-format auto} reads.
 */
public final class RunFolders {

    public static final String INDEX = "runs.txt";

    private RunFolders() {}

    public static Path home(Map<String, String> env) {
        return LogDirectory.dataHome(env).resolve("rosetta").resolve("evals");
    }

    /** A new dated run folder under the home ({@code 2026-12-04T231500}, then {@code …-2} if taken). */
    public static Path dated(Map<String, String> env, LocalDateTime now, String suffix) {
        String base = now.format(DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HHmmss")) + suffix;
        Path home = home(env);
        Path folder = home.resolve(base);
        for (int i = 2; Files.exists(folder); i++) {
            folder = home.resolve(base + "-" + i);
        }
        return folder;
    }

    /** Adds {@code folder} to the list of the user's run folders (once). */
    public static void remember(Map<String, String> env, Path folder) {
        Path index = home(env).resolve(INDEX);
        Set<String> known = new LinkedHashSet<>(listed(env).stream().map(Path::toString).toList());
        if (known.contains(folder.toAbsolutePath().normalize().toString())) {
            return;
        }
        try {
            Files.createDirectories(index.getParent());
            Files.writeString(index, folder.toAbsolutePath().normalize() + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new RosettaException("could not write " + index + ": " + e.getMessage(), e);
        }
    }

    /** The run folders the user's evals wrote, those still there. */
    public static List<Path> listed(Map<String, String> env) {
        Path index = home(env).resolve(INDEX);
        List<Path> out = new ArrayList<>();
        if (!Files.isRegularFile(index)) {
            return out;
        }
        try {
            for (String line : Files.readAllLines(index, StandardCharsets.UTF_8)) {
                Path p = line.isBlank() ? null : Path.of(line.strip());
                if (p != null && Files.isRegularFile(p.resolve(RowFiles.JSONL)) && !out.contains(p)) {
                    out.add(p);
                }
            }
        } catch (IOException e) {
            throw new RosettaException("could not read " + index + ": " + e.getMessage(), e);
        }
        return out;
    }

    /** Every row of the user's run folders. */
    public static List<RunRow> allRows(Map<String, String> env) {
        List<RunRow> rows = new ArrayList<>();
        for (Path p : listed(env)) {
            rows.addAll(RowFiles.read(p));
        }
        return rows;
    }

    /** Recomputes {@code best-formats.json} from every run the user has. */
    public static void updateBest(Map<String, String> env) {
        MeasuredFormats.write(LogDirectory.dataHome(env).resolve(FormatChoice.MEASURED_FILE), Leaderboard.of(allRows(env)));
    }
}
