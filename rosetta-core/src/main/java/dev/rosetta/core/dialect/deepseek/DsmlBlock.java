package dev.rosetta.core.dialect.deepseek;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.rosetta.core.dialect.NativeCalls;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * DeepSeek V3.2's DSML calls (V4 names the wrapper {@code tool_calls}):
 * <pre>
 * &lt;｜DSML｜function_calls&gt;
 * &lt;｜DSML｜invoke name="NAME"&gt;
 * &lt;｜DSML｜parameter name="K" string="true"&gt;raw text&lt;/｜DSML｜parameter&gt;
 * &lt;｜DSML｜parameter name="N" string="false"&gt;42&lt;/｜DSML｜parameter&gt;
 * &lt;/｜DSML｜invoke&gt;
 * &lt;/｜DSML｜function_calls&gt;
 * </pre>
 * Each invoke is one segment; the wrapper's tags and the spaces between invokes are markup, and
 * other text in the wrapper is prose. A {@code string="true"} value is the raw text; any other
 * value is JSON, typed by the tool's declared parameter type. A missing parameter or invoke
 * closer ends the element at the next tag; an invoke still open at the end is incomplete.
 */
final class DsmlBlock implements Block {

    static final String OPEN = "<" + DeepSeekTokens.BAR + "DSML" + DeepSeekTokens.BAR;
    static final String CLOSE = "</" + DeepSeekTokens.BAR + "DSML" + DeepSeekTokens.BAR;
    static final String WRAPPER = "function_calls";
    private static final List<String> WRAPPERS = List.of(WRAPPER, "tool_calls");
    static final String INVOKE = OPEN + "invoke";
    static final String INVOKE_END = CLOSE + "invoke>";
    static final String PARAMETER = OPEN + "parameter";
    static final String PARAMETER_END = CLOSE + "parameter>";
    private static final int MAX_TAG = 512;
    private static final Pattern ATTRIBUTE = Pattern.compile("([A-Za-z_][\\w.-]*)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)')");

    private enum State { BETWEEN, INVOKE_TAG, CHILDREN, PARAMETER_TAG, VALUE }

    private final ToolCatalog tools;
    private final int start;
    /** The wrapper's closing tag, or null for a lone invoke. */
    private final String closer;
    private State state = State.BETWEEN;
    private int pos;
    private boolean emitted;
    private boolean inProse;
    private int invokeStart;
    private String invokeName;
    private ToolSpec spec;
    private Map<String, Object> kwargs;
    private String parameter;
    private boolean rawString;
    private int valueFrom;
    private int tagFrom;
    private char tagQuote;

    private DsmlBlock(ToolCatalog tools, int start, int contentStart, String closer) {
        this.tools = tools;
        this.start = start;
        this.pos = contentStart;
        this.closer = closer;
    }

    static Opening open(Input in, int at, ToolCatalog tools) {
        boolean partial = false;
        for (String wrapper : WRAPPERS) {
            String opener = OPEN + wrapper + ">";
            Match m = in.match(at, opener);
            if (m == Match.YES) {
                return Opening.of(new DsmlBlock(tools, at, at + opener.length(), CLOSE + wrapper + ">"));
            }
            partial |= m == Match.PARTIAL;
        }
        Match invoke = tagAt(in, at, INVOKE);
        if (invoke == Match.YES) {
            return Opening.of(new DsmlBlock(tools, at, at, null));
        }
        return partial || invoke == Match.PARTIAL ? Opening.NEED_MORE : Opening.NONE;
    }

    /** Whether a start tag named by {@code opener} (followed by a space or '>') starts at {@code at}. */
    private static Match tagAt(Input in, int at, String opener) {
        Match m = in.match(at, opener);
        if (m != Match.YES) {
            return m;
        }
        int next = at + opener.length();
        if (!in.has(next)) {
            return in.complete() ? Match.NO : Match.PARTIAL;
        }
        char c = in.charAt(next);
        return c == '>' || Character.isWhitespace(c) ? Match.YES : Match.NO;
    }

