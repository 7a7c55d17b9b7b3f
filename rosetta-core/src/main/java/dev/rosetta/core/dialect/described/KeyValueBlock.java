package dev.rosetta.core.dialect.described;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.TagSearch;
import dev.rosetta.core.dialect.UnknownTool;
import dev.rosetta.core.dialect.UntypedValue;
import dev.rosetta.core.dialect.attool.CallIds;
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
 * One key-value call after its name: {@code <arg_key>K</arg_key><arg_value>V</arg_value>} pairs up
 * to the closer, or up to the next opener when the model left the closer out. Keys and values pair
 * up in order (the n-th key takes the n-th value), values are raw text typed by the tool's
 * declaration. A missing key or value closer is absorbed: the next tag ends the text.
 */
final class KeyValueBlock implements Block {

    private enum State { BODY, KEY, VALUE, AFTER }

    /** More whitespace than this between the closer and the section's closer: the section closer is not this call's. */
    private static final int MAX_GAP = 64;

    private final Dialect dialect;
    private final KeyValueTags tags;
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
    /** AFTER: where the call's closer ended; the section's closer may still follow. */
    private int closedAt;
    /**
     * Whether the section's closer may follow this call: it opened the section, or it starts a line
     * (a call glued after another reads as at a line start). A call after prose on its line is in no
     * section, so it completes with the last character of its own closer, not with the next delta.
     */
    private final boolean mayEndSection;

    KeyValueBlock(Dialect dialect, KeyValueTags tags, ToolCatalog tools, int start, String name, int bodyStart,
            boolean mayEndSection) {
        this.dialect = dialect;
        this.tags = tags;
        this.tools = tools;
        this.start = start;
        this.name = name;
        this.spec = tools.resolve(name).orElse(null);
        this.mayEndSection = mayEndSection;
        body(bodyStart);
    }

    @Override
    public int advance(Input in, Output out) {
        if (!announced && spec != null) {
            out.event(new CallStarted(spec.name(), dialect, start));
        }
        announced = true;
        if (state == State.AFTER) {
            return afterCloser(in, out);
        }
        while (true) {
            int i = search.find(in);
            if (i < 0) {
                return -1;
            }
            String tag = search.foundTag();
            String text = in.slice(from, i);
            switch (state) {
                case BODY -> {
                    if (!KeyValueCalls.isLayout(text) && stray == null) {
                        stray = text.strip();
                    }
                    if (tag.equals(tags.closer()) && mayEndSection && tags.sectionClose() != null) {
                        state = State.AFTER;
                        closedAt = i + tag.length();
                        return afterCloser(in, out);
                    }
                    if (tag.equals(tags.closer()) || tag.equals(tags.opener())) {
                        int end = tag.equals(tags.closer()) ? i + tag.length() : i;
                        out.segment(segment(in.slice(start, end), end));
                        return end;
                    }
                    if (tag.equals(tags.keyOpener())) {
                        inside(State.KEY, i + tag.length(), tags.keyCloser(), tags.valueOpener(), tags.keyOpener(),
                                tags.closer());
                    } else {
                        inside(State.VALUE, i + tag.length(), tags.valueCloser(), tags.keyOpener(), tags.closer());
                    }
                }
                case KEY -> {
                    keys.add(text.strip());
                    body(tag.equals(tags.keyCloser()) ? i + tag.length() : i);
                }
                case VALUE -> {
                    values.add(text);
                    body(tag.equals(tags.valueCloser()) ? i + tag.length() : i);
                }
            }
        }
    }

    /**
     * After the call's closer: the closer of its section, if whitespace and then that follows,
     * belongs to the call ({@code </tool_call>\n</tool_calls>}), so no wrapper token is left in the prose.
     */
    private int afterCloser(Input in, Output out) {
        int j = closedAt;
        while (in.has(j) && Character.isWhitespace(in.charAt(j)) && j - closedAt < MAX_GAP) {
            j++;
        }
        int end = closedAt;
        if (!in.has(j) && !in.complete()) {
            return -1;
        }
        if (in.has(j)) {
            Match m = in.match(j, tags.sectionClose());
            if (m == Match.PARTIAL) {
                return -1;
            }
            end = m == Match.YES ? j + tags.sectionClose().length() : closedAt;
        }
        out.segment(segment(in.slice(start, end), end));
        return end;
    }

    @Override
    public void endOfInput(Input in, Output out) {
        out.segment(new Unparsed(in.slice(start, in.limit()), dialect,
                "incomplete: this " + tags.opener() + name + " was never closed with " + tags.closer() + ", so it was not run"
                        + " (the reply may have been cut off)", start, in.limit()));
    }

    private void body(int at) {
        state = State.BODY;
        from = at;
        search = new TagSearch(at, tags.keyOpener(), tags.valueOpener(), tags.closer(), tags.opener());
    }

    private void inside(State next, int at, String... ends) {
        state = next;
        from = at;
        search = new TagSearch(at, ends);
    }

    private Segment segment(String raw, int end) {
        String problem = problem();
        if (problem != null) {
            return new Unparsed(raw, dialect, problem, start, end);
        }
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (int k = 0; k < keys.size(); k++) {
            arguments.put(keys.get(k), spec.typedValue(keys.get(k), UntypedValue.unframed(values.get(k))));
        }
        String id = CallIds.generate(spec.name(), start, raw);
        return new Call(ToolUse.named(spec.name(), arguments, id), dialect, raw, start, end);
    }

    private String problem() {
        String where = "this " + tags.opener() + name;
        if (spec == null) {
            return UnknownTool.problem(name, where, tools);
        }
        if (keys.size() != values.size()) {
            return where + " has " + keys.size() + " " + tags.keyOpener() + " and " + values.size() + " "
                    + tags.valueOpener() + " elements, so it was not run; give each argument as " + pair();
        }
        if (stray != null) {
            String shown = stray.length() > 40 ? stray.substring(0, 40) + "…" : stray;
            return "unexpected text in " + where + " between its arguments ('" + shown + "'), so it was not run;"
                    + " give each argument as " + pair();
        }
        return null;
    }

    private String pair() {
        return tags.keyOpener() + "NAME" + tags.keyCloser() + tags.valueOpener() + "VALUE" + tags.valueCloser();
    }

    /** After a call the text goes on as at a line start, as after every native construct. */
    @Override
    public boolean endsAtLineStart() {
        return true;
    }
}
