package dev.rosetta.core.split;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.unparsed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolUse;

/**
 * Reasoning never eats a call: every shape of reasoning tag, in every position, next to a call
 * spelled in every format's own dialect. Complete calls outside reasoning run; calls inside it
 * are reported. Each case is split in batch and in every chunking.
 */
class ReasoningShapesTest {

    /** A message around {@code CALL}, and whether that call is outside reasoning (runs) or inside (reported). */
    private record Shape(String name, String template, boolean runs) {
        String with(String call) {
            return template.replace("CALL", call);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static final List<Shape> SHAPES = List.of(
            new Shape("opener glued to a closing fence", "```json\n{}\n```<think>\nplan\n</think>\nCALL\n", true),
            new Shape("stray closer glued to a closing fence", "```json\n{}\n```</think>\nCALL\n", true),
            new Shape("opener after text, closer on a later line", "Let me look.<think>\nplan\n</think>\nCALL\n", true),
            new Shape("opener after text, closer on its line", "Let me look.<think>plan</think>\nCALL\n", true),
            new Shape("opener mentioned mid-sentence", "I use <think> tags.\nCALL\n", true),
            new Shape("stray closer before the call", "plan\n</think>\n\nCALL\n", true),
            new Shape("stray closer after the call", "CALL\n</thinking>\nDone.", true),
            new Shape("opener never closed after the call", "CALL\n<think>\nwhat next", true),
            new Shape("pseudo-fence closed by its tag", "```thinking>\nplan\n</thinking>\nCALL\n", true),
            new Shape("pseudo-fence closed by a fence", "```thinking\nplan\n```\nCALL\n", true),
            new Shape("pseudo-fence holding a fenced block", "```thinking\nplan:\n```json\n{}\n```\nok\n```\nCALL\n", true),
            new Shape("tag fence closed by its tag", "```<thinking>\nplan\n</thinking>\nCALL\n", true),
            new Shape("reasoning tag", "<reasoning>\nplan\n</reasoning>\nCALL\n", true),
            new Shape("closed by another reasoning closer", "<reasoning>\nplan\n</think>\nCALL\n", true),
            new Shape("call inside reasoning", "<reasoning>\nCALL\n</reasoning>\nok", false),
            new Shape("call inside an opener never closed", "<think>\nplan\nCALL\n", false),
            new Shape("call inside a pseudo-fence", "```thinking\nplan\nCALL\n```\nok", false),
            new Shape("call inside thinking opened after text", "So.<thinking>\nCALL\n</thinking>\nok", false));

    static Stream<Arguments> shapesInEveryFormat() {
        List<Arguments> out = new ArrayList<>();
        for (ToolFormat format : ToolFormat.values()) {
            for (Shape shape : SHAPES) {
                out.add(Arguments.of(shape, format));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("shapesInEveryFormat")
    void callNextToReasoningRunsOutsideItAndIsReportedInside(Shape shape, ToolFormat format) {
        String call = format.dialect().write(ToolUse.positional("shell", List.of(), "ls"), BuiltinTools.SHELL);
        List<Segment> segments = Splitting.split(shape.with(call), format);
        if (shape.runs()) {
            assertThat(calls(segments)).as("calls in %s", segments).singleElement().satisfies(c -> {
                assertThat(c.use().tool()).isEqualTo("shell");
                assertThat(c.dialect()).isSameAs(format.dialect());
                assertThat(BuiltinTools.SHELL.bind(c.use()).values()).containsEntry("command", "ls");
            });
            assertThat(unparsed(segments)).as("unparsed in %s", segments).isEmpty();
        } else {
            assertThat(calls(segments)).as("calls in %s", segments).isEmpty();
            assertThat(unparsed(segments)).singleElement().satisfies(u -> {
                assertThat(u.problem()).startsWith("a tool call inside ").contains(" is not run: close the reasoning");
                String opener = u.problem().substring("a tool call inside ".length(), u.problem().indexOf('…'));
                assertThat(shape.template()).as("the marker the report names").contains(opener);
            });
        }
    }
}
