package dev.rosetta.core.dialect.toolblock;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.onlyCall;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Continue's block over seeded random tools and values full of fences and marker words: a
 * written call reads back exact in every chunking (stream ≡ batch, {@link Splitting#split}), in
 * every format; the same block naming an undeclared tool or inside another fence never runs.
 */
class ContinuePropertyTest {

    private static final long SEED = 0xc0471eL;
    private static final int CASES = 30;
    private static final String[] PIECES = {"a", " ", "\n", "```", "END_ARG", "BEGIN_ARG: x", "TOOL_NAME: y", "\"", "{", "}", "\t", "é"};

    private record Case(ToolSpec spec, Map<String, Object> arguments, String written) {}

    private static Case randomCase(Random r) {
        String tool = word(r) + "_tool";
        List<Parameter> parameters = new ArrayList<>();
        Map<String, Object> arguments = new LinkedHashMap<>();
        int n = r.nextInt(3);
        for (int i = 0; i < n; i++) {
            String name = word(r) + i;
            boolean flag = r.nextInt(4) == 0;
            parameters.add(Parameter.named(name, flag ? "boolean" : "string", "", true));
            arguments.put(name, flag ? r.nextBoolean() : value(r));
        }
        ToolSpec spec = new ToolSpec(tool, "", "", parameters, null, null, null);
        return new Case(spec, arguments, ContinueDialect.INSTANCE.write(ToolUse.named(tool, arguments, null), spec));
    }

    private static String value(Random r) {
        StringBuilder v = new StringBuilder();
        int n = r.nextInt(20);
        for (int i = 0; i < n; i++) {
            v.append(PIECES[r.nextInt(PIECES.length)]);
        }
        return v.toString();
    }

    private static String word(Random r) {
        StringBuilder w = new StringBuilder();
        for (int i = 0, n = 2 + r.nextInt(6); i < n; i++) {
            w.append((char) ('a' + r.nextInt(26)));
        }
        return w.toString();
    }

    private static Stream<DynamicTest> cases(String what, java.util.function.BiConsumer<Case, Random> check) {
        Random r = new Random(SEED ^ what.hashCode());
        return IntStream.range(0, CASES).mapToObj(i -> {
            Case c = randomCase(r);
            return DynamicTest.dynamicTest(what + " " + i, () -> check.accept(c, r));
        });
    }

    @TestFactory
    Stream<DynamicTest> writtenCallReadsBackExactInEveryChunking() {
        return cases("reads back", (c, r) -> {
            ToolCatalog tools = ToolCatalog.of(c.spec());
            ToolFormat format = ToolFormat.values()[r.nextInt(ToolFormat.values().length)];
            String message = "Let me do that.\n" + c.written() + "\nDone.";
            Segment.Call call = onlyCall(Splitting.split(message, format, tools));
            assertThat(call.use().tool()).isEqualTo(c.spec().name());
            assertThat(call.use().kwargs()).isEqualTo(c.arguments());
        });
    }

    @TestFactory
    Stream<DynamicTest> undeclaredToolNeverRuns() {
        return cases("undeclared", (c, r) -> {
            ToolCatalog others = ToolCatalog.of(new ToolSpec("other", "", "", List.of(), null, null, null));
            assertThat(calls(Splitting.split(c.written(), () -> ToolFormat.allReaders(others)))).isEmpty();
        });
    }

    @TestFactory
    Stream<DynamicTest> blockQuotedInsideAnotherFenceNeverRuns() {
        return cases("quoted", (c, r) -> {
            String message = "Continue calls tools like this:\n````markdown\n" + c.written() + "\n````\n";
            assertThat(calls(Splitting.split(message, () -> ToolFormat.allReaders(ToolCatalog.of(c.spec()))))).isEmpty();
        });
    }
}
