package dev.rosetta.agent.eval;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.rosetta.core.json.Json;

/**
 * {@code best-formats.json} ({@link dev.rosetta.agent.config.FormatChoice#MEASURED_FILE}): for each model the user has evaluated, the format with the highest
 * lower bound and the numbers behind it — small, so that choosing a format at start-up reads one
 * file, not every result. Read by {@link dev.rosetta.agent.config.FormatChoice}.
 */
public final class MeasuredFormats {



    private MeasuredFormats() {}

    static void write(Path file, Leaderboard board) {
        Map<String, Object> models = new LinkedHashMap<>();
        board.best().forEach((model, p) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("format", p.format());
            m.put("passed", p.passed());
            m.put("runs", p.runs());
            m.put("tasks", p.tasks());
            m.put("lower_bound", RowFiles.round(p.lowerBound(), 4));
            models.put(model, m);
        });
        RowFiles.replace(file, Json.write(Map.of("models", models)) + "\n");
    }
}
