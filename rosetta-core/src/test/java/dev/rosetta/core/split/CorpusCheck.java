package dev.rosetta.core.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.CorpusCase.Expected;

/**
 * Test support: checks what was read from a corpus message against the case's expectations. Both
 * sides are written as lines ({@code call TOOL {kwargs} … dialect D}), what an expectation leaves
 * open taken from the segment read at its place, so a failure shows both lists whole.
 */
public final class CorpusCheck {

    private CorpusCheck() {}

    /**
     * Checks the case; a case marked as a known gap must still fail instead, so its mark goes the
     * day it passes.
     */
    public static void checkOrGap(CorpusCase c, Supplier<List<CorpusRead>> read) {
        if (c.gap() == null) {
            check(c, read.get());
            return;
        }
        assertThatThrownBy(() -> check(c, read.get()))
                .as("%s now reads as expected: remove its '=#= gap %s'", c, c.gap())
                .isInstanceOf(AssertionError.class);
    }

    public static void check(CorpusCase c, List<CorpusRead> read) {
        List<CorpusRead> got = significant(read);
        assertThat(got.stream().map(CorpusCheck::describe).toList()).as("%s (from %s)", c, c.from())
                .isEqualTo(expected(c, got));
    }

    private static String describe(CorpusRead r) {
        return switch (r.kind()) {
            case "prose", "thinking" -> r.kind() + " " + Json.write(r.text().strip());
            case "call" -> "call " + r.tool() + " " + Json.write(r.kwargs())
                    + (r.args() == null || r.args().isEmpty() ? "" : " args " + Json.write(r.args()))
                    + (r.content() == null ? "" : " content " + Json.write(r.content()))
                    + " id " + r.id() + " dialect " + r.dialect();
            default -> "unparsed " + Json.write(r.text());
        };
    }

    private static List<String> expected(CorpusCase c, List<CorpusRead> got) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < c.expected().size(); i++) {
            out.add(expectation(c.expected().get(i), i < got.size() ? got.get(i) : null));
        }
        return out;
    }

    private static String expectation(Expected e, CorpusRead actual) {
        return switch (e.kind()) {
            case "prose", "thinking" -> e.kind() + " " + Json.write(((String) Json.read(e.value())).strip());
            case "prose~", "thinking~", "unparsed" -> contains(e, actual);
            case "call" -> call(e, actual);
            default -> throw new IllegalArgumentException("unknown expectation " + e.kind());
        };
    }

    /** A "holds this text" expectation: the actual segment's line when it holds it, else what was wanted. */
    private static String contains(Expected e, CorpusRead actual) {
        String want = (String) Json.read(e.value().isEmpty() ? "\"\"" : e.value());
        String kind = e.kind().replace("~", "");
        if (actual != null && actual.kind().equals(kind)
                && actual.text().toLowerCase(Locale.ROOT).contains(want.toLowerCase(Locale.ROOT))) {
            return describe(actual);
        }
        return kind + " holding " + Json.write(want);
    }

    private static String call(Expected e, CorpusRead actual) {
        String v = e.value();
        int sp = v.startsWith("\"") ? v.indexOf('"', 1) + 1 : v.indexOf(' ');
        sp = sp >= v.length() ? -1 : sp;
        String tool = sp < 0 ? v : v.substring(0, sp);
        tool = tool.startsWith("\"") ? (String) Json.read(tool) : tool;
        Object kwargs = sp < 0 || v.substring(sp).isBlank() ? Map.of() : CorpusRead.normal(Json.read(v.substring(sp)));
        CorpusRead c = actual != null && actual.kind().equals("call") ? actual : null;
        Map<String, String> d = new LinkedHashMap<>();
        for (String[] detail : e.details()) {
            d.put(detail[0], detail[1]);
        }
        String args = d.containsKey("args") ? Json.write(Json.read(d.get("args")))
                : c == null || c.args() == null || c.args().isEmpty() ? null : Json.write(c.args());
        String content = d.containsKey("content") ? Json.write(Json.read(d.get("content")))
                : c == null || c.content() == null ? null : Json.write(c.content());
        String id = d.containsKey("id") ? (String) Json.read(d.get("id")) : c == null ? "?" : c.id();
        String dialect = d.getOrDefault("dialect", c == null ? "?" : c.dialect());
        return "call " + tool + " " + Json.write(kwargs)
                + (args == null || args.equals("[]") ? "" : " args " + args)
                + (content == null || content.equals("null") ? "" : " content " + content)
                + " id " + id + " dialect " + dialect;
    }

    /** Blank prose dropped, adjacent prose joined: where prose is cut depends on nothing the corpus pins. */
    static List<CorpusRead> significant(List<CorpusRead> read) {
        List<CorpusRead> out = new ArrayList<>();
        for (CorpusRead r : read) {
            if (r.kind().equals("prose") && !out.isEmpty() && out.getLast().kind().equals("prose")) {
                CorpusRead q = out.removeLast();
                out.add(new CorpusRead("prose", q.text() + r.text(), null, null, null, null, null, null));
            } else {
                out.add(r);
            }
        }
        out.removeIf(r -> r.kind().equals("prose") && r.text().isBlank());
        return out;
    }
}
