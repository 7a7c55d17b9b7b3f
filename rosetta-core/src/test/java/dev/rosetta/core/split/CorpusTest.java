package dev.rosetta.core.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.CorpusCase.Expected;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * Model output restated from the tool-call parser tests of gptme, vLLM, SGLang, llama.cpp,
 * Ollama and @ai-sdk-tool/parser, read as {@code rosetta parse} reads it (by default
 * {@code --format auto} with the corpus's tools.json as {@code --tool-schemas}), whole and in
 * every chunking {@link Splitting} tries. See {@link CorpusCase} for the file format.
 */
class CorpusTest {

    static final Path DIR = corpusDir();

    @TestFactory
    Stream<DynamicNode> everyCaseReadsAsItsSuiteExpects() throws IOException {
        List<ToolSpec> schemas = schemas(DIR.resolve("tools.json"));
        List<DynamicNode> files = new ArrayList<>();
        try (Stream<Path> paths = Files.list(DIR)) {
            for (Path file : paths.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                List<DynamicNode> cases = CorpusCase.read(file).stream()
                        .<DynamicNode>map(c -> DynamicTest.dynamicTest(c.name(), () -> checkOrGap(c, schemas)))
                        .toList();
                files.add(DynamicContainer.dynamicContainer(file.getFileName().toString(), cases));
            }
        }
        return files.stream();
    }

    /** A case marked as a known gap must still fail, so that its mark goes the day it passes. */
    static void checkOrGap(CorpusCase c, List<ToolSpec> schemas) {
        if (c.gap() == null) {
            check(c, schemas);
            return;
        }
        assertThatThrownBy(() -> check(c, schemas))
                .as("%s now reads as expected: remove its '=#= gap %s'", c, c.gap())
                .isInstanceOf(AssertionError.class);
    }

    static void check(CorpusCase c, List<ToolSpec> schemas) {
        ToolCatalog catalog = catalog(c.tools(), schemas);
        Supplier<List<Reader>> readers = c.format().equals("auto")
                ? () -> ToolFormat.allReaders(catalog)
                : () -> ToolFormat.of(c.format()).readers(catalog);
        List<Segment> got = significant(Splitting.split(c.message(), readers));
        assertThat(describe(got)).as("%s (from %s)", c, c.from()).isEqualTo(expected(c, got));
    }

    /** The segments as lines to compare with the expectations, so a failure shows both lists whole. */
    static List<String> describe(List<Segment> segments) {
        return segments.stream().map(CorpusTest::describe).toList();
    }

    private static String describe(Segment s) {
        return switch (s) {
            case Segment.Prose p -> "prose " + Json.write(p.text().strip());
            case Segment.Thinking t -> "thinking " + Json.write(t.text().strip());
            case Segment.Call c -> "call " + c.use().tool() + " " + Json.write(normal(c.use().kwargs()))
                    + (c.use().args().isEmpty() ? "" : " args " + Json.write(c.use().args()))
                    + (c.use().content() == null ? "" : " content " + Json.write(c.use().content()))
                    + " id " + c.use().callId() + " dialect " + c.dialect().name();
            case Segment.Unparsed u -> "unparsed " + Json.write(u.problem());
        };
    }

    /**
     * What each expectation says, written the way {@link #describe} writes a segment, with what
     * the expectation leaves open taken from the segment actually read at that place.
     */
    private static List<String> expected(CorpusCase c, List<Segment> got) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < c.expected().size(); i++) {
            out.add(expectation(c.expected().get(i), i < got.size() ? got.get(i) : null));
        }
        return out;
    }

    private static String expectation(Expected e, Segment actual) {
        String value = e.value();
        return switch (e.kind()) {
            case "prose" -> "prose " + Json.write(((String) Json.read(value)).strip());
            case "thinking" -> "thinking " + Json.write(((String) Json.read(value)).strip());
            case "prose~", "thinking~", "unparsed" -> contains(e, actual);
            case "call" -> call(e, actual);
            default -> throw new IllegalArgumentException("unknown expectation " + e.kind());
        };
    }

    /** A "holds this text" expectation: the actual segment's line when it holds it, else what was wanted. */
    private static String contains(Expected e, Segment actual) {
        String want = (String) Json.read(e.value().isEmpty() ? "\"\"" : e.value());
        String kind = e.kind().replace("~", "");
        String text = switch (actual) {
            case Segment.Prose p when kind.equals("prose") -> p.text();
            case Segment.Thinking t when kind.equals("thinking") -> t.text();
            case Segment.Unparsed u when kind.equals("unparsed") -> u.problem();
            case null, default -> null;
        };
        if (text != null && text.toLowerCase(Locale.ROOT).contains(want.toLowerCase(Locale.ROOT))) {
            return describe(actual);
        }
        return kind + " holding " + Json.write(want);
    }

    private static String call(Expected e, Segment actual) {
        int sp = e.value().startsWith("\"") ? e.value().indexOf('"', 1) + 1 : e.value().indexOf(' ');
        sp = sp >= e.value().length() ? -1 : sp;
        String tool = sp < 0 ? e.value() : e.value().substring(0, sp);
        tool = tool.startsWith("\"") ? (String) Json.read(tool) : tool;
        Object kwargs = sp < 0 || e.value().substring(sp).isBlank() ? Map.of() : normal(Json.read(e.value().substring(sp + 1)));
        Segment.Call c = actual instanceof Segment.Call call ? call : null;
        Map<String, String> d = new LinkedHashMap<>();
        for (String[] detail : e.details()) {
            d.put(detail[0], detail[1]);
        }
        String args = d.containsKey("args") ? Json.write(Json.read(d.get("args")))
                : c == null || c.use().args().isEmpty() ? null : Json.write(c.use().args());
        String content = d.containsKey("content") ? Json.write(Json.read(d.get("content")))
                : c == null || c.use().content() == null ? null : Json.write(c.use().content());
        String id = d.containsKey("id") ? (String) Json.read(d.get("id")) : c == null ? "?" : c.use().callId();
        String dialect = d.getOrDefault("dialect", c == null ? "?" : c.dialect().name());
        return "call " + tool + " " + Json.write(kwargs)
                + (args == null || args.equals("[]") ? "" : " args " + args)
                + (content == null || content.equals("null") ? "" : " content " + content)
                + " id " + id + " dialect " + dialect;
    }

    /** Blank prose dropped, adjacent prose joined: where prose is cut depends on nothing the corpus pins. */
    static List<Segment> significant(List<Segment> segments) {
        List<Segment> out = new ArrayList<>();
        for (Segment s : segments) {
            if (s instanceof Segment.Prose p && !out.isEmpty() && out.getLast() instanceof Segment.Prose q) {
                out.set(out.size() - 1, new Segment.Prose(q.text() + p.text(), q.start(), p.end()));
            } else {
                out.add(s);
            }
        }
        out.removeIf(s -> s instanceof Segment.Prose p && p.text().isBlank());
        return out;
    }

    /** Numbers as BigDecimal without trailing zeros, so 1, 1L and 1.0 compare equal, as in JSON. */
    static Object normal(Object value) {
        return switch (value) {
            case Map<?, ?> m -> {
                Map<String, Object> out = new java.util.TreeMap<>();
                m.forEach((k, v) -> out.put(String.valueOf(k), normal(v)));
                yield out;
            }
            case List<?> l -> l.stream().map(CorpusTest::normal).toList();
            case Number n -> new BigDecimal(n.toString()).stripTrailingZeros();
            case null, default -> value;
        };
    }

    static ToolCatalog catalog(String which, List<ToolSpec> schemas) {
        List<ToolSpec> tools = new ArrayList<>();
        if (!which.equals("builtin")) {
            tools.addAll(schemas);
        }
        if (!which.equals("schemas")) {
            for (ToolSpec t : BuiltinTools.ALL) {
                if (tools.stream().noneMatch(s -> s.name().equals(t.name()))) {
                    tools.add(t);
                }
            }
        }
        return ToolCatalog.of(tools);
    }

    /** The tools of an OpenAI-style tools array, as {@code rosetta parse --tool-schemas} reads them. */
    static List<ToolSpec> schemas(Path file) {
        List<?> entries;
        try {
            entries = (List<?>) Json.read(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<ToolSpec> out = new ArrayList<>();
        for (Object entry : entries) {
            Map<?, ?> f = (Map<?, ?>) ((Map<?, ?>) entry).get("function");
            Map<?, ?> params = (Map<?, ?>) f.get("parameters");
            Map<?, ?> props = params == null ? Map.of() : (Map<?, ?>) params.get("properties");
            List<?> required = params == null || params.get("required") == null ? List.of() : (List<?>) params.get("required");
            List<Parameter> ps = new ArrayList<>();
            props.forEach((k, v) -> ps.add(Parameter.named((String) k, type(((Map<?, ?>) v).get("type")), "",
                    required.contains(k))));
            out.add(new ToolSpec((String) f.get("name"), String.valueOf(f.get("description")), "", ps, null, null, null));
        }
        return out;
    }

    /** The type rosetta-cli's ToolSchemas takes: the type, or the first that is not null of a list; else string. */
    private static String type(Object type) {
        if (type instanceof List<?> types) {
            return types.stream().filter(t -> !"null".equals(t)).map(String.class::cast).findFirst().orElse("string");
        }
        return type instanceof String t ? t : "string";
    }

    private static Path corpusDir() {
        try {
            return Path.of(CorpusTest.class.getResource("/corpus/tools.json").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
