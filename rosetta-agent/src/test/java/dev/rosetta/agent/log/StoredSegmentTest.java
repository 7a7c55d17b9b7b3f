package dev.rosetta.agent.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;

/** A segment stored keeps only spans, and every span gives back the text the splitter handed over. */
class StoredSegmentTest {

    @ParameterizedTest
    @ValueSource(strings = {"<think>a plan</think>Then this.", "<thinking>x</thinking>", "<think>never closed",
            "<think>k></think>", "<think>before\n```shell\nls\n```\nafter</think>done", "<think></think>"})
    void aThinkingSegmentsTextSpanGivesBackItsTextWithoutTheTags(String message) {
        List<Segment> segments = StreamSplitter.split(message, ToolFormat.MARKDOWN, BuiltinTools.catalog());
        assertThat(segments).anyMatch(Segment.Thinking.class::isInstance);
        for (Segment s : segments) {
            StoredSegment stored = StoredSegment.of(s, message);
            assertThat(stored.span().of(message)).isEqualTo(message.substring(s.start(), s.end()));
            if (s instanceof Segment.Thinking t) {
                assertThat(((StoredSegment.Thinking) stored).text().of(message)).isEqualTo(t.text());
            }
        }
    }
}
