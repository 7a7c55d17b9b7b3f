package dev.rosetta.cli.option;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.dialect.described.DescribedDialect;
import dev.rosetta.core.dialect.described.DescriptionReader;
import dev.rosetta.core.dialect.described.UserDialects;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * What {@code rosetta parse --format} reads a message as: the conversation of a tool format, of a
 * dialect described in {@code --dialects FILE}, or {@code auto}, a message of no known format
 * (every dialect's own reader, none of them drift).
 *
 * @param id    the name the user typed, as the output's {@code format} shows it
 * @param asked the format the model was asked for, or null for {@code auto} and described dialects
 */
public record ParseFormat(String id, ToolFormat asked) {

    public static final ParseFormat AUTO = new ParseFormat("auto", null);

    public static ParseFormat of(ToolFormat format) {
        return new ParseFormat(format.id(), format);
    }

    /**
     * {@code auto} or a tool format's name, in any case, or a name a described dialect could have
     * (it is looked up once {@code --dialects} is read); the error names the valid ones.
     */
    public static ParseFormat of(String value) {
        String name = value.strip();
        if (name.equalsIgnoreCase(AUTO.id())) {
            return AUTO;
        }
        for (ToolFormat f : ToolFormat.values()) {
            if (f.id().equalsIgnoreCase(name)) {
                return of(f);
            }
        }
        if (DescriptionReader.isName(name.toLowerCase(Locale.ROOT))) {
            return new ParseFormat(name.toLowerCase(Locale.ROOT), null);
        }
        throw new IllegalArgumentException(unknown(value));
    }

    /** auto, then every tool format's name. */
    public static List<String> names() {
        List<String> out = new ArrayList<>();
        out.add(AUTO.id());
        Arrays.stream(ToolFormat.values()).map(ToolFormat::id).forEach(out::add);
        return out;
    }

    /** The readers a splitter for this format runs, with the {@code --dialects} ones ({@code described}). */
    public List<Reader> readers(ToolCatalog tools, List<DescribedDialect> described) {
        if (asked != null) {
            return asked.readers(tools, described);
        }
        if (this.equals(AUTO)) {
            return ToolFormat.allReaders(tools, described);
        }
        Dialect mine = UserDialects.named(described, id)
                .orElseThrow(() -> new RosettaException(unknown(id) + (described.isEmpty() ? "" : ", or a dialect of"
                        + " --dialects: " + String.join(", ", described.stream().map(Dialect::name).toList()))));
        return ToolFormat.readers(mine, tools, described);
    }

    private static String unknown(String value) {
        return "unknown tool format '" + value + "'; use one of " + String.join(", ", names());
    }
}
