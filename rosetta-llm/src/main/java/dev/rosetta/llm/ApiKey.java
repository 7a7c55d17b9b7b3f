package dev.rosetta.llm;

import java.util.Objects;

/**
 * An API key. It prints as the name of the variable it came from, never as itself, so it cannot
 * leak through a log line, an exception or a debugger's toString. It is printable ASCII, as an
 * HTTP header value must be: the HTTP client's own complaint about a header quotes the whole
 * value, key and all.
 */
public final class ApiKey {

    private final String value;
    private final String source;

    private ApiKey(String value, String source) {
        this.value = Objects.requireNonNull(value, "value");
        this.source = Objects.requireNonNull(source, "source");
    }

    /**
     * A key read from the environment variable {@code source}.
     *
     * @throws IllegalArgumentException naming {@code source}, never the value, when the value
     *         holds a control character or one beyond ASCII (a pasted line break, a zero-width space)
     */
    public static ApiKey of(String value, String source) {
        Objects.requireNonNull(value, "value");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F)) {
                throw new IllegalArgumentException(problem(source, "a control character", i));
            }
            if (c > 0x7E) {
                throw new IllegalArgumentException(problem(source, "a character that is not ASCII", i));
            }
        }
        return new ApiKey(value, source);
    }

    private static String problem(String source, String what, int index) {
        return "the value of " + source + " holds " + what + " (character " + (index + 1) + "), which no API key"
                + " has; set " + source + " again, copied without it";
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
