package dev.rosetta.core.tool;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The tools loaded in a session, found by name, by markdown tag, by native name or by a known alias tag. */
public final class ToolCatalog {

    private final List<ToolSpec> tools;
    private final Map<String, ToolSpec> byTag = new LinkedHashMap<>();
    private final Map<String, ToolSpec> byAlias = new LinkedHashMap<>();

    private ToolCatalog(List<ToolSpec> tools) {
        this.tools = List.copyOf(tools);
        // Tags first, then names, so a tool's own tag wins over another tool's name.
        for (ToolSpec t : this.tools) {
            t.blockTypes().forEach(tag -> byTag.putIfAbsent(tag, t));
        }
        for (ToolSpec t : this.tools) {
            byTag.putIfAbsent(t.name(), t);
        }
        // A native call names github.search as github__search: both find the one tool.
        for (ToolSpec t : this.tools) {
            byTag.putIfAbsent(t.nativeName(), t);
        }
        for (ToolSpec t : this.tools) {
            t.aliases().stream().filter(a -> !byTag.containsKey(a)).forEach(a -> byAlias.putIfAbsent(a, t));
        }
    }

    public static ToolCatalog of(List<ToolSpec> tools) {
        return new ToolCatalog(tools);
    }

    public static ToolCatalog of(ToolSpec... tools) {
        return new ToolCatalog(List.of(tools));
    }

    public List<ToolSpec> tools() {
        return tools;
    }

    /** The tool a markdown tag, xml element or native name calls: {@code py} finds ipython. */
    public Optional<ToolSpec> resolve(String tagOrName) {
        return Optional.ofNullable(byTag.get(tagOrName));
    }

    /** The tool a tag was probably meant for although it does not call it ({@code python}). */
    public Optional<ToolSpec> aliasOf(String tag) {
        return Optional.ofNullable(byAlias.get(tag));
    }

    public List<String> names() {
        return tools.stream().map(ToolSpec::name).toList();
    }
}
