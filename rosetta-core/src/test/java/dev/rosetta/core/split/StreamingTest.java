package dev.rosetta.core.split;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.split.StreamEvent.Completed;
import dev.rosetta.core.split.StreamEvent.ProseDelta;
import dev.rosetta.core.tool.BuiltinTools;

/** What streaming reports, and when: certain text at once, held text only while it could be a delimiter. */
class StreamingTest {

    private final StreamSplitter splitter = new StreamSplitter(ToolFormat.MARKDOWN, BuiltinTools.catalog());

    @Test
    void proseIsReleasedBeforeItsLineEnds() {
        assertThat(splitter.feed("Hello wor")).containsExactly(new ProseDelta("Hello wor"));
    }

    @Test
    void aPossibleFenceIsHeldBackUntilDecided() {
        assertThat(splitter.feed("Hi\n``")).containsExactly(new ProseDelta("Hi\n"));
        assertThat(splitter.feed("x and more")).containsExactly(new ProseDelta("``x and more"));
    }

    @Test
    void aFenceLineIsHeldUntilItsInfoStringIsComplete() {
        assertThat(splitter.feed("```sa")).isEmpty();
        assertThat(splitter.feed("ve a.txt\n")).containsExactly(new CallStarted("save", MarkdownDialect.INSTANCE, 0));
    }

    @Test
    void callCompletesAtItsClosingFenceWithoutWaitingForABlankLine() {
        splitter.feed("Run:\n```shell\nls\n");
        List<StreamEvent> events = splitter.feed("```\n");
        assertThat(events).hasSize(2);
        assertThat(events.get(0)).isEqualTo(new Completed(new Segment.Prose("Run:\n", 0, 5)));
        assertThat(events.get(1)).isInstanceOfSatisfying(Completed.class,
                c -> assertThat(c.segment()).isInstanceOf(Segment.Call.class));
    }

    @Test
    void bareClosingFenceWaitsOnlyForTheEndOfItsLine() {
        splitter.feed("```shell\nls\n```");
        assertThat(splitter.feed("\n")).hasSize(1);
    }

    @Test
    void proseFenceStreamsAsProseAfterItsOpeningEvent() {
        assertThat(splitter.feed("```json\n{\"a\""))
                .containsExactly(new StreamEvent.CodeBlockOpened("json", "```", 0, 8), new ProseDelta("```json\n{\"a\""));
    }

    @Test
    void halfOfASurrogatePairIsNotShownAlone() {
        String emoji = "🎉";
        assertThat(splitter.feed("ok " + emoji.charAt(0))).containsExactly(new ProseDelta("ok "));
        assertThat(splitter.feed(String.valueOf(emoji.charAt(1)))).containsExactly(new ProseDelta(emoji));
    }

    @Test
    void finishFlushesHeldTextAsProse() {
        splitter.feed("`");
        assertThat(splitter.finish()).containsExactly(new ProseDelta("`"), new Completed(new Segment.Prose("`", 0, 1)));
    }

    @Test
    void feedingAfterFinishIsRefused() {
        splitter.finish();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> splitter.feed("x"))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void listenerGetsProseAsRangesOfTheMessageBuffer() {
        StringBuilder shown = new StringBuilder();
        List<Segment> segments = new java.util.ArrayList<>();
        StreamListener listener = new StreamListener() {
            @Override
            public void prose(CharSequence message, int start, int end) {
                shown.append(message, start, end);
            }

            @Override
            public void event(StreamEvent event) {}

            @Override
            public void completed(Segment segment) {
                segments.add(segment);
            }
        };
        splitter.feed("Hello wor", listener);
        assertThat(shown).hasToString("Hello wor");
        splitter.feed("ld\n```shell\nls\n```\n", listener);
        splitter.finish(listener);
        assertThat(shown).hasToString("Hello world\n");
        assertThat(segments).hasSize(2).last().isInstanceOf(Segment.Call.class);
    }

    @Test
    void emptyDeltasAreHarmless() {
        assertThat(splitter.feed("")).isEmpty();
        splitter.feed("a");
        assertThat(splitter.feed("")).isEmpty();
    }
}
