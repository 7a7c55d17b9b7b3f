package dev.rosetta.bench.sse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.stream.Frame;
import dev.rosetta.llm.stream.Frames;
import dev.rosetta.llm.stream.Framing;
import tools.jackson.databind.JsonNode;

/**
 * Events per second through the SSE reader and the JSON decoding of each event, on a long
 * stream shaped like the providers' (one chunk per token): the per-delta cost a reply pays
 * before the splitter sees its text.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class SseDecodeBenchmark {

    /** How many events the stream holds. */
    public static final int EVENTS = 100_000;

    @Param({"openai_chat", "anthropic"})
    public String shape;

    private byte[] stream;

    @Setup
    public void generate() {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < EVENTS; i++) {
            String token = i % 7 == 0 ? " é→" : " tok" + (i % 100);
            out.append(shape.equals("anthropic") ? anthropic(token) : openAiChat(token));
            if (i % 50 == 0) {
                out.append(": keep-alive\n\n");
            }
        }
        stream = out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String openAiChat(String token) {
        return "data: {\"id\":\"chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT\",\"object\":\"chat.completion.chunk\","
                + "\"created\":1741570283,\"model\":\"gpt-4.1-2025-04-14\",\"service_tier\":\"default\","
                + "\"system_fingerprint\":\"fp_b376dfbbd5\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\""
                + token + "\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n";
    }

    private static String anthropic(String token) {
        return "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,"
                + "\"delta\":{\"type\":\"text_delta\",\"text\":\"" + token + "\"}}\n\n";
    }

    /** Reads every event and decodes its JSON; returns the text length so nothing is dead code. */
    @Benchmark
    public long readAndDecode() throws IOException {
        Frames reader = Framing.SSE.frames(new ByteArrayInputStream(stream), Framing.MAX_FRAME);
        long chars = 0;
        for (Frame e = reader.next(); e != null; e = reader.next()) {
            JsonNode node = Json.MAPPER.readTree(e.data());
            chars += node.size();
        }
        return chars;
    }

    /** Only the SSE framing, for the split between framing and JSON. */
    @Benchmark
    public long readOnly() throws IOException {
        Frames reader = Framing.SSE.frames(new ByteArrayInputStream(stream), Framing.MAX_FRAME);
        long chars = 0;
        for (Frame e = reader.next(); e != null; e = reader.next()) {
            chars += e.data().length();
        }
        return chars;
    }
}
