package dev.rosetta.core.dialect.toolblock;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.rosetta.core.dialect.UnknownTool;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * One Continue tool call, read a whole line at a time: the {@code TOOL_NAME:} line, then
 * {@code BEGIN_ARG: key} … {@code END_ARG} groups. Fenced ({@code ```tool}), it ends at the bare
 * fence that closes the block, and only there: a value may hold fences of its own, since only
 * {@code END_ARG} ends a value. Bare (a {@code TOOL_NAME:} line with no fence, which Continue
 * also accepts), it ends at the first line after the name or an argument that opens no argument.
 * Each line is looked at once.
 */
final class ToolBlock implements Block {

    private enum State { NAME, BETWEEN, VALUE }

    private final ToolCatalog tools;
    private final int start;
    /** The fence's length, or 0 for the bare form. */
    private final int ticks;
    private final Map<String, Object> arguments = new LinkedHashMap<>();
    private State state = State.NAME;
    private int pos;
    private String name;
    private ToolSpec spec;
    private String argument;
    private int valueStart;
    private String problem;

    ToolBlock(ToolCatalog tools, int start, int bodyStart, int ticks) {
        this.tools = tools;
        this.start = start;
        this.pos = bodyStart;
        this.ticks = ticks;
    }

    @Override
    public int advance(Input in, Output out) {
        while (in.has(pos)) {
            int lineEnd = in.lineEnd(pos);
            if (lineEnd < 0 && !in.complete()) {
                return -1;
            }
            int end = lineEnd < 0 ? in.limit() : lineEnd;
            int callEnd = onLine(in, out, in.slice(pos, end), end);
            if (callEnd >= 0) {
                finish(in, out, callEnd);
                return callEnd;
            }
            pos = end;
        }
        return -1;
    }

    /** Reads one line; returns where the call ends when this line ends it, else -1. */
    private int onLine(Input in, Output out, String line, int lineEnd) {
        switch (state) {
            case NAME -> {
                name = ToolBlockLine.toolName(line);
                spec = name == null || name.isEmpty() ? null : tools.resolve(name).orElse(null);
                if (spec != null) {
                    out.event(new CallStarted(spec.name(), ContinueDialect.INSTANCE, start));
                }
                state = State.BETWEEN;
            }
            case BETWEEN -> {
                return between(line, lineEnd);
            }
            case VALUE -> {
                if (ToolBlockLine.endArg(line)) {
                    put(in.slice(valueStart, pos));
                    state = State.BETWEEN;
                }
            }
        }
        return -1;
    }

    private int between(String line, int lineEnd) {
        String opened = ToolBlockLine.beginArg(line);
        if (opened != null) {
            argument = opened;
            valueStart = lineEnd;
            state = State.VALUE;
            if (opened.isEmpty()) {
                problem = problem != null ? problem : "a BEGIN_ARG: line names no argument";
            }
            return -1;
        }
        boolean closingFence = line.strip().equals("`".repeat(Math.max(3, ticks)));
        if (ticks == 0) {
            // Bare: the call is over; a fence right after it is the closer Continue would have added.
            return closingFence ? lineEnd : pos;
        }
        if (closingFence && line.startsWith("`")) {
            return lineEnd;
        }
        if (!line.isBlank() && problem == null) {
            problem = "text between its arguments (\"" + line.strip() + "\"): only BEGIN_ARG: … END_ARG groups "
                    + "belong between the TOOL_NAME: line and the closing fence";
        }
        return -1;
    }

    private void put(String value) {
        if (arguments.containsKey(argument) && problem == null) {
            problem = "the argument " + argument + " is given twice";
        }
        arguments.put(argument, ContinueValue.read(spec, argument, value));
    }

    private void finish(Input in, Output out, int end) {
        String raw = in.slice(start, end);
        String why = whyNotRun();
        if (why == null) {
            out.segment(new Call(ToolUse.named(spec.name(), arguments, null), ContinueDialect.INSTANCE, raw, start, end));
        } else {
            out.segment(new Unparsed(raw, ContinueDialect.INSTANCE, why, start, end));
        }
    }

    private String whyNotRun() {
        if (name == null || name.isEmpty()) {
            return "this ```tool block names no tool: its first line must be TOOL_NAME: followed by the tool's name";
        }
        if (spec == null) {
            return UnknownTool.problem(name, "this ```tool block", tools);
        }
        return problem == null ? null : "this " + name + " call was not run: it has " + problem;
    }

    @Override
    public void endOfInput(Input in, Output out) {
        int end = in.limit();
        if (ticks == 0 && state != State.VALUE) {
            finish(in, out, end);
            return;
        }
        String what = state == State.VALUE
                ? "BEGIN_ARG: " + argument + " was never ended with an END_ARG line"
                : "the ```tool block was never closed with " + "`".repeat(ticks);
        String raw = in.slice(start, end);
        String subject = spec != null ? "this " + spec.name() + " call" : "this ```tool block";
        out.segment(new Unparsed(raw, ContinueDialect.INSTANCE, subject + " was not run: " + what
                + " (the reply may have been cut off); write the call again, whole", start, end));
    }
}
