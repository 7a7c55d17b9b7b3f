package dev.rosetta.agent.eval;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.json.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@code results.jsonl} and {@code results.csv}: the rows of a run folder, written and read. The
 * JSON keys and the CSV columns are the same names in the same order.
 */
public final class RowFiles {

    public static final String JSONL = "results.jsonl";
    public static final String CSV = "results.csv";

    static final List<String> COLUMNS = List.of("run_id", "started_at", "model", "format", "suite", "task", "repeat",
            "outcome", "passed", "score", "checks_passed", "checks_total", "exit_code", "steps", "tool_calls",
            "dialects", "unreadable", "drift", "drifted_into", "replies", "replies_in_format", "tokens_in",
            "tokens_out", "tokens_cached", "cost", "duration_s", "conversation_s", "checks_s", "rosetta_version",
            "rosetta_commit", "log", "problem");

    private RowFiles() {}

    static Map<String, Object> fields(RunRow r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("run_id", r.runId());
        m.put("started_at", r.startedAt());
        m.put("model", r.model());
        m.put("format", r.format());
        m.put("suite", r.suite());
        m.put("task", r.task());
        m.put("repeat", r.repeat());
        m.put("outcome", r.outcome());
        m.put("passed", r.passed());
        m.put("score", round(r.score(), 4));
        m.put("checks_passed", r.checksPassed());
        m.put("checks_total", r.checksTotal());
        m.put("exit_code", r.exitCode());
        m.put("steps", r.steps());
        m.put("tool_calls", r.toolCalls());
        m.put("dialects", r.dialects());
        m.put("unreadable", r.unreadable());
        m.put("drift", r.drift());
        m.put("drifted_into", r.driftedInto());
        m.put("replies", r.replies());
        m.put("replies_in_format", r.repliesInFormat());
        m.put("tokens_in", r.tokensIn());
        m.put("tokens_out", r.tokensOut());
        m.put("tokens_cached", r.tokensCached());
        m.put("cost", r.cost() == null ? null : round(r.cost(), 6));
        m.put("duration_s", round(r.durationSeconds(), 3));
        m.put("conversation_s", round(r.conversationSeconds(), 3));
        m.put("checks_s", round(r.checksSeconds(), 3));
        m.put("rosetta_version", r.rosettaVersion());
        m.put("rosetta_commit", r.rosettaCommit());
        m.put("log", r.log());
        m.put("problem", r.problem());
        return m;
    }

    static double round(double value, int places) {
        double scale = Math.pow(10, places);
        return Math.round(value * scale) / scale;
    }

    public static String json(RunRow row) {
        return Json.write(fields(row));
    }

    /** Appends one row to {@code results.jsonl} as soon as it is known: a stopped eval keeps what it ran. */
    static synchronized void append(Path folder, RunRow row) {
        try {
            Files.writeString(folder.resolve(JSONL), json(row) + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new RosettaException("could not write " + folder.resolve(JSONL) + ": " + e.getMessage(), e);
        }
    }

    /** Writes both files whole (each through a temporary file, renamed into place). */
    public static void write(Path folder, List<RunRow> rows) {
        StringBuilder jsonl = new StringBuilder();
        StringBuilder csv = new StringBuilder(String.join(",", COLUMNS)).append("\r\n");
        for (RunRow r : rows) {
            jsonl.append(json(r)).append('\n');
            csv.append(fields(r).values().stream().map(RowFiles::cell).collect(Collectors.joining(","))).append("\r\n");
        }
        replace(folder.resolve(JSONL), jsonl.toString());
        replace(folder.resolve(CSV), csv.toString());
    }

    static void replace(Path file, String text) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new RosettaException("could not write " + file + ": " + e.getMessage(), e);
        }
    }

    /** A CSV cell: maps as {@code dialect:count} pairs joined by spaces; quoted when it holds a comma, quote or newline. */
    private static String cell(Object value) {
        String text = switch (value) {
            case null -> "";
            case Map<?, ?> map -> map.entrySet().stream().map(e -> e.getKey() + ":" + e.getValue())
                    .collect(Collectors.joining(" "));
            default -> String.valueOf(value);
        };
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return "\"" + text.replace("\"", "\"\"") + "\"";
        }
        return text;
    }

    /** The rows of {@code results.jsonl} in {@code folder} (or of the file itself). */
    public static List<RunRow> read(Path folderOrFile) {
        Path file = Files.isDirectory(folderOrFile) ? folderOrFile.resolve(JSONL) : folderOrFile;
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new RosettaException("no results at " + file + "; give a run folder of rosetta eval or its "
                    + JSONL);
        } catch (IOException e) {
            throw new RosettaException("could not read " + file + ": " + e.getMessage(), e);
        }
        List<RunRow> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            try {
                rows.add(row(Json.MAPPER.readTree(line)));
            } catch (JacksonException | IllegalArgumentException e) {
                if (i == lines.size() - 1) {
                    continue; // the last line of an eval stopped while writing it
                }
                throw new RosettaException(file + ":" + (i + 1) + ": not a result row: " + e.getMessage());
            }
        }
        return rows;
    }

    static RunRow row(JsonNode n) {
        for (String required : List.of("model", "format", "suite", "task")) {
            if (!n.path(required).isString()) {
                throw new IllegalArgumentException("it has no " + required);
            }
        }
        return new RunRow(text(n, "run_id"), text(n, "started_at"), text(n, "model"), text(n, "format"),
                text(n, "suite"), text(n, "task"), n.path("repeat").asInt(1), text(n, "outcome"),
                n.path("passed").asBoolean(false), n.path("score").asDouble(0), n.path("checks_passed").asInt(0),
                n.path("checks_total").asInt(0), n.path("exit_code").isNumber() ? n.path("exit_code").asInt() : null,
                n.path("steps").asInt(0), n.path("tool_calls").asInt(0), counts(n.path("dialects")),
                n.path("unreadable").asInt(0), n.path("drift").asInt(0), counts(n.path("drifted_into")),
                n.path("replies").asInt(0), n.path("replies_in_format").asInt(0), n.path("tokens_in").asLong(0),
                n.path("tokens_out").asLong(0), n.path("tokens_cached").asLong(0),
                n.path("cost").isNumber() ? n.path("cost").asDouble() : null, n.path("duration_s").asDouble(0),
                n.path("conversation_s").asDouble(0), n.path("checks_s").asDouble(0), text(n, "rosetta_version"),
                text(n, "rosetta_commit"), text(n, "log"), text(n, "problem"));
    }

    private static String text(JsonNode n, String key) {
        JsonNode v = n.path(key);
        return v.isString() ? v.asString() : null;
    }

    private static Map<String, Integer> counts(JsonNode n) {
        Map<String, Integer> out = new TreeMap<>();
        for (var e : n.properties()) {
            out.put(e.getKey(), e.getValue().asInt(0));
        }
        return out;
    }
}
