package dev.rosetta.core.dialect.xml;

import java.util.stream.Collectors;

import dev.rosetta.core.dialect.UnknownTool;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * One element inside a wrapper, from its start tag to the first closing tag of the same name
 * outside CDATA. Its segment is emitted the moment that closing tag's {@code >} arrives.
 */
abstract class Element implements Block {

    protected final StartTag.Tag tag;
    private final CloserSearch search;

    Element(StartTag.Tag tag) {
        this.tag = tag;
        this.search = new CloserSearch(CloserSearch.closerOf(tag.name()), tag.end());
    }

    @Override
    public int advance(Input in, Output out) {
        if (tag.selfClosing()) {
            out.segment(read(null, in.slice(tag.start(), tag.end()), tag.end()));
            return tag.end();
        }
        int at = search.find(new InputText(in), in.limit(), in.complete());
        if (at < 0) {
            return -1;
        }
        int end = at + search.closer().length();
        out.segment(read(in.slice(tag.end(), at), in.slice(tag.start(), end), end));
        return end;
    }

    @Override
    public void endOfInput(Input in, Output out) {
        out.segment(new Unparsed(in.slice(tag.start(), in.limit()), XmlDialect.INSTANCE, unclosedProblem(),
                tag.start(), in.limit()));
    }

    /**
     * The element's segment.
     *
     * @param body the raw text between the tags, or null for a self-closing element
     * @param raw  the whole element
     * @param end  the index after it
     */
    abstract Segment read(String body, String raw, int end);

    /** Why the element was not run when the message ends inside it. */
    abstract String unclosedProblem();

    Unparsed unparsed(String raw, int end, String problem) {
        return new Unparsed(raw, XmlDialect.INSTANCE, problem, tag.start(), end);
    }

    static String unclosed(String what, String closer) {
        return "unclosed " + what + " element: it was not run because " + closer
                + " never came (the reply may have been cut off); end the element with " + closer;
    }

    /** Names the tool that was not found, the one probably meant, and the loaded ones. */
    static String unknownTool(String name, String where, ToolCatalog tools) {
        var meant = tools.aliasOf(name);
        if (meant.isPresent()) {
            return "'" + name + "' is not a tool, so " + where + " was not run; to run this, use "
                    + tagOf(meant.get()) + " (" + UnknownTool.loaded(tools) + ")";
        }
        return UnknownTool.problem(name, where, tools);
    }

    static String tagOf(ToolSpec spec) {
        return "<" + spec.tag() + ">";
    }

    static String parameterNames(ToolSpec spec) {
        return spec.parameters().stream().map(p -> p.name()).collect(Collectors.joining(", "));
    }
}
