package dev.rosetta.agent.hooks;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Which occurrences of an event a hook runs for, read as Claude Code reads a {@code matcher}: none,
 * empty or {@code *} matches everything; a value of only letters, digits, {@code _}, {@code -},
 * spaces, {@code ,} and {@code |} is a list of exact names ({@code Edit|Write}, {@code shell, save});
 * anything else is a regular expression found anywhere in the value ({@code mcp__github__.*},
 * {@code ^Notebook}).
 */
public final class HookMatcher {

    /** Matches every occurrence. */
    public static final HookMatcher ANY = new HookMatcher("", List.of(), null);

    private static final Pattern EXACT_LIST = Pattern.compile("[A-Za-z0-9_\\- ,|]+");
    private static final Pattern SEPARATOR = Pattern.compile("\\s*[|,]\\s*");

    private final String written;
    private final List<String> names;
    private final Pattern pattern;

    private HookMatcher(String written, List<String> names, Pattern pattern) {
        this.written = written;
        this.names = names;
        this.pattern = pattern;
    }

    /**
     * The matcher {@code written} spells; null and blank match everything.
     *
     * @throws IllegalArgumentException when it is a regular expression that does not compile, saying why
     */
    public static HookMatcher of(String written) {
        if (written == null || written.isBlank() || written.strip().equals("*")) {
            return ANY;
        }
        if (EXACT_LIST.matcher(written).matches()) {
            List<String> names = Arrays.stream(SEPARATOR.split(written.strip())).filter(n -> !n.isEmpty()).toList();
            return new HookMatcher(written, names, null);
        }
        try {
            return new HookMatcher(written, List.of(), Pattern.compile(written));
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("is not a regular expression Rosetta can read ("
                    + e.getDescription() + " at index " + e.getIndex() + ")");
        }
    }

    /** Whether the hook runs for an occurrence whose matched value is any of {@code values} (none: always). */
    public boolean matches(Collection<String> values) {
        if (this == ANY) {
            return true;
        }
        for (String value : values) {
            if (value != null && (pattern != null ? pattern.matcher(value).find() : names.contains(value))) {
                return true;
            }
        }
        return false;
    }

    /** As written in the config file; empty for one that matches everything. */
    public Optional<String> written() {
        return this == ANY ? Optional.empty() : Optional.of(written);
    }

    @Override
    public String toString() {
        return written().orElse("*");
    }
}
