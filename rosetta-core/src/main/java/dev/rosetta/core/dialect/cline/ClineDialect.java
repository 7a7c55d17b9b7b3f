package dev.rosetta.core.dialect.cline;

import java.util.Map;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.UntypedValue;
import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Cline's and Roo Code's tool use, which many models are trained on (and @ai-sdk-tool's morph-xml):
 * the tool's name is the element, each argument a child element named after its parameter —
 * {@code <read_file><path>src/a.ts</path></read_file>}. Ordinary-looking tags, so a call only at a
 * line start, naming a declared tool, with that tool's parameters inside.
 */
public final class ClineDialect implements Dialect {

    public static final ClineDialect INSTANCE = new ClineDialect();

    private ClineDialect() {}

    @Override
    public String name() {
        return "cline";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new ClineReader(tools);
    }

    /** The tool's element on lines of its own, one parameter element per argument, values as {@link ClineValue} spells them. */
    @Override
    public String write(ToolUse use, ToolSpec spec) {
        StringBuilder out = new StringBuilder("<").append(spec.tag()).append(">\n");
        for (Map.Entry<String, Object> e : AtToolDialect.named(use, spec).entrySet()) {
            out.append('<').append(e.getKey()).append('>')
                    .append(ClineValue.spell(UntypedValue.text(e.getValue()), e.getKey()))
                    .append("</").append(e.getKey()).append(">\n");
        }
        return out.append("</").append(spec.tag()).append('>').toString();
    }

    @Override
    public String describe(ToolSpec spec) {
        return ClinePrompt.describe(spec);
    }

    @Override
    public String callingConvention() {
        return ClinePrompt.CALLING_CONVENTION;
    }
}
