package dev.rosetta.cli.option;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * What {@code rosetta parse --format} reads a message as: the conversation of a tool format, or
 * {@code auto}, a message of no known format (every dialect's own reader, none of them drift).
 *
 * @param id    the name the user typed, as the output's {@code format} shows it
 * @param asked the format the model was asked for, or null for {@code auto}
 */
public record ParseFormat(String id, ToolFormat asked) {

    public static final ParseFormat AUTO = new ParseFormat("auto", null);

    public static ParseFormat of(ToolFormat format) {
        return new ParseFormat(format.id(), format);
    }

    /** {@code auto} or a tool format's name, in any case; the error names the valid ones. */
    public static ParseFormat of(String value) {
        if (value.strip().equalsIgnoreCase(AUTO.id())) {
            return AUTO;
        }
        for (ToolFormat f : ToolFormat.values()) {
            if (f.id().equalsIgnoreCase(value.strip())) {
                return of(f);
            }
        }
        throw new IllegalArgumentException("unknown tool format '" + value + "'; use one of " + String.join(", ", names()));
    }

    /** auto, then every tool format's name. */
    public static List<String> names() {
        List<String> out = new ArrayList<>();
        out.add(AUTO.id());
        Arrays.stream(ToolFormat.values()).map(ToolFormat::id).forEach(out::add);
        return out;
    }

    /** The readers a splitter for this format runs. */
    public List<Reader> readers(ToolCatalog tools) {
        return asked == null ? ToolFormat.allReaders(tools) : asked.readers(tools);
    }
}
