package dev.rosetta.tools.sandbox;

import java.util.Locale;
import java.util.Optional;

/**
 * What a sandboxed process may reach over the network ({@code [sandbox] network}). There is no
 * middle setting: a list of allowed hosts is only as strong as what enforces it, and docs/SANDBOX.md
 * says why a proxy that programs may ignore is not enough on its own.
 */
public enum NetworkAccess {
    /** Nothing: a network namespace of its own with only a loopback of its own (the default). */
    OFF,
    /** The machine's network, its loopback servers included. */
    ON;

    public static Optional<NetworkAccess> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "off", "false", "none" -> Optional.of(OFF);
            case "on", "true" -> Optional.of(ON);
            default -> Optional.empty();
        };
    }

    public String spelled() {
        return name().toLowerCase(Locale.ROOT);
    }
}
