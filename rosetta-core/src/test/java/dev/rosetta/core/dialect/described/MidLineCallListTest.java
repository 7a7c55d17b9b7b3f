package dev.rosetta.core.dialect.described;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.kinds;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/** A pythonic call list after prose on its line runs only when it is complete, declared, fitting and last on the line. */
class MidLineCallListTest {

    private static final ToolSpec WEATHER = new ToolSpec("get_weather", "", "", List.of(
            Parameter.named("city", "string", "", true), Parameter.named("unit", "string", "", false)), null, null, null);
    private static final ToolSpec TIME = new ToolSpec("get_time", "", "", List.of(), null, null, null);
    private static final ToolCatalog TOOLS = ToolCatalog.of(WEATHER, TIME);

    private static List<Segment> auto(String message) {
        return Splitting.split(message, () -> ToolFormat.allReaders(TOOLS));
    }

    @Test
    void listLastOnTheLineAfterProseIsACall() {
        List<Segment> s = auto("Let me check: [get_weather(city='Paris')]");
        assertThat(kinds(s)).containsExactly("prose", "call");
        assertThat(((Segment.Prose) s.get(0)).text()).isEqualTo("Let me check: ");
        assertThat(calls(s).get(0).use().kwargs()).isEqualTo(Map.of("city", "Paris"));
    }

    @Test
    void everyCallOfTheListRunsAndTheNextLineIsProse() {
        List<Segment> s = auto("Checking both: [get_weather(city='Paris'), get_time()]  \nThen I will answer.");
        assertThat(calls(s)).extracting(c -> c.use().tool()).containsExactly("get_weather", "get_time");
        assertThat(kinds(s)).containsExactly("prose", "call", "call", "prose");
    }

    @Test
    void listInThePythonicFormatIsACall() {
        assertThat(calls(Splitting.split("Let me check: [get_weather(city='Paris')]", ToolFormat.PYTHONIC, TOOLS))).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "e.g. [get_weather(city='Paris')] is how a call looks.",
        "Let me check: [launch_rocket(target='moon')]",
        "Let me check: [get_weather(town='Paris')]",
        "Let me check: [get_weather()]",
        "Let me check: [get_weather(city=paris)]",
        "Let me check: [get_weather(city='Paris')",
        "Let me check: [get_weather(city='Paris'), 3]",
        "Let me check: [get_weather(city='Paris')] [not a call]",
        "Use `[get_weather(city='Paris')]` to ask.",
        "Let me check: [get_weather(city='Paris'\n)]",
        "See [get_weather](docs/weather.md)",
    })
    void mentionsUndeclaredNamesAndWrongArgumentsStayProse(String message) {
        assertThat(calls(auto(message))).isEmpty();
        assertThat(kinds(auto(message))).doesNotContain("unparsed");
    }

    @Test
    void theLastOfTwoListsOnALineIsTheCall() {
        List<Segment> s = auto("Not [get_weather(city='Rome')] but [get_weather(city='Paris')]");
        assertThat(calls(s)).singleElement().satisfies(c -> assertThat(c.use().kwargs()).isEqualTo(Map.of("city", "Paris")));
    }

    @Test
    void seededProseBeforeAListReadsTheSameInEveryChunking() {
        Random r = new Random(0x9a11eL);
        String[] words = {"ok", "[1, 2]", "(see)", "[x](y)", "e.g.", "get_weather", "'", "\"", "Let", "me", ":"};
        for (int n = 0; n < 40; n++) {
            StringBuilder prose = new StringBuilder();
            for (int i = 0, k = 1 + r.nextInt(8); i < k; i++) {
                prose.append(words[r.nextInt(words.length)]).append(' ');
            }
            boolean last = r.nextBoolean();
            String message = prose + "[get_weather(city='Paris')]" + (last ? "\nmore" : " and more");
            assertThat(calls(auto(message))).as(message).hasSize(last ? 1 : 0);
        }
    }
}
