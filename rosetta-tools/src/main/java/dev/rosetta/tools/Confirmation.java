package dev.rosetta.tools;

import java.util.List;

import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.permission.PermissionRule;

/**
 * Asked before every call runs. The terminal asks the user (y / n / a / e); {@link #ALWAYS} is for
 * {@code -y} and non-interactive runs.
 */
@FunctionalInterface
public interface Confirmation {

    /** Runs everything without asking, and so without building previews nobody will see. */
    Confirmation ALWAYS = new Confirmation() {
        @Override
        public Decision confirm(ToolUse use, Preview preview, List<PermissionRule> remember) {
            return Decision.yes();
        }

        @Override
        public boolean wantsPreview() {
            return false;
        }

        @Override
        public boolean canAsk() {
            return false;
        }
    };

    /**
     * Asks whether the call runs, offering to remember one of {@code remember} (allow rules, narrowest
     * first) so that calls like this one are not asked about again: answering {@link Decision.Remember}
     * with it. A confirmation that cannot offer them ignores them and asks as it would without.
     */
    Decision confirm(ToolUse use, Preview preview, List<PermissionRule> remember) throws InterruptedException;

    /** Asks with no rules to offer. */
    default Decision confirm(ToolUse use, Preview preview) throws InterruptedException {
        return confirm(use, preview, List.of());
    }

    /**
     * Whether a person answers: false for {@link #ALWAYS}, where a call a deny rule may match, or one a
     * PreToolUse hook says must be asked about ({@link PreDecision.MustAsk}), is refused rather than run
     * unasked.
     */
    default boolean canAsk() {
        return true;
    }

    /**
     * Whether {@link #confirm} looks at the preview. When not, the preview (a whole diff, say) is
     * not built and {@code confirm} gets null.
     */
    default boolean wantsPreview() {
        return true;
    }
}
