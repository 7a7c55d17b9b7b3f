package dev.rosetta.llm.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The secret values among a request's headers, to be blanked out of anything the server says back. */
public final class Secrets {

    static final String REPLACEMENT = "[the API key]";
    private static final int SHORTEST_SECRET = 8;

    /** For text that did not come back from a request. */
    public static final Secrets NONE = new Secrets(List.of());

    private final List<String> values;

    private Secrets(List<String> values) {
        this.values = values;
    }

    public static Secrets in(Map<String, String> headers) {
        List<String> values = new ArrayList<>();
        headers.forEach((name, value) -> {
            String n = name.toLowerCase(Locale.ROOT);
            if (n.equals("authorization") || n.endsWith("api-key") || n.endsWith("-key") || n.contains("token")) {
                String v = value.startsWith("Bearer ") ? value.substring("Bearer ".length()) : value;
                if (v.strip().length() >= SHORTEST_SECRET) {
                    values.add(v.strip());
                }
            }
        });
        return new Secrets(values);
    }

    String redact(String text) {
        String out = text;
        for (String secret : values) {
            out = out.replace(secret, REPLACEMENT);
        }
        return out;
    }

    @Override
    public String toString() {
        return "Secrets[" + values.size() + "]";
    }
}
