package dev.rosetta.core.dialect.described;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The dialects Rosetta describes as data, read once from {@code dialects.toml} beside this class
 * by the same {@link DescriptionReader} that reads a user's.
 */
public final class BuiltinDialects {

    private static final String RESOURCE = "dialects.toml";
    private static final String FAMILIES_FILE = "families.toml";

    private BuiltinDialects() {}

    /** Every built-in described dialect, in the file's order. */
    public static List<DescribedDialect> all() {
        return Loaded.ALL;
    }

    /**
     * The families read in every format but never asked for ({@code families.toml}): no
     * {@code --tool-format} describes tools in them, so they need no prompt, only their spelling.
     */
    public static List<DescribedDialect> families() {
        return Loaded.FAMILIES;
    }

    /** The built-in described dialect named {@code name}; a missing one is a bug in the resource. */
    public static DescribedDialect named(String name) {
        return all().stream().filter(d -> d.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no built-in dialect named " + name + " in " + RESOURCE));
    }

    /** Read on first use: a chat that never reads a described dialect never parses the file. */
    private static final class Loaded {
        static final List<DescribedDialect> ALL = load(RESOURCE);
        static final List<DescribedDialect> FAMILIES = load(FAMILIES_FILE);

        private static List<DescribedDialect> load(String resource) {
            try (InputStream in = BuiltinDialects.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException(resource + " is missing from the class path");
                }
                String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                return DescriptionReader.parse(text, resource).stream().map(DescribedDialect::new).toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