    @Override
    public int advance(Input in, Output out) {
        while (true) {
            int step = switch (state) {
                case BETWEEN -> between(in, out);
                case INVOKE_TAG -> invokeTag(in, out);
                case CHILDREN -> children(in, out);
                case PARAMETER_TAG -> parameterTag(in);
                case VALUE -> value(in);
            };
            if (step != CONTINUE) {
                return step;
            }
        }
    }

    private static final int CONTINUE = -2;

    /** Inside the wrapper, outside invokes: spaces are markup, other text is prose. */
    private int between(Input in, Output out) {
        if (!in.has(pos)) {
            return -1;
        }
        if (in.charAt(pos) == '<') {
            if (closer != null) {
                Match close = in.match(pos, closer);
                if (close == Match.YES) {
                    return pos + closer.length();
                }
                if (close == Match.PARTIAL) {
                    return -1;
                }
            }
            Match invoke = tagAt(in, pos, INVOKE);
            if (invoke == Match.PARTIAL) {
                return -1;
            }
            if (invoke == Match.YES) {
                invokeStart = pos;
                tagFrom = pos + INVOKE.length();
                pos = tagFrom;
                tagQuote = 0;
                inProse = false;
                state = State.INVOKE_TAG;
                return CONTINUE;
            }
        }
        if (closer == null) {
            return pos;
        }
        if (!inProse && Character.isWhitespace(in.charAt(pos))) {
            pos++;
            return CONTINUE;
        }
        int from = pos++;
        while (in.has(pos) && in.charAt(pos) != '<') {
            pos++;
        }
        inProse = true;
        emitted = true;
        out.prose(from, pos);
        return CONTINUE;
    }

    private int invokeTag(Input in, Output out) {
        int gt = tagEnd(in);
        if (gt == -1) {
            return -1;
        }
        if (gt == TOO_LONG) {
            emit(out, new Unparsed(in.slice(invokeStart, pos), DeepSeekDialect.INSTANCE,
                    "this DSML invoke tag has no '>', so it was not run", invokeStart, pos));
            return CONTINUE;
        }
        invokeName = attributes(in.slice(tagFrom, gt)).get("name");
        spec = invokeName == null ? null : tools.resolve(invokeName).orElse(null);
        if (spec != null) {
            out.event(new CallStarted(spec.name(), DeepSeekDialect.INSTANCE, invokeStart));
        }
        kwargs = new LinkedHashMap<>();
        pos = gt + 1;
        state = State.CHILDREN;
        return CONTINUE;
    }

    /** Between parameters: the invoke's closer ends it; a wrapper closer or the next invoke does too (its closer is missing). */
    private int children(Input in, Output out) {
        while (in.has(pos) && in.charAt(pos) != '<') {
            pos++;
        }
        if (!in.has(pos)) {
            return -1;
        }
        Match end = in.match(pos, INVOKE_END);
        if (end == Match.YES) {
            pos += INVOKE_END.length();
            emit(out, segment(in, pos));
            return CONTINUE;
        }
        Match param = tagAt(in, pos, PARAMETER);
        if (param == Match.YES) {
            tagFrom = pos + PARAMETER.length();
            pos = tagFrom;
            tagQuote = 0;
            state = State.PARAMETER_TAG;
            return CONTINUE;
        }
        Match next = endsInvoke(in, pos);
        if (next == Match.YES) {
            emit(out, segment(in, pos));
            return CONTINUE;
        }
        if (end == Match.PARTIAL || param == Match.PARTIAL || next == Match.PARTIAL) {
            return -1;
        }
        pos++;
        return CONTINUE;
    }

    /** A wrapper closer or another invoke: either shows the current invoke's closer is missing. */
    private Match endsInvoke(Input in, int at) {
        Match close = closer == null ? Match.NO : in.match(at, closer);
        Match invoke = tagAt(in, at, INVOKE);
        if (close == Match.YES || invoke == Match.YES) {
            return Match.YES;
        }
        return close == Match.PARTIAL || invoke == Match.PARTIAL ? Match.PARTIAL : Match.NO;
    }

    private int parameterTag(Input in) {
        int gt = tagEnd(in);
        if (gt == -1) {
            return -1;
        }
        if (gt == TOO_LONG) {
            parameter = null;
            state = State.CHILDREN;
            return CONTINUE;
        }
        Map<String, String> attributes = attributes(in.slice(tagFrom, gt));
        parameter = attributes.get("name");
        rawString = "true".equals(attributes.get("string"));
        valueFrom = gt + 1;
        pos = valueFrom;
        state = State.VALUE;
        return CONTINUE;
    }

