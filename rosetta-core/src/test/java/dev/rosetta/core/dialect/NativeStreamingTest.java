package dev.rosetta.core.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.split.StreamEvent;
import dev.rosetta.core.split.StreamEvent.Completed;
import dev.rosetta.core.split.StreamSplitter;

/**
 * Streaming the native dialects as servers deliver them: a call completes with the last
 * character of its closer and not before, one delta may end one call and start the next
 * (speculative decoding, vllm#38274), and a surrogate pair cut between deltas stays whole.
 */
class NativeStreamingTest {

    static Stream<Arguments> calls() {
        return Stream.of(
                Arguments.of(ToolFormat.HERMES, "<tool_call>{\"name\": \"search\", \"arguments\": {\"q\": \"🎉a\"}}</tool_call>"),
                Arguments.of(ToolFormat.QWEN3_CODER,
                        "<tool_call>\n<function=search>\n<parameter=q>\n🎉a\n</parameter>\n</function>\n</tool_call>"),
                Arguments.of(ToolFormat.QWEN3_CODER, "<minimax:tool_call><invoke name=\"search\"><parameter name=\"q\">🎉a"
                        + "</parameter></invoke></minimax:tool_call>"),
                Arguments.of(ToolFormat.GLM, "<tool_call>search\n<arg_key>q</arg_key>\n<arg_value>🎉a</arg_value>\n</tool_call>"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("calls")
    void callCompletesWithTheLastCharacterOfItsCloserAndNotBefore(ToolFormat format, String call) {
        StreamSplitter splitter = new StreamSplitter(format, OpenModelTools.catalog());
        assertThat(completedCalls(splitter.feed("Sure." + call.substring(0, call.length() - 1)))).isEmpty();
        assertThat(completedCalls(splitter.feed(">"))).singleElement()
                .satisfies(c -> assertThat(c.use().kwargs()).containsEntry("q", "🎉a"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("calls")
    void oneDeltaThatEndsOneCallAndStartsTheNextCompletesTheFirstAtOnce(ToolFormat format, String call) {
        String second = call.replace("🎉a", "b");
        StreamSplitter splitter = new StreamSplitter(format, OpenModelTools.catalog());
        splitter.feed("Two:" + call.substring(0, call.length() - 4));
        List<Call> first = completedCalls(splitter.feed(call.substring(call.length() - 4) + second.substring(0, 14)));
        assertThat(first).singleElement().satisfies(c -> assertThat(c.use().kwargs()).containsEntry("q", "🎉a"));
        List<Call> rest = completedCalls(splitter.feed(second.substring(14)));
        rest.addAll(completedCalls(splitter.finish()));
        assertThat(rest).singleElement().satisfies(c -> assertThat(c.use().kwargs()).containsEntry("q", "b"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("calls")
    void surrogatePairsCutBetweenDeltasStayWhole(ToolFormat format, String call) {
        String message = "🎉" + call + "🎉 done 🎉";
        List<Segment> batch = StreamSplitter.split(message, format, OpenModelTools.catalog());
        for (int cut = 0; cut < message.length(); cut++) {
            if (!Character.isHighSurrogate(message.charAt(cut))) {
                continue;
            }
            List<String> chunks = List.of(message.substring(0, cut + 1), message.substring(cut + 1));
            assertThat(Splitting.stream(chunks, format, OpenModelTools.catalog())).isEqualTo(batch);
        }
        assertThat(Splitting.calls(batch)).hasSize(1);
    }

    private static List<Call> completedCalls(List<StreamEvent> events) {
        List<Call> out = new ArrayList<>();
        for (StreamEvent e : events) {
            if (e instanceof Completed c && c.segment() instanceof Call call) {
                out.add(call);
            }
        }
        return out;
    }
}
