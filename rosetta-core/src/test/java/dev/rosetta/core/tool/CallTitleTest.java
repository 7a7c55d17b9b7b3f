package dev.rosetta.core.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A call's title in plain text, as an editor shows it and the terminal UI's header reads. */
class CallTitleTest {

    private static String title(ToolUse use) {
        return CallTitle.of(use).text(use);
    }

    @Test
    void aFileToolIsNamedByItsPathAndHowLongItsContentIs() {
        String readme = "# Rosetta\n".repeat(46);
        assertThat(title(new ToolUse("save", List.of("README.md"), readme, Map.of(), null)))
                .isEqualTo("save README.md · 46 lines");
        assertThat(title(ToolUse.named("save", Map.of("path", "README.md", "content", readme), "c1")))
                .isEqualTo("save README.md · 46 lines");
    }

    @Test
    void aShortCommandIsTheTitleAfterAColon() {
        assertThat(title(new ToolUse("shell", List.of(), "npm test\n", Map.of(), null))).isEqualTo("shell: npm test");
        assertThat(title(ToolUse.named("shell", Map.of("command", "npm test"), "c1"))).isEqualTo("shell: npm test");
    }

    @Test
    void aScriptShowsItsFirstLineAndItsLength() {
        assertThat(title(new ToolUse("ipython", List.of(), "import os\nprint(os.getcwd())\n", Map.of(), null)))
                .isEqualTo("ipython: import os … · 2 lines");
    }

    @Test
    void anMcpToolShowsItsShortArgumentsAndOnlyItsNameWhenTheyAreLong() {
        assertThat(title(ToolUse.named("github.search", Map.of("q", "bug"), "c1"))).isEqualTo("github.search: {\"q\":\"bug\"}");
        String big = "x".repeat(200);
        assertThat(title(ToolUse.named("db.query", Map.of("sql", big), "c1"))).isEqualTo("db.query · 3 lines");
    }

    @Test
    void linesEndedByCarriageReturnsCountAsLines() {
        assertThat(CallTitle.of(new ToolUse("save", List.of("a.txt"), "one\r\ntwo\rthree\n", Map.of(), null))
                .bodyLines()).isEqualTo(3);
    }
}
