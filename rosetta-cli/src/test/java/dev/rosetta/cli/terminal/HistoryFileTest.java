package dev.rosetta.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryFileTest {

    @TempDir
    Path dir;

    @Test
    void historyLivesInTheXdgDataFolder() {
        assertThat(HistoryFile.of(Map.of("XDG_DATA_HOME", dir.toString(), "HOME", "/home/u")))
                .isEqualTo(dir.resolve("rosetta/history"));
    }

    @Test
    void withoutXdgDataHomeItIsUnderTheHomeFolder() {
        assertThat(HistoryFile.of(Map.of("HOME", "/home/u"))).isEqualTo(Path.of("/home/u/.local/share/rosetta/history"));
    }

    @Test
    void relativeXdgDataHomeIsIgnoredAsTheSpecSays() {
        assertThat(HistoryFile.of(Map.of("XDG_DATA_HOME", "data", "HOME", "/home/u")))
                .isEqualTo(Path.of("/home/u/.local/share/rosetta/history"));
    }

    @Test
    void fileIsMadeReadableByItsOwnerOnly() throws IOException {
        Path file = dir.resolve("data/rosetta/history");

        assertThat(HistoryFile.prepare(file)).isEmpty();

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    @Test
    void earlierHistoryIsKept() throws IOException {
        Path file = dir.resolve("history");
        Files.writeString(file, "1:hello\n");

        assertThat(HistoryFile.prepare(file)).isEmpty();

        assertThat(file).hasContent("1:hello");
    }

    @Test
    void folderThatCannotBeMadeIsOneLineNamingIt() throws IOException {
        Path blocker = dir.resolve("blocker");
        Files.writeString(blocker, "a file where a folder should be");

        String problem = HistoryFile.prepare(blocker.resolve("rosetta/history")).orElseThrow();

        assertThat(problem).contains(blocker.toString()).contains("XDG_DATA_HOME").doesNotContain("\n");
    }
}
