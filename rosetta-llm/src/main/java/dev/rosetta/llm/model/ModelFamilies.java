package dev.rosetta.llm.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * The open-model families and the dialect each was trained on (the bundled {@code
 * families.json}): Qwen3-Coder → qwen3-coder, Qwen2.5/QwQ/Qwen3 → hermes, Llama 3.1–3.3 → llama3,
 * and so on. A family is known by its model ids, by the markers its chat template writes calls
 * with ({@link ChatTemplate}) and by the name of Ollama's parser for it. A model id is matched
 * lower-cased and without its organisation ({@code Qwen/Qwen3-Coder-30B-A3B-Instruct} is matched as
 * {@code qwen3-coder-30b-a3b-instruct}); the first family that matches names the dialect. A family
 * may name a dialect Rosetta does not read yet: it is known, and gives no dialect.
 */
public final class ModelFamilies {

    /**
     * The dialects a registry entry may name, and a family may give: the tool formats that spell
     * calls in text the way a model family was trained to (every format but Rosetta's own three).
     */
    public static final Set<String> DIALECTS = Arrays.stream(ToolFormat.values())
            .filter(f -> f != ToolFormat.MARKDOWN && f != ToolFormat.XML && f != ToolFormat.TOOL).map(ToolFormat::id)
            .collect(Collectors.toUnmodifiableSet());

    static final String BUNDLED = "/dev/rosetta/llm/model/families.json";

    /**
     * One family: its name, the pattern its ids match (null when it is known only by its template),
     * its dialect, ids it must match, the markers of its chat template (alternatives, each a list of
     * strings that must all be there), Ollama's names for its parser, and where that was checked.
     */
    public record Family(String name, Pattern match, String nativeDialect, List<String> examples,
            List<List<String>> templateMarkers, List<String> ollamaParsers, String source) {

        /** Whether Rosetta reads and writes the family's dialect (a family may be listed before it does). */
        public boolean dialectKnown() {
            return DIALECTS.contains(nativeDialect);
        }
    }

    private static final List<Family> FAMILIES = load();

    private ModelFamilies() {}

    public static List<Family> all() {
        return FAMILIES;
    }

    /** The family {@code modelId} belongs to, if any. */
    public static Optional<Family> of(String modelId) {
        String name = normalized(modelId);
        return FAMILIES.stream().filter(f -> f.match() != null && f.match().matcher(name).find()).findFirst();
    }

    /** The dialect the family of {@code modelId} was trained on, when Rosetta reads it. */
    public static Optional<Family> withKnownDialect(String modelId) {
        return of(modelId).filter(Family::dialectKnown);
    }

    /** The family whose Ollama parser is named {@code parser} ({@code /api/show}'s {@code parser}), if any. */
    public static Optional<Family> ofOllamaParser(String parser) {
        return FAMILIES.stream().filter(f -> f.ollamaParsers().contains(parser)).findFirst();
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
            String dialect = f.path("native_dialect").asString("");
            if (dialect.isBlank()) {
                throw new IllegalStateException(BUNDLED + ": family " + f.path("family") + " names no dialect");
            }
            List<List<String>> markers = new ArrayList<>();
            f.path("template_markers").values().forEach(alternative -> markers.add(strings(alternative)));
            Pattern match = f.has("match") ? Pattern.compile(f.path("match").asString()) : null;
            families.add(new Family(f.path("family").asString(), match, dialect, strings(f.path("examples")),
                    List.copyOf(markers), strings(f.path("ollama_parsers")), f.path("source").asString()));
        }
        return List.copyOf(families);
    }

    private static List<String> strings(JsonNode list) {
        List<String> out = new ArrayList<>();
        list.values().forEach(e -> out.add(e.stringValue()));
        return List.copyOf(out);
    }
}
