package dev.rosetta.core.dialect.schema;

import static dev.rosetta.core.split.Splitting.calls;
import static org.assertj.core.api.Assertions.assertThat;

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

/**
 * The schema-guided rule over seeded random wrappers no dialect names: whatever the wrapper is
 * called and however the call object is keyed, a call that fits a declared tool runs and its
 * markup never reaches the prose; the same JSON naming an undeclared tool, with arguments that do
 * not fit, after prose on its line or in a fence never runs. Each case is also split in every
 * chunking ({@link Splitting#split}), so stream ≡ batch holds for it.
 */
class SchemaGuidedPropertyTest {

    private static final long SEED = 0x5c4e3a19L;
    private static final int CASES = 120;

    private static final ToolSpec WEATHER = new ToolSpec("get_weather", "the weather", "", List.of(
            Parameter.named("city", "string", "", true), Parameter.named("days", "integer", "", false)), null, null, null,
            Map.of("type", "object", "properties", Map.of("city", Map.of("type", "string"), "days", Map.of("type", "integer")),
                    "required", List.of("city"), "additionalProperties", false));
    private static final ToolCatalog TOOLS = ToolCatalog.of(WEATHER);

    private static final List<String> NAME_KEYS = List.of("name", "tool_name", "function", "tool", "action");
    private static final List<String> ARGUMENT_KEYS = List.of("arguments", "parameters", "args", "input", "action_input");

    /** A random wrapper: a tag, a special token or a bracketed token, and its closer. */
    private record Wrapper(String open, String close) {}

    private static Wrapper wrapper(Random r) {
        String name = "q" + word(r);
        return switch (r.nextInt(3)) {
            case 0 -> new Wrapper("<" + name + ">", "</" + name + ">");
            case 1 -> new Wrapper("<|" + name + "|>", "<|" + name + "_end|>");
            default -> new Wrapper("[" + name.toUpperCase(java.util.Locale.ROOT) + "]", "[/" + name.toUpperCase(java.util.Locale.ROOT) + "]");
        };
    }

    private static String word(Random r) {
        StringBuilder w = new StringBuilder();
        int n = 2 + r.nextInt(10);
        for (int i = 0; i < n; i++) {
            w.append(i > 0 && r.nextInt(5) == 0 ? '_' : (char) ('a' + r.nextInt(26)));
        }
        return w.toString();
    }

    private static String call(Random r, String tool, String arguments) {
        String nameKey = NAME_KEYS.get(r.nextInt(NAME_KEYS.size()));
        String argumentKey = ARGUMENT_KEYS.get(r.nextInt(ARGUMENT_KEYS.size()));
        String object = "{\"" + nameKey + "\": \"" + tool + "\", \"" + argumentKey + "\": " + arguments + "}";
        return r.nextBoolean() ? object : "[" + object + "]";
    }

    private static String fitting(Random r) {
        String city = word(r);
        return r.nextBoolean() ? "{\"city\": \"" + city + "\"}" : "{\"city\": \"" + city + "\", \"days\": " + r.nextInt(9) + "}";
    }

    private static String notFitting(Random r) {
        return switch (r.nextInt(3)) {
            case 0 -> "{\"town\": \"" + word(r) + "\"}";
            case 1 -> "{}";
            default -> "{\"city\": \"x\", \"days\": \"" + word(r) + "\"}";
        };
    }

    private static List<Segment> auto(String message) {
        return Splitting.split(message, () -> ToolFormat.allReaders(TOOLS));
    }

    private static Stream<DynamicTest> cases(String what, java.util.function.BiConsumer<Random, Integer> check) {
        return IntStream.range(0, CASES).mapToObj(i -> DynamicTest.dynamicTest(what + " #" + i,
                () -> check.accept(new Random(SEED + i), i)));
    }

    @TestFactory
    Stream<DynamicTest> aFittingCallInAnyWrapperAtALineStartRunsAndItsMarkupIsNotProse() {
        return cases("fitting", (r, i) -> {
            Wrapper w = wrapper(r);
            String message = "Let me look.\n" + w.open() + call(r, "get_weather", fitting(r)) + w.close() + "\n";
            List<Segment> segments = auto(message);
            assertThat(calls(segments)).as(message).hasSize(1);
            assertThat(calls(segments).get(0).use().tool()).isEqualTo("get_weather");
            assertThat(segments).as(message).filteredOn(Segment.Prose.class::isInstance)
                    .allSatisfy(p -> assertThat(((Segment.Prose) p).text()).doesNotContain(w.open(), w.close()));
        });
    }

    @TestFactory
    Stream<DynamicTest> jsonThatNamesNoDeclaredToolOrDoesNotFitNeverRuns() {
        return cases("not fitting", (r, i) -> {
            Wrapper w = wrapper(r);
            String json = r.nextBoolean() ? call(r, "get_" + word(r), fitting(r)) : call(r, "get_weather", notFitting(r));
            String message = "Let me look.\n" + w.open() + json + w.close() + "\n";
            assertThat(calls(auto(message))).as(message).isEmpty();
        });
    }

    @TestFactory
    Stream<DynamicTest> aFittingCallAfterProseOnItsLineOrInAFenceNeverRuns() {
        return cases("in prose", (r, i) -> {
            Wrapper w = wrapper(r);
            String wrapped = w.open() + call(r, "get_weather", fitting(r)) + w.close();
            String message = r.nextBoolean() ? "The model would write " + wrapped + " here."
                    : "For example:\n```json\n" + call(r, "get_weather", fitting(r)) + "\n```\n";
            assertThat(calls(auto(message))).as(message).isEmpty();
        });
    }
}
