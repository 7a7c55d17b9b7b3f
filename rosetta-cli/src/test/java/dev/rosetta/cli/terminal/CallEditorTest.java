package dev.rosetta.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;

class CallEditorTest {

    @TempDir
    Path dir;
    private final List<String> problems = new ArrayList<>();

    @Test
    void visualWinsOverEditorWhichWinsOverVi() {
        assertThat(new CallEditor(Map.of("VISUAL", "code -w", "EDITOR", "nano"), problems::add).editor())
                .isEqualTo("code -w");
        assertThat(new CallEditor(Map.of("VISUAL", " ", "EDITOR", "nano"), problems::add).editor()).isEqualTo("nano");
        assertThat(new CallEditor(Map.of(), problems::add).editor()).isEqualTo("vi");
    }

    @Test
    void editedCommandIsWhatRuns() throws Exception {
        Decision decision = new CallEditor(Map.of("VISUAL", script("sed -i 's/ls/ls -la/' \"$1\"")), problems::add)
                .edit(ToolUse.positional("shell", List.of(), "ls\n"), null);

        assertThat(decision).isInstanceOf(Decision.Edit.class);
        assertThat(((Decision.Edit) decision).edited().values()).containsEntry("command", "ls -la\n");
    }

    @Test
    void editorThatFailsChangesNothingAndSaysSo() throws Exception {
        Decision decision = new CallEditor(Map.of("VISUAL", "exit 3 #"), problems::add)
                .edit(ToolUse.positional("shell", List.of(), "ls\n"), null);

        assertThat(decision).isNull();
        assertThat(problems).containsExactly("The editor exited with 3; nothing changed.");
    }

    @Test
    void editedFileIsRemovedAfterwards() throws Exception {
        Path seen = dir.resolve("seen");
        new CallEditor(Map.of("VISUAL", script("echo \"$1\" > " + seen)), problems::add)
                .edit(ToolUse.positional("save", List.of("notes.md"), "# Notes\n"), null);

        Path edited = Path.of(Files.readString(seen).strip());
        assertThat(edited.getFileName().toString()).endsWith(".md");
        assertThat(edited).doesNotExist();
    }

    @Test
    void theJsonArgumentsOfAnMcpCallAreEditedAsOneObject() throws Exception {
        Path seen = dir.resolve("seen");
        var preview = new Preview.JsonArguments("MCP server everything · tool get-sum", "{\n  \"a\" : 2,\n  \"b\" : 3\n}");
        Decision decision = new CallEditor(Map.of("VISUAL", script("echo \"$1\" > " + seen
                + "; sed -i 's/2/7/' \"$1\"")), problems::add).edit(ToolUse.named("everything.get-sum", Map.of(
                        "a", 2, "b", 3), null), preview);

        assertThat(decision).isInstanceOf(Decision.Edit.class);
        assertThat(((Decision.Edit) decision).edited().values()).containsExactly(Map.entry("a", 7), Map.entry("b", 3));
        assertThat(Files.readString(seen).strip()).endsWith(".json");
    }

    @Test
    void editedJsonArgumentsThatAreNoObjectChangeNothingAndSaySo() throws Exception {
        var preview = new Preview.JsonArguments("MCP server everything · tool get-sum", "{\"a\": 2}");
        Decision decision = new CallEditor(Map.of("VISUAL", script("echo '[1, 2' > \"$1\"")), problems::add)
                .edit(ToolUse.named("everything.get-sum", Map.of("a", 2), null), preview);

        assertThat(decision).isNull();
        assertThat(problems).containsExactly("The edited arguments are not one JSON object; nothing changed.");
    }

    @Test
    void suffixLetsTheEditorColourTheBody() {
        assertThat(CallEditor.suffix(ToolUse.positional("save", List.of("src/App.java"), "x"))).isEqualTo(".java");
        assertThat(CallEditor.suffix(ToolUse.positional("save", List.of("Makefile"), "x"))).isEqualTo(".txt");
        assertThat(CallEditor.suffix(ToolUse.positional("ipython", List.of(), "x"))).isEqualTo(".py");
        assertThat(CallEditor.suffix(ToolUse.positional("shell", List.of(), "x"))).isEqualTo(".sh");
        assertThat(CallEditor.suffix(ToolUse.positional("save", List.of("a.$(rm -rf x)"), "x"))).isEqualTo(".txt");
    }

    private String script(String body) throws IOException {
        Path script = Files.createTempFile(dir, "editor", ".sh");
        Files.writeString(script, "#!/bin/sh\n" + body + "\n");
        script.toFile().setExecutable(true);
        return script.toString();
    }
}
