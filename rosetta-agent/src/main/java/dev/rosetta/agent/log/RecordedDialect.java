package dev.rosetta.agent.log;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * A dialect a stored segment names that is not built in: one the user described in {@code
 * [[dialects]]}, which may have been changed or removed since. A stored segment needs only the
 * name (history is re-spelled in the conversation's own format, never in the dialect a call was
 * read in), so a conversation loads whatever the user's config says today.
 */
record RecordedDialect(String name) implements Dialect {

    @Override
    public Reader reader(ToolCatalog tools) {
        throw unused();
    }

    @Override
    public String write(ToolUse use, ToolSpec spec) {
        throw unused();
    }

    @Override
    public String describe(ToolSpec spec) {
        throw unused();
    }

    @Override
    public String callingConvention() {
        throw unused();
    }

    private UnsupportedOperationException unused() {
        return new UnsupportedOperationException("'" + name + "' is the name of a described dialect a stored message"
                + " was read in; it is kept for its name and reads and writes nothing");
    }
}
