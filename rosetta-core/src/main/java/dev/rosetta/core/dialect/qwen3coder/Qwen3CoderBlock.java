package dev.rosetta.core.dialect.qwen3coder;

import dev.rosetta.core.dialect.TagSearch;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * A wrapper holding one or more functions, or one bare {@code <function=NAME>…</function>}.
 * Values are raw text up to {@code </parameter>}; where that is missing, the next parameter,
 * the function's closer or the wrapper's closer ends the value. Tags that only look like these
 * ({@code <parameters>}, {@code </toolbox>}) are text. Each function is one call, announced when
 * what follows its closer shows whether the wrapper's closer belongs to it.
 */
final class Qwen3CoderBlock implements Block {

    private static final String PARAMETER = "<parameter";
    private static final String PARAMETER_CLOSER = "</parameter>";
    /** The closer a bare function may still be followed by, or end at. */
    private static final String STRAY_CLOSER = Wrapper.TOOL_CALL.closer();

    private enum State { BETWEEN, BODY, VALUE }

    /** From {@link #between}: the block goes on (a function started). */
    private static final int CONTINUE = -3;

    private final ToolCatalog tools;
    private final Wrapper wrapper;
    private final int start;
    private final String wrapperCloser;
    private State state = State.BETWEEN;
    /** BETWEEN: the next character to look at; BODY: where the text before the next tag starts. */
    private int scan;
    private int callStart;
    private int functions;
    private Function function;
    /** The last function closed at {@link #functionEnd}; its segment waits for what follows. */
    private boolean pending;
    private int functionEnd;
    private TagSearch search;
    private String key;
    private int valueStart;

    /** A block opened at {@code start}, with {@code wrapper} (or none for a bare function) read up to {@code from}. */
    Qwen3CoderBlock(ToolCatalog tools, Wrapper wrapper, int start, int from) {
        this.tools = tools;
        this.wrapper = wrapper;
        this.start = start;
        this.wrapperCloser = wrapper == null ? STRAY_CLOSER : wrapper.closer();
        this.scan = from;
        this.callStart = start;
    }

    @Override
    public int advance(Input in, Output out) {
        while (true) {
            switch (state) {
                case BETWEEN -> {
                    int end = between(in, out);
                    if (end != CONTINUE) {
                        return end;
                    }
                }
                case BODY -> {
                    if (!body(in)) {
                        return -1;
                    }
                }
                case VALUE -> {
                    if (!value(in)) {
                        return -1;
                    }
                }
            }
        }
    }

    @Override
    public void endOfInput(Input in, Output out) {
        String closer = function == null ? wrapperCloser : function.kind().closer;
        out.segment(new Unparsed(in.slice(callStart, in.limit()), Qwen3CoderDialect.INSTANCE,
                "incomplete: the call was never closed with " + closer + ", so it was not run"
                        + " (the reply may have been cut off)", callStart, in.limit()));
    }

    /** Between functions: the wrapper's closer, the next function, or the end of the block. */
    private int between(Input in, Output out) {
        int i = scan;
        while (in.has(i) && Character.isWhitespace(in.charAt(i))) {
            i++;
        }
        scan = i;
        if (!in.has(i)) {
            return in.complete() ? end(in, out, -1) : -1;
        }
        if (wrapper != null || functions > 0) {
            Match close = in.match(i, wrapperCloser);
            if (close == Match.PARTIAL) {
                return -1;
            }
            if (close == Match.YES) {
                return end(in, out, i + wrapperCloser.length());
            }
        }
        if (wrapper == null && functions > 0) {
            return end(in, out, -1);
        }
        for (Function.Kind kind : Function.Kind.values()) {
            Header h = kind.header(in, i);
            if (h == Header.NEED) {
                return -1;
            }
            if (h.found()) {
                startFunction(in, out, h, kind);
                return CONTINUE;
            }
        }
        return end(in, out, -1);
    }

