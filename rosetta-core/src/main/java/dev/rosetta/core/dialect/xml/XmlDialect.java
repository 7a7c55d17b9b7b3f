package dev.rosetta.core.dialect.xml;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/** Tool calls as xml: {@code <tool-use><save args="path">…</save></tool-use>} and {@code <function_calls>}. */
public final class XmlDialect implements Dialect {

    public static final XmlDialect INSTANCE = new XmlDialect();

    private XmlDialect() {}

    @Override
    public String name() {
        return "xml";
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return (in, at) -> Opening.NONE; // being written
    }

    @Override
    public String write(ToolUse use, ToolSpec spec) {
        return "<tool-use>\n<" + spec.tag() + ">\n" + use.content() + "\n</" + spec.tag() + ">\n</tool-use>";
    }

    @Override
    public String describe(ToolSpec spec) {
        return spec.name();
    }

    @Override
    public String callingConvention() {
        return "";
    }
}
