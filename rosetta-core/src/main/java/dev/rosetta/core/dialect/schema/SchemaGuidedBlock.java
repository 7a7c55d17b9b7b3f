package dev.rosetta.core.dialect.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.dialect.CallObject;
import dev.rosetta.core.dialect.attool.JsonExtent;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.json.JsonRepair;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * A construct the schema-guided reader is deciding: the JSON is read to its end (and, in a
 * wrapper, the closer after it), then judged. Every object must name a declared tool and its
 * arguments must fit that tool's declaration — required parameters there, no undeclared ones,
 * values of the declared types and enums — or nothing runs: the construct is prose, or, in a
 * special token that names a declared tool, reported with what is wrong. A bare object or list is
 * judged only when it is the whole reply: text after it makes it prose.
 */
final class SchemaGuidedBlock implements Block {

    /** Whitespace and a closing fence before the closer: more than this and the closer is not the construct's. */
    private static final int MAX_TAIL = 256;

    private enum State { JSON, TAIL }

    private final ToolCatalog tools;
    private final int start;
    /** The first token of the wrapper, or null for a bare object or list. */
    private final String opener;
    private final int jsonStart;
    private final JsonExtent extent;
    private State state = State.JSON;
    private int jsonEnd;

    private SchemaGuidedBlock(ToolCatalog tools, int start, String opener, int jsonStart) {
        this.tools = tools;
        this.start = start;
        this.opener = opener;
        this.jsonStart = jsonStart;
        this.extent = new JsonExtent(jsonStart);
    }

    static SchemaGuidedBlock bare(ToolCatalog tools, int start, int jsonStart) {
        return new SchemaGuidedBlock(tools, start, null, jsonStart);
    }

    static SchemaGuidedBlock wrapped(ToolCatalog tools, int start, String opener, int jsonStart) {
        return new SchemaGuidedBlock(tools, start, opener, jsonStart);
    }

    @Override
    public int advance(Input in, Output out) {
        if (state == State.JSON) {
            int end = extent.scan(in);
            if (end < 0) {
                return -1;
            }
            jsonEnd = end;
            state = State.TAIL;
        }
        return opener == null ? bareTail(in, out) : wrappedTail(in, out);
    }

    /** A bare object or list is a call only as the whole reply: anything but whitespace after it makes it prose. */
    private int bareTail(Input in, Output out) {
        int i = jsonEnd;
        while (in.has(i) && Character.isWhitespace(in.charAt(i))) {
            i++;
        }
        if (in.has(i)) {
            out.prose(start, jsonEnd);
            return jsonEnd;
        }
        if (!in.complete()) {
            return -1;
        }
        return judge(in, out, jsonEnd);
    }

