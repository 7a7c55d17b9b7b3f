package dev.rosetta.core.dialect.xml;

import java.util.Map;

import dev.rosetta.core.json.JsonRepair;
import dev.rosetta.core.json.JsonRepairException;
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
 * {@code <tool_name>ipython</tool_name>} then {@code <parameters>{"code": "…"}</parameters>},
 * as some models write inside {@code <tool-use>}: the parameters are a JSON object, read with
 * the same repairs as native arguments. A name not followed by parameters is a call without
 * arguments, ending at {@code </tool_name>}.
 */
final class NamedCallElement implements Block {

    static final String NAME = "tool_name";
    private static final String PARAMETERS = "<parameters>";

    private enum State { NAME, AFTER_NAME, PARAMETERS }

    private final ToolCatalog tools;
    private final int start;
    private final int nameStart;
    private State state = State.NAME;
    private CloserSearch search;
    private String name;
    private ToolSpec spec;
    private int nameEnd;
    private int scan;
    private int parametersStart;

    NamedCallElement(StartTag.Tag tag, ToolCatalog tools) {
        this.tools = tools;
        this.start = tag.start();
        this.nameStart = tag.end();
        this.search = new CloserSearch(CloserSearch.closerOf(NAME), tag.end());
        if (tag.selfClosing()) {
            name = "";
            nameEnd = tag.end();
            scan = nameEnd;
            state = State.AFTER_NAME;
        }
    }

    @Override
    public int advance(Input in, Output out) {
        InputText text = new InputText(in);
        if (state == State.NAME) {
            int at = search.find(text, in.limit(), in.complete());
            if (at < 0) {
                return -1;
            }
            name = XmlText.unwrapCdata(in.slice(nameStart, at)).strip();
            spec = tools.resolve(name).orElse(null);
            if (spec != null) {
                out.event(new CallStarted(spec.name(), XmlDialect.INSTANCE, start));
            }
            nameEnd = at + search.closer().length();
            scan = nameEnd;
            state = State.AFTER_NAME;
        }
        if (state == State.AFTER_NAME) {
            while (in.has(scan) && XmlText.isSpace(in.charAt(scan))) {
                scan++;
            }
            Match m = in.match(scan, PARAMETERS);
            if (m == Match.PARTIAL || !in.has(scan) && !in.complete()) {
                return -1;
            }
            if (m == Match.NO) {
                out.segment(segment(in, nameEnd, Map.of()));
                return nameEnd;
            }
            parametersStart = scan + PARAMETERS.length();
            search = new CloserSearch(CloserSearch.closerOf("parameters"), parametersStart);
            state = State.PARAMETERS;
        }
        int at = search.find(text, in.limit(), in.complete());
        if (at < 0) {
            return -1;
        }
        int end = at + search.closer().length();
        out.segment(withParameters(in, XmlText.body(in.slice(parametersStart, at)), end));
        return end;
    }

    private Segment withParameters(Input in, String json, int end) {
        if (spec == null) {
            return segment(in, end, Map.of());
        }
        try {
            return segment(in, end, json.isBlank() ? Map.of() : JsonRepair.parseObject(json));
        } catch (JsonRepairException e) {
            return new Unparsed(in.slice(start, end), XmlDialect.INSTANCE, "the <parameters> of this " + name
                    + " call are not a JSON object, so it was not run: " + e.getMessage(), start, end);
        }
    }

    private Segment segment(Input in, int end, Map<String, Object> kwargs) {
        String raw = in.slice(start, end);
        if (spec == null) {
            String problem = name.isEmpty()
                    ? "<tool_name> is empty, so this call was not run; name the tool, as in <tool_name>shell</tool_name>"
                    : Element.unknownTool(name, "this <tool_name> call", tools);
            return new Unparsed(raw, XmlDialect.INSTANCE, problem, start, end);
        }
        return new Call(ToolUse.named(spec.name(), kwargs, null), XmlDialect.INSTANCE, raw, start, end);
    }

    @Override
    public void endOfInput(Input in, Output out) {
        String closer = state == State.NAME ? "</tool_name>" : "</parameters>";
        String what = state == State.NAME ? "<tool_name>" : "<parameters>";
        String problem = Element.unclosed(what, closer);
        if (state != State.NAME && spec == null) {
            problem = Element.unknownTool(name, "this <tool_name> call", tools) + "; " + problem;
        }
        out.segment(new Unparsed(in.slice(start, in.limit()), XmlDialect.INSTANCE, problem, start, in.limit()));
    }
}
