package dev.rosetta.tools.permission;

/**
 * What the rules say about one call.
 *
 * @param permission allow, ask or deny; null when no rule matched (the user is asked, as always)
 * @param rule       the rule that decided, or null; for a doubtful call, the deny rule that may match
 * @param reason     what it was decided on, for the user and the model ({@code rm -rf build, run
 *                   by sudo}); empty when the call itself matched
 */
public record Verdict(Permission permission, PermissionRule rule, String reason) {

    public static final Verdict NONE = new Verdict(null, null, "");

    public Verdict {
        reason = reason == null ? "" : reason;
    }

    public Verdict(Permission permission, PermissionRule rule) {
        this(permission, rule, "");
    }

    /**
     * A call a deny rule may match, though the checker cannot tell that it does (another spelling
     * of the command, code known only when it runs): asked about, and refused where nobody can be
     * asked.
     */
    static Verdict doubt(PermissionRule denyRule, String why) {
        return new Verdict(Permission.ASK, denyRule, why);
    }

    public boolean allows() {
        return permission == Permission.ALLOW;
    }

    public boolean denies() {
        return permission == Permission.DENY;
    }

    /** Whether a deny rule may match the call but the checker cannot tell (see {@link #reason()}). */
    public boolean doubtful() {
        return permission == Permission.ASK && rule != null && rule.permission() == Permission.DENY;
    }

    /** The stricter of the two; with equal strictness, this one. */
    Verdict and(Verdict other) {
        return other.strictness() > strictness() ? other : this;
    }

    private int strictness() {
        if (permission == null) {
            return 0;
        }
        return switch (permission) {
            case ALLOW -> 1;
            case ASK -> doubtful() ? 3 : 2;
            case DENY -> 4;
        };
    }
}
