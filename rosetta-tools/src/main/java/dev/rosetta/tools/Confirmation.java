package dev.rosetta.tools;

import dev.rosetta.core.tool.ToolUse;

/**
 * Asked before every call runs. The terminal asks the user (y / n / a / e); {@link #ALWAYS} is for
 * {@code -y} and non-interactive runs.
 */
@FunctionalInterface
public interface Confirmation {

    /** Runs everything without asking. */
    Confirmation ALWAYS = (use, preview) -> Decision.yes();

    Decision confirm(ToolUse use, Preview preview) throws InterruptedException;
}
