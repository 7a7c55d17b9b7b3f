package dev.rosetta.core.dialect.described;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.ReportedDrift;
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
        return new DescribedReader(forms, description.markup(), description.markupTags(), description.reasoning());
    }

    private FormReader formReader(CallForm form, ToolCatalog tools) {
        return switch (form.shape()) {
            case JSON -> new JsonCalls(this, form, tools);
            case HEADER_JSON -> new HeaderCalls(this, form, description.markup(), tools);
            case TAGS -> new TaggedCalls(this, form, tools);
            case KEY_VALUE -> new KeyValueCalls(this, form, tools);
            case PYTHON -> new PythonCalls(this, form, tools);
            case OBJECT -> new ObjectCalls(this, form, tools);
            case THOUGHT -> new ThoughtLines(this, form, tools);
            default -> throw new UnsupportedOperationException("the " + form.shape().id() + " shape is not read yet");
        };
    }

    /**
     * In another format's conversation a bare spelling (a bracketed Python list at a line start)
     * is reported, not run: a model asked for another format writes Python to show the user.
     * What a marker opens runs.
     */
    @Override
    public Reader driftReader(Dialect asked, ToolCatalog tools) {
        if (description.calls().stream().noneMatch(CallForm::bare)) {
            return reader(tools);
        }
        String markers = description.calls().stream().filter(f -> !f.bare()).flatMap(f -> f.open().stream())
                .map(o -> o.substring(0, 1)).distinct().collect(java.util.stream.Collectors.joining());
        return new ReportedDrift(reader(tools), (in, at) -> markers.indexOf(in.charAt(at)) < 0,
                "a bare [tool(…)] list is read as a call only in the " + name() + " format (in this conversation it"
                        + " may be code for the user), so it was not run; call the tool as this conversation's"
                        + " instructions show");
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
