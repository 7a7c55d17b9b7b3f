package dev.rosetta.core.dialect.markdown;

import java.util.List;

import dev.rosetta.core.tool.ToolSpec;

/** What a fenced block is, decided by its tag when it opens: a call, an example in a tool's alias, or prose. */
record FenceKind(ToolSpec tool, List<String> args, String problem, boolean fileBody) {
    static FenceKind prose() {
        return new FenceKind(null, List.of(), null, false);
    }

    static FenceKind call(ToolSpec tool, List<String> args) {
        return new FenceKind(tool, args, null, tool.bodyIsFileText());
    }

    /**
     * A block in a tool's alias ({@code ```python}): reported with {@code problem} when nothing
     * but white space follows it in the reply — a model that means a call stops there to wait
     * for the result — else prose, an example the answer goes on about.
     */
    static FenceKind example(String problem) {
        return new FenceKind(null, List.of(), problem, false);
    }

    boolean isProse() {
        return tool == null && problem == null;
    }
}
