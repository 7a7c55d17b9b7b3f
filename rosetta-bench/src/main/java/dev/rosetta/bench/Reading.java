package dev.rosetta.bench;

import java.util.Arrays;
import java.util.List;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/** Which readers a splitter runs, for the cost of reading every dialect next to reading one. */
public enum Reading {

    /** The markdown reader alone (with reasoning, which every splitter reads): what round one read in markdown mode. */
    MARKDOWN_ONLY,
    /** Every dialect's reader, none of them drift: {@code rosetta parse --format auto}. */
    AUTO,
    /** The markdown format's conversation: its reader first, then every other dialect's as drift. */
    MARKDOWN_FORMAT,
    /** The nine native dialects' readers alone: what the native-heavy message needs, without markdown, xml and @tool. */
    NATIVE_ONLY;

    public List<Reader> readers(ToolCatalog tools) {
        return switch (this) {
            case MARKDOWN_ONLY -> List.of(MarkdownDialect.INSTANCE.reader(tools));
            case AUTO -> ToolFormat.allReaders(tools);
            case MARKDOWN_FORMAT -> ToolFormat.MARKDOWN.readers(tools);
            case NATIVE_ONLY -> Arrays.stream(ToolFormat.values())
                    .filter(f -> f != ToolFormat.MARKDOWN && f != ToolFormat.XML && f != ToolFormat.TOOL)
                    .map(f -> f.dialect().reader(tools)).toList();
        };
    }
}
