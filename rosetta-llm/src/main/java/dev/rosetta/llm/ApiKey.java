package dev.rosetta.llm;

import java.util.Objects;

/**
 * An API key. It prints as the name of the variable it came from, never as itself, so it cannot
 * leak through a log line, an exception or a debugger's toString.
 */
public final class ApiKey {

    private final String value;
    private final String source;

    private ApiKey(String value, String source) {
        this.value = Objects.requireNonNull(value, "value");
        this.source = Objects.requireNonNull(source, "source");
    }

    /** A key read from the environment variable {@code source}. */
    public static ApiKey of(String value, String source) {
        return new ApiKey(value, source);
    }

    /** The secret, for the one place that puts it in a request header. */
    public String reveal() {
        return value;
    }

    /** Where it came from, e.g. {@code OPENAI_API_KEY}. */
    public String source() {
        return source;
    }

    @Override
    public String toString() {
        return "ApiKey[from " + source + "]";
    }
}
