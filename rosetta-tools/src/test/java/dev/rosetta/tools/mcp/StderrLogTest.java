package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.testing.ReferenceMcpServers;

/**
 * A stdio server's stderr reaches its log through a pipe Rosetta reads: with the secrets of its
 * definition taken out, and whole even when the server never ends a line.
 */
class StderrLogTest {

    @TempDir
    Path dir;

    @Test
    void aSecretTheServerPrintsIsTakenOutOfItsLog() throws Exception {
        String secret = "s3cr3t-token-7f1c";
        var endpoint = new McpEndpoint.Stdio("sh", List.of("-c", "echo \"using token $TOKEN\" >&2; exec node \"$0\" stdio",
                ReferenceMcpServers.script("server-everything").toString()), Map.of("TOKEN", secret), null, List.of(), "everything",
                Set.of(secret));
        Path log = dir.resolve("mcp-everything.log");
        var settings = new McpServerSettings("everything", endpoint, Duration.ofSeconds(30), Duration.ofSeconds(30),
                false, dir, log);
        try (McpServer server = new McpServer(settings, new McpServer.Listener() {
            @Override
            public void toolsChanged(McpServer s, List<McpTool> tools) {}

            @Override
            public void notice(String line) {}
        })) {
            server.start();
        } finally {
            settings.sandbox().close(); // the server's own: its folders now, not at the JVM's exit
        }

        String written = Files.readString(log);
        assertThat(written).contains("using token ***").contains("Starting default (STDIO) server")
                .doesNotContain(secret);
    }

    @Test
    void aLineWithoutEndIsPassedOnInPiecesOfAtMostTheLongestLine() throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        StderrPipe pipe = StderrPipe.open(dir, lines::add);
        assertThat(pipe).as("mkfifo is there").isNotNull();

        try (OutputStream writer = Files.newOutputStream(pipe.path())) {
            writer.write(("x".repeat(40 * 1024) + "\r\nlast words").getBytes(StandardCharsets.UTF_8));
        }

        assertThat(pipe.awaitEnd(Duration.ofSeconds(30))).isTrue();
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).hasSize(StderrPipe.LONGEST_LINE);
        assertThat(lines.get(1)).hasSize(StderrPipe.LONGEST_LINE);
        assertThat(lines.get(2)).hasSize(40 * 1024 - 2 * StderrPipe.LONGEST_LINE);
        assertThat(lines.get(3)).isEqualTo("last words");
        assertThat(pipe.path()).doesNotExist();
    }

    /** Issue 25 §2: it was created 0644 (readable by everyone) against the documented 0600. */
    @Test
    void theLogIsCreatedOwnerOnlyBeforeAnythingIsWrittenToIt() throws Exception {
        Path log = dir.resolve("conversation").resolve("mcp-files.log");

        try (StderrLog opened = StderrLog.open(log, McpServerSettings.DEFAULT_LOG_LIMIT, text -> text)) {
            assertThat(Files.getPosixFilePermissions(log)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
            opened.note("started");
            assertThat(Files.getPosixFilePermissions(log)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
            assertThat(Files.getPosixFilePermissions(log.getParent()))
                    .isEqualTo(PosixFilePermissions.fromString("rwx------"));
        }
    }

    /** Issue 25: a server's log grew 149 MB in 10 s. */
    @Test
    void aLogThatWouldPassItsLimitIsRotatedAndTheNewOneSaysWhereTheRestIs() throws Exception {
        Path log = dir.resolve("mcp-chatty.log");
        try (StderrLog opened = StderrLog.open(log, 10_000, text -> text)) {
            for (int i = 0; i < 1_000; i++) {
                opened.line("line " + i + " " + "x".repeat(90));
            }
            assertThat(opened.older()).isEqualTo(dir.resolve("mcp-chatty.log.1"));
        }

        assertThat(Files.size(log)).isLessThanOrEqualTo(10_000);
        assertThat(Files.size(dir.resolve("mcp-chatty.log.1"))).isLessThanOrEqualTo(10_000);
        assertThat(Files.readAllLines(log).getFirst()).contains("the log reached 9.8 KiB ([limits] mcp_log); the"
                + " lines before are in mcp-chatty.log.1");
        assertThat(Files.readString(log)).contains("line 999 ");
        for (Path file : List.of(log, dir.resolve("mcp-chatty.log.1"))) {
            assertThat(Files.getPosixFilePermissions(file)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        }
    }
}
