package dev.rosetta.agent.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** A user's config file and a project's, written under {@code home} and loaded as a run would load them. */
final class ConfigFiles {

    private ConfigFiles() {}

    /** Loads the files given (null: no such file), the project's workspace being {@code home/work}. */
    static Configuration load(Path home, String user, String project) throws IOException {
        Path folder = Files.createDirectories(home.resolve("xdg/rosetta"));
        Path work = Files.createDirectories(home.resolve("work"));
        if (user != null) {
            Files.writeString(folder.resolve("config.toml"), user);
        }
        if (project != null) {
            Files.writeString(work.resolve("rosetta.toml"), project);
        }
        return Configuration.load(ConfigPaths.of(Map.of("XDG_CONFIG_HOME", home.resolve("xdg").toString(),
                "HOME", home.toString())), work, null);
    }
}
