package dev.rosetta.core.testing;

import org.junit.jupiter.api.Assumptions;

/**
 * What a test needs from the machine it runs on: a program (python3, GNU patch, tmux), a
 * privilege (mounting a file system). Without it the test is skipped on a developer's machine
 * but fails on CI (env {@code CI} set), where a skip would hide that the test never ran.
 */
public final class MachineRequirement {

    private MachineRequirement() {}

    /**
     * Skips the calling test, or fails it on CI, unless {@code met}.
     *
     * @param what what is missing and how to get it, e.g. "python3 is not installed (apt-get install python3)"
     */
    public static void require(boolean met, String what) {
        if (met) {
            return;
        }
        if (onCi()) {
            throw new AssertionError(what + ": CI must have it, so this test fails rather than skips");
        }
        Assumptions.abort(what + ": skipped (on CI this fails)");
    }

    /** Whether this run is CI's, which must run every test. */
    public static boolean onCi() {
        String ci = System.getenv("CI");
        return ci != null && !ci.isEmpty() && !ci.equalsIgnoreCase("false");
    }
}
