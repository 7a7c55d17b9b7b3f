package dev.rosetta.agent.sandbox;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import dev.rosetta.agent.config.ConfigPaths;
import dev.rosetta.agent.config.Configuration;
import dev.rosetta.agent.log.LogDirectory;
import dev.rosetta.tools.sandbox.OwnEnvironment;
import dev.rosetta.tools.sandbox.Sandbox;
import dev.rosetta.tools.sandbox.SandboxMode;
import dev.rosetta.tools.sandbox.SandboxPolicy;
import dev.rosetta.tools.sandbox.SandboxSettings;
import dev.rosetta.tools.sandbox.SecretVariables;

/**
 * A conversation's sandbox, from the command line, the config files and where Rosetta keeps its
 * own files: {@code --sandbox} over {@code [sandbox] mode}; the workspace, the folders the user
 * made writable; Rosetta's config, data, log and cache folders read-only, its config folder
 * (which may hold keys) not readable at all; the variables the configured providers take their
 * keys from withheld as secrets, besides every name the rule calls secret, but for what
 * {@code [tools.env] pass} passes on purpose.
 */
public final class ChatSandbox {

    private ChatSandbox() {}

    /**
     * @param mode       {@code --sandbox}, or null to follow the config
     * @param keyNames   the variables the configured providers take their keys from
     * @param env        the environment (where Rosetta's folders are)
     * @param logs       the log folder
     * @param notices    told once what the sandbox cannot do here (one line each)
     */
    public static Sandbox open(SandboxMode mode, Configuration config, Set<String> keyNames, Map<String, String> env,
            Path workspace, Path logs, Consumer<String> notices) {
        Path home = LogDirectory.home(env);
        SandboxSettings settings = config.sandbox(home);
        if (mode != null) {
            settings = settings.withMode(mode);
        }
        SecretVariables secrets = SecretVariables.DEFAULT.naming(keyNames).passing(config.passedVariables());
        // The names only the config makes secret are wiped from Rosetta's own block too (Main did the rest).
        OwnEnvironment.wipe(secrets);
        Path configFolder = ConfigPaths.of(env).userFolder();
        List<Path> own = List.of(configFolder, LogDirectory.dataHome(env).resolve("rosetta"), logs,
                cacheHome(env, home).resolve("rosetta"));
        List<Path> hidden = new ArrayList<>(List.of(configFolder));
        hidden.addAll(settings.hidden());
        SandboxPolicy policy = new SandboxPolicy(workspace, settings.writable(), own, hidden, home, settings.network());
        Sandbox sandbox = Sandbox.of(settings, policy, secrets);
        sandbox.notice().ifPresent(notices);
        return sandbox;
    }

    /** {@code $XDG_CACHE_HOME}, else {@code ~/.cache}. */
    private static Path cacheHome(Map<String, String> env, Path home) {
        String xdg = env.get("XDG_CACHE_HOME");
        return xdg != null && !xdg.isBlank() && Path.of(xdg.strip()).isAbsolute() ? Path.of(xdg.strip())
                : home.resolve(".cache");
    }
}
