package dev.rosetta.core.dialect.described;

import java.util.List;
import java.util.Map;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.NativeCalls;
import dev.rosetta.core.dialect.UnknownTool;
import dev.rosetta.core.json.JsonRepairException;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * One object-shaped construct: one or more {@code call:NAME{…}} heads and objects after the
 * opener, then the closer. The object ends at its balancing brace, counted outside strings; the
 * closer may be missing (a balanced object is a whole call, as for hermes), and a reply that ends
 * inside the object is incomplete, never run.
 */
final class ObjectCallsBlock implements Block {

    private enum State { HEAD, OBJECT, AFTER }

    private static final int CONTINUE = -2;

    private final Dialect dialect;
    private final ToolCatalog tools;
    private final CallForm form;
    private final String opener;
    private final String closer;
    private final int start;
    private State state = State.HEAD;
    private int pos;
    private int callStart;
    private String name;
    private int objectStart;
    private int objectEnd;
    private ObjectExtent extent;

    ObjectCallsBlock(Dialect dialect, ToolCatalog tools, CallForm form, int opener, int start, int from) {
        this.dialect = dialect;
        this.tools = tools;
        this.form = form;
        this.opener = form.open().get(opener);
        this.closer = form.closeOf(opener);
        this.start = start;
        this.callStart = start;
        this.pos = from;
    }

    /**
     * Whether a call's head stands at {@code from}: spaces, a prefix ({@code call:}, optional), a
     * name, spaces and a brace, all within {@link ObjectCalls#MAX_HEAD}.
     */
    static Match head(Input in, int from, List<String> prefixes) {
        int i = from;
        while (in.has(i) && Character.isWhitespace(in.charAt(i)) && i - from < ObjectCalls.MAX_HEAD) {
            i++;
        }
        for (String p : prefixes) {
            Match m = in.match(i, p);
            if (m == Match.PARTIAL) {
                return Match.PARTIAL;
            }
            if (m == Match.YES) {
                i += p.length();
                break;
            }
        }
        int name = i;
        while (in.has(i) && isNameChar(in.charAt(i)) && i - from < ObjectCalls.MAX_HEAD) {
            i++;
        }
        if (!in.has(i)) {
            return i - from >= ObjectCalls.MAX_HEAD ? Match.NO : Match.PARTIAL;
        }
        return i > name && in.charAt(i) == '{' ? Match.YES : Match.NO;
    }

    @Override
    public int advance(Input in, Output out) {
        while (true) {
            int step = switch (state) {
                case HEAD -> head(in, out);
                case OBJECT -> object(in);
                case AFTER -> after(in, out);
            };
            if (step != CONTINUE) {
                return step;
            }
        }
    }

    private int head(Input in, Output out) {
        Match m = head(in, pos, form.namePrefix());
        if (m == Match.PARTIAL) {
            return -1;
        }
        if (m == Match.NO) {
            out.segment(new Unparsed(in.slice(callStart, pos), dialect, "expected " + example() + " after " + opener
                    + ", so nothing was run", callStart, pos));
            return pos;
        }
        while (Character.isWhitespace(in.charAt(pos))) {
            pos++;
        }
        for (String p : form.namePrefix()) {
            if (in.match(pos, p) == Match.YES) {
                pos += p.length();
                break;
            }
        }
        int nameFrom = pos;
        while (in.charAt(pos) != '{') {
            pos++;
        }
        name = in.slice(nameFrom, pos);
        tools.resolve(name).ifPresent(spec -> out.event(new CallStarted(spec.name(), dialect, callStart)));
        objectStart = pos;
        extent = new ObjectExtent(pos, form.quote());
        state = State.OBJECT;
        return CONTINUE;
    }

    private int object(Input in) {
        int end = extent.scan(in);
        if (end < 0) {
            return -1;
        }
        objectEnd = end;
        pos = end;
        state = State.AFTER;
        return CONTINUE;
    }

    /** After an object: the closer is the call's; another head is the next call; anything else ends the construct. */
    private int after(Input in, Output out) {
        int i = pos;
        while (in.has(i) && (Character.isWhitespace(in.charAt(i)) || in.charAt(i) == ',')) {
            i++;
        }
        if (!in.has(i)) {
            if (!in.complete()) {
                return -1;
            }
            emit(in, out, objectEnd);
            return objectEnd;
        }
        if (closer != null) {
            Match m = in.match(i, closer);
            if (m == Match.PARTIAL) {
                return -1;
            }
            if (m == Match.YES) {
                emit(in, out, i + closer.length());
                return i + closer.length();
            }
        }
        Match next = head(in, i, form.namePrefix());
        if (next == Match.PARTIAL && !in.complete()) {
            return -1;
        }
        if (next == Match.YES && !form.namePrefix().isEmpty() && startsWithPrefix(in, i)) {
            emit(in, out, i);
            callStart = i;
            pos = i;
            state = State.HEAD;
            return CONTINUE;
        }
        emit(in, out, objectEnd);
        return objectEnd;
    }

    private boolean startsWithPrefix(Input in, int i) {
        int j = i;
        while (Character.isWhitespace(in.charAt(j))) {
            j++;
        }
        for (String p : form.namePrefix()) {
            if (in.match(j, p) == Match.YES) {
                return true;
            }
        }
        return false;
    }

    private void emit(Input in, Output out, int end) {
        out.segment(segment(in.slice(objectStart, objectEnd), in.slice(callStart, end), end));
    }

    private Segment segment(String object, String raw, int end) {
        ToolSpec spec = tools.resolve(name).orElse(null);
        if (spec == null) {
            return new Unparsed(raw, dialect, UnknownTool.problem(name, "this call", tools), callStart, end);
        }
        try {
            Map<String, Object> arguments = ObjectValue.parseObject(object, form.quote());
            return NativeCalls.call(dialect, spec, arguments, null, raw, callStart, end);
        } catch (JsonRepairException e) {
            return new Unparsed(raw, dialect, "the arguments of " + name + " cannot be read, so it was not run: "
                    + e.getMessage(), callStart, end);
        }
    }

    @Override
    public void endOfInput(Input in, Output out) {
        String what = name != null ? "the call to " + name : "the call after " + opener;
        out.segment(NativeCalls.incomplete(dialect, what, in.slice(callStart, in.limit()), callStart, in.limit()));
    }

    private String example() {
        String prefix = form.namePrefix().isEmpty() ? "" : form.namePrefix().get(0);
        return prefix + "NAME{key:" + form.quote() + "value" + form.quote() + "}";
    }

    static boolean isNameChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.');
    }

    @Override
    public boolean endsAtLineStart() {
        return true;
    }
}
