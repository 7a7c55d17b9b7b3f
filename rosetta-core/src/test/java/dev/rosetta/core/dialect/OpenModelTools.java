package dev.rosetta.core.dialect;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * Test support: the tools that the real model output restated from vLLM, SGLang, llama.cpp and
 * Ollama test suites calls, declared with typed parameters, beside Rosetta's built-in tools.
 */
public final class OpenModelTools {

    public static final ToolSpec TEMPERATURE = tool("get_current_temperature",
            Parameter.named("location", "string", "the city", true),
            Parameter.named("unit", "string", "celsius or fahrenheit", false));
    public static final ToolSpec WEATHER = tool("get_weather",
            Parameter.named("city", "string", "the city", true),
            Parameter.named("days", "integer", "how many days", false),
            Parameter.named("metric", "boolean", "metric units", false));
    public static final ToolSpec CALCULATE = tool("calculate",
            Parameter.named("x", "number", "", true),
            Parameter.named("y", "integer", "", true),
            Parameter.named("enabled", "boolean", "", false),
            Parameter.named("items", "array", "", false),
            Parameter.named("options", "object", "", false));
    public static final ToolSpec SEARCH = tool("search", Parameter.named("q", "string", "what to look for", true));
    public static final ToolSpec FINAL_ANSWER = tool("final_answer", Parameter.named("trigger", "boolean", "", true));
    public static final ToolSpec DB_CONFIG = tool("get_db_config", Parameter.named("param", "string", "", true));

    private OpenModelTools() {}

    /** The built-in tools and the tools above. */
    public static ToolCatalog catalog() {
        List<ToolSpec> all = new ArrayList<>(BuiltinTools.ALL);
        all.addAll(List.of(TEMPERATURE, WEATHER, CALCULATE, SEARCH, FINAL_ANSWER, DB_CONFIG));
        return ToolCatalog.of(all);
    }

    private static ToolSpec tool(String name, Parameter... parameters) {
        return new ToolSpec(name, "", "", List.of(parameters), null, null, null);
    }
}
