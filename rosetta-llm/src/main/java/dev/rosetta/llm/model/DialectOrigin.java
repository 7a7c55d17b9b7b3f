package dev.rosetta.llm.model;

import java.util.Objects;

/**
 * Where Rosetta learnt a model's native dialect, or why it knows none, in words for the user
 * ({@code /model}, {@code rosetta models --local}).
 *
 * @param source what said it
 * @param why    what it said, e.g. {@code its chat template writes calls with <arg_key>, <arg_value> (GLM-4.5 and later)}
 */
public record DialectOrigin(Source source, String why) {

    /** What told Rosetta the dialect; a registry entry outranks the others. */
    public enum Source {
        /** The model's entry in the bundled or the user's models.json. */
        REGISTRY,
        /** The model's chat template, or the parser its server runs for it. */
        CHAT_TEMPLATE,
        /** The model's id, matched against the families. */
        NAME
    }

    /** A dialect named by a registry entry. */
    public static final DialectOrigin REGISTRY_ENTRY = new DialectOrigin(Source.REGISTRY, "its model-registry entry");

    public DialectOrigin {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(why, "why");
    }

    /** A dialect given by the family the model's id belongs to. */
    public static DialectOrigin family(ModelFamilies.Family family) {
        return new DialectOrigin(Source.NAME, "its name (" + family.name() + ")");
    }
}
