package dev.rosetta.llm.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import dev.rosetta.core.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * The open-model families and the dialect each was trained on (the bundled {@code
 * families.json}): Qwen3-Coder → qwen3-coder, Qwen2.5/QwQ/Qwen3 → hermes, Llama 3.1–3.3 → llama3,
 * and so on. A model id is matched lower-cased and without its organisation ({@code
 * Qwen/Qwen3-Coder-30B-A3B-Instruct} is matched as {@code qwen3-coder-30b-a3b-instruct}); the first
 * family that matches names the dialect.
 */
public final class ModelFamilies {

    /** The dialects a family or a registry entry may name: the ids of their tool formats. */
    public static final Set<String> DIALECTS = Set.of("hermes", "qwen3-coder", "glm", "mistral", "llama3", "pythonic",
            "deepseek", "kimi", "harmony");

    static final String BUNDLED = "/dev/rosetta/llm/model/families.json";

    /** One family: its name, the pattern its ids match, its dialect, ids it must match, and where that was checked. */
    public record Family(String name, Pattern match, String nativeDialect, List<String> examples, String source) {}

    private static final List<Family> FAMILIES = load();

    private ModelFamilies() {}

    public static List<Family> all() {
        return FAMILIES;
    }

    /** The family {@code modelId} belongs to, if any. */
    public static Optional<Family> of(String modelId) {
        String name = normalized(modelId);
        return FAMILIES.stream().filter(f -> f.match().matcher(name).find()).findFirst();
    }

    /** Lower case, without what comes before the last '/' (an organisation, {@code hf.co/user}). */
    static String normalized(String modelId) {
        String id = modelId.strip().toLowerCase(Locale.ROOT);
        return id.substring(id.lastIndexOf('/') + 1);
    }

    private static List<Family> load() {
        JsonNode root;
        try (InputStream in = ModelFamilies.class.getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new IllegalStateException(BUNDLED + " is missing from the jar");
            }
            root = Json.MAPPER.readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Family> families = new ArrayList<>();
        for (JsonNode f : root.path("families")) {
            String dialect = f.path("native_dialect").asString();
            if (!DIALECTS.contains(dialect)) {
                throw new IllegalStateException(BUNDLED + ": family " + f.path("family") + " names no known dialect");
            }
            List<String> examples = new ArrayList<>();
            f.path("examples").values().forEach(e -> examples.add(e.stringValue()));
            families.add(new Family(f.path("family").asString(), Pattern.compile(f.path("match").asString()), dialect,
                    examples, f.path("source").asString()));
        }
        return List.copyOf(families);
    }
}
