package dev.rosetta.agent.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import dev.rosetta.agent.log.LogDirectory;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.json.Json;
import dev.rosetta.llm.model.ModelInfo;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@code --tool-format auto}: the format a model does best, from the user's eval results (the best
 * format of each model measured so far, {@value #MEASURED_FILE}), else from the published results
 * shipped with Rosetta ({@value #SHIPPED}), else its family's native dialect, else markdown — with
 * why, in words the user is shown.
 */
public final class FormatChoice {

    /** Under the data folder: written by every {@code rosetta eval}, read here. */
    public static final String MEASURED_FILE = "rosetta/evals/best-formats.json";
    static final String SHIPPED = "/dev/rosetta/agent/config/best-formats.json";
    /** How every reason auto gives begins: what the status line marks as "(auto)". */
    public static final String AUTO_PREFIX = "auto: ";

    /** A model's best format as measured: passed of runs over tasks, and the Wilson lower bound. */
    public record Measured(ToolFormat format, int passed, int runs, int tasks, double lowerBound) {}

    private record Published(Pattern match, ToolFormat format, String result, String source) {}

    private static final List<Published> PUBLISHED = published();

    /** Nothing measured: the shipped table, then the family's dialect, then markdown. */
    public static final FormatChoice SHIPPED_ONLY = new FormatChoice(Map.of());

    private final Map<String, Measured> measured;

    public FormatChoice(Map<String, Measured> measured) {
        this.measured = Map.copyOf(measured);
    }

    /** The user's measured formats, from the data folder of {@code env}; a missing or broken file measures nothing. */
    public static FormatChoice load(Map<String, String> env) {
        Path file = LogDirectory.dataHome(env).resolve(MEASURED_FILE);
        if (!Files.isRegularFile(file)) {
            return SHIPPED_ONLY;
        }
        try {
            JsonNode root = Json.MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
            Map<String, Measured> out = new HashMap<>();
            for (var e : root.path("models").properties()) {
                JsonNode m = e.getValue();
                try {
                    out.put(e.getKey(), new Measured(ToolFormat.of(m.path("format").asString("")), m.path("passed").asInt(),
                            m.path("runs").asInt(), m.path("tasks").asInt(), m.path("lower_bound").asDouble()));
                } catch (IllegalArgumentException unknownFormat) {
                    // a format of another Rosetta: not a choice here
                }
            }
            return new FormatChoice(out);
        } catch (IOException | JacksonException e) {
            return SHIPPED_ONLY;
        }
    }

    /**
     * The format for {@code model} and why.
     *
     * @param nativeTools whether its provider takes native tools (else {@code tool} is never picked)
     */
    public Resolved<ToolFormat> pick(ModelInfo model, boolean nativeTools) {
        Measured m = measured.get(model.name());
        if (m != null && usable(m.format(), nativeTools)) {
            return new Resolved<>(m.format(), String.format(Locale.ROOT, AUTO_PREFIX + "best in your evals of %s (%d/%d passed"
                    + " over %d tasks, lower bound %.2f)", model.name(), m.passed(), m.runs(), m.tasks(), m.lowerBound()));
        }
        String id = normalized(model.id());
        for (Published p : PUBLISHED) {
            if (p.match().matcher(id).find() && usable(p.format(), nativeTools)) {
                return new Resolved<>(p.format(), AUTO_PREFIX + "best for " + model.id() + " in published results (" + p.result()
                        + "; " + p.source() + ")");
            }
        }
        if (model.nativeDialect() != null) {
            return new Resolved<>(model.nativeFormat(), AUTO_PREFIX + "no eval results for " + model.name() + "; its family's"
                    + " native dialect");
        }
        return new Resolved<>(ToolFormat.MARKDOWN, AUTO_PREFIX + "no eval results and no native dialect known for "
                + model.name() + "; markdown");
    }

    private static boolean usable(ToolFormat format, boolean nativeTools) {
        return format != ToolFormat.TOOL || nativeTools;
    }

    static String normalized(String id) {
        String s = id.strip().toLowerCase(Locale.ROOT);
        return s.substring(s.lastIndexOf('/') + 1).replace('.', '-');
    }

    private static List<Published> published() {
        try (InputStream in = FormatChoice.class.getResourceAsStream(SHIPPED)) {
            if (in == null) {
                throw new IllegalStateException(SHIPPED + " is missing from the jar");
            }
            JsonNode root = Json.MAPPER.readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            List<Published> out = new ArrayList<>();
            for (JsonNode e : root.path("entries")) {
                out.add(new Published(Pattern.compile(e.path("match").asString()), ToolFormat.of(e.path("format").asString()),
                        e.path("result").asString(), e.path("source").asString()));
            }
            return List.copyOf(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the shipped table says of {@code modelId}, for tests and {@code rosetta models}. */
    static Optional<ToolFormat> published(String modelId) {
        String id = normalized(modelId);
        return PUBLISHED.stream().filter(p -> p.match().matcher(id).find()).map(Published::format).findFirst();
    }
}
