package dev.rosetta.core.dialect.xml;

import static dev.rosetta.core.dialect.xml.XmlCalls.onlyCall;
import static dev.rosetta.core.dialect.xml.XmlCalls.onlyUnparsed;
import static dev.rosetta.core.dialect.xml.XmlCalls.split;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolUse;

/** The {@code <function_calls><invoke>} spelling and the {@code <tool_name>}/{@code <parameters>} one. */
class XmlInvokeTest {

    private static final String NS = "ant" + "ml:";

    private static String calls(String inner) {
        return "<function_calls>\n" + inner + "\n</function_calls>";
    }

    @Test
    void invokeWithParametersGivesNamedArguments() {
        String invoke = "<invoke name=\"save\">\n<parameter name=\"path\">my file.txt</parameter>\n<parameter name=\"content\">\nhello\n</parameter>\n</invoke>";
        Call call = onlyCall("I'll save it.\n" + calls(invoke) + "\nDone.");
        assertThat(call.use()).isEqualTo(ToolUse.named("save", Map.of("path", "my file.txt", "content", "hello"), null));
        assertThat(call.raw()).isEqualTo(invoke);
        assertThat(BuiltinTools.SAVE.bind(call.use()).values()).containsEntry("path", "my file.txt");
    }

    @Test
    void namespacePrefixIsAccepted() {
        String msg = "<" + NS + "function_calls>\n<" + NS + "invoke name=\"shell\">\n<" + NS + "parameter name=\"command\">ls -la</" + NS
                + "parameter>\n</" + NS + "invoke>\n</" + NS + "function_calls>\nok";
        Call call = onlyCall(msg);
        assertThat(call.use()).isEqualTo(ToolUse.named("shell", Map.of("command", "ls -la"), null));
        assertThat(call.raw()).startsWith("<" + NS + "invoke ").endsWith("</" + NS + "invoke>");
    }

    @Test
    void declaredParameterNamesWorkAsElements() {
        Call call = onlyCall(calls("<invoke name=\"save\">\n<path>a.txt</path>\n<content>\nx < y\n</content>\n</invoke>"));
        assertThat(call.use().kwargs()).containsExactly(Map.entry("path", "a.txt"), Map.entry("content", "x < y"));
    }

    @Test
    void invokeWithAPlainBodyTakesItAsContent() {
        Call call = onlyCall(calls("<invoke name=\"shell\">\nls -la\n</invoke>"));
        assertThat(call.use()).isEqualTo(ToolUse.positional("shell", List.of(), "ls -la"));
    }

    @Test
    void undeclaredElementsInAnInvokeBodyAreText() {
        Call call = onlyCall(calls("<invoke name=\"shell\"><b>echo</b> <filename> && ls</invoke>"));
        assertThat(call.use().content()).isEqualTo("<b>echo</b> <filename> && ls");
    }

    @Test
    void parameterValuesAreRawWithCdataUnwrapped() {
        Call call = onlyCall(calls("<invoke name=\"shell\"><parameter name=\"command\">echo &amp; <x> && <![CDATA[</parameter>]]> end</parameter></invoke>"));
        assertThat(call.use().kwargs()).containsExactly(Map.entry("command", "echo &amp; <x> && </parameter> end"));
    }

    @Test
    void cdataHidesTheClosingInvokeTag() {
        Call call = onlyCall(calls("<invoke name=\"shell\"><parameter name=\"command\"><![CDATA[echo '</invoke>']]></parameter></invoke>"));
        assertThat(call.use().kwargs()).containsExactly(Map.entry("command", "echo '</invoke>'"));
    }

    @Test
    void selfClosingInvokeIsACallWithoutArguments() {
        Call call = onlyCall(calls("<invoke name=\"shell\"/>"));
        assertThat(call.use()).isEqualTo(ToolUse.positional("shell", List.of(), null));
    }

    @Test
    void severalInvokesInOneBlockAreSeveralCalls() {
        List<Segment> s = split(calls("<invoke name=\"shell\"><parameter name=\"command\">ls</parameter></invoke>\n"
                + "<invoke name=\"py\"><parameter name=\"code\">1</parameter></invoke>"));
        assertThat(s).hasSize(2).allMatch(Call.class::isInstance);
        assertThat(((Call) s.get(1)).use()).isEqualTo(ToolUse.named("ipython", Map.of("code", "1"), null));
    }

    @Test
    void invokeOfAnUnknownToolIsUnparsed() {
        Unparsed u = onlyUnparsed(calls("<invoke name=\"web_search\"><parameter name=\"q\">x</parameter></invoke>"));
        assertThat(u.problem()).contains("'web_search'").contains("shell, ipython");
        assertThat(u.raw()).startsWith("<invoke").endsWith("</invoke>");
    }

    @Test
    void invokeWithoutANameIsUnparsed() {
        assertThat(onlyUnparsed(calls("<invoke>ls</invoke>")).problem()).contains("needs the tool's name");
    }

    @Test
    void parameterWithoutANameIsUnparsed() {
        assertThat(onlyUnparsed(calls("<invoke name=\"shell\"><parameter>ls</parameter></invoke>")).problem())
                .contains("needs the parameter's name");
    }

    @Test
    void textAfterTheParametersIsUnparsed() {
        Unparsed u = onlyUnparsed(calls("<invoke name=\"save\"><parameter name=\"path\">a</parameter>\nhello\n</invoke>"));
        assertThat(u.problem()).contains("unexpected text").contains("'hello'").contains("path, content");
    }

    @Test
    void misnamedParameterElementAfterAParameterIsUnparsed() {
        Unparsed u = onlyUnparsed(calls("<invoke name=\"save\"><path>a</path><contents>x</contents></invoke>"));
        assertThat(u.problem()).contains("<contents>").contains("path, content");
    }

