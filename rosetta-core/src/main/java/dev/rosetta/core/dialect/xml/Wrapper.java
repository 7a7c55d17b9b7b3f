package dev.rosetta.core.dialect.xml;

import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * The inside of a {@code <tool-use>} or {@code <function_calls>} wrapper: elements (each one a
 * call or a report), whitespace, which belongs to no segment, and any other text, which is
 * prose. Each element's segment is emitted as soon as it closes; the wrapper's own tags are
 * markup between segments. Both wrappers accept every element spelling.
 */
final class Wrapper implements Block {

    private final ToolCatalog tools;
    private final int start;
    private final String opener;
    private final String closer;
    private int pos;
    /** Whether the text run being read has non-space text, so its spaces are prose too. */
    private boolean inProse;
    /** Whether any segment or prose came out of this wrapper. */
    private boolean emitted;
    private StartTag pendingTag;
    private Block element;
    private int closedAt = -1;
    private int tailScan;

    /**
     * @param start  the index of the opener's {@code <}
     * @param opener the opener as written ({@code <tool-use>}, {@code <function_calls>})
     */
    Wrapper(ToolCatalog tools, int start, String opener) {
        this.tools = tools;
        this.start = start;
        this.opener = opener;
        this.closer = "</" + opener.substring(1);
        this.pos = start + opener.length();
    }

    @Override
    public int advance(Input in, Output out) {
        InputText text = new InputText(in);
        while (true) {
            if (element != null) {
                int end = element.advance(in, out);
                if (end < 0) {
                    return -1;
                }
                element = null;
                pos = end;
                inProse = false;
                emitted = true;
            } else if (closedAt >= 0) {
                return restOfLine(in);
            } else if (pendingTag != null) {
                StartTag.Status status = pendingTag.scan(text, in.limit());
                if (status == StartTag.Status.PENDING) {
                    return -1;
                }
                if (status == StartTag.Status.COMPLETE) {
                    element = open(pendingTag.tag(text), out);
                } else {
                    prose(out, pos, pos + 1);
                    pos++;
                }
                pendingTag = null;
            } else if (!in.has(pos)) {
                return -1;
            } else if (in.charAt(pos) == '<') {
                Match m = in.match(pos, closer);
                if (m == Match.PARTIAL) {
                    return -1;
                }
                if (m == Match.YES) {
                    closedAt = pos + closer.length();
                    tailScan = closedAt;
                } else {
                    pendingTag = new StartTag(pos);
                }
            } else {
                readText(in, out);
            }
        }
    }

    /** Text up to the next '<': leading spaces are a gap, the rest from the first visible character is prose. */
    private void readText(Input in, Output out) {
        int from = pos;
        while (in.has(pos) && in.charAt(pos) != '<') {
            if (inProse) {
                pos++;
            } else if (XmlText.isSpace(in.charAt(pos))) {
                from = ++pos;
            } else {
                inProse = true;
                pos++;
            }
        }
        if (pos > from) {
            prose(out, from, pos);
        }
    }

    private void prose(Output out, int from, int to) {
        inProse = true;
        emitted = true;
        out.prose(from, to);
    }

    private Block open(StartTag.Tag tag, Output out) {
        if (tag.localName().equals("invoke")) {
            InvokeElement invoke = new InvokeElement(tag, tools);
            announce(invoke.spec(), tag, out);
            return invoke;
        }
        if (tag.name().equals(NamedCallElement.NAME)) {
            return new NamedCallElement(tag, tools);
        }
        ToolSpec spec = tools.resolve(tag.name()).orElse(null);
        if (spec == null) {
            return new UnknownElement(tag, Element.unknownTool(tag.name(), "<" + tag.name() + ">", tools));
        }
        announce(spec, tag, out);
        return new ToolElement(tag, spec);
    }

    private static void announce(ToolSpec spec, StartTag.Tag tag, Output out) {
        if (spec != null) {
            out.event(new CallStarted(spec.name(), XmlDialect.INSTANCE, tag.start()));
        }
    }

    /** After the closer: the spaces and line break that end its line belong to the wrapper too. */
    private int restOfLine(Input in) {
        while (in.has(tailScan) && (in.charAt(tailScan) == ' ' || in.charAt(tailScan) == '\t')) {
            tailScan++;
        }
        if (!in.has(tailScan)) {
            return in.complete() ? tailScan : -1;
        }
        Match crlf = in.match(tailScan, "\r\n");
        if (in.charAt(tailScan) == '\n' || crlf == Match.YES) {
            return tailScan + (crlf == Match.YES ? 2 : 1);
        }
        return crlf == Match.PARTIAL ? -1 : closedAt;
    }

    @Override
    public void endOfInput(Input in, Output out) {
        if (element != null) {
            element.endOfInput(in, out);
        } else if (pendingTag != null) {
            int at = pendingTag.start();
            out.segment(new Unparsed(in.slice(at, in.limit()), XmlDialect.INSTANCE,
                    "the message ended inside this start tag, before its '>', so it was not run"
                            + " (the reply may have been cut off)", at, in.limit()));
        } else if (closedAt < 0 && !emitted) {
            out.segment(new Unparsed(in.slice(start, in.limit()), XmlDialect.INSTANCE,
                    "unclosed " + opener + " with no tool call inside, so nothing was run; write the call inside it, as in "
                            + opener + "<shell>ls</shell>" + closer, start, in.limit()));
        }
    }
}
