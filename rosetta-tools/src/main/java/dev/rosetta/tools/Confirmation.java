package dev.rosetta.tools;

import dev.rosetta.core.tool.ToolUse;

/**
 * Asked before every call runs. The terminal asks the user (y / n / a / e); {@link #ALWAYS} is for
 * {@code -y} and non-interactive runs.
 */
@FunctionalInterface
public interface Confirmation {

    /** Runs everything without asking, and so without building previews nobody will see. */
    Confirmation ALWAYS = new Confirmation() {
        @Override
        public Decision confirm(ToolUse use, Preview preview) {
            return Decision.yes();
        }

        @Override
        public boolean wantsPreview() {
            return false;
        }
    };

    Decision confirm(ToolUse use, Preview preview) throws InterruptedException;

    /**
     * Whether {@link #confirm} looks at the preview. When not, the preview (a whole diff, say) is
     * not built and {@code confirm} gets null.
     */
    default boolean wantsPreview() {
        return true;
    }
}
