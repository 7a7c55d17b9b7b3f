package dev.rosetta.agent.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.described.DescribedDialect;
import dev.rosetta.core.dialect.described.DescriptionException;
import dev.rosetta.core.dialect.described.UserDialects;
import tools.jackson.databind.JsonNode;

/**
 * {@code [[dialects]]}: spellings of tool calls the user describes as data (docs/DIALECTS.md,
 * "Describing a dialect"), read by the same reader as the built-in ones. A problem is one line
 * naming the file, the line and the key. A project's {@code rosetta.toml} may not add dialects: a
 * dialect decides which of the model's text runs as a call, and a repository the user merely
 * cloned must not decide that (its entries are ignored with a warning saying where to put them).
 */
public final class DialectTable {

    private static final String KEY = "dialects";

    private DialectTable() {}

    static List<DescribedDialect> read(ConfigTable root, TomlDocument doc, ConfigLayer.Kind kind) {
        if (!root.has(KEY)) {
            return List.of();
        }
        if (kind == ConfigLayer.Kind.PROJECT) {
            root.skip(KEY);
            root.warn(KEY, "[[dialects]] in a project's file is ignored: a dialect decides which of the model's text"
                    + " runs, so only your own config.toml may add one (copy the entries there if you trust them)");
            return List.of();
        }
        root.skip(KEY);
        return read(doc, doc.root().get(KEY));
    }

    /**
     * The dialects of a file holding only {@code [[dialects]]} tables ({@code rosetta parse
     * --dialects FILE}); any other key there is an error, since nothing else would read it.
     */
    public static List<DescribedDialect> readFile(Path file) {
        TomlDocument doc = TomlDocument.read(file)
                .orElseThrow(() -> new RosettaException("cannot read " + file + ": no such file"));
        for (String key : doc.root().propertyNames()) {
            if (!key.equals(KEY)) {
                throw doc.error(List.of(key), TomlText.quoted(key) + " is not read here: a dialects file holds"
                        + " [[dialects]] tables only");
            }
        }
        List<DescribedDialect> dialects = read(doc, doc.root().get(KEY));
        if (dialects.isEmpty()) {
            throw new RosettaException(file + ": no [[dialects]] table; describe one as docs/DIALECTS.md shows"
                    + " (\"Describing a dialect\")");
        }
        return dialects;
    }

    private static List<DescribedDialect> read(TomlDocument doc, JsonNode dialects) {
        try {
            return UserDialects.read(dialects, List.of(KEY));
        } catch (DescriptionException e) {
            List<String> path = new ArrayList<>();
            e.path().forEach(p -> path.add(String.valueOf(p)));
            throw doc.error(path, e.getMessage());
        }
    }
}