    /** The value, raw, up to its closer (or the next tag, when the closer is missing). */
    private int value(Input in) {
        while (in.has(pos)) {
            if (in.charAt(pos) == '<') {
                Match end = in.match(pos, PARAMETER_END);
                if (end == Match.YES) {
                    put(in.slice(valueFrom, pos));
                    pos += PARAMETER_END.length();
                    state = State.CHILDREN;
                    return CONTINUE;
                }
                Match param = tagAt(in, pos, PARAMETER);
                Match invokeEnd = in.match(pos, INVOKE_END);
                Match next = endsInvoke(in, pos);
                if (param == Match.YES || invokeEnd == Match.YES || next == Match.YES) {
                    put(in.slice(valueFrom, pos));
                    state = State.CHILDREN;
                    return CONTINUE;
                }
                if (end == Match.PARTIAL || param == Match.PARTIAL || invokeEnd == Match.PARTIAL || next == Match.PARTIAL) {
                    return -1;
                }
            }
            pos++;
        }
        return -1;
    }

    private void put(String text) {
        if (parameter != null) {
            kwargs.put(parameter, typed(parameter, text));
        }
    }

    /** {@code string="true"} is text as written; other values are JSON, typed by the declared type. */
    private Object typed(String name, String text) {
        if (rawString || spec == null) {
            return text;
        }
        if (spec.parameter(name).isPresent()) {
            return spec.parameter(name).map(Parameter::type).orElseThrow().equals("string")
                    ? text : spec.typedValue(name, text.strip());
        }
        try {
            return Json.read(text.strip());
        } catch (RuntimeException e) {
            return text;
        }
    }

    private static final int TOO_LONG = -3;

    /** The index of the tag's '>' (outside quoted attribute values), -1 while unseen, TOO_LONG past {@link #MAX_TAG}. */
    private int tagEnd(Input in) {
        while (in.has(pos)) {
            char c = in.charAt(pos);
            if (tagQuote != 0) {
                tagQuote = c == tagQuote ? 0 : tagQuote;
            } else if (c == '"' || c == '\'') {
                tagQuote = c;
            } else if (c == '>') {
                return pos;
            }
            if (pos - tagFrom >= MAX_TAG) {
                return TOO_LONG;
            }
            pos++;
        }
        return -1;
    }

    private static Map<String, String> attributes(String tag) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = ATTRIBUTE.matcher(tag);
        while (m.find()) {
            out.put(m.group(1), m.group(2) != null ? m.group(2) : m.group(3));
        }
        return out;
    }

    private Segment segment(Input in, int end) {
        String raw = in.slice(invokeStart, end);
        if (invokeName == null) {
            return new Unparsed(raw, DeepSeekDialect.INSTANCE, "this DSML invoke has no name=\"TOOL\" attribute,"
                    + " so it was not run", invokeStart, end);
        }
        if (spec == null) {
            return new Unparsed(raw, DeepSeekDialect.INSTANCE, NativeCalls.unknownTool(invokeName, tools), invokeStart, end);
        }
        return NativeCalls.call(DeepSeekDialect.INSTANCE, spec, kwargs, null, raw, invokeStart, end);
    }

    private void emit(Output out, Segment segment) {
        out.segment(segment);
        emitted = true;
        inProse = false;
        state = State.BETWEEN;
    }

    @Override
    public void endOfInput(Input in, Output out) {
        if (state != State.BETWEEN) {
            String what = invokeName != null ? "the DSML invoke of " + invokeName : "a DSML invoke";
            out.segment(NativeCalls.incomplete(DeepSeekDialect.INSTANCE, what, in.slice(invokeStart, in.limit()),
                    invokeStart, in.limit()));
        } else if (!emitted && closer != null) {
            out.segment(NativeCalls.incomplete(DeepSeekDialect.INSTANCE, "a DSML " + WRAPPER + " block with no call in it",
                    in.slice(start, in.limit()), start, in.limit()));
        }
    }

    @Override
    public boolean endsAtLineStart() {
        return true;
    }
}
