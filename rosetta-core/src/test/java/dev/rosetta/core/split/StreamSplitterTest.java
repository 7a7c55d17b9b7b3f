package dev.rosetta.core.split;

import static dev.rosetta.core.split.Splitting.kinds;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.tool.BuiltinTools;

/** The cascade as a whole: formats choose readers, and splitters share nothing. */
class StreamSplitterTest {

    private static final String MIXED = """
            Markdown first:
            ```shell
            ls
            ```
            <tool-use>
            <shell>
            pwd
            </shell>
            </tool-use>
            @shell(c1): {"command": "whoami"}
            """;

    @Test
    void markdownFormatRunsEverySpellingAndRecordsItsDialect() {
        List<Segment> s = Splitting.split(MIXED, ToolFormat.MARKDOWN);
        assertThat(kinds(s)).containsExactly("prose", "call", "call", "call", "prose");
        assertThat(Splitting.calls(s)).extracting(c -> c.dialect().name()).containsExactly("markdown", "xml", "tool");
    }

    @Test
    void xmlFormatRunsXmlAndAtCallsAndTheFencedCallIsCodeForTheUser() {
        assertThat(kinds(Splitting.split(MIXED, ToolFormat.XML))).containsExactly("prose", "call", "call", "prose");
    }

    @Test
    void toolFormatRunsEveryUnfencedSpelling() {
        assertThat(kinds(Splitting.split(MIXED, ToolFormat.TOOL))).containsExactly("prose", "call", "call", "prose");
    }

    /** gptme keeps the format in a process-wide global; two conversations in one JVM must not share it. */
    @Test
    void splittersInDifferentFormatsRunSideBySideWithoutSharingState() throws Exception {
        int rounds = 200;
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newFixedThreadPool(3)) {
            List<Future<List<List<String>>>> results = new ArrayList<>();
            for (ToolFormat format : ToolFormat.values()) {
                results.add(pool.submit(() -> {
                    start.await();
                    List<List<String>> seen = new ArrayList<>();
                    for (int i = 0; i < rounds; i++) {
                        seen.add(kinds(StreamSplitter.split(MIXED, format, BuiltinTools.catalog())));
                    }
                    return seen;
                }));
            }
            start.countDown();
            for (int f = 0; f < 3; f++) {
                List<String> expected = kinds(StreamSplitter.split(MIXED, ToolFormat.values()[f], BuiltinTools.catalog()));
                assertThat(results.get(f).get()).hasSize(rounds).allMatch(expected::equals);
            }
        }
    }

    @Test
    void batchSplitIsFeedAllThenFinish() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.TOOL, BuiltinTools.catalog());
        List<Segment> streamed = new ArrayList<>();
        StreamSplitter.collect(splitter.feed(MIXED), streamed);
        StreamSplitter.collect(splitter.finish(), streamed);
        assertThat(streamed).isEqualTo(StreamSplitter.split(MIXED, ToolFormat.TOOL, BuiltinTools.catalog()));
        assertThat(splitter.text()).isEqualTo(MIXED);
    }

    @Test
    void finishingTwiceAddsNothing() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.MARKDOWN, BuiltinTools.catalog());
        splitter.feed("hi");
        assertThat(splitter.finish()).isNotEmpty();
        assertThat(splitter.finish()).isEmpty();
    }
}
