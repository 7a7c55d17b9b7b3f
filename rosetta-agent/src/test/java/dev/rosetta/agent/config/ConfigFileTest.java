package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.config.ConfigLayer.Kind;
import dev.rosetta.core.RosettaException;

/**
 * What the tests of config files share: a file written to a folder of the test's own and read as
 * {@link ConfigLayer} reads it, with what reading warned about kept in {@link #warnings}.
 */
abstract class ConfigFileTest {

    @TempDir
    Path dir;

    final List<String> warnings = new ArrayList<>();

    /** {@code text} read as the project's file ({@code rosetta.toml}) or the user's ({@code config.toml}). */
    ConfigLayer layer(Kind kind, String text) throws IOException {
        Path file = dir.resolve(kind == Kind.PROJECT ? "rosetta.toml" : "config.toml");
        Files.writeString(file, text);
        return ConfigLayer.read(file, kind, warnings).orElseThrow();
    }

    /** The error reading {@code text} as the user's file gives: one line, the file's path in it as FILE. */
    String error(String text) {
        try {
            layer(Kind.USER, text);
        } catch (RosettaException e) {
            assertThat(e.getMessage()).doesNotContain("\n");
            return e.getMessage().replace(dir.resolve("config.toml").toString(), "FILE");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("no error");
    }
}