    @Test
    void unclosedParameterIsUnparsed() {
        Unparsed u = onlyUnparsed(calls("<invoke name=\"shell\"><parameter name=\"command\">ls</invoke>"));
        assertThat(u.problem()).contains("never closed");
    }

    @Test
    void unclosedInvokeIsUnparsed() {
        Unparsed u = onlyUnparsed("<function_calls>\n<invoke name=\"shell\">\n<parameter name=\"command\">ls</parameter>\n");
        assertThat(u.problem()).contains("unclosed").contains("not run").contains("cut off");
        assertThat(u.raw()).startsWith("<invoke");
    }

    @Test
    void unclosedFunctionCallsWithNothingInsideIsUnparsed() {
        Unparsed u = onlyUnparsed("<" + NS + "function_calls>\n");
        assertThat(u.problem()).contains("unclosed <" + NS + "function_calls> with no tool call inside");
    }

    @Test
    void toolElementsWorkInsideFunctionCallsToo() {
        assertThat(onlyCall(calls("<shell>ls</shell>")).use().content()).isEqualTo("ls");
    }

    @Test
    void toolNameWithJsonParametersGivesNamedArguments() {
        String call = "<tool_name>ipython</tool_name>\n<parameters>{\"code\": \"print('<b>' + \\\"x\\\")\"}</parameters>";
        Call c = onlyCall("Computing.\n<tool-use>\n" + call + "\n</tool-use>\n");
        assertThat(c.use()).isEqualTo(ToolUse.named("ipython", Map.of("code", "print('<b>' + \"x\")"), null));
        assertThat(c.raw()).isEqualTo(call);
    }

    @Test
    void toolNameParametersAreRepairedLikeNativeArguments() {
        Call c = onlyCall("<tool-use>\n<tool_name>shell</tool_name>\n<parameters>\n{'command': 'ls',}\n</parameters>\n</tool-use>");
        assertThat(c.use().kwargs()).containsExactly(Map.entry("command", "ls"));
    }

    @Test
    void toolNameWithParametersThatAreNotAnObjectIsUnparsed() {
        Unparsed u = onlyUnparsed("<tool-use>\n<tool_name>shell</tool_name>\n<parameters>[1, 2]</parameters>\n</tool-use>");
        assertThat(u.problem()).contains("not a JSON object").contains("expected a JSON object");
    }

    @Test
    void toolNameWithoutParametersIsACallWithoutArguments() {
        List<Segment> s = split("<tool-use>\n<tool_name>shell</tool_name>\n</tool-use>");
        assertThat(s).singleElement().isInstanceOf(Call.class);
        assertThat(((Call) s.get(0)).raw()).isEqualTo("<tool_name>shell</tool_name>");
        assertThat(((Call) s.get(0)).use().kwargs()).isEmpty();
    }

    @Test
    void toolNameOfAnUnknownToolIsUnparsed() {
        Unparsed u = onlyUnparsed("<tool-use>\n<tool_name>browser</tool_name>\n<parameters>{}</parameters>\n</tool-use>");
        assertThat(u.problem()).contains("'browser'");
        assertThat(u.raw()).endsWith("</parameters>");
    }

    @Test
    void unclosedParametersIsUnparsed() {
        Unparsed u = onlyUnparsed("<tool-use>\n<tool_name>shell</tool_name>\n<parameters>{\"command\": \"ls");
        assertThat(u.problem()).contains("unclosed <parameters>");
    }

    // --- attributes on invoke ------------------------------------------------------------------

    @Test
    void invokeArgsAttributeKeepsThePathAndTheBodyIsTheContent() {
        Call call = onlyCall(calls("<invoke name=\"save\" args=\"notes/my file.md\">\n# Notes\n<b>raw</b> & more\n</invoke>"));
        assertThat(call.use()).isEqualTo(new ToolUse("save", List.of("notes/my file.md"), "# Notes\n<b>raw</b> & more",
                Map.of(), null));
        assertThat(BuiltinTools.SAVE.bind(call.use()).values()).containsEntry("path", "notes/my file.md")
                .containsEntry("content", "# Notes\n<b>raw</b> & more");
    }

    @Test
    void invokeAttributesOtherThanNameAndArgsAreNamedArguments() {
        Call call = onlyCall(calls("<invoke name=\"save\" path=\"a.txt\">hello</invoke>"));
        assertThat(call.use()).isEqualTo(new ToolUse("save", List.of(), "hello", Map.of("path", "a.txt"), null));
        assertThat(BuiltinTools.SAVE.bind(call.use()).values()).containsEntry("path", "a.txt").containsEntry("content", "hello");
    }

    @Test
    void invokeAttributesJoinItsParameterChildren() {
        Call call = onlyCall(calls("<invoke name=\"save\" path=\"a.txt\"><parameter name=\"content\">x</parameter></invoke>"));
        assertThat(call.use().kwargs()).containsExactly(Map.entry("path", "a.txt"), Map.entry("content", "x"));
    }

    @Test
    void selfClosingInvokeWithArgsIsACallWithoutBody() {
        Call call = onlyCall(calls("<invoke name=\"read\" args=\"README.md\"/>"));
        assertThat(call.use()).isEqualTo(new ToolUse("read", List.of("README.md"), null, Map.of(), null));
    }

    @Test
    void invokeInToolUseWithArgsWorksToo() {
        Call call = onlyCall("<tool-use>\n<invoke name=\"append\" args=\"log.txt\">line</invoke>\n</tool-use>");
        assertThat(call.use().args()).containsExactly("log.txt");
        assertThat(call.use().content()).isEqualTo("line");
    }
}
