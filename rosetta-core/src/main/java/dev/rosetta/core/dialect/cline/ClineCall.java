package dev.rosetta.core.dialect.cline;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import dev.rosetta.core.dialect.xml.XmlText;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * One call from the tool's tag to its closing tag: parameter elements separated by whitespace. A
 * value is raw text up to its closing tag — the first one that is followed, past whitespace, by
 * another parameter's tag or the tool's closing tag, so a file whose text holds {@code </content>}
 * or {@code </write_to_file>} is not cut there. Anything else between the parameters makes the
 * call a report, not a run. Resumes where it stopped: streamed text is looked at once (a closing
 * tag whose follower has not arrived is looked at again, a bounded few characters).
 */
final class ClineCall implements Block {

    private enum State { BETWEEN, VALUE, STRAY }

    private final ToolSpec spec;
    private final String name;
    private final String closer;
    private final int start;
    private final Map<String, Object> arguments = new LinkedHashMap<>();
    private State state = State.BETWEEN;
    private boolean announced;
    private int pos;
    private String parameter;
    private int valueStart;
    /** Where the value's closing tag first stood, though no parameter followed it; -1 before. */
    private int valueClosedAt = -1;
    private String stray;

    ClineCall(ToolSpec spec, String name, int start, int bodyStart) {
        this.spec = spec;
        this.name = name;
        this.closer = "</" + name + ">";
        this.start = start;
        this.pos = bodyStart;
    }

    @Override
    public int advance(Input in, Output out) {
        if (!announced) {
            announced = true;
            out.event(new CallStarted(spec.name(), ClineDialect.INSTANCE, start));
        }
        while (true) {
            int step = switch (state) {
                case BETWEEN -> between(in, out);
                case VALUE -> value(in);
                case STRAY -> stray(in, out);
            };
            if (step != CONTINUE) {
                return step;
            }
        }
    }

    private static final int CONTINUE = -3;

    /** Between parameters: whitespace, then the next parameter's tag or the tool's closing tag. */
    private int between(Input in, Output out) {
        while (in.has(pos) && XmlText.isSpace(in.charAt(pos))) {
            pos++;
        }
        if (!in.has(pos)) {
            return -1;
        }
        Match closed = in.match(pos, closer);
        if (closed == Match.YES) {
            int end = pos + closer.length();
            out.segment(new Call(ToolUse.named(spec.name(), arguments, null), ClineDialect.INSTANCE,
                    in.slice(start, end), start, end));
            return end;
        }
        if (closed == Match.PARTIAL) {
            return -1;
        }
        int gt = OpeningTag.nameEnd(in, pos);
        if (gt == OpeningTag.NEED) {
            return -1;
        }
        String child = gt < 0 ? null : OpeningTag.name(in, pos, gt);
        if (child != null && isOpenParameter(child)) {
            parameter = child;
            valueStart = gt + 1;
            pos = valueStart;
            state = State.VALUE;
        } else {
            stray = child == null ? "text that is not one of its parameters"
                    : arguments.containsKey(child) ? "<" + child + "> twice" : "<" + child + ">, which is not one of its parameters";
            state = State.STRAY;
        }
        return CONTINUE;
    }

    private boolean isOpenParameter(String child) {
        return spec.parameter(child).isPresent() && !arguments.containsKey(child);
    }

    /**
     * Inside a value: on to the closing tag that a parameter or the tool's closing tag follows. The
     * tool's closing tag is text of the value until the value's own closing tag has been seen.
     */
    private int value(Input in) {
        String valueCloser = "</" + parameter + ">";
        while (true) {
            int lt = in.indexOf('<', pos);
            if (lt < 0) {
                pos = in.limit();
                return -1;
            }
            Match m = in.match(lt, valueCloser);
            if (m == Match.PARTIAL) {
                pos = lt;
                return -1;
            }
            if (m == Match.YES) {
                Match ends = endsValue(in, lt + valueCloser.length());
                if (ends == Match.PARTIAL) {
                    pos = lt;
                    return -1;
                }
                if (ends == Match.YES) {
                    arguments.put(parameter, spec.typedValue(parameter, ClineValue.read(in.slice(valueStart, lt))));
                    pos = lt + valueCloser.length();
                    valueClosedAt = -1;
                    state = State.BETWEEN;
                    return CONTINUE;
                }
                valueClosedAt = valueClosedAt < 0 ? lt : valueClosedAt;
            }
            if (valueClosedAt >= 0 && valueClosedAt != lt) {
                Match toolClosed = in.match(lt, closer);
                if (toolClosed == Match.PARTIAL) {
                    pos = lt;
                    return -1;
                }
                if (toolClosed == Match.YES) {
                    // The value's closing tag came before, followed by text: that text is no parameter.
                    stray = "text that is not one of its parameters";
                    pos = lt;
                    state = State.STRAY;
                    return CONTINUE;
                }
            }
            pos = lt + 1;
        }
    }

    /**
     * Whether a value's closing tag ending at {@code from} really ends it: the message ends there,
     * or past whitespace comes the tool's closing tag or another parameter's tag.
     */
    private Match endsValue(Input in, int from) {
        int i = from;
        while (in.has(i) && XmlText.isSpace(in.charAt(i)) && i - from < ClineReader.MAX_GAP) {
            i++;
        }
        if (!in.has(i)) {
            return in.complete() ? Match.YES : Match.PARTIAL;
        }
        Match closed = in.match(i, closer);
        if (closed != Match.NO) {
            return closed;
        }
        int gt = OpeningTag.nameEnd(in, i);
        if (gt == OpeningTag.NEED) {
            return Match.PARTIAL;
        }
        String next = gt < 0 ? null : OpeningTag.name(in, i, gt);
        return next != null && !next.equals(parameter) && isOpenParameter(next) ? Match.YES : Match.NO;
    }

    /** Something that is not a parameter: reported up to the tool's closing tag. */
    private int stray(Input in, Output out) {
        while (true) {
            int lt = in.indexOf('<', pos);
            if (lt < 0) {
                pos = in.limit();
                return -1;
            }
            Match m = in.match(lt, closer);
            if (m == Match.PARTIAL) {
                pos = lt;
                return -1;
            }
            if (m == Match.YES) {
                int end = lt + closer.length();
                out.segment(new Unparsed(in.slice(start, end), ClineDialect.INSTANCE, "<" + name + "> holds " + stray
                        + ", so it was not run; " + usage(), start, end));
                return end;
            }
            pos = lt + 1;
        }
    }

    /** Cline writes one call right after another ({@code </read_file><read_file>}): the next starts as on a new line. */
    @Override
    public boolean endsAtLineStart() {
        return true;
    }

    @Override
    public void endOfInput(Input in, Output out) {
        String where = state == State.VALUE ? " (the message ended inside <" + parameter + ">)" : "";
        String problem = state == State.STRAY
                ? "<" + name + "> holds " + stray + " and " + closer + " never came, so it was not run; " + usage()
                : "unclosed <" + name + "> call" + where + ": it was not run because " + closer
                        + " never came (the reply may have been cut off); end the call with " + closer;
        out.segment(new Unparsed(in.slice(start, in.limit()), ClineDialect.INSTANCE, problem, start, in.limit()));
    }

    private String usage() {
        String parameters = spec.parameters().stream().map(Parameter::name).collect(Collectors.joining(", "));
        return "write each argument in an element named after its parameter (" + parameters + "), as in <" + name
                + "><PARAMETER>value</PARAMETER></" + name + ">";
    }
}
