package dev.rosetta.core.dialect.pythonic;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.NativePrompt;
import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Calls as a Python list, {@code [f(a='x', b=1), g()]}, as Llama 3.2's pythonic template, Llama 4
 * (inside {@code <|python_start|>…<|python_end|>}), ToolACE and Olmo write them. The arguments are
 * Python literals, so they arrive typed. Tools are declared as those templates declare them:
 * OpenAI-style function objects.
 */
public final class PythonicDialect implements Dialect {

    public static final PythonicDialect INSTANCE = new PythonicDialect();

    private PythonicDialect() {}

    @Override
    public String name() {
        return "pythonic";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new PythonicReader(tools);
    }

    @Override
    public String write(ToolUse use, ToolSpec spec) {
        return "[" + PythonCall.format(spec.name(), AtToolDialect.named(use, spec)) + "]";
    }

    @Override
    public String describe(ToolSpec spec) {
        return NativePrompt.describe(this, spec, NativePrompt.functionJson(spec));
    }

    @Override
    public String callingConvention() {
        return """
                The functions below are declared as JSON objects. To call functions, write them as a \
                Python list on a line of its own: [func_name1(param1='value', param2=2), func_name2()], \
                with each function's exact name and its arguments as keyword arguments whose values are \
                Python literals (strings, numbers, True, False, None, lists, dicts). Each call runs as soon \
                as the list reaches it, and the results come back to you in the next message.""";
    }
}
