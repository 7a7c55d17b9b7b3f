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

    private BuiltinDialects() {}

    /** Every built-in described dialect, in the file's order. */
    public static List<DescribedDialect> all() {
        return Loaded.ALL;
    }

    /** The built-in described dialect named {@code name}; a missing one is a bug in the resource. */
    public static DescribedDialect named(String name) {
        return all().stream().filter(d -> d.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no built-in dialect named " + name + " in " + RESOURCE));
    }

    /** Read on first use: a chat that never reads a described dialect never parses the file. */
    private static final class Loaded {
        static final List<DescribedDialect> ALL = load();

        private static List<DescribedDialect> load() {
            try (InputStream in = BuiltinDialects.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(RESOURCE + " is missing from the class path");
                }
                String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                return DescriptionReader.parse(text, RESOURCE).stream().map(DescribedDialect::new).toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
