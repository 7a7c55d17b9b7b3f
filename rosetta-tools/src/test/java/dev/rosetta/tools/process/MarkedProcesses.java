package dev.rosetta.tools.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Processes a test started, found from outside by a variable in their environment. A pid a
 * command prints ({@code $!}, {@code $$}, {@code os.getpid()}) is no use to a test when the command
 * runs in the sandbox: that pid is the sandbox's own, and names another process out here.
 */
public final class MarkedProcesses {

    private static final String NAME = "ROSETTA_TEST_MARK";

    private final String value = UUID.randomUUID().toString();

    /** {@code NAME=value }, to put before a command so that it and what it starts carry the mark. */
    public String prefix() {
        return NAME + "=" + value + " ";
    }

    /**
     * Shell text that starts {@code command} marked, in the background, and returns once it runs
     * with its mark (bash forks first and sets the variable only as it starts the program).
     */
    public String background(String command) {
        return prefix() + command + " & until tr '\\0' '\\n' < /proc/$!/environ 2>/dev/null | grep -qx '"
                + NAME + "=" + value + "'; do :; done";
    }

    /** The variable's name and value, for an environment. */
    public String name() {
        return NAME;
    }

    public String value() {
        return value;
    }

    /** The marked processes that are running (a zombie counts as ended), by their pid here. */
    public List<Long> running() {
        String entry = NAME + "=" + value;
        List<Long> found = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path dir : dirs) {
                try {
                    String environ = new String(Files.readAllBytes(dir.resolve("environ")), StandardCharsets.ISO_8859_1);
                    String stat = Files.readString(dir.resolve("stat"), StandardCharsets.ISO_8859_1);
                    boolean zombie = stat.charAt(stat.lastIndexOf(')') + 2) == 'Z';
                    if (!zombie && List.of(environ.split("\0")).contains(entry)) {
                        found.add(Long.parseLong(dir.getFileName().toString()));
                    }
                } catch (IOException | RuntimeException e) {
                    // it ended while we looked, or is not ours to read
                }
            }
        } catch (IOException e) {
            throw new AssertionError("cannot list /proc", e);
        }
        return found;
    }
}
