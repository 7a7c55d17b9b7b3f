package dev.rosetta.llm.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the dialect a model was trained on off its chat template — the Jinja or Go template its
 * server renders the conversation with (llama.cpp's {@code /props}, vLLM's {@code /tokenizer_info},
 * Ollama's {@code /api/show}). A template that writes tool calls holds their markers as text
 * ({@code <arg_key>}, {@code [TOOL_CALLS]}, {@code <|tool_calls_section_begin|>}); the families of
 * {@link ModelFamilies} list the markers of each, so the fingerprints are data in {@code
 * families.json}, tried in its order. A template of no known family is said to be one, with the
 * markers it does write, and picks no dialect.
 */
public final class ChatTemplate {

    /** Past this a "template" is not one; only its start is looked at. */
    static final int MOST_CHARACTERS = 1 << 20;

    /** What a template, or the parser a server runs for the model, says of its dialect. */
    public sealed interface Reading {
        /** The reading in words, for the user. */
        String why();
    }

    /**
     * The template is a known family's: its dialect is picked when Rosetta reads it.
     *
     * @param evidence what showed it, e.g. {@code its chat template writes calls with <arg_key>, <arg_value>}
     */
    public record OfFamily(ModelFamilies.Family family, String evidence) implements Reading {
        @Override
        public String why() {
            return evidence + " (" + family.name() + ")" + (family.dialectKnown() ? ""
                    : ", a dialect Rosetta does not read yet (" + family.nativeDialect() + ")");
        }
    }

    /**
     * The template writes tool calls in a way no family Rosetta knows does, or Ollama reads them with
     * a parser of no known family.
     *
     * @param markers the marker-like tokens of tools and calls the template holds (empty for a parser)
     * @param why     that, in words
     */
    public record UnknownFamily(List<String> markers, String why) implements Reading {

        static UnknownFamily ofTemplate(List<String> markers) {
            return new UnknownFamily(List.copyOf(markers), markers.isEmpty()
                    ? "its chat template writes tool calls in a way no family Rosetta knows does"
                    : "its chat template writes tool calls with " + String.join(", ", markers)
                            + ", markers of no family Rosetta knows");
        }
    }

    /** The template renders no tool calls at all (a plain chat model, or a server's default template). */
    public record NoToolCalls() implements Reading {
        @Override
        public String why() {
            return "its chat template writes no tool calls";
        }
    }

    /** Words a template's own tool-call markers hold; what else looks like a marker is the template's frame. */
    private static final Pattern MARKER = Pattern.compile(
            "<\\|[^|<>\\s]{1,48}\\|>|<｜[^｜<>\\s]{1,48}｜>|\\[[A-Z_]{3,32}]|<[A-Za-z_:][A-Za-z0-9_:\\-]{1,40}>");
    private static final Pattern TOOLISH = Pattern.compile("tool|call|function|action|invoke|plugin");
    /** Jinja templates read {@code tool_calls}; Ollama's Go templates {@code .ToolCalls}. */
    private static final List<String> RENDERS_CALLS = List.of("tool_calls", ".ToolCalls");
    private static final int MARKERS_SHOWN = 6;

    private ChatTemplate() {}

    /** What {@code template} says of its model's dialect. */
    public static Reading read(String template) {
        String text = template.length() > MOST_CHARACTERS ? template.substring(0, MOST_CHARACTERS) : template;
        for (ModelFamilies.Family family : ModelFamilies.all()) {
            for (List<String> markers : family.templateMarkers()) {
                if (markers.stream().allMatch(text::contains)) {
                    return new OfFamily(family, "its chat template writes calls with " + String.join(", ", markers));
                }
            }
        }
        if (RENDERS_CALLS.stream().noneMatch(text::contains)) {
            return new NoToolCalls();
        }
        return UnknownFamily.ofTemplate(toolMarkers(text));
    }

    /**
     * What the parser Ollama runs for a model ({@code /api/show}'s {@code parser}) says: its family,
     * or that it is of none Rosetta knows. Such a model's template is Ollama's own rendering and
     * often only {@code {{ .Prompt }}}, so the parser, when there is one, is the better witness.
     */
    public static Reading ofOllamaParser(String parser) {
        String evidence = "Ollama reads its calls with its '" + parser + "' parser";
        return ModelFamilies.ofOllamaParser(parser).<Reading>map(f -> new OfFamily(f, evidence))
                .orElseGet(() -> new UnknownFamily(List.of(), evidence + ", of no family Rosetta knows"));
    }

    /**
     * {@code model} with the dialect {@code reading} gives, unless its registry entry names one. A
     * reading that picks no dialect leaves one given by the model's name, and otherwise says why the
     * model has none.
     */
    public static ModelInfo apply(ModelInfo model, Reading reading) {
        DialectOrigin origin = model.dialectOrigin();
        if (origin != null && origin.source() == DialectOrigin.Source.REGISTRY) {
            return model;
        }
        DialectOrigin fromTemplate = new DialectOrigin(DialectOrigin.Source.CHAT_TEMPLATE, reading.why());
        if (reading instanceof OfFamily(ModelFamilies.Family family, String evidence) && family.dialectKnown()) {
            return model.withNativeDialect(family.nativeDialect(), fromTemplate);
        }
        return model.nativeDialect() != null ? model : model.withNativeDialect(null, fromTemplate);
    }

    /** The marker-like tokens of {@code text} that speak of tools or calls, in order of first appearance. */
    static List<String> toolMarkers(String text) {
        Set<String> found = new LinkedHashSet<>();
        Matcher m = MARKER.matcher(text);
        while (m.find() && found.size() < MARKERS_SHOWN) {
            String token = m.group();
            if (TOOLISH.matcher(token.toLowerCase(Locale.ROOT)).find()) {
                found.add(token);
            }
        }
        return new ArrayList<>(found);
    }
}
