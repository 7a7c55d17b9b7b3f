package dev.rosetta.tools.permission;

import java.util.Locale;
import java.util.Optional;

/** What a rule says about the calls it matches, from the loosest to the strictest. */
public enum Permission {
    /** Run without asking. */
    ALLOW,
    /** Ask first, as when no rule matches. */
    ASK,
    /** Never run; the model is told a rule denied it. */
    DENY;

    /** As a config file spells it: {@code allow}, {@code ask}, {@code deny}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Permission> of(String id) {
        for (Permission p : values()) {
            if (p.id().equals(id)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The stricter of the two. */
    public Permission and(Permission other) {
        return other == null || compareTo(other) >= 0 ? this : other;
    }
}
