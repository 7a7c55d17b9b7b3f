package dev.rosetta.tools.permission;

/**
 * What the rules say about one call.
 *
 * @param permission allow, ask or deny; null when no rule matched (the user is asked, as always)
 * @param rule       the rule that decided, or null
 */
public record Verdict(Permission permission, PermissionRule rule) {

    public static final Verdict NONE = new Verdict(null, null);

    public boolean allows() {
        return permission == Permission.ALLOW;
    }

    public boolean denies() {
        return permission == Permission.DENY;
    }

    /** The stricter of the two; with equal permissions, this one. */
    Verdict and(Verdict other) {
        if (other.permission == null) {
            return this;
        }
        if (permission == null || other.permission.compareTo(permission) > 0) {
            return other;
        }
        return this;
    }
}
