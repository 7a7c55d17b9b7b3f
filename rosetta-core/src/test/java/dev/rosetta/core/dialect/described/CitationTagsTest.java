package dev.rosetta.core.dialect.described;

import static dev.rosetta.core.split.Splitting.kinds;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Splitting;

/** Cohere's citation tags are markup (the {@code markup-tags} key): the cited text is prose, the tags never are. */
class CitationTagsTest {

    private static String prose(List<Segment> segments) {
        return segments.stream().filter(s -> s instanceof Segment.Prose).map(s -> ((Segment.Prose) s).text())
                .collect(Collectors.joining());
    }

    @ParameterizedTest
    @EnumSource(ToolFormat.class)
    void citationTagsLeaveTheCitedTextInProseInEveryFormat(ToolFormat format) {
        List<Segment> s = Splitting.split("It is <co: 0>sunny</co: 0> in <co>Paris</co: 0:[1,2]> and <co: 0,1>warm</co: 0,1>.", format);
        assertThat(kinds(s)).containsOnly("prose");
        assertThat(prose(s)).isEqualTo("It is sunny in Paris and warm.");
    }

    @Test
    void tagsWithoutSourceIdsStayProse() {
        String text = "The tag </co> closes nothing, <co: x> cites nothing, a<co:>b and <co: 1 has no end.";
        assertThat(prose(Splitting.split(text, ToolFormat.MARKDOWN))).isEqualTo(text);
    }

    @Test
    void citedTextReadsTheSameInEveryChunkingOfRandomCitations() {
        Random r = new Random(0xc17eL);
        for (int n = 0; n < 40; n++) {
            StringBuilder message = new StringBuilder();
            StringBuilder expected = new StringBuilder();
            for (int i = 0, parts = 1 + r.nextInt(5); i < parts; i++) {
                String words = "word" + r.nextInt(100) + (r.nextBoolean() ? "\n" : " ");
                String ids = r.nextBoolean() ? String.valueOf(r.nextInt(9)) : r.nextInt(9) + ":[" + r.nextInt(9) + "," + r.nextInt(9) + "]";
                boolean bareOpener = r.nextBoolean();
                message.append(words).append(bareOpener ? "<co>" : "<co: " + ids + ">").append("cited").append(i)
                        .append("</co: ").append(ids).append('>');
                expected.append(words).append("cited").append(i);
            }
            List<Segment> s = Splitting.split(message.toString(), () -> ToolFormat.allReaders(dev.rosetta.core.tool.BuiltinTools.catalog()));
            assertThat(prose(s)).isEqualTo(expected.toString());
        }
    }
}
