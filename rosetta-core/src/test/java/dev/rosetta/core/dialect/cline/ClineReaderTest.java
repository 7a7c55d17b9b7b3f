package dev.rosetta.core.dialect.cline;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.kinds;
import static dev.rosetta.core.split.Splitting.onlyCall;
import static dev.rosetta.core.split.Splitting.onlyUnparsed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/** Cline's and Roo Code's tool elements: a call where the tag names a declared tool and its children are its parameters. */
class ClineReaderTest {

    private static final ToolSpec READ_FILE = tool("read_file", Parameter.named("path", "string", "", true));
    private static final ToolSpec WRITE_TO_FILE = tool("write_to_file", Parameter.named("path", "string", "", true),
            Parameter.named("content", "string", "", true));
    private static final ToolSpec EXECUTE_COMMAND = tool("execute_command", Parameter.named("command", "string", "", true),
            Parameter.named("requires_approval", "boolean", "", false));
    private static final ToolCatalog TOOLS = ToolCatalog.of(READ_FILE, WRITE_TO_FILE, EXECUTE_COMMAND);

    private static ToolSpec tool(String name, Parameter... parameters) {
        return new ToolSpec(name, "", "", List.of(parameters), null, null, null);
    }

    private static List<Segment> auto(String message) {
        return Splitting.split(message, () -> ToolFormat.allReaders(TOOLS));
    }

    @Test
    void toolElementWithParameterChildrenIsACall() {
        Segment.Call call = onlyCall(auto("I'll read it.\n<read_file>\n<path>src/a.ts</path>\n</read_file>"));
        assertThat(call.use().tool()).isEqualTo("read_file");
        assertThat(call.use().kwargs()).isEqualTo(Map.of("path", "src/a.ts"));
        assertThat(call.dialect()).isSameAs(ClineDialect.INSTANCE);
    }

    @ParameterizedTest
    @EnumSource(ToolFormat.class)
    void toolElementIsACallInEveryFormat(ToolFormat format) {
        List<Segment> s = Splitting.split("<read_file><path>src/a.ts</path></read_file>", format, TOOLS);
        assertThat(onlyCall(s).use().kwargs()).isEqualTo(Map.of("path", "src/a.ts"));
    }

    @Test
    void multiLineContentIsKeptByteForByteAfterTheOneLineBreak() {
        String body = "  indented\n\n</write_to_file> mentioned\n</content> quoted\n<path>x</path>\ntrailing  \n\n";
        Segment.Call call = onlyCall(auto("<write_to_file>\n<path>a.md</path>\n<content>\n" + body
                + "</content>\n</write_to_file>\nDone."));
        assertThat(call.use().kwargs()).containsEntry("content", body).containsEntry("path", "a.md");
    }

    @Test
    void oneLineValuesAreStrippedOfTheSpacesAroundThem() {
        Segment.Call call = onlyCall(auto("<execute_command>\n<command>\nnpm test\n</command>\n"
                + "<requires_approval> false </requires_approval>\n</execute_command>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("command", "npm test", "requires_approval", false));
    }

    @Test
    void anUndeclaredToolsElementIsProse() {
        assertThat(kinds(auto("<launch_rocket>\n<target>moon</target>\n</launch_rocket>"))).containsExactly("prose");
    }

    @Test
    void htmlIsProse() {
        assertThat(kinds(auto("<div>\n<p>hello</p>\n</div>\n<details><summary>x</summary></details>"))).containsExactly("prose");
    }

    @Test
    void aDeclaredToolsTagHoldingTextIsProse() {
        assertThat(kinds(auto("<read_file> is the tool I would use here.\n</read_file>"))).containsExactly("prose");
    }

    @Test
    void aDeclaredToolsTagWhoseFirstChildIsNoParameterIsProse() {
        assertThat(kinds(auto("<read_file>\n<b>path</b>\n</read_file>"))).containsExactly("prose");
    }

    @Test
    void aToolElementAfterProseOnItsLineIsProse() {
        assertThat(kinds(auto("Use <read_file><path>a</path></read_file> to read."))).containsExactly("prose");
    }

    @Test
    void aToolElementInAFenceIsNotRun() {
        assertThat(calls(auto("```xml\n<read_file>\n<path>a</path>\n</read_file>\n```"))).isEmpty();
    }

    @Test
    void anUnclosedToolElementIsReportedIncomplete() {
        Segment.Unparsed u = onlyUnparsed(auto("<write_to_file>\n<path>a.md</path>\n<content>\nhalf a fi"));
        assertThat(u.problem()).contains("unclosed <write_to_file>").contains("</write_to_file> never came");
    }

    @Test
    void aChildThatIsNotAParameterIsReported() {
        List<Segment> s = auto("<read_file>\n<path>a</path>\n<encoding>utf8</encoding>\n</read_file>\nAfter.");
        assertThat(kinds(s)).containsExactly("unparsed", "prose");
        assertThat(onlyUnparsed(s).problem()).contains("not one of its parameters").contains("(path)");
    }

    @Test
    void textAfterAValueIsReportedNotSwallowed() {
        List<Segment> s = auto("<read_file>\n<path>a</path> please\n</read_file>\nNext line.");
        assertThat(kinds(s)).containsExactly("unparsed", "prose");
    }

    @Test
    void twoCallsInARowAreTwoCalls() {
        List<Segment> s = auto("<read_file>\n<path>a</path>\n</read_file>\n<read_file>\n<path>b</path>\n</read_file>");
        assertThat(calls(s)).extracting(c -> c.use().kwargs().get("path")).containsExactly("a", "b");
    }

    @Test
    void writtenCallsReadBack() {
        Map<String, Object> args = Map.of("path", " spaced.md", "content", "one line\n");
        String written = ClineDialect.INSTANCE.write(dev.rosetta.core.tool.ToolUse.named("write_to_file",
                new java.util.LinkedHashMap<>(args), null), WRITE_TO_FILE);
        assertThat(onlyCall(Splitting.split(written, ToolFormat.CLINE, TOOLS)).use().kwargs()).isEqualTo(args);
    }
}
