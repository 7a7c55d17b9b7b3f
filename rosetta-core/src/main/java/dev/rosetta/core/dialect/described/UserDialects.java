package dev.rosetta.core.dialect.described;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.rosetta.core.dialect.ToolFormat;
import tools.jackson.databind.JsonNode;

/**
 * The dialects a user describes ({@code [[dialects]]} in config.toml, or the file of {@code rosetta
 * parse --dialects}): read by the same {@link DescriptionReader} as the built-in ones, then held to
 * what only a user's entry can get wrong — a name that is already taken, or a shape Rosetta
 * describes but does not read from a description yet.
 */
public final class UserDialects {

    /** Names a format option already means. */
    private static final List<String> RESERVED = List.of("auto", "native");

    private UserDialects() {}

    /**
     * The dialects of {@code dialects}, the value of a {@code dialects} key at {@code path};
     * none when it is null.
     *
     * @throws DescriptionException naming the key that is wrong and what to write instead
     */
    public static List<DescribedDialect> read(JsonNode dialects, List<Object> path) {
        List<DialectDescription> described = DescriptionReader.read(dialects, path);
        List<DescribedDialect> out = new ArrayList<>();
        for (int i = 0; i < described.size(); i++) {
            DialectDescription d = described.get(i);
            List<Object> at = new ArrayList<>(path);
            at.add(i);
            checkName(d.name(), at);
            checkShapes(d, at);
            out.add(new DescribedDialect(d));
        }
        return List.copyOf(out);
    }

    /** The dialect of {@code dialects} named {@code name} (in any case). */
    public static Optional<DescribedDialect> named(List<DescribedDialect> dialects, String name) {
        return dialects.stream().filter(d -> d.name().equalsIgnoreCase(name.strip())).findFirst();
    }

    private static void checkName(String name, List<Object> at) {
        boolean builtin = ToolFormat.dialectNamed(name).isPresent()
                || BuiltinDialects.all().stream().anyMatch(d -> d.name().equals(name))
                || BuiltinDialects.families().stream().anyMatch(d -> d.name().equals(name));
        if (builtin || RESERVED.contains(name)) {
            List<Object> key = new ArrayList<>(at);
            key.add("name");
            throw new DescriptionException(key, "'" + name + "' is " + (builtin ? "a built-in dialect" : "a format option")
                    + "; give yours a name of its own, like name = \"" + name + "-mine\"");
        }
    }

    private static void checkShapes(DialectDescription d, List<Object> at) {
        for (int i = 0; i < d.calls().size(); i++) {
            if (d.calls().get(i).shape() == Shape.CODE) {
                List<Object> key = new ArrayList<>(at);
                if (d.calls().size() > 1) {
                    key.add("calls");
                    key.add(i);
                }
                key.add("shape");
                throw new DescriptionException(key, "'code' is not read from a description yet; use json, header-json,"
                        + " tags, key-value, python or object");
            }
        }
    }
}
