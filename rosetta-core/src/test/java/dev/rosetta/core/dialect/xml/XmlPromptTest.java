package dev.rosetta.core.dialect.xml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.Example;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;

/** The xml system prompt: sections, usage, and examples the reader accepts. */
class XmlPromptTest {

    private static final XmlDialect XML = XmlDialect.INSTANCE;

    @Test
    void describeIsXmlSectioned() {
        String text = XML.describe(BuiltinTools.SAVE);
        assertThat(text).startsWith("<tool name=\"save\">\n").endsWith("</tool>");
        assertThat(text).contains("<description>" + BuiltinTools.SAVE.description() + "</description>")
                .contains("<instructions>\n" + BuiltinTools.SAVE.instructions().strip() + "\n</instructions>")
                .contains("<usage>\n<tool-use>\n<save args=\"PATH\">\nCONTENT\n</save>\n</tool-use>\n</usage>")
                .contains("<examples>\n<example>\n<user>write a hello world script</user>")
                .contains("<result>\nSaved hello.py (1 line, created)\n</result>");
    }

    @Test
    void describeListsParametersAndWhereEachGoes() {
        String text = XML.describe(BuiltinTools.READ);
        assertThat(text).contains("- path (in args, required): the file or folder to read")
                .contains("- lines (the body, optional): an optional line range");
    }

    @Test
    void usageOfAToolWithNamedArgumentsShowsThem() {
        ToolSpec search = new ToolSpec("search", "Searches.", "", List.of(
                Parameter.named("query", "string", "", true), Parameter.named("limit", "integer", "", false)),
                null, null, null);
        assertThat(XML.describe(search)).contains("<search>\n{\"query\": QUERY, \"limit\": LIMIT}\n</search>")
                .contains("- limit (integer, a key of the JSON body, optional)");
        assertThat(XML.describe(ToolSpec.named("todo"))).contains("<todo>\nINPUT\n</todo>");
    }

    @Test
    void everyCallInTheDescriptionsReadsBackAsTheExampleCall() {
        for (ToolSpec spec : BuiltinTools.ALL) {
            List<Segment> segments = StreamSplitter.split(XML.describe(spec), ToolFormat.XML, BuiltinTools.catalog());
            List<Call> calls = segments.stream().filter(Call.class::isInstance).map(Call.class::cast).toList();
            List<Example> examples = spec.examples();
            assertThat(calls).as(spec.name()).hasSize(examples.size() + 1); // the usage, then each example
            for (int i = 0; i < examples.size(); i++) {
                assertThat(calls.get(i + 1).use()).isEqualTo(examples.get(i).use());
            }
            assertThat(segments).noneMatch(Segment.Unparsed.class::isInstance);
        }
    }

    @Test
    void callingConventionExplainsRawBodiesCdataAndFences() {
        assertThat(XML.callingConvention()).contains("<tool-use>").contains("raw text").contains("CDATA")
                .contains("NOT run").contains("as soon as its closing tag arrives");
    }

    @Test
    void toolsSectionWrapsTheConventionAndEveryTool() {
        String text = XML.describeTools(BuiltinTools.ALL);
        assertThat(text).startsWith("<tools>\n<calling-convention>\n" + XML.callingConvention()).endsWith("</tools>");
        for (ToolSpec spec : BuiltinTools.ALL) {
            assertThat(text).contains("<tool name=\"" + spec.name() + "\">");
        }
    }

    @Test
    void systemPromptHasTheRoleThenTheTools() {
        String prompt = XML.systemPrompt("  You are Rosetta.\n", BuiltinTools.ALL);
        assertThat(prompt).startsWith("<role>\nYou are Rosetta.\n</role>\n\n<tools>\n");
    }
}
