package dev.rosetta.core.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.Example;
import dev.rosetta.core.tool.ToolSpec;

/** Tool descriptions come from the declarations, and their examples are what the readers accept. */
class DescribeTest {

    @ParameterizedTest
    @EnumSource(ToolFormat.class)
    void everyToolIsDescribedWithItsDescriptionAndInstructions(ToolFormat format) {
        for (ToolSpec spec : BuiltinTools.ALL) {
            String text = format.dialect().describe(spec);
            assertThat(text).contains(spec.tag()).contains(spec.description());
            assertThat(text).contains(spec.instructions().strip().substring(0, 40));
        }
    }

    @ParameterizedTest
    @EnumSource(ToolFormat.class)
    void examplesAreSpelledByTheDialectThatDescribesThem(ToolFormat format) {
        for (ToolSpec spec : BuiltinTools.ALL) {
            String text = format.dialect().describe(spec);
            for (Example e : spec.examples()) {
                assertThat(text).contains(e.request()).contains(format.dialect().write(e.use(), spec));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ToolFormat.class)
    void everyExampleCallInTheDescriptionReadsAsACallOfItsTool(ToolFormat format) {
        for (ToolSpec spec : BuiltinTools.ALL) {
            for (Example e : spec.examples()) {
                String shown = format.dialect().write(e.use(), spec);
                List<Segment> segments = StreamSplitter.split(shown, format, BuiltinTools.catalog());
                assertThat(segments).singleElement().isInstanceOfSatisfying(Segment.Call.class,
                        c -> assertThat(c.use().tool()).isEqualTo(spec.name()));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ToolFormat.class)
    void toolsSectionHasTheCallingConventionAndEveryTool(ToolFormat format) {
        String text = format.dialect().describeTools(BuiltinTools.ALL);
        assertThat(format.dialect().callingConvention()).isNotBlank();
        for (ToolSpec spec : BuiltinTools.ALL) {
            assertThat(text).contains(spec.description());
        }
    }

    @ParameterizedTest
    @EnumSource(ToolFormat.class)
    void systemPromptStartsWithTheRole(ToolFormat format) {
        String prompt = format.dialect().systemPrompt("You are Rosetta, a careful assistant.", BuiltinTools.ALL);
        assertThat(prompt).contains("You are Rosetta, a careful assistant.");
        assertThat(prompt.indexOf("You are Rosetta")).isLessThan(prompt.indexOf(BuiltinTools.SHELL.description()));
    }

    @Test
    void builtInDescriptionsFitTheNativeToolLimit() {
        for (ToolSpec spec : BuiltinTools.ALL) {
            assertThat((spec.description() + "\n\n" + spec.instructions()).length())
                    .as(spec.name()).isLessThanOrEqualTo(1024);
        }
    }
}
