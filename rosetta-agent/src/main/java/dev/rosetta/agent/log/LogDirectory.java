package dev.rosetta.agent.log;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import dev.rosetta.core.RosettaException;

/**
 * Where conversation logs live: {@code ROSETTA_LOGS_HOME} when set, else {@code
 * $XDG_DATA_HOME/rosetta/logs}, else {@code ~/.local/share/rosetta/logs}.
 */
public final class LogDirectory {

    public static final String OVERRIDE = "ROSETTA_LOGS_HOME";

    private LogDirectory() {}

    /** The log folder for this environment (taken as a map, so tests need not change the real one). */
    public static Path of(Map<String, String> env) {
        String override = set(env.get(OVERRIDE));
        if (override != null) {
            return Path.of(override).toAbsolutePath().normalize();
        }
        return dataHome(env).resolve("rosetta").resolve("logs");
    }

    /** Refuses a log folder that is something else (a file, say) in one line, before anything reads or writes there. */
    static void requireFolderOrNothing(Path logs) {
        if (Files.exists(logs) && !Files.isDirectory(logs)) {
            throw new RosettaException("the log folder " + logs + " is not a folder; set " + OVERRIDE
                    + " to a folder, or move what is there");
        }
    }

    /**
     * {@code $XDG_DATA_HOME}, or {@code ~/.local/share}. The XDG spec says a relative path there is
     * invalid and is to be ignored, so it is.
     */
    public static Path dataHome(Map<String, String> env) {
        String xdg = set(env.get("XDG_DATA_HOME"));
        if (xdg != null && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg);
        }
        return home(env).resolve(".local").resolve("share");
    }

    /** {@code $HOME}, else the JVM's idea of it. */
    public static Path home(Map<String, String> env) {
        String home = set(env.get("HOME"));
        return Path.of(home != null ? home : System.getProperty("user.home"));
    }

    private static String set(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