    private void startFunction(Input in, Output out, Header header, Function.Kind kind) {
        if (pending) {
            emit(in, out, functionEnd);
            callStart = functionEnd;
        }
        functions++;
        function = new Function(header.name(), kind, tools.resolve(header.name()).orElse(null));
        if (function.spec() != null) {
            out.event(new CallStarted(function.spec().name(), Qwen3CoderDialect.INSTANCE, callStart));
        }
        scan = header.end();
        state = State.BODY;
        search = bodySearch(scan, kind);
        if (header.selfClosing()) {
            closeFunction(scan);
        }
    }

    /** What ends a stretch of a function's body: a parameter, a closer, or the next function. */
    private TagSearch bodySearch(int from, Function.Kind kind) {
        return new TagSearch(from, PARAMETER, kind.closer, wrapperCloser, Function.Kind.FUNCTION.opener,
                Function.Kind.FUNCTION_NAMED.opener, Function.Kind.INVOKE.opener);
    }

    /** Inside a function: the next parameter, its closer, or a tag that ends it without one. */
    private boolean body(Input in) {
        int i = search.find(in);
        if (i < 0) {
            return false;
        }
        String tag = search.foundTag();
        boolean opener = !tag.equals(function.kind().closer) && !tag.equals(wrapperCloser);
        if (opener) {
            Header h = tag.equals(PARAMETER) ? parameterHeader(in, i) : Function.Kind.ofOpener(tag).header(in, i);
            if (h == Header.NEED) {
                return false;
            }
            if (!h.found()) {
                search.resume(i + 1);
                return true;
            }
            function.text(in.slice(scan, i));
            if (!tag.equals(PARAMETER)) {
                closeFunction(i);
                return true;
            }
            key = h.name();
            valueStart = h.end();
            state = State.VALUE;
            search = new TagSearch(valueStart, PARAMETER_CLOSER, PARAMETER, function.kind().closer, wrapperCloser);
            return true;
        }
        function.text(in.slice(scan, i));
        closeFunction(tag.equals(function.kind().closer) ? i + tag.length() : i);
        return true;
    }

    /** A parameter's raw value, up to its closer or whatever ends it without one. */
    private boolean value(Input in) {
        int i = search.find(in);
        if (i < 0) {
            return false;
        }
        String tag = search.foundTag();
        if (tag.equals(PARAMETER)) {
            Header h = parameterHeader(in, i);
            if (h == Header.NEED) {
                return false;
            }
            if (!h.found()) {
                search.resume(i + 1);
                return true;
            }
        }
        function.parameter(key, in.slice(valueStart, i), tag.equals(PARAMETER_CLOSER));
        scan = tag.equals(PARAMETER_CLOSER) ? i + tag.length() : i;
        state = State.BODY;
        search = bodySearch(scan, function.kind());
        return true;
    }

    private static Header parameterHeader(Input in, int at) {
        Header equals = Header.equalsForm(in, at, PARAMETER + "=");
        if (equals.found()) {
            return equals;
        }
        Header named = Header.nameForm(in, at, PARAMETER);
        if (named.found()) {
            return named;
        }
        return equals == Header.NEED || named == Header.NEED ? Header.NEED : Header.NONE;
    }

    private void closeFunction(int end) {
        pending = true;
        functionEnd = end;
        scan = end;
        state = State.BETWEEN;
    }

    /**
     * Ends the block: at {@code closerEnd} when the wrapper's closer is there (-1 if not), else
     * after the last function; a wrapper without a function is reported.
     */
    private int end(Input in, Output out, int closerEnd) {
        if (pending) {
            int end = closerEnd >= 0 ? closerEnd : functionEnd;
            emit(in, out, end);
            return end;
        }
        boolean cut = closerEnd < 0 && in.complete() && !in.has(scan);
        int end = closerEnd >= 0 ? closerEnd : cut ? in.limit() : scan;
        String opener = wrapper == null ? "<tool_call>" : wrapper.opener();
        String problem = cut ? "incomplete: the reply ended after " + opener + " before its function, so nothing was run"
                : "expected <function=NAME> with <parameter=KEY>value</parameter> inside " + opener + ", so nothing was run";
        out.segment(new Unparsed(in.slice(start, end), Qwen3CoderDialect.INSTANCE, problem, start, end));
        return end;
    }

    private void emit(Input in, Output out, int end) {
        out.segment(function.segment(tools, in.slice(callStart, end), callStart, end));
        pending = false;
    }
}
