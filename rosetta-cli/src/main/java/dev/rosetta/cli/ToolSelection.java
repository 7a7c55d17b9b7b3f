package dev.rosetta.cli;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * The tools a message is read against, from the names a user typed. A name that is not built
 * in still becomes a tool, known only by its name, so any tag can be tried without writing
 * an implementation first.
 */
final class ToolSelection {

    private ToolSelection() {}

    /** The catalog for {@code names}; all built-in tools when names is null. */
    static ToolCatalog catalog(List<String> names) {
        if (names == null) {
            return BuiltinTools.catalog();
        }
        List<ToolSpec> tools = new ArrayList<>();
        for (String name : distinctNames(names)) {
            tools.add(builtin(name));
        }
        return ToolCatalog.of(tools);
    }

    private static Set<String> distinctNames(List<String> names) {
        Set<String> distinct = new LinkedHashSet<>();
        for (String name : names) {
            if (!name.isBlank()) {
                distinct.add(name.strip());
            }
        }
        return distinct;
    }

    private static ToolSpec builtin(String name) {
        for (ToolSpec tool : BuiltinTools.ALL) {
            if (tool.name().equals(name)) {
                return tool;
            }
        }
        return ToolSpec.named(name);
    }

    /** The built-in names, for the help text and shell completion. */
    static final class BuiltinNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return BuiltinTools.ALL.stream().map(ToolSpec::name).iterator();
        }
    }
}
