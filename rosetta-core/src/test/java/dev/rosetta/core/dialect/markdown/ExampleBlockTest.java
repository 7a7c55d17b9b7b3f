package dev.rosetta.core.dialect.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Splitting;

/**
 * Code examples in an answer cost no request: in every format but markdown a fenced block is
 * never a call and never reported, and in markdown a block in a tool's alias ({@code ```python})
 * is reported only where it ends the reply — where a model that meant a call stops to wait for the
 * result. Everything here is read whole and in every chunking.
 */
class ExampleBlockTest {

    private static List<Segment> split(String message, ToolFormat format) {
        return Splitting.split(message, format);
    }

    private static List<Segment> notProse(List<Segment> segments) {
        return segments.stream().filter(s -> !(s instanceof Segment.Prose)).toList();
    }

    @Test
    void aPythonExampleTheAnswerGoesOnAboutIsProseInMarkdown() {
        String answer = "Here is how:\n```python\nprint(sum([1, 2]))\n```\nThat prints 3.";
        List<Segment> segments = split(answer, ToolFormat.MARKDOWN);
        assertThat(notProse(segments)).isEmpty();
        assertThat(segments).singleElement().isInstanceOfSatisfying(Segment.Prose.class,
                p -> assertThat(p.blocks()).singleElement().satisfies(b -> assertThat(b.info()).isEqualTo("python")));
    }

    @Test
    void aPythonBlockEndingTheReplyIsReportedInMarkdown() {
        List<Segment> segments = split("Let me run it:\n```python\nprint(1)\n```\n\n", ToolFormat.MARKDOWN);
        assertThat(notProse(segments)).singleElement().isInstanceOfSatisfying(Segment.Unparsed.class, u -> {
            assertThat(MarkdownDialect.isExampleReport(u)).isTrue();
            assertThat(u.problem()).isEqualTo("```python blocks are not run (they may be examples); to run this, tag"
                    + " the block ```ipython instead");
        });
    }

    @Test
    void anUnclosedPythonBlockEndingTheReplyIsReportedAsAnExampleNotAsACallCutShort() {
        List<Segment> segments = split("```python\nprint(1)\n", ToolFormat.MARKDOWN);
        assertThat(notProse(segments)).singleElement().isInstanceOfSatisfying(Segment.Unparsed.class,
                u -> assertThat(MarkdownDialect.isExampleReport(u)).isTrue());
    }

    @Test
    void aPythonBlockFollowedByACallIsProseAndTheCallRuns() {
        List<Segment> segments = split("```python\nprint(1)\n```\n```shell\nls\n```", ToolFormat.MARKDOWN);
        assertThat(notProse(segments)).singleElement().isInstanceOf(Segment.Call.class);
    }

    @Test
    void inEveryOtherFormatAFencedBlockIsNeverACallNorReported() {
        String message = "Try:\n```shell\nls\n```\nor\n```save a.txt\nx\n```\nor\n```python\nprint(1)\n```";
        for (ToolFormat format : ToolFormat.values()) {
            if (format != ToolFormat.MARKDOWN) {
                assertThat(notProse(split(message, format))).as(format.id()).isEmpty();
            }
        }
    }

    @Test
    void aCallQuotedInAFencedBlockStaysProseInEveryOtherFormat() {
        String message = "The model would write:\n```\n<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}}"
                + "</tool_call>\n```";
        for (ToolFormat format : ToolFormat.values()) {
            assertThat(notProse(split(message, format))).as(format.id()).isEmpty();
        }
    }

    static Stream<Arguments> seeds() {
        return IntStream.range(0, 80).mapToObj(Arguments::of);
    }

    private static final List<String> LANGUAGES = List.of("python", "python3", "bash", "sh", "console", "js", "json",
            "java", "", "text", "diff");
    private static final List<String> ALIASES = List.of("python", "python3", "bash", "sh", "console");

    /**
     * Random answers — prose and code blocks in random languages, random white space at the end:
     * no format but markdown reports or runs any of it, and markdown reports exactly the alias
     * block that ends the reply, if one does.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void randomAnswersWithCodeExamplesAreReportedOnlyWhereABlockInAToolsAliasEndsTheReply(int seed) {
        Random random = new Random(seed);
        StringBuilder answer = new StringBuilder();
        String lastTag = null;
        for (int parts = 1 + random.nextInt(4); parts > 0; parts--) {
            if (random.nextBoolean()) {
                answer.append("Some words about it, ").append(random.nextInt(100)).append(".\n");
                lastTag = null;
            } else {
                lastTag = LANGUAGES.get(random.nextInt(LANGUAGES.size()));
                answer.append("```").append(lastTag).append("\nx = ").append(random.nextInt(9)).append("\n```\n");
            }
        }
        answer.append(List.of("", "\n", "  \n\n").get(random.nextInt(3)));
        String message = answer.toString();
        for (ToolFormat format : ToolFormat.values()) {
            List<Segment> read = notProse(split(message, format));
            if (format != ToolFormat.MARKDOWN) {
                assertThat(read).as("%s in %s", message, format.id()).isEmpty();
            } else if (lastTag != null && ALIASES.contains(lastTag)) {
                assertThat(read).as(message).singleElement().isInstanceOfSatisfying(Segment.Unparsed.class,
                        u -> assertThat(message.substring(u.end())).isBlank());
            } else {
                assertThat(read).as(message).isEmpty();
            }
        }
    }
}
