package dev.rosetta.core.dialect.xml;

import dev.rosetta.core.split.Segment;

/** An element inside a wrapper that names no loaded tool: reported, with the tools there are. */
final class UnknownElement extends Element {

    private final String problem;

    UnknownElement(StartTag.Tag tag, String problem) {
        super(tag);
        this.problem = problem;
    }

    @Override
    Segment read(String body, String raw, int end) {
        return unparsed(raw, end, problem);
    }

    @Override
    String unclosedProblem() {
        return problem + "; the element was also never closed with " + CloserSearch.closerOf(tag.name());
    }
}
