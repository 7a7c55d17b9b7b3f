package dev.rosetta.agent.log;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

import dev.rosetta.core.RosettaException;

/**
 * A conversation's id, which is also its folder's name: generated as {@code
 * YYYY-MM-DD-<adjective>-<colour>-<noun>}, or chosen with {@code --name}.
 */
public record ConversationId(String value) {

    /** Long enough for any sensible name, short enough for every file system's folder names. */
    static final int MAX_LENGTH = 120;

    public ConversationId {
        Objects.requireNonNull(value, "value");
    }

    /** A generated id for {@code day}; the caller makes sure no folder has it yet. */
    public static ConversationId random(LocalDate day, RandomGenerator random) {
        return new ConversationId(day + "-" + pick(IdWords.ADJECTIVES, random) + "-" + pick(IdWords.COLOURS, random)
                + "-" + pick(IdWords.NOUNS, random));
    }

    /**
     * Whether this id is one {@link #random} makes (a date and three of its words), not a name the
     * user chose: what lists conversations then titles one by its first message, which says more.
     */
    public boolean generated() {
        String[] parts = value.split("-");
        if (parts.length != 6) {
            return false;
        }
        try {
            LocalDate.parse(parts[0] + "-" + parts[1] + "-" + parts[2]);
        } catch (java.time.DateTimeException e) {
            return false;
        }
        return IdWords.ADJECTIVES.contains(parts[3]) && IdWords.COLOURS.contains(parts[4])
                && IdWords.NOUNS.contains(parts[5]);
    }

    /**
     * A name the user chose. Only letters, digits, '-', '_' and '.' are allowed, and not a leading
     * '.', so a name can never leave the log folder or hide in it.
     */
    public static ConversationId named(String name) {
        String problem = problem(name);
        if (problem != null) {
            throw new RosettaException("invalid conversation name '" + printable(name) + "': " + problem);
        }
        return new ConversationId(name);
    }

    private static String problem(String name) {
        if (name == null || name.isEmpty()) {
            return "it is empty; use letters, digits, '-', '_' and '.'";
        }
        if (name.length() > MAX_LENGTH) {
            return "it is longer than " + MAX_LENGTH + " characters";
        }
        if (name.startsWith(".")) {
            return "it must not start with '.'";
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = c < 128 && (Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '.');
            if (!ok) {
                return "use only letters, digits, '-', '_' and '.' (no spaces or '/')";
            }
        }
        return null;
    }

    /** The name as typed, with control characters shown as '?', for an error message. */
    private static String printable(String name) {
        if (name == null) {
            return "";
        }
        String cut = name.length() > MAX_LENGTH ? name.substring(0, MAX_LENGTH) + "…" : name;
        return cut.codePoints().map(c -> Character.isISOControl(c) ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }

    private static String pick(List<String> words, RandomGenerator random) {
        return words.get(random.nextInt(words.size()));
    }

    @Override
    public String toString() {
        return value;
    }
}
