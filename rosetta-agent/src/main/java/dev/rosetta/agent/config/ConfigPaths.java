package dev.rosetta.agent.config;

import java.nio.file.Path;
import java.util.Map;

import dev.rosetta.agent.log.LogDirectory;

/**
 * Where Rosetta's configuration files are: the user's folder ({@code $XDG_CONFIG_HOME/rosetta},
 * else {@code ~/.config/rosetta}) and the project file in a workspace.
 *
 * @param userFolder the user's config folder
 */
public record ConfigPaths(Path userFolder) {

    public static final String PROJECT_FILE = "rosetta.toml";

    /** The folder for this environment, taken as a map so tests need not change the real one. */
    public static ConfigPaths of(Map<String, String> env) {
        String xdg = env.get("XDG_CONFIG_HOME");
        // The XDG spec: a relative path here is invalid and is to be ignored.
        if (xdg != null && !xdg.isBlank() && Path.of(xdg.strip()).isAbsolute()) {
            return new ConfigPaths(Path.of(xdg.strip()).resolve("rosetta"));
        }
        return new ConfigPaths(LogDirectory.home(env).resolve(".config").resolve("rosetta"));
    }

    /** {@code config.toml}: the user's settings. */
    public Path userConfig() {
        return userFolder.resolve("config.toml");
    }

    /** {@code config.local.toml}: secrets (API keys), read over {@code config.toml}. */
    public Path userLocalConfig() {
        return userFolder.resolve("config.local.toml");
    }

    /** {@code models.json}: the user's additions to the model registry. */
    public Path models() {
        return userFolder.resolve("models.json");
    }

    /** A path as a config file writes it: absolute, or {@code ~} and {@code ~/…} from {@code home}. */
    public static Path expandHome(String written, Path home) {
        return written.equals("~") ? home : written.startsWith("~/") ? home.resolve(written.substring(2)) : Path.of(written);
    }

    /** {@code rosetta.toml} in the workspace. */
    public static Path projectConfig(Path workspace) {
        return workspace.resolve(PROJECT_FILE);
    }
}
