package dev.rosetta.core.split;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Test support: one segment as the corpus compares it, made from a {@link Segment} read in-process
 * or from a segment of {@code rosetta parse}'s JSON, so both are checked by one {@link CorpusCheck}.
 *
 * @param kind    prose, thinking, call or unparsed
 * @param text    the prose or thinking text, or the unparsed segment's problem
 * @param tool    the call's tool, else null
 * @param kwargs  the call's named arguments, numbers normalised ({@link #normal}), else null
 * @param args    the call's positional arguments, else null
 * @param content the call's body, or null
 * @param id      the call's id, or null
 * @param dialect the dialect of a call or an unparsed segment, else null
 */
public record CorpusRead(String kind, String text, String tool, Object kwargs, List<String> args, String content,
        String id, String dialect) {

    static CorpusRead of(Segment s) {
        return switch (s) {
            case Segment.Prose p -> new CorpusRead("prose", p.text(), null, null, null, null, null, null);
            case Segment.Thinking t -> new CorpusRead("thinking", t.text(), null, null, null, null, null, null);
            case Segment.Call c -> new CorpusRead("call", null, c.use().tool(), normal(c.use().kwargs()), c.use().args(),
                    c.use().content(), c.use().callId(), c.dialect().name());
            case Segment.Unparsed u -> new CorpusRead("unparsed", u.problem(), null, null, null, null, null,
                    u.dialect().name());
        };
    }

    /** A segment of {@code rosetta parse}'s JSON ({"type", "text" | "tool", "kwargs", … | "problem"}). */
    @SuppressWarnings("unchecked")
    public static CorpusRead of(Map<String, Object> json) {
        String kind = (String) json.get("type");
        return switch (kind) {
            case "prose", "thinking" -> new CorpusRead(kind, (String) json.get("text"), null, null, null, null, null, null);
            case "call" -> new CorpusRead(kind, null, (String) json.get("tool"), normal(json.get("kwargs")),
                    (List<String>) json.get("args"), (String) json.get("content"), (String) json.get("call_id"),
                    (String) json.get("dialect"));
            case "unparsed" -> new CorpusRead(kind, (String) json.get("problem"), null, null, null, null, null,
                    (String) json.get("dialect"));
            default -> throw new IllegalArgumentException("unknown segment type " + kind);
        };
    }

    /** Numbers as BigDecimal without trailing zeros, so 1, 1L and 1.0 compare equal, as in JSON. */
    static Object normal(Object value) {
        return switch (value) {
            case Map<?, ?> m -> {
                Map<String, Object> out = new TreeMap<>();
                m.forEach((k, v) -> out.put(String.valueOf(k), normal(v)));
                yield out;
            }
            case List<?> l -> l.stream().map(CorpusRead::normal).toList();
            case Number n -> new BigDecimal(n.toString()).stripTrailingZeros();
            case null, default -> value;
        };
    }
}
