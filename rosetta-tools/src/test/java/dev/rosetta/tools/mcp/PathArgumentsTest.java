package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.tools.files.Workspace;
import io.modelcontextprotocol.spec.McpSchema;

/** Which of an MCP call's arguments name files in the workspace: by the schema's words, never by a list of tools. */
class PathArgumentsTest {

    @TempDir
    Path ws;

    private static McpSchema.Tool tool(Map<String, Object> properties, Boolean readOnly) {
        return new McpSchema.Tool("t", null, "a tool", Map.of("type", "object", "properties", properties), null,
                readOnly == null ? null : new McpSchema.ToolAnnotations(null, readOnly, null, null, null, null), null);
    }

    private List<Path> of(McpSchema.Tool tool, Map<String, Object> args) {
        return PathArguments.of(tool, args, new Workspace(ws, false));
    }

    @Test
    void propertiesNamedOrDescribedAsPathsAreTakenAtAnyDepth() {
        var tool = tool(Map.of(
                "file_path", Map.of("type", "string"),
                "targetDir", Map.of("type", "string"),
                "where", Map.of("type", "string", "description", "The file to write"),
                "content", Map.of("type", "string"),
                "edits", Map.of("type", "array", "items", Map.of("type", "object", "properties",
                        Map.of("path", Map.of("type", "string"), "newText", Map.of("type", "string"))))), null);

        List<Path> paths = of(tool, Map.of("file_path", "a.txt", "targetDir", "out", "where", "w.txt",
                "content", "b.txt", "edits", List.of(Map.of("path", "deep/c.txt", "newText", "d.txt"))));

        assertThat(paths).containsExactlyInAnyOrder(ws.resolve("a.txt"), ws.resolve("out"), ws.resolve("w.txt"),
                ws.resolve("deep/c.txt"));
    }

    @Test
    void onlyPathsInsideTheWorkspaceCountAndFileUrisAreTheirPaths() {
        var tool = tool(Map.of("paths", Map.of("type", "array", "items", Map.of("type", "string"))), null);

        List<Path> paths = of(tool, Map.of("paths", List.of("../outside.txt", "/etc/passwd",
                ws.resolve("abs.txt").toUri().toString(), ".", "x\ny", "")));

        assertThat(paths).containsExactly(ws.resolve("abs.txt"));
    }

    @Test
    void aToolThatSaysItOnlyReadsNamesNothing() {
        var tool = tool(Map.of("path", Map.of("type", "string")), true);

        assertThat(of(tool, Map.of("path", "a.txt"))).isEmpty();
        assertThat(of(tool(Map.of("path", Map.of("type", "string")), false), Map.of("path", "a.txt")))
                .containsExactly(ws.resolve("a.txt"));
    }
}
