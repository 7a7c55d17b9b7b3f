package dev.rosetta.core.dialect.llama3;

import dev.rosetta.core.dialect.NativeCalls;
import dev.rosetta.core.dialect.RestOfLine;
import dev.rosetta.core.dialect.TextArguments;
import dev.rosetta.core.dialect.TokenMatch;
import dev.rosetta.core.dialect.attool.JsonExtent;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * One Llama 3 call, {@code {"name": …, "parameters"|"arguments": {…}}}, to the brace that balances
 * its first one; a {@code ;} after it (the separator of several calls) is its own. After
 * {@code <|python_tag|>} (markup, in no segment) the object may name any tool: the marker says
 * a call follows, so an unknown name is reported rather than left as prose. Code after the marker
 * (Llama 3.1's code interpreter) is the input of the declared python, ipython or code_interpreter
 * tool, up to the end of the turn.
 */
final class Llama3Block implements Block {

    static final String PYTHON_TAG = "<|python_tag|>";

    private enum State { MARKER, OBJECT, TAIL, CODE, BROKEN }

    /** Where Llama 3.1's code after the marker ends: the end of its turn (or the end of the message). */
    private static final java.util.List<String> CODE_ENDS = java.util.List.of("<|eom_id|>", "<|eot_id|>");
    /** The names a code interpreter goes by: the tool Llama 3.1's code after the marker runs in. */
    private static final java.util.List<String> INTERPRETERS = java.util.List.of("python", "ipython", "code_interpreter");

    private final ToolCatalog tools;
    /** The tool a bare object was seen to call, announced on the first read; null after a marker. */
    private String tool;
    private boolean announced;
    private State state;
    private int pos;
    /** BROKEN: the text reported to the end of its line. */
    private RestOfLine restOfLine;
    /** CODE: the declared interpreter the code runs in. */
    private ToolSpec interpreter;
    /** Where the marker a call follows starts; -1 for a bare object. */
    private int markerAt = -1;
    private int objectStart;
    private JsonExtent json;
    private int balancedAt;

    /** A bare object at {@code brace}, whose name was seen to be the loaded tool {@code tool}'s. */
    static Llama3Block bare(ToolCatalog tools, int brace, String tool) {
        Llama3Block block = new Llama3Block(tools, brace);
        block.tool = tool;
        block.startObject();
        return block;
    }

    /** What follows a {@code <|python_tag|>} at {@code tag}. */
    static Llama3Block marked(ToolCatalog tools, int tag) {
        Llama3Block block = new Llama3Block(tools, tag + PYTHON_TAG.length());
        block.markerAt = tag;
        return block;
    }

    private Llama3Block(ToolCatalog tools, int pos) {
        this.tools = tools;
        this.pos = pos;
        this.objectStart = pos;
        this.state = State.MARKER;
    }

    private void startObject() {
        objectStart = pos;
        json = new JsonExtent(pos);
        state = State.OBJECT;
    }

    @Override
    public int advance(Input in, Output out) {
        if (tool != null && !announced) {
            out.event(new CallStarted(tool, Llama3Dialect.INSTANCE, objectStart));
            announced = true;
        }
        if (state == State.MARKER) {
            while (in.has(pos) && Character.isWhitespace(in.charAt(pos))) {
                pos++;
            }
            if (!in.has(pos)) {
                return -1;
            }
            if (in.charAt(pos) == '{') {
                startObject();
            } else {
                objectStart = pos;
                Match builtin = builtinToolCall(in, pos);
                if (builtin == Match.PARTIAL) {
                    return -1;
                }
                interpreter = builtin == Match.YES ? null : interpreter(tools);
                state = interpreter == null ? State.BROKEN : State.CODE;
            }
        }
        return switch (state) {
            case OBJECT -> object(in, out);
            case TAIL -> tail(in, out);
            case CODE -> code(in, out);
            case BROKEN -> broken(in, out);
            case MARKER -> throw new IllegalStateException();
        };
    }

    private int object(Input in, Output out) {
        int end = json.scan(in);
        if (end < 0) {
            return -1;
        }
        balancedAt = end;
        pos = end;
        state = State.TAIL;
        return tail(in, out);
    }

    /** Spaces after the object wait for a possible ';'; anything else ends the call at its brace. */
    private int tail(Input in, Output out) {
        while (in.has(pos) && (in.charAt(pos) == ' ' || in.charAt(pos) == '\t')) {
            pos++;
        }
        if (!in.has(pos)) {
            return -1;
        }
        int end = in.charAt(pos) == ';' ? pos + 1 : balancedAt;
        emit(in, out, end);
        return end;
    }

    private void emit(Input in, Output out, int end) {
        Segment segment = NativeCalls.fromObject(Llama3Dialect.INSTANCE, tools, in.slice(objectStart, balancedAt),
                in.slice(objectStart, end), objectStart, end);
        if (segment instanceof Call call && !announced) {
            out.event(new CallStarted(call.use().tool(), Llama3Dialect.INSTANCE, objectStart));
        }
        out.segment(segment);
    }

    /**
     * Whether the text at {@code at} calls one of Llama 3.1's built-in tools, {@code brave_search.call(…)}:
     * that is not code for the interpreter. Looked at up to the first character that is no name's.
     */
    private static Match builtinToolCall(Input in, int at) {
        int i = at;
        while (in.has(i) && (Character.isLetterOrDigit(in.charAt(i)) || in.charAt(i) == '_') && i - at < 64) {
            i++;
        }
        if (!in.has(i)) {
            return in.complete() ? Match.NO : Match.PARTIAL;
        }
        return i > at ? in.match(i, ".call(") : Match.NO;
    }

    /** The interpreter tool declared under one of its names, or null: code then cannot run. */
    private static ToolSpec interpreter(ToolCatalog tools) {
        for (String name : INTERPRETERS) {
            var spec = tools.resolve(name).or(() -> tools.aliasOf(name));
            if (spec.isPresent()) {
                return spec.get();
            }
        }
        return null;
    }

    /** Code after the marker (Llama 3.1's code interpreter): up to the end of the turn, the interpreter's input. */
    private int code(Input in, Output out) {
        while (in.has(pos)) {
            if (in.charAt(pos) == '<') {
                TokenMatch end = TokenMatch.at(in, pos, CODE_ENDS);
                if (end.yes()) {
                    out.segment(codeCall(in, pos));
                    return pos;
                }
                if (end.partial()) {
                    return -1;
                }
            }
            pos++;
        }
        return -1;
    }

    /** The code's call; its segment starts at the marker, which is what makes the code a call. */
    private Segment codeCall(Input in, int end) {
        int start = markerAt;
        ToolUse use = TextArguments.use(interpreter, in.slice(objectStart, end).strip(), null);
        if (use == null) {
            return new Unparsed(in.slice(start, end), Llama3Dialect.INSTANCE, "after " + PYTHON_TAG + " comes code for "
                    + interpreter.name() + ", which takes no single text, so it was not run", start, end);
        }
        return NativeCalls.call(Llama3Dialect.INSTANCE, use, in.slice(start, end), start, end);
    }

    private int broken(Input in, Output out) {
        if (restOfLine == null) {
            restOfLine = new RestOfLine(pos);
        }
        return restOfLine.report(in, out, end -> unreadable(in, end));
    }

    private Unparsed unreadable(Input in, int end) {
        return new Unparsed(in.slice(objectStart, end), Llama3Dialect.INSTANCE, "after " + PYTHON_TAG
                + " comes a JSON call {\"name\": …, \"parameters\": {…}}, so this was not run", objectStart, end);
    }

    @Override
    public void endOfInput(Input in, Output out) {
        switch (state) {
            case MARKER -> out.segment(NativeCalls.incomplete(Llama3Dialect.INSTANCE, "the call after " + PYTHON_TAG,
                    in.slice(objectStart - PYTHON_TAG.length(), in.limit()), objectStart - PYTHON_TAG.length(), in.limit()));
            case TAIL -> emit(in, out, balancedAt);
            case CODE -> out.segment(codeCall(in, in.limit()));
            case BROKEN -> out.segment(unreadable(in, in.limit()));
            case OBJECT -> out.segment(NativeCalls.incomplete(Llama3Dialect.INSTANCE, "the JSON of this call",
                    in.slice(objectStart, in.limit()), objectStart, in.limit()));
        }
    }

    /** Calls separated by ';' follow on the same line: the next is read as at a line start. */
    @Override
    public boolean endsAtLineStart() {
        return true;
    }
}
