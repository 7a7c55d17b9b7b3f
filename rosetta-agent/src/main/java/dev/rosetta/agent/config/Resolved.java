package dev.rosetta.agent.config;

import java.util.Objects;

/**
 * A resolved setting and where it came from, for {@code --verbose} and for error messages:
 * "tool format xml (TOOL_FORMAT in /home/me/proj/rosetta.toml [env])".
 *
 * @param value  the setting
 * @param source what set it
 */
public record Resolved<T>(T value, String source) {

    public Resolved {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(source, "source");
    }
}
