package dev.rosetta.core.dialect.described;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * A dialect made from a {@link DialectDescription}: its reader is the shared scanners of its
 * calls' shapes with its markers, its writer spells a call in its first spelling, and its prompt
 * lists the tools in the shape its models were trained on. One instance per description, so
 * segments can name it and compare equal.
 */
public final class DescribedDialect implements Dialect {

    private final DialectDescription description;

    public DescribedDialect(DialectDescription description) {
        this.description = description;
    }

    /** What this dialect was made from. */
    public DialectDescription description() {
        return description;
    }

    @Override
    public String name() {
        return description.name();
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        List<FormReader> forms = new ArrayList<>();
        for (CallForm form : description.calls()) {
            forms.add(formReader(form, tools));
        }
        return new DescribedReader(forms, description.markup(), description.reasoning());
    }

    private FormReader formReader(CallForm form, ToolCatalog tools) {
        return switch (form.shape()) {
            case JSON -> new JsonCalls(this, form, tools);
            case HEADER_JSON -> new HeaderCalls(this, form, description.markup(), tools);
            case TAGS -> new TaggedCalls(this, form, tools);
            case KEY_VALUE -> new KeyValueCalls(this, form, tools);
            default -> throw new UnsupportedOperationException("the " + form.shape().id() + " shape is not read yet");
        };
    }

    @Override
    public String write(ToolUse use, ToolSpec spec) {
        return DescribedWriter.write(description.calls().get(0), use, spec);
    }

    @Override
    public String describe(ToolSpec spec) {
        return DescribedPrompt.describe(this, spec);
    }

    @Override
    public String callingConvention() {
        return DescribedPrompt.convention(this);
    }

    @Override
    public String describeTools(List<ToolSpec> tools) {
        return DescribedPrompt.tools(this, tools);
    }
}
