package dev.rosetta.llm.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.rosetta.core.secret.Redaction;

/** The secret values among a request's headers, to be blanked out of anything the server says back. */
public final class Secrets {

    /** What a key is shown as instead. */
    static final String REPLACEMENT = "[the API key]";

    private Secrets() {}

    /** The values of the headers that carry a key or a token ({@code Authorization}, {@code x-api-key}…). */
    public static Redaction in(Map<String, String> headers) {
        List<String> values = new ArrayList<>();
        headers.forEach((name, value) -> {
            String n = name.toLowerCase(Locale.ROOT);
            if (n.equals("authorization") || n.endsWith("api-key") || n.endsWith("-key") || n.contains("token")) {
                values.add(value.startsWith("Bearer ") ? value.substring("Bearer ".length()) : value);
            }
        });
        return Redaction.of(values, REPLACEMENT);
    }
}
