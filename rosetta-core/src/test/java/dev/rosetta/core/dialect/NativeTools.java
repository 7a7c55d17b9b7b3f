package dev.rosetta.core.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * Test support: the tools the servers' test suites call (get_weather, add, search, …) beside
 * Rosetta's built-ins, so model output restated from those suites reads against the same names.
 */
public final class NativeTools {

    private NativeTools() {}

    public static final ToolSpec GET_WEATHER = spec("get_weather",
            Parameter.named("city", "string", "the city", true),
            Parameter.named("state", "string", "", false),
            Parameter.named("unit", "string", "celsius or fahrenheit", false));

    public static final ToolSpec ADD = spec("add",
            Parameter.named("a", "number", "", true),
            Parameter.named("b", "number", "", true));

    public static final ToolSpec SEARCH = spec("search",
            Parameter.named("query", "string", "", true),
            Parameter.named("limit", "integer", "", false));

    public static final ToolSpec TOGGLE = spec("toggle",
            Parameter.named("enabled", "boolean", "", false),
            Parameter.named("count", "integer", "", false),
            Parameter.named("tags", "array", "", false),
            Parameter.named("meta", "object", "", false));

    public static final ToolSpec GET_TIME = spec("get_time");

    public static final ToolSpec BOOK_FLIGHT = spec("book_flight",
            Parameter.named("city", "string", "", true));

    /** The built-in tools and the test suites' tools. */
    public static ToolCatalog catalog() {
        List<ToolSpec> all = new ArrayList<>(BuiltinTools.ALL);
        all.addAll(List.of(GET_WEATHER, ADD, SEARCH, TOGGLE, GET_TIME, BOOK_FLIGHT));
        return ToolCatalog.of(all);
    }

    private static ToolSpec spec(String name, Parameter... parameters) {
        return new ToolSpec(name, "Test tool " + name + ".", "", List.of(parameters), List.of(name), List.of(), List.of());
    }

    /** No prose segment shows special-token text. */
    public static void assertNoTokenInProse(List<Segment> segments) {
        for (Segment s : segments) {
            if (s instanceof Segment.Prose p) {
                assertThat(p.text()).doesNotContain("<|", "\uFF5C", "[TOOL_CALLS]");
            }
        }
    }
}
