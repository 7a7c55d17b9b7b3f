package dev.rosetta.core.dialect.glm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.dialect.TagSearch;
import dev.rosetta.core.dialect.UnknownTool;
import dev.rosetta.core.dialect.UntypedValue;
import dev.rosetta.core.dialect.attool.CallIds;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * One glm call after its name: {@code <arg_key>K</arg_key><arg_value>V</arg_value>} pairs up to
 * {@code </tool_call>}, or up to the next {@code <tool_call>} when the model left the closer
 * out. Keys and values pair up in order (the n-th key takes the n-th value), values are raw text
 * typed by the tool's declaration. A missing {@code </arg_key>} or {@code </arg_value>} is
 * absorbed: the next tag ends the text.
 */
final class GlmBlock implements Block {

    private static final String KEY_CLOSER = "</arg_key>";
    private static final String VALUE = "<arg_value>";
    private static final String VALUE_CLOSER = "</arg_value>";

    private enum State { BODY, KEY, VALUE }

    private final ToolCatalog tools;
    private final int start;
    private final String name;
    private final ToolSpec spec;
    private final List<String> keys = new ArrayList<>();
    private final List<String> values = new ArrayList<>();
    private State state = State.BODY;
    private TagSearch search;
    /** BODY: where the text before the next tag starts; KEY, VALUE: where the text starts. */
    private int from;
    private boolean announced;
    private String stray;

    GlmBlock(ToolCatalog tools, int start, String name, int bodyStart) {
        this.tools = tools;
        this.start = start;
        this.name = name;
        this.spec = tools.resolve(name).orElse(null);
        body(bodyStart);
    }

    @Override
    public int advance(Input in, Output out) {
        if (!announced && spec != null) {
            out.event(new CallStarted(spec.name(), GlmDialect.INSTANCE, start));
        }
        announced = true;
        while (true) {
            int i = search.find(in);
            if (i < 0) {
                return -1;
            }
            String tag = search.foundTag();
            String text = in.slice(from, i);
            switch (state) {
                case BODY -> {
                    if (!GlmReader.isLayout(text) && stray == null) {
                        stray = text.strip();
                    }
                    if (tag.equals(GlmReader.CLOSER) || tag.equals(GlmReader.OPENER)) {
                        int end = tag.equals(GlmReader.CLOSER) ? i + tag.length() : i;
                        out.segment(segment(in.slice(start, end), end));
                        return end;
                    }
                    if (tag.equals(GlmReader.ARG_KEY)) {
                        inside(State.KEY, i + tag.length(), KEY_CLOSER, VALUE, GlmReader.ARG_KEY, GlmReader.CLOSER);
                    } else {
                        inside(State.VALUE, i + tag.length(), VALUE_CLOSER, GlmReader.ARG_KEY, GlmReader.CLOSER);
                    }
                }
                case KEY -> {
                    keys.add(text.strip());
                    body(tag.equals(KEY_CLOSER) ? i + tag.length() : i);
                }
                case VALUE -> {
                    values.add(text);
                    body(tag.equals(VALUE_CLOSER) ? i + tag.length() : i);
                }
            }
        }
    }

    @Override
    public void endOfInput(Input in, Output out) {
        out.segment(new Unparsed(in.slice(start, in.limit()), GlmDialect.INSTANCE,
                "incomplete: this <tool_call>" + name + " was never closed with </tool_call>, so it was not run"
                        + " (the reply may have been cut off)", start, in.limit()));
    }

    private void body(int at) {
        state = State.BODY;
        from = at;
        search = new TagSearch(at, GlmReader.ARG_KEY, VALUE, GlmReader.CLOSER, GlmReader.OPENER);
    }

    private void inside(State next, int at, String... ends) {
        state = next;
        from = at;
        search = new TagSearch(at, ends);
    }

    private Segment segment(String raw, int end) {
        String problem = problem();
        if (problem != null) {
            return new Unparsed(raw, GlmDialect.INSTANCE, problem, start, end);
        }
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (int k = 0; k < keys.size(); k++) {
            arguments.put(keys.get(k), spec.typedValue(keys.get(k), UntypedValue.unframed(values.get(k))));
        }
        String id = CallIds.generate(spec.name(), start, raw);
        return new Call(ToolUse.named(spec.name(), arguments, id), GlmDialect.INSTANCE, raw, start, end);
    }

    private String problem() {
        String where = "this <tool_call>" + name;
        if (spec == null) {
            return UnknownTool.problem(name, where, tools);
        }
        if (keys.size() != values.size()) {
            return where + " has " + keys.size() + " <arg_key> and " + values.size() + " <arg_value> elements, so it"
                    + " was not run; give each argument as <arg_key>NAME</arg_key><arg_value>VALUE</arg_value>";
        }
        if (stray != null) {
            String shown = stray.length() > 40 ? stray.substring(0, 40) + "…" : stray;
            return "unexpected text in " + where + " between its arguments ('" + shown + "'), so it was not run;"
                    + " give each argument as <arg_key>NAME</arg_key><arg_value>VALUE</arg_value>";
        }
        return null;
    }
}
