package dev.rosetta.core.dialect.xml;

import java.util.List;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Tool calls as xml: {@code <tool-use><save args="path">…</save></tool-use>}, and the
 * {@code <function_calls><invoke name="…">} and {@code <tool_name>}/{@code <parameters>} spellings
 * some models write. Bodies are raw text, not XML: nothing in them is escaped or decoded, and
 * only CDATA sections are unwrapped.
 */
public final class XmlDialect implements Dialect {

    public static final XmlDialect INSTANCE = new XmlDialect();

    private XmlDialect() {}

    @Override
    public String name() {
        return "xml";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new XmlReader(tools);
    }

    @Override
    public String write(ToolUse use, ToolSpec spec) {
        return XmlWriter.write(use, spec);
    }

    @Override
    public String describe(ToolSpec spec) {
        return XmlPrompt.describe(spec);
    }

    @Override
    public String callingConvention() {
        return XmlPrompt.CALLING_CONVENTION;
    }

    @Override
    public String describeTools(List<ToolSpec> tools) {
        return XmlPrompt.tools(tools);
    }

    @Override
    public String systemPrompt(String role, List<ToolSpec> tools) {
        return XmlPrompt.systemPrompt(role, tools);
    }
}
