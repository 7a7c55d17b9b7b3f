package dev.rosetta.tools.sandbox;

import java.util.Locale;
import java.util.Optional;

/** Whether the processes the model runs go into the sandbox ({@code --sandbox}, {@code [sandbox] mode}). */
public enum SandboxMode {
    /** Sandboxed where the platform allows; said once, in one line, where it cannot. */
    AUTO,
    /** Sandboxed, or not run at all: a tool that cannot be sandboxed fails with the reason and the fix. */
    ON,
    /** Not sandboxed: the processes run with the user's rights (their environment still holds no secret). */
    OFF;

    /** The mode a setting names ({@code auto}, {@code on}, {@code off}, any case), or empty. */
    public static Optional<SandboxMode> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "auto" -> Optional.of(AUTO);
            case "on", "true" -> Optional.of(ON);
            case "off", "false" -> Optional.of(OFF);
            default -> Optional.empty();
        };
    }

    /** How a setting spells it. */
    public String spelled() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The stricter of two modes: on over auto over off (a project's file may only tighten). */
    public SandboxMode stricter(SandboxMode other) {
        return rank() >= other.rank() ? this : other;
    }

    private int rank() {
        return switch (this) {
            case OFF -> 0;
            case AUTO -> 1;
            case ON -> 2;
        };
    }
}
