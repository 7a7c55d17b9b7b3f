package dev.rosetta.cli.repl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import dev.rosetta.core.testing.MachineRequirement;

/**
 * What every terminal test gives the real jar: tmux (a CI run without it fails, a machine without
 * it skips), and a home of its own under the test's folder — config, data and logs there, the
 * model at the scripted server, a fake key — so no test reads or writes the user's own.
 */
final class TerminalHome {

    private TerminalHome() {}

    /** The jar the terminal tests run: {@code rosetta.jar} as the build sets it, else the one in target. */
    static Path jar() {
        String configured = System.getProperty("rosetta.jar");
        Path jar = configured != null ? Path.of(configured) : Path.of("target", "rosetta.jar").toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no rosetta jar at " + jar + "; build it (./mvnw -pl rosetta-cli -am package)");
        }
        return jar;
    }

    /** Call from {@code @BeforeAll}. */
    static void requireTmux() {
        MachineRequirement.require(TmuxSession.available(), "tmux is needed for the terminal tests (apt-get install -y tmux)");
    }

    /** The environment for a run whose files are all under {@code dir}; mutable, for a test's additions. */
    static Map<String, String> environment(Path dir, ScriptedOpenAi model) throws IOException {
        return new HashMap<>(Map.of("PATH", "/usr/local/bin:/usr/bin:/bin", "LANG", "C.UTF-8",
                "HOME", Files.createDirectories(dir.resolve("home")).toString(),
                "XDG_CONFIG_HOME", dir.resolve("config").toString(), "XDG_DATA_HOME", dir.resolve("data").toString(),
                "ROSETTA_LOGS_HOME", dir.resolve("logs").toString(),
                "OPENAI_BASE_URL", model.baseUrl(), "OPENAI_API_KEY", "fake"));
    }
}
