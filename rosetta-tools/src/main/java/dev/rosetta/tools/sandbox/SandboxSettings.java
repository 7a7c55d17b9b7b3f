package dev.rosetta.tools.sandbox;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The user's choices for the sandbox ({@code --sandbox}, {@code [sandbox]}).
 *
 * @param mode        auto, on or off
 * @param network     what a sandboxed process may reach
 * @param writable    folders a sandboxed process may write besides the workspace and its temporary folder
 * @param hidden      paths a sandboxed process cannot read (besides Rosetta's config folder)
 * @param autoApprove calls that run inside the sandbox are not asked about
 */
public record SandboxSettings(SandboxMode mode, NetworkAccess network, List<Path> writable, List<Path> hidden,
        boolean autoApprove) {

    public static final SandboxSettings DEFAULT = new SandboxSettings(SandboxMode.AUTO, NetworkAccess.OFF, List.of(),
            List.of(), false);

    public SandboxSettings {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(network, "network");
        writable = List.copyOf(writable);
        hidden = List.copyOf(hidden);
    }

    public SandboxSettings withMode(SandboxMode newMode) {
        return new SandboxSettings(newMode, network, writable, hidden, autoApprove);
    }

    public SandboxSettings withNetwork(NetworkAccess newNetwork) {
        return new SandboxSettings(mode, newNetwork, writable, hidden, autoApprove);
    }
}