    /** After the JSON: whitespace, a closing fence, then the closer — if one follows within reach. */
    private int wrappedTail(Input in, Output out) {
        int i = jsonEnd;
        boolean fence = false;
        while (in.has(i) && i - jsonEnd < MAX_TAIL) {
            char c = in.charAt(i);
            if (c == '`' && !fence) {
                int ticks = i;
                while (in.has(ticks) && in.charAt(ticks) == '`') {
                    ticks++;
                }
                if (!in.has(ticks) && !in.complete()) {
                    return -1;
                }
                if (ticks - i < 3) {
                    break;
                }
                fence = true;
                i = ticks;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else {
                break;
            }
        }
        if (!in.has(i) && !in.complete() && i - jsonEnd < MAX_TAIL) {
            return -1;
        }
        int closer = in.has(i) ? Wrapping.tokenAt(in, i, true) : 0;
        if (closer < 0) {
            if (!in.complete()) {
                return -1;
            }
            closer = 0;
        }
        int end = closer > 0 && Wrapping.closes(opener, in.slice(i, i + closer)) ? i + closer : jsonEnd;
        if (Wrapping.kind(opener) == Wrapping.Kind.TAG) {
            // A tag is an ordinary word: the construct must be the whole of its lines, not a mention in a sentence.
            int lineEnd = end;
            while (in.has(lineEnd) && (in.charAt(lineEnd) == ' ' || in.charAt(lineEnd) == '\t' || in.charAt(lineEnd) == '\r')) {
                lineEnd++;
            }
            if (!in.has(lineEnd) && !in.complete()) {
                return -1;
            }
            if (in.has(lineEnd) && in.charAt(lineEnd) != '\n') {
                out.prose(start, end);
                return end;
            }
        }
        return judge(in, out, end);
    }

    /** The JSON judged: calls, a report, or prose, over [start, end). */
    private int judge(Input in, Output out, int end) {
        String json = in.slice(jsonStart, jsonEnd);
        List<CallObject> calls = calls(json);
        boolean run = !calls.isEmpty() && calls.stream().allMatch(c -> c.runs()
                && c.spec().argumentProblem(c.arguments()).isEmpty());
        if (run) {
            emit(in, out, calls, end);
            return end;
        }
        String problem = problem(calls);
        if (problem != null && opener != null && Wrapping.kind(opener) != Wrapping.Kind.TAG) {
            out.segment(new Unparsed(in.slice(start, end), SchemaGuidedDialect.INSTANCE, problem, start, end));
        } else {
            out.prose(start, end);
        }
        return end;
    }

    /** The call objects the JSON holds: an object, a list of objects, or {@code {"tool_calls": [...]}}; none when it is other JSON. */
    private List<CallObject> calls(String json) {
        Object value;
        try {
            value = Json.read(JsonRepair.repair(json));
        } catch (RuntimeException e) {
            return List.of();
        }
        if (value instanceof Map<?, ?> map && map.size() == 1 && map.get("tool_calls") instanceof List<?> list) {
            value = list;
        }
        List<Object> objects = value instanceof List<?> list ? new ArrayList<>(list) : List.of(value);
        List<CallObject> calls = new ArrayList<>();
        for (Object o : objects) {
            if (!(o instanceof Map<?, ?> map)) {
                return List.of();
            }
            @SuppressWarnings("unchecked") // parsed JSON objects have String keys
            Map<String, Object> object = (Map<String, Object>) map;
            calls.add(CallObject.of(object, tools, "this call"));
        }
        return calls;
    }

    /** What is wrong with calls that name a declared tool but do not fit it; null when none names one. */
    private static String problem(List<CallObject> calls) {
        for (CallObject c : calls) {
            if (c.spec() != null) {
                return c.runs() ? c.spec().argumentProblem(c.arguments()).map(p -> "the arguments do not fit "
                        + c.spec().name() + ", so it was not run: " + p).orElse(null) : c.problem();
            }
        }
        return null;
    }

    private void emit(Input in, Output out, List<CallObject> calls, int end) {
        int[] ends = calls.size() == 1 ? new int[] {end} : elementEnds(in.slice(jsonStart, jsonEnd), calls.size(), end);
        if (ends == null) {
            out.segment(new Unparsed(in.slice(start, end), SchemaGuidedDialect.INSTANCE, "these " + calls.size()
                    + " calls could not be told apart, so none was run; write one call per object in a list", start, end));
            return;
        }
        int from = start;
        for (int k = 0; k < calls.size(); k++) {
            int to = ends[k];
            CallObject call = calls.get(k);
            out.event(new CallStarted(call.spec().name(), SchemaGuidedDialect.INSTANCE, from));
            Segment segment = call.segment(SchemaGuidedDialect.INSTANCE, in.slice(from, to), from, to);
            out.segment(segment);
            from = to;
        }
    }

    /**
     * Where each call's segment ends: after its element and comma, the last at {@code end}; null
     * when the list's elements are not one per call. The list is the JSON, or the one it wraps
     * ({@code {"tool_calls": [...]}}).
     */
    private int[] elementEnds(String json, int count, int end) {
        int offset = json.startsWith("[") ? 0 : json.indexOf('[');
        List<int[]> elements = offset < 0 ? List.of() : ListElements.spans(json.substring(offset));
        if (elements.size() != count) {
            return null;
        }
        int[] ends = new int[count];
        for (int k = 0; k < count - 1; k++) {
            ends[k] = jsonStart + offset + elements.get(k)[1];
        }
        ends[count - 1] = end;
        return ends;
    }

    @Override
    public void endOfInput(Input in, Output out) {
        // JSON still open when the reply ends: nothing showed it was a call.
        out.prose(start, in.limit());
    }

    @Override
    public boolean endsAtLineStart() {
        return true;
    }
}
