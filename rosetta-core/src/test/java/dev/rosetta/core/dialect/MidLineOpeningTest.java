package dev.rosetta.core.dialect;

import static dev.rosetta.core.split.Splitting.kinds;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Splitting;

/**
 * The native dialects' tokens right after prose on the same line, read through the splitter.
 * Each reader is tested at such a position directly (ReaderProbe, in its own test); this class
 * checks the cascade asks there.
 */
class MidLineOpeningTest {

    static Stream<Arguments> cases() {
        String kimi = "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>"
                + "{\"city\": \"Beijing\"}<|tool_call_end|><|tool_calls_section_end|>";
        String deepseek = "<\uFF5Ctool\u2581calls\u2581begin\uFF5C><\uFF5Ctool\u2581call\u2581begin\uFF5C>get_weather"
                + "<\uFF5Ctool\u2581sep\uFF5C>{\"city\": \"Paris\"}<\uFF5Ctool\u2581call\u2581end\uFF5C>"
                + "<\uFF5Ctool\u2581calls\u2581end\uFF5C>";
        String dsml = "<\uFF5CDSML\uFF5Cfunction_calls>\n<\uFF5CDSML\uFF5Cinvoke name=\"get_weather\">\n"
                + "<\uFF5CDSML\uFF5Cparameter name=\"city\" string=\"true\">NYC</\uFF5CDSML\uFF5Cparameter>\n"
                + "</\uFF5CDSML\uFF5Cinvoke>\n</\uFF5CDSML\uFF5Cfunction_calls>";
        return Stream.of(
                Arguments.of(ToolFormat.MISTRAL, "Hello[TOOL_CALLS]add{\"a\": 1, \"b\": 2}", List.of("prose", "call")),
                Arguments.of(ToolFormat.MISTRAL, "bla[TOOL_CALLS] [{\"name\": \"add\", \"arguments\": {\"a\": 1, \"b\": 2}}]",
                        List.of("prose", "call")),
                Arguments.of(ToolFormat.LLAMA3, "Sure.<|python_tag|>{\"name\": \"get_time\", \"parameters\": {}}",
                        List.of("prose", "call")),
                Arguments.of(ToolFormat.LLAMA3, "Here is the result: {\"name\": \"get_time\", \"parameters\": {}}", List.of("prose")),
                Arguments.of(ToolFormat.PYTHONIC, "Let me check.<|python_start|>[get_time()]<|python_end|>", List.of("prose", "call")),
                Arguments.of(ToolFormat.PYTHONIC, "The list is [get_time()] here.", List.of("prose")),
                Arguments.of(ToolFormat.DEEPSEEK, "Let me check." + deepseek, List.of("prose", "call")),
                Arguments.of(ToolFormat.DEEPSEEK, "Sure, let me check! " + dsml, List.of("prose", "call")),
                Arguments.of(ToolFormat.KIMI, "I'll check. " + kimi + " Done.", List.of("prose", "call", "prose")),
                Arguments.of(ToolFormat.HARMONY, "Plain text first.<|channel|>final<|message|>Answer.", List.of("prose", "prose")));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("cases")
    void tokenAfterProseOnTheSameLineOpensTheCall(ToolFormat format, String message, List<String> expected) {
        List<Segment> segments = Splitting.split(message, format, NativeTools.catalog());
        assertThat(kinds(segments)).isEqualTo(expected);
        NativeTools.assertNoTokenInProse(segments);
    }
}
