package dev.rosetta.tools;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.tools.permission.PermissionRule;

/** The user's answer to "run this call?". */
public sealed interface Decision {

    /** Run it. */
    record Yes() implements Decision {}

    /** Run it, and every later call of this conversation without asking. */
    record YesToAll() implements Decision {}

    /** Don't run it; the reason (may be empty) is passed on to the model. */
    record No(String reason) implements Decision {}

    /**
     * Run it, and remember {@code rule} (one of those offered): calls it allows are not asked
     * about again in this conversation.
     */
    record Remember(PermissionRule rule) implements Decision {}

    /**
     * Don't run it, and remember {@code rule} (a deny rule): calls it matches are refused without
     * asking from now on in this conversation.
     */
    record Refuse(PermissionRule rule) implements Decision {}

    /** Run it with these arguments instead (the user edited the command or the content). */
    record Edit(Arguments edited) implements Decision {}

    static Decision yes() {
        return new Yes();
    }
}
