package dev.rosetta.core.secret;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one rule for secrets in text Rosetta passes on: every known secret value (an API key, a
 * token, a header an MCP server is sent) is replaced by what it is shown as ({@code [the API key]},
 * {@code ***}) before the text is printed, logged, or handed to the model. Longer secrets are
 * replaced first, so one that holds another is blanked whole. Values found by a guess (the
 * headers of a request) shorter than {@link #SHORTEST} are not looked for: blanking every {@code 1}
 * or {@code true} would garble text and protect nothing. Text that arrives in pieces (a streamed reply, a command's output) is
 * blanked by a {@link Stream}, which holds back only the end of a piece that could be the start of
 * a secret.
 */
public final class Redaction {

    /** The shortest value looked for. */
    public static final int SHORTEST = 8;

    /** Nothing to blank. */
    public static final Redaction NONE = new Redaction(List.of());

    /** A value, and what it is shown as instead. */
    private record Secret(String value, String shownAs) {}

    /** Longest first. */
    private final List<Secret> secrets;
    private final int longest;

    private Redaction(List<Secret> secrets) {
        List<Secret> sorted = new ArrayList<>(secrets);
        sorted.sort(Comparator.comparingInt((Secret s) -> s.value().length()).reversed());
        this.secrets = List.copyOf(sorted);
        this.longest = sorted.isEmpty() ? 0 : sorted.getFirst().value().length();
    }

    /** Each of {@code values} of {@link #SHORTEST} or more characters (surrounding blanks taken off), shown as {@code shownAs}. */
    public static Redaction of(Collection<String> values, String shownAs) {
        return of(values, shownAs, SHORTEST);
    }

    /**
     * Each of {@code values} of {@code shortest} or more characters, shown as {@code shownAs}: for
     * values named secret on purpose (what a {@code ${VAR}} in an MCP server's definition stood
     * for), which are blanked however short.
     */
    public static Redaction of(Collection<String> values, String shownAs, int shortest) {
        Map<String, String> shown = new LinkedHashMap<>();
        for (String value : values) {
            shown.putIfAbsent(value == null ? "" : value.strip(), shownAs);
        }
        return of(shown, shortest);
    }

    /**
     * Each value of {@code shortest} or more characters (surrounding blanks taken off), shown as
     * what it maps to.
     */
    public static Redaction of(Map<String, String> shownAsByValue, int shortest) {
        Map<String, Secret> secrets = new LinkedHashMap<>();
        shownAsByValue.forEach((value, shownAs) -> {
            String v = value == null ? "" : value.strip();
            if (!v.isEmpty() && v.length() >= shortest) {
                secrets.putIfAbsent(v, new Secret(v, shownAs));
            }
        });
        return secrets.isEmpty() ? NONE : new Redaction(List.copyOf(secrets.values()));
    }

    /** These secrets and {@code other}'s (where both know a value, as this one shows it). */
    public Redaction and(Redaction other) {
        if (other.secrets.isEmpty()) {
            return this;
        }
        if (secrets.isEmpty()) {
            return other;
        }
        Map<String, Secret> all = new LinkedHashMap<>();
        secrets.forEach(s -> all.put(s.value(), s));
        other.secrets.forEach(s -> all.putIfAbsent(s.value(), s));
        return new Redaction(List.copyOf(all.values()));
    }

    public boolean isEmpty() {
        return secrets.isEmpty();
    }

    /** {@code text} with every secret replaced; null stays null. */
    public String apply(String text) {
        if (text == null || secrets.isEmpty()) {
            return text;
        }
        String out = text;
        for (Secret s : secrets) {
            out = out.replace(s.value(), s.shownAs());
        }
        return out;
    }

    /**
     * The same rule over bytes of UTF-8 (a process's output), each byte read as one character of
     * ISO-8859-1: a {@link Stream} of this redaction takes and gives such strings.
     */
    public Redaction forBytes() {
        List<Secret> bytes = new ArrayList<>();
        for (Secret s : secrets) {
            bytes.add(new Secret(latin1(s.value()), latin1(s.shownAs())));
        }
        return new Redaction(bytes);
    }

    private static String latin1(String text) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    /** A redaction of text that arrives in pieces. */
    public Stream stream() {
        return new Stream();
    }

    /**
     * How many characters at the end of {@code text} could be the start of a secret not yet
     * complete: the longest such end, shorter than the longest secret.
     */
    private int partialAtEnd(String text) {
        int from = Math.max(0, text.length() - longest + 1);
        for (int start = from; start < text.length(); start++) {
            int length = text.length() - start;
            for (Secret s : secrets) {
                if (s.value().length() > length && s.value().regionMatches(0, text, start, length)) {
                    return length;
                }
            }
        }
        return 0;
    }

    /**
     * Blanks secrets in text given piece by piece, wherever the pieces are cut: what {@link #feed}
     * returns is final, and the end of a piece that could still become a secret waits for the next
     * piece (or {@link #flush}). Held back is never more than the longest secret.
     */
    public final class Stream {

        private String held = "";

        private Stream() {}

        /** The text that is certain after {@code piece}. */
        public String feed(String piece) {
            if (secrets.isEmpty()) {
                return piece;
            }
            String text = apply(held.isEmpty() ? piece : held + piece);
            int partial = partialAtEnd(text);
            held = text.substring(text.length() - partial);
            return text.substring(0, text.length() - partial);
        }

        /** Whatever was held back: the text has ended, so it is no secret. */
        public String flush() {
            String out = held;
            held = "";
            return out;
        }

        /** Whether text is held back. */
        public boolean holds() {
            return !held.isEmpty();
        }
    }

    @Override
    public String toString() {
        return "Redaction[" + secrets.size() + " secrets]"; // never the values
    }
}
