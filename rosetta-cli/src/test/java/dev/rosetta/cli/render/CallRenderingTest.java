package dev.rosetta.cli.render;

import static dev.rosetta.cli.render.Screens.colour;
import static dev.rosetta.cli.render.Screens.plain;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.tool.ToolUse;

/** Every spelling of a call looks the same on screen: the header, then the body. */
class CallRenderingTest {

    private static String spelled(String text, ToolFormat format) {
        List<AgentEvent> events = Replies.events(text, format, 7);
        assertThat(events).filteredOn(e -> e instanceof AgentEvent.CallRead).hasSize(1);
        return plain(events);
    }

    private static String nativeCall(String tool, Map<String, Object> kwargs) {
        return plain(List.of(new AgentEvent.CallStarted(tool, "tool"),
                new AgentEvent.CallRead(ToolUse.named(tool, kwargs, "call_1"), "tool", null)));
    }

    @Test
    void saveLooksTheSameInEveryDialect() {
        String expected = "▶ save hello.py\n  def hi():\n      print(\"hi\")\n";
        assertThat(spelled("```save hello.py\ndef hi():\n    print(\"hi\")\n```\n", ToolFormat.MARKDOWN))
                .isEqualTo(expected);
        assertThat(spelled("<tool-use>\n<save args=\"hello.py\">\ndef hi():\n    print(\"hi\")\n</save>\n</tool-use>",
                ToolFormat.XML)).isEqualTo(expected);
        assertThat(spelled("<function_calls>\n<invoke name=\"save\">\n<parameter name=\"path\">hello.py</parameter>\n"
                + "<parameter name=\"content\">\ndef hi():\n    print(\"hi\")\n</parameter>\n"
                + "</invoke>\n</function_calls>",
                ToolFormat.XML)).isEqualTo(expected);
        assertThat(spelled("@save(call_1): {\"path\": \"hello.py\", "
                + "\"content\": \"def hi():\\n    print(\\\"hi\\\")\\n\"}",
                ToolFormat.TOOL)).isEqualTo(expected);
        assertThat(nativeCall("save", Map.of("path", "hello.py", "content", "def hi():\n    print(\"hi\")\n")))
                .isEqualTo(expected);
    }

    @Test
    void shortShellCommandGoesInTheHeaderInEveryDialect() {
        String expected = "▶ shell ls -la\n";
        assertThat(spelled("```shell\nls -la\n```\n", ToolFormat.MARKDOWN)).isEqualTo(expected);
        assertThat(spelled("<tool-use>\n<shell>\nls -la\n</shell>\n</tool-use>", ToolFormat.XML)).isEqualTo(expected);
        assertThat(spelled("@shell(c1): {\"command\": \"ls -la\"}", ToolFormat.TOOL)).isEqualTo(expected);
        assertThat(nativeCall("shell", Map.of("command", "ls -la"))).isEqualTo(expected);
    }

    @Test
    void scriptGoesInTheBody() {
        String script = "mkdir -p build\ncd build && cmake ..";
        String expected = "▶ shell\n  mkdir -p build\n  cd build && cmake ..\n";
        assertThat(spelled("```shell\n" + script + "\n```\n", ToolFormat.MARKDOWN)).isEqualTo(expected);
        assertThat(nativeCall("shell", Map.of("command", script))).isEqualTo(expected);
        String longLine = "find . -name '*.java' -newer pom.xml -exec grep -l 'TerminalRenderer' {} + | sort";
        assertThat(nativeCall("shell", Map.of("command", longLine))).isEqualTo("▶ shell\n  " + longLine + "\n");
    }

    @Test
    void patchLooksTheSameInEveryDialect() {
        String patch = "<<<<<<< ORIGINAL\nprint(1)\n=======\nprint(2)\n>>>>>>> UPDATED";
        String expected = "▶ patch hello.py\n"
                + "  <<<<<<< ORIGINAL\n  print(1)\n  =======\n  print(2)\n  >>>>>>> UPDATED\n";
        assertThat(spelled("```patch hello.py\n" + patch + "\n```\n", ToolFormat.MARKDOWN)).isEqualTo(expected);
        assertThat(nativeCall("patch", Map.of("path", "hello.py", "patch", patch))).isEqualTo(expected);
    }

    @Test
    void ipythonCalledByItsShortTagShowsTheToolName() {
        assertThat(spelled("```py\nx = 2 ** 100\nx\n```\n", ToolFormat.MARKDOWN))
                .isEqualTo("▶ ipython\n  x = 2 ** 100\n  x\n");
    }

    @Test
    void argumentsNeitherHeaderNorBodyShowAreListed() {
        assertThat(nativeCall("search_web", Map.of("query", "rosetta stone", "limit", 3)))
                .startsWith("▶ search_web\n  {\n")
                .contains("\"query\" : \"rosetta stone\"").contains("\"limit\" : 3");
    }

    @Test
    void bodiesAreColouredByTool() {
        List<AgentEvent> java = List.of(new AgentEvent.CallRead(
                ToolUse.positional("jshell", List.of(), "var x = 1; // one"), "markdown", "```jshell\n…\n```"));
        assertThat(colour(java)).contains(Tone.MAGENTA.on() + "var").contains(Tone.GREY.on() + "// one");
        List<AgentEvent> patch = List.of(new AgentEvent.CallRead(ToolUse.named("patch",
                Map.of("path", "a.py", "patch", "<<<<<<< ORIGINAL\nold\n=======\nnew\n>>>>>>> UPDATED"), "c"),
                "tool", null));
        assertThat(colour(patch)).contains(Tone.RED.on() + "old").contains(Tone.GREEN.on() + "new");
        List<AgentEvent> save = List.of(new AgentEvent.CallRead(ToolUse.named("save",
                Map.of("path", "conf.yaml", "content", "name: x # note"), "c"), "tool", null));
        assertThat(colour(save)).contains(Tone.BLUE.on() + "name").contains(Tone.GREY.on() + "# note");
    }

    @Test
    void aCallBeingWrittenShowsNothingInPlainOutput() {
        assertThat(plain(List.of(new AgentEvent.CallStarted("save", "markdown")))).isEmpty();
    }

    @Test
    void theRawTextOfACallIsNotPrintedAsProse() {
        String text = "Saving.\n```save a.txt\nSECRET-BODY-MARKER\n```\nDone.";
        String shown = plain(Replies.events(text, ToolFormat.MARKDOWN, 1));
        assertThat(shown).isEqualTo("Saving.\n\n▶ save a.txt\n  SECRET-BODY-MARKER\n\nDone.\n");
    }
}
