package dev.rosetta.agent.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.config.ChatConfig;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;

/**
 * Issue 10 #6: logs hold file contents and tool output, so they are as private as the config and
 * the history: 0700 folders and 0600 files, from the log folder down, new or left by an older Rosetta.
 */
class LogPermissionsTest {

    @TempDir
    Path home;

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
    }

    /** Every path under {@code root}, with its mode, for a message that shows them all. */
    private static List<String> modes(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.map(p -> {
                try {
                    return root.relativize(p) + " " + mode(p);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
    }

    private static void assertOwnerOnly(Path root) throws IOException {
        for (String entry : modes(root)) {
            Path p = root.resolve(entry.substring(0, entry.lastIndexOf(' ')));
            assertThat(entry).as("under " + root).endsWith(Files.isDirectory(p) ? " rwx------" : " rw-------");
        }
    }

    @Test
    void aNewConversationIsTheOwnersAloneFromTheLogFolderDown() throws IOException {
        Path logs = home.resolve("data").resolve("rosetta").resolve("logs");
        try (ConversationLog log = ConversationLog.create(logs, "talk")) {
            log.append(LoggedMessage.of(Message.user("the contents of ~/.ssh/config"), ToolFormat.MARKDOWN));
            log.writeConfig(ChatConfig.empty().withName("talk"));
            log.fork("copy");
        }
        assertOwnerOnly(home.resolve("data").resolve("rosetta"));
        assertThat(modes(logs)).anyMatch(e -> e.startsWith("talk/lock ")).anyMatch(e -> e.startsWith("copy/config.toml "));
    }

    @Test
    void aConversationLeftReadableIsTightenedWhenOpenedAgainTornLinesAndToolOutputsToo() throws IOException {
        Path logs = Files.createDirectories(home.resolve("logs"));
        try (ConversationLog log = ConversationLog.create(logs, "old")) {
            log.append(LoggedMessage.of(Message.user("hello"), ToolFormat.MARKDOWN));
        }
        Path folder = logs.resolve("old");
        Files.writeString(folder.resolve(ConversationLog.FILE), "{\"role\":\"user\", \"cut", java.nio.file.StandardOpenOption.APPEND);
        Path outputs = Files.createDirectories(folder.resolve("tool-outputs").resolve("deep"));
        Files.writeString(outputs.resolve("shell.txt"), "secret output");
        try (Stream<Path> all = Files.walk(logs)) {
            for (Path p : all.toList()) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }

        try (ConversationLog log = ConversationLog.open(logs, "old")) {
            assertThat(log.warnings()).hasSize(1);
        }

        assertThat(folder.resolve(ConversationLog.TORN)).exists();
        assertOwnerOnly(logs);
    }
}
