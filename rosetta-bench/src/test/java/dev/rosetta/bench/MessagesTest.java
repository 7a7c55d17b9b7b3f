package dev.rosetta.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolUse;

/** The generated messages are what the benchmarks claim to read: exact sizes, real calls, streaming equal to batch. */
class MessagesTest {

    private static final ToolCatalog TOOLS = BuiltinTools.catalog();
    private static final int SIZE = Messages.SIZE_64K;

    static Stream<Arguments> kindsAndFormats() {
        return Stream.of(MessageKind.values())
                .flatMap(kind -> Stream.of(ToolFormat.values()).map(format -> Arguments.of(kind, format)));
    }

    @ParameterizedTest
    @MethodSource("kindsAndFormats")
    void messageHasExactlyTheSizeAsked(MessageKind kind, ToolFormat format) {
        assertThat(kind.generate(format, SIZE, 1).text()).hasSize(SIZE);
        assertThat(kind.generate(format, Messages.SIZE_256K, 2).text()).hasSize(Messages.SIZE_256K);
    }

    @ParameterizedTest
    @MethodSource("kindsAndFormats")
    void sameSeedGivesTheSameMessage(MessageKind kind, ToolFormat format) {
        assertThat(kind.generate(format, SIZE, 7)).isEqualTo(kind.generate(format, SIZE, 7));
        assertThat(kind.generate(format, SIZE, 8).text()).isNotEqualTo(kind.generate(format, SIZE, 7).text());
    }

    @ParameterizedTest
    @MethodSource("kindsAndFormats")
    void splitterFindsEveryCallWrittenAndNothingUnparsed(MessageKind kind, ToolFormat format) {
        SampleMessage message = kind.generate(format, SIZE, 42);
        List<Segment> segments = SplitRuns.batch(message.text(), format, TOOLS);
        assertThat(segments).filteredOn(Segment.Unparsed.class::isInstance).isEmpty();
        assertThat(segments).filteredOn(Segment.Call.class::isInstance).hasSize(message.calls());
    }

    @ParameterizedTest
    @MethodSource("kindsAndFormats")
    void streamingIn4CharDeltasGivesTheBatchSegments(MessageKind kind, ToolFormat format) {
        String text = kind.generate(format, SIZE, 42).text();
        assertThat(SplitRuns.stream(SplitRuns.deltas(text, SplitRuns.DELTA_CHARS), format, TOOLS))
                .isEqualTo(SplitRuns.batch(text, format, TOOLS));
    }

    @ParameterizedTest
    @MethodSource("kindsAndFormats")
    void kindsHaveTheirShape(MessageKind kind, ToolFormat format) {
        SampleMessage message = kind.generate(format, SIZE, 42);
        switch (kind) {
            case PROSE -> assertThat(message.calls()).isZero();
            // In tool and the native formats a third of the items are fenced blocks: code for the user.
            case MANY_CALLS -> assertThat(message.calls()).isGreaterThan(format == ToolFormat.MARKDOWN
                    || format == ToolFormat.XML ? 60 : 40);
            case HUGE_SAVE -> assertThat(message.calls()).isOne();
        }
        if (kind != MessageKind.HUGE_SAVE) {
            assertThat(message.text()).as("lines the readers must look at").contains("\n@", "\n<", "\n`");
        }
    }

    @ParameterizedTest
    @EnumSource(ToolFormat.class)
    void hugeSaveBodyIsNearlyTheWholeMessageAndHasTrickyLines(ToolFormat format) {
        List<Segment> segments = SplitRuns.batch(MessageKind.HUGE_SAVE.generate(format, SIZE, 42).text(), format, TOOLS);
        Segment.Call call = (Segment.Call) segments.stream().filter(Segment.Call.class::isInstance).findFirst()
                .orElseThrow();
        assertThat(call.end() - call.start()).isGreaterThan(SIZE * 9 / 10);
        ToolUse use = call.use();
        String content = use.content() != null ? use.content() : (String) use.kwargs().get("content");
        assertThat(content).as("lines the readers must look at").contains("\n@", "\n<", "\n`");
    }

    @Test
    void deltasCoverTheTextInOrder() {
        String[] deltas = SplitRuns.deltas("abcdefghij", 4);
        assertThat(deltas).containsExactly("abcd", "efgh", "ij");
    }
}
