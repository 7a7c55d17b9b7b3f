package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.FileWrites;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.sandbox.Sandbox;

/**
 * Issue 25 §3: what the reference filesystem server writes was never checkpointed, though the
 * docs said it was. Each call that names files is announced to {@link FileWrites} before it is
 * sent, path by path, while the files still hold what they held; a tool that says it only reads
 * announces nothing. The real server, over stdio, in a real folder.
 */
class McpFileWritesTest {

    @TempDir
    Path workspace;

    /** Each announced path, with what it held at that moment (null: no file). */
    private final List<Map.Entry<Path, String>> announced = new ArrayList<>();
    private McpServer server;
    private Toolbox toolbox;

    @BeforeEach
    void start() throws Exception {
        FileWrites record = file -> {
            try {
                announced.add(new SimpleEntry<>(file, Files.isRegularFile(file) ? Files.readString(file) : null));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        var settings = new McpServerSettings("fs", ReferenceServers.filesystem(), Duration.ofSeconds(30),
                Duration.ofSeconds(30), false, workspace, null);
        sandbox = settings.sandbox();
        server = new McpServer(settings, new McpServer.Listener() {
            @Override
            public void toolsChanged(McpServer s, List<McpTool> tools) {}

            @Override
            public void notice(String line) {}
        });
        toolbox = new Toolbox(List.of(), ToolContext.in(workspace).withWrites(record), Confirmation.ALWAYS);
        toolbox.add(server.start());
        // The server asks for its roots once it is ready, and takes calls meanwhile as if it had
        // none: a round trip or two, and it has the workspace.
        for (int i = 0; i < 20 && !toolbox.execute(ToolUse.named("fs.list_allowed_directories", Map.of(), null))
                .output().contains(workspace.toString()); i++) {
            Thread.onSpinWait();
        }
    }

    /** The server's own sandbox (its settings' default): closed after it, not left to the JVM's exit. */
    private Sandbox sandbox;

    @AfterEach
    void stop() {
        if (server != null) { // null when the reference servers are missing and start() was skipped
            server.close();
            sandbox.close();
        }
    }

    private ToolResult call(String tool, Map<String, Object> args) throws InterruptedException {
        ToolResult result = toolbox.execute(ToolUse.named("fs." + tool, args, null));
        assertThat(result.isError()).as(result.output()).isFalse();
        return result;
    }

    @Test
    void everyFileAWritingCallNamesIsAnnouncedBeforeTheServerWritesIt() throws Exception {
        Files.writeString(workspace.resolve("notes.md"), "old notes\n");
        Files.writeString(workspace.resolve("moved.txt"), "to move\n");

        call("write_file", Map.of("path", "notes.md", "content", "new notes\n"));
        call("write_file", Map.of("path", workspace.resolve("fresh.txt").toString(), "content", "fresh\n"));
        call("edit_file", Map.of("path", "notes.md", "edits", List.of(Map.of("oldText", "new", "newText", "edited"))));
        call("move_file", Map.of("source", "moved.txt", "destination", "there.txt"));

        assertThat(announced).containsExactlyInAnyOrder(
                new SimpleEntry<>(workspace.resolve("notes.md"), "old notes\n"),
                new SimpleEntry<>(workspace.resolve("fresh.txt"), null),
                new SimpleEntry<>(workspace.resolve("notes.md"), "new notes\n"),
                new SimpleEntry<>(workspace.resolve("moved.txt"), "to move\n"),
                new SimpleEntry<>(workspace.resolve("there.txt"), null));
        assertThat(workspace.resolve("notes.md")).hasContent("edited notes");
    }

    @Test
    void aToolThatSaysItOnlyReadsAnnouncesNothing() throws Exception {
        Files.writeString(workspace.resolve("notes.md"), "notes\n");

        call("read_text_file", Map.of("path", "notes.md"));
        call("list_directory", Map.of("path", "."));

        assertThat(announced).isEmpty();
    }
}
