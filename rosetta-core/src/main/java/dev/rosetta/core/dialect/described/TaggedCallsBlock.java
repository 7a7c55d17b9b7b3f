package dev.rosetta.core.dialect.described;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.TagSearch;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * A wrapper holding one or more function elements, or one bare function. Values are raw text up
 * to their parameter's closer; where that is missing, the next parameter, the function's closer
 * or the wrapper's closer ends the value. Tags that only look like these ({@code <parameters>},
 * {@code </toolbox>}) are text. Each function is one call, announced when what follows its
 * closer shows whether the wrapper's closer belongs to it.
 */
final class TaggedCallsBlock implements Block {

    private enum State { BETWEEN, BODY, VALUE }

    /** From {@link #between}: the block goes on (a function started). */
    private static final int CONTINUE = -3;

    private final Dialect dialect;
    private final ToolCatalog tools;
    private final TagGrammar grammar;
    /** The wrapper's opener, or null for a bare function. */
    private final String wrapper;
    /** The wrapper's closer (for a bare function, the one that may still follow it), or null when it has none. */
    private final String wrapperCloser;
    private final int start;
    private State state = State.BETWEEN;
    /** BETWEEN: the next character to look at; BODY: where the text before the next tag starts. */
    private int scan;
    private int callStart;
    private int functions;
    private TaggedFunction function;
    /** The last function closed at {@link #functionEnd}; its segment waits for what follows. */
    private boolean pending;
    private int functionEnd;
    private TagSearch search;
    private String key;
    private int valueStart;

    TaggedCallsBlock(Dialect dialect, ToolCatalog tools, TagGrammar grammar, String wrapper, String wrapperCloser,
            int start, int from) {
        this.dialect = dialect;
        this.tools = tools;
        this.grammar = grammar;
        this.wrapper = wrapper;
        this.wrapperCloser = wrapperCloser;
        this.start = start;
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
        String closer = function == null ? wrapperCloser : function.spelling().closer();
        out.segment(new Unparsed(in.slice(callStart, in.limit()), dialect,
                "incomplete: the call was never closed" + (closer == null ? "" : " with " + closer)
                        + ", so it was not run (the reply may have been cut off)", callStart, in.limit()));
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
        if (wrapperCloser != null && (wrapper != null || functions > 0)) {
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
        TagGrammar.Found h = grammar.functionAt(in, i);
        if (h.need()) {
            return -1;
        }
        if (h.found()) {
            startFunction(in, out, h);
            return CONTINUE;
        }
        return end(in, out, -1);
    }

    private void startFunction(Input in, Output out, TagGrammar.Found header) {
        if (pending) {
            emit(in, out, functionEnd);
            callStart = functionEnd;
        }
        functions++;
        String name = header.header().name();
        function = new TaggedFunction(name, header.spelling(), tools.resolve(name).orElse(null), grammar.parameterCloser());
        if (function.spec() != null) {
            out.event(new CallStarted(function.spec().name(), dialect, callStart));
        }
        scan = header.header().end();
        state = State.BODY;
        search = search(scan, grammar.bodyEnds(header.spelling(), wrapperCloser));
        if (header.header().selfClosing()) {
            closeFunction(scan);
        }
    }

    /** Inside a function: the next parameter, its closer, or a tag that ends it without one. */
    private boolean body(Input in) {
        int i = search.find(in);
        if (i < 0) {
            return false;
        }
        String tag = search.foundTag();
        if (tag.equals(function.spelling().closer()) || tag.equals(wrapperCloser)) {
            function.text(in.slice(scan, i));
            closeFunction(tag.equals(function.spelling().closer()) ? i + tag.length() : i);
            return true;
        }
        boolean parameter = grammar.parameterElements().contains(tag);
        TagGrammar.Found h = parameter ? grammar.parameter(in, i, tag) : grammar.function(in, i, tag);
        if (h.need()) {
            return false;
        }
        if (!h.found()) {
            search.resume(i + 1);
            return true;
        }
        function.text(in.slice(scan, i));
        if (!parameter) {
            closeFunction(i);
            return true;
        }
        key = h.header().name();
        valueStart = h.header().end();
        state = State.VALUE;
        search = search(valueStart, grammar.valueEnds(function.spelling(), wrapperCloser));
        return true;
    }

    /** A parameter's raw value, up to its closer or whatever ends it without one. */
    private boolean value(Input in) {
        int i = search.find(in);
        if (i < 0) {
            return false;
        }
        String tag = search.foundTag();
        if (grammar.parameterElements().contains(tag)) {
            TagGrammar.Found h = grammar.parameter(in, i, tag);
            if (h.need()) {
                return false;
            }
            if (!h.found()) {
                search.resume(i + 1);
                return true;
            }
        }
        boolean closed = grammar.parameterClosers().contains(tag);
        function.parameter(key, in.slice(valueStart, i), closed, grammar.parameterCloser());
        scan = closed ? i + tag.length() : i;
        state = State.BODY;
        search = search(scan, grammar.bodyEnds(function.spelling(), wrapperCloser));
        return true;
    }

    private static TagSearch search(int from, List<String> tags) {
        List<String> present = new ArrayList<>();
        for (String t : tags) {
            if (t != null && !present.contains(t)) {
                present.add(t);
            }
        }
        return new TagSearch(from, present.toArray(String[]::new));
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
        String opener = wrapper == null ? "the wrapper" : wrapper;
        String problem = cut ? "incomplete: the reply ended after " + opener + " before its function, so nothing was run"
                : "expected " + grammar.firstFunction().open("NAME") + " with its parameters inside " + opener
                        + ", so nothing was run";
        out.segment(new Unparsed(in.slice(start, end), dialect, problem, start, end));
        return end;
    }

    private void emit(Input in, Output out, int end) {
        out.segment(function.segment(dialect, tools, in.slice(callStart, end), callStart, end));
        pending = false;
    }

    /** After a call the text goes on as at a line start: {@code …</dots_function_call><dots_function_call>{…}} reads on. */
    @Override
    public boolean endsAtLineStart() {
        return true;
    }
}
