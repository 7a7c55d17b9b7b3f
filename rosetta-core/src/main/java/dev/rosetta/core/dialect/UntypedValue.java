package dev.rosetta.core.dialect;

import dev.rosetta.core.json.Json;

/**
 * Argument values that a dialect carries as raw text between tags (qwen3-coder's
 * {@code <parameter=K>}, glm's {@code <arg_value>}): framed by one line break on each side, and
 * typed by the tool's declaration ({@link dev.rosetta.core.tool.ToolSpec#typedValue}).
 */
public final class UntypedValue {

    private UntypedValue() {}

    /** The value without one leading and one trailing '\n', as the models' own parsers read it. */
    public static String unframed(String raw) {
        int from = raw.startsWith("\n") ? 1 : 0;
        int to = raw.length() > from && raw.endsWith("\n") ? raw.length() - 1 : raw.length();
        return raw.substring(from, to);
    }

    /** How a writer spells {@code value} as raw text: strings as they are, anything else as JSON. */
    public static String text(Object value) {
        return value instanceof String s ? s : Json.write(value);
    }
}
