package dev.rosetta.core.dialect.qwen3coder;

import java.util.Map;

import dev.rosetta.core.dialect.UntypedValue;
import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Spells a call as Qwen3-Coder was trained to: each argument in its own {@code <parameter=KEY>}
 * with the raw value on the lines between the tags (the reader drops that one line break on
 * each side). Strings go as they are, other values as JSON, which the reader types back by the
 * tool's declaration.
 */
final class Qwen3CoderWriter {

    /** Text that would end a value early: a value holding it cannot be spelled. */
    private static final String[] ENDS_A_VALUE = {"</parameter>", "<parameter=", "<parameter name=", "</function>",
        "</tool_call>"};

    private Qwen3CoderWriter() {}

    static String write(ToolUse use, ToolSpec spec) {
        StringBuilder out = new StringBuilder("<tool_call>\n<function=").append(spec.name()).append(">\n");
        for (Map.Entry<String, Object> e : AtToolDialect.named(use, spec).entrySet()) {
            String value = UntypedValue.text(e.getValue());
            for (String end : ENDS_A_VALUE) {
                if (value.contains(end)) {
                    throw new IllegalArgumentException("the qwen3-coder dialect cannot spell " + spec.name()
                            + "'s argument '" + e.getKey() + "': its value holds " + end);
                }
            }
            out.append("<parameter=").append(e.getKey()).append(">\n").append(value).append("\n</parameter>\n");
        }
        return out.append("</function>\n</tool_call>").toString();
    }
}
