package dev.rosetta.core.dialect.llama3;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.NativePrompt;
import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Llama 3.x's JSON calls: {@code {"name": …, "parameters": {…}}} (or {@code "arguments"}),
 * optionally after {@code <|python_tag|>}, several separated by {@code ;}. Read only at a line
 * start and only for a loaded tool, unless the marker precedes it. Tools are declared as Llama
 * 3.1's JSON tool prompt declares them: OpenAI-style function objects.
 */
public final class Llama3Dialect implements Dialect {

    public static final Llama3Dialect INSTANCE = new Llama3Dialect();

    private Llama3Dialect() {}

    @Override
    public String name() {
        return "llama3";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new Llama3Reader(tools);
    }

    @Override
    public String write(ToolUse use, ToolSpec spec) {
        return "{\"name\": " + Json.write(spec.name()) + ", \"parameters\": " + Json.write(AtToolDialect.named(use, spec)) + "}";
    }

    @Override
    public String describe(ToolSpec spec) {
        return NativePrompt.describe(this, spec, NativePrompt.functionJson(spec));
    }

    @Override
    public String callingConvention() {
        return """
                The functions below are declared as JSON objects. To call one, write a JSON object on a \
                line of its own, in the format {"name": FUNCTION_NAME, "parameters": {"argument": "value"}}, \
                with the function's exact name and its arguments as a JSON object that follows its \
                parameters; do not use variables. For several calls, write one object per line. Each call \
                runs as soon as its object closes, and the results come back to you in the next message.""";
    }
}
