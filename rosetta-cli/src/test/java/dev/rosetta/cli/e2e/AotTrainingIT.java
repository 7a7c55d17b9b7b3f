package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rosetta --aot-training}, the run the launcher records the chat's class archive from:
 * it completes a whole offline chat (exit 0) and leaves nothing behind — no log in the user's
 * folders, no temporary folder.
 */
class AotTrainingIT {

    @TempDir
    Path dir;

    @Test
    void theTrainingRunSucceedsOfflineAndCleansUpAfterItself() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path temp = Files.createDirectories(dir.resolve("tmp"));
        List<String> command = new ArrayList<>(List.of(RosettaJar.java().toString(), "-Djava.io.tmpdir=" + temp,
                "-jar", RosettaJar.jar().toString(), "--aot-training"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().putAll(Map.of("PATH", "/usr/bin:/bin", "HOME", home.toString(),
                "LANG", "C.UTF-8"));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).as("the training prints nothing").isEmpty();
        try (Stream<Path> left = Files.walk(dir)) {
            assertThat(left.filter(Files::isRegularFile)).as("files left behind").isEmpty();
        }
    }
}
