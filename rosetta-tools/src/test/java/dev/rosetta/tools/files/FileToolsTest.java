package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.Example;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.tools.Tool;

class FileToolsTest {

    @TempDir
    Path dir;

    @Test
    void theFileToolsAreTheBuiltinDeclarations() {
        assertThat(FileTools.all().stream().map(Tool::spec).toList())
                .containsExactly(BuiltinTools.SAVE, BuiltinTools.APPEND, BuiltinTools.PATCH, BuiltinTools.READ);
    }

    @Test
    void theDeclaredExamplesRunForReal() throws Exception {
        Calls calls = new Calls(dir);
        for (ToolSpec spec : List.of(BuiltinTools.SAVE, BuiltinTools.PATCH, BuiltinTools.READ, BuiltinTools.APPEND)) {
            for (Example example : spec.examples()) {
                ToolResult r = calls.call(spec.name(), example.use().args().get(0), example.use().content());
                assertThat(r.isError()).as(spec.name() + ": " + r.output()).isFalse();
            }
        }
        assertThat(calls.text("hello.py")).isEqualTo("print(\"Hello, everyone!\")\n");
        assertThat(calls.read("hello.py", "1-20").output()).isEqualTo("1\tprint(\"Hello, everyone!\")\n");
        assertThat(calls.text("notes.md")).isEqualTo("- [ ] write the release notes");
    }
}
