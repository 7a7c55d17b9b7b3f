package dev.rosetta.core.dialect.cline;

import dev.rosetta.core.dialect.xml.XmlText;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * Claims a line that starts (after at most three spaces, as a paragraph may) with {@code <NAME>}
 * where NAME is a declared tool and the first thing inside, past whitespace, is one of that tool's
 * parameters as an element ({@code <read_file>\n<path>}) or the tool's closing tag. The schema is
 * the evidence: an HTML tag, a tag naming no tool, or a tool's tag holding text or other elements
 * stays prose.
 */
final class ClineReader implements Reader {

    private static final int MAX_INDENT = 3;
    /** Whitespace allowed between the tool's tag and its first parameter. */
    static final int MAX_GAP = 256;

    private final ToolCatalog tools;

    ClineReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public String lineStarts() {
        return "< ";
    }

    @Override
    public Opening open(Input in, int at) {
        int i = at;
        while (in.has(i) && in.charAt(i) == ' ') {
            if (i - at == MAX_INDENT) {
                return Opening.NONE;
            }
            i++;
        }
        int gt = OpeningTag.nameEnd(in, i);
        if (gt < 0) {
            return gt == OpeningTag.NEED ? Opening.NEED_MORE : Opening.NONE;
        }
        String name = OpeningTag.name(in, i, gt);
        ToolSpec spec = tools.resolve(name).orElse(null);
        if (spec == null) {
            return Opening.NONE;
        }
        return switch (firstChild(in, gt + 1, name, spec)) {
            case YES -> Opening.of(new ClineCall(spec, name, i, gt + 1));
            case PARTIAL -> Opening.NEED_MORE;
            case NO -> Opening.NONE;
        };
    }

    /** Whether a parameter element or the tool's closing tag comes first after the tool's tag. */
    private static Match firstChild(Input in, int from, String name, ToolSpec spec) {
        int i = from;
        while (in.has(i) && XmlText.isSpace(in.charAt(i))) {
            if (i - from == MAX_GAP) {
                return Match.NO;
            }
            i++;
        }
        Match closer = in.match(i, "</" + name + ">");
        if (closer != Match.NO) {
            return closer;
        }
        int gt = OpeningTag.nameEnd(in, i);
        if (gt < 0) {
            return gt == OpeningTag.NEED ? Match.PARTIAL : Match.NO;
        }
        return spec.parameter(OpeningTag.name(in, i, gt)).isPresent() ? Match.YES : Match.NO;
    }
}
