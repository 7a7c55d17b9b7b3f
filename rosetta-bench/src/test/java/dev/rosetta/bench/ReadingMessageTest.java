package dev.rosetta.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;

/** The messages ReadingBenchmark reads are what it says: exact sizes, and every native call found by auto. */
class ReadingMessageTest {

    private static final ToolCatalog TOOLS = BuiltinTools.catalog();
    private static final int SIZE = Messages.SIZE_64K;

    @ParameterizedTest
    @EnumSource(ReadingMessage.class)
    void messageHasExactlyTheSizeAsked(ReadingMessage message) {
        assertThat(message.generate(SIZE, 1).text()).hasSize(SIZE);
    }

    @Test
    void autoRunsEveryCallOfTheNativeMessageInEveryNativeDialect() {
        SampleMessage message = ReadingMessage.NATIVE_CALLS.generate(SIZE, 42);
        List<Segment> segments = StreamSplitter.split(message.text(), Reading.AUTO.readers(TOOLS));
        assertThat(segments).filteredOn(Segment.Unparsed.class::isInstance).isEmpty();
        List<Segment.Call> calls = segments.stream().filter(Segment.Call.class::isInstance).map(Segment.Call.class::cast).toList();
        assertThat(calls).hasSize(message.calls()).hasSizeGreaterThan(60);
        Set<String> dialects = calls.stream().map(c -> c.dialect().name()).collect(Collectors.toSet());
        assertThat(dialects).contains("hermes", "qwen3-coder", "glm", "mistral", "llama3", "pythonic", "deepseek", "kimi",
                "harmony");
    }

    @ParameterizedTest
    @EnumSource(ReadingMessage.class)
    void everyReadingStreamsWhatItReadsWhole(ReadingMessage kind) {
        String text = kind.generate(SIZE, 42).text();
        for (Reading reading : Reading.values()) {
            ReadingBenchmark bench = new ReadingBenchmark();
            bench.message = kind;
            bench.reading = reading;
            bench.size = SIZE;
            bench.generate();
            assertThat(bench.stream4()).as("%s %s", kind, reading).isEqualTo(bench.batch())
                    .isEqualTo(StreamSplitter.split(text, reading.readers(TOOLS)));
        }
    }
}
