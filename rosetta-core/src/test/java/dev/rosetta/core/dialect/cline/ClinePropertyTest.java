package dev.rosetta.core.dialect.cline;

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
 * The Cline rule over seeded random tools, parameter names and values full of tags: a written call
 * reads back with every value exact, in every chunking (stream ≡ batch, {@link Splitting#split});
 * the same element after prose on its line, naming an undeclared tool, holding a child that is no
 * parameter first, or inside a fence never runs.
 */
class ClinePropertyTest {

    private static final long SEED = 0x0c11e5L;
    private static final int CASES = 40;
    private static final String VALUE_ALPHABET = "ab \n\t<>/\"'&`{}x]]>";

    private record Case(ToolSpec spec, Map<String, Object> arguments, String written) {}

    private static Case randomCase(Random r) {
        String tool = word(r);
        List<Parameter> parameters = new ArrayList<>();
        Map<String, Object> arguments = new LinkedHashMap<>();
        int n = 1 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
            String name = word(r) + i;
            parameters.add(Parameter.named(name, "string", "", true));
            arguments.put(name, value(r, parameters, tool));
        }
        ToolSpec spec = new ToolSpec(tool, "", "", parameters, null, null, null);
        return new Case(spec, arguments, ClineDialect.INSTANCE.write(ToolUse.named(tool, arguments, null), spec));
    }

    /** Random text with tags of the tool and its parameters in it, as file bodies have. */
    private static String value(Random r, List<Parameter> parameters, String tool) {
        StringBuilder v = new StringBuilder();
        int n = r.nextInt(60);
        for (int i = 0; i < n; i++) {
            int pick = r.nextInt(12);
            if (pick == 0) {
                v.append("</").append(tool).append('>');
            } else if (pick == 1) {
                v.append('<').append(parameters.get(r.nextInt(parameters.size())).name()).append('>');
            } else {
                v.append(VALUE_ALPHABET.charAt(r.nextInt(VALUE_ALPHABET.length())));
            }
        }
        return v.toString();
    }

    private static String word(Random r) {
        StringBuilder w = new StringBuilder().append((char) ('a' + r.nextInt(26)));
        int n = 1 + r.nextInt(10);
        for (int i = 0; i < n; i++) {
            w.append(r.nextInt(6) == 0 ? '_' : (char) ('a' + r.nextInt(26)));
        }
        return w.toString();
    }

    private static List<Segment> auto(String message, ToolSpec spec) {
        return Splitting.split(message, () -> ToolFormat.allReaders(ToolCatalog.of(spec)));
    }

    private static Stream<DynamicTest> cases(String what, java.util.function.Consumer<Case> check) {
        Random r = new Random(SEED + what.hashCode());
        return IntStream.range(0, CASES).mapToObj(i -> {
            Case c = randomCase(r);
            return DynamicTest.dynamicTest(what + " " + i + " " + c.spec().name(), () -> check.accept(c));
        });
    }

    @TestFactory
    Stream<DynamicTest> aWrittenCallReadsBackWithEveryValueExact() {
        return cases("reads back", c -> {
            Segment.Call call = onlyCall(auto("Let me do it.\n" + c.written() + "\nDone.", c.spec()));
            assertThat(call.use().tool()).isEqualTo(c.spec().name());
            assertThat(call.use().kwargs()).isEqualTo(c.arguments());
        });
    }

    @TestFactory
    Stream<DynamicTest> theSameElementAfterProseOnItsLineNeverRuns() {
        return cases("after prose", c -> assertThat(calls(auto("Try " + c.written(), c.spec()))).isEmpty());
    }

    @TestFactory
    Stream<DynamicTest> anUndeclaredToolsElementNeverRuns() {
        return cases("undeclared", c -> {
            ToolSpec other = new ToolSpec(c.spec().name() + "x", "", "", c.spec().parameters(), null, null, null);
            assertThat(calls(auto(c.written(), other))).isEmpty();
        });
    }

    @TestFactory
    Stream<DynamicTest> anElementWhoseFirstChildIsNoParameterNeverRuns() {
        return cases("no parameter", c -> {
            String tag = "<" + c.spec().name() + ">\n";
            String message = c.written().replaceFirst(java.util.regex.Pattern.quote(tag),
                    java.util.regex.Matcher.quoteReplacement(tag + "<zz_other>1</zz_other>\n"));
            assertThat(calls(auto(message, c.spec()))).isEmpty();
        });
    }

    @TestFactory
    Stream<DynamicTest> anElementInAFenceNeverRuns() {
        return cases("fenced", c -> {
            String fence = "`".repeat(8);
            assertThat(calls(auto("Example:\n" + fence + "xml\n" + c.written() + "\n" + fence + "\n", c.spec()))).isEmpty();
        });
    }
}
