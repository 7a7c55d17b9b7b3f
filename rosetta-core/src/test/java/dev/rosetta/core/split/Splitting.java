package dev.rosetta.core.split;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.dialect.described.BuiltinDialects;
import dev.rosetta.core.split.StreamEvent.Completed;
import dev.rosetta.core.split.StreamEvent.ProseDelta;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Test support: splits a message in batch and in many streamed chunkings, checks that they
 * agree and that the segments account for the whole message, and returns the batch segments.
 */
public final class Splitting {

    /**
     * What may lie between two segments: whitespace, xml wrapper markup, and the special tokens
     * that wrap native calls (DeepSeek and Kimi sections, DSML wrappers, Llama's markers, harmony's
     * message boundaries and the headers of messages that are prose, also one a reply starts inside)
     * or end a turn, nothing else.
     */
    private static final Pattern GAP = Pattern.compile("(?:\\s|" + describedMarkup() + "|<tool-use>|</tool-use>"
            + "|<(?:[A-Za-z_][\\w.-]*:)?function_calls>|</(?:[A-Za-z_][\\w.-]*:)?function_calls>"
            + "|<\uFF5Ctool\u2581calls(?:\u2581begin|\u2581end)?\uFF5C>|</?\uFF5CDSML\uFF5C(?:function_calls|tool_calls)>"
            + "|<\\|tool_calls?_section_(?:begin|end)\\|>"
            + "|<\\|python_(?:start|end|tag)\\|>|<\\|tool_call_(?:start|end)\\|>|<\\|(?:eot|eom)(?:_id)?\\|>|<\\|im_end\\|>|<\uFF5Cend\u2581of\u2581sentence\uFF5C>"
            + "|<\\|(?:end|return|call)\\|>"
            + "|(?:<\\|start\\|>[^<\\n]*(?:<\\|channel\\|>[^<\\n]*)?|<\\|channel\\|>[^<\\n]*"
            + "|[ \\t]*to=[^<\\s]+[ \\t]*(?:<\\|channel\\|>[^<\\n]*)?)(?:<\\|constrain\\|>[^<\\n]*)?<\\|message\\|>"
            + ")*");

    private Splitting() {}

    /** The markup, section and Python-list tokens and the markup tags of every described dialect, as alternatives of a pattern. */
    private static String describedMarkup() {
        java.util.Set<String> tokens = new java.util.LinkedHashSet<>();
        for (var d : java.util.stream.Stream.concat(BuiltinDialects.all().stream(), BuiltinDialects.families().stream()).toList()) {
            tokens.addAll(d.description().markup());
            d.description().calls().forEach(f -> {
                tokens.addAll(f.sectionOpen());
                tokens.addAll(f.sectionClose());
                // A Python call list's markers wrap the calls, whose segments lie between them.
                if (f.shape() == dev.rosetta.core.dialect.described.Shape.PYTHON) {
                    tokens.addAll(f.open());
                    tokens.addAll(f.close());
                }
            });
        }
        String tags = BuiltinDialects.all().stream().flatMap(d -> d.description().markupTags().stream())
                .map(t -> "|<" + Pattern.quote(t) + ">|</?" + Pattern.quote(t) + ":[0-9 ,:\\[\\]]*>")
                .collect(java.util.stream.Collectors.joining());
        return tokens.stream().map(Pattern::quote).collect(java.util.stream.Collectors.joining("|")) + tags;
    }

    public static List<Segment> split(String message, ToolFormat format) {
        return split(message, format, BuiltinTools.catalog());
    }

    /** Batch segments, after checking every streamed chunking gives the same and nothing is lost. */
    public static List<Segment> split(String message, ToolFormat format, ToolCatalog tools) {
        return split(message, () -> format.readers(tools));
    }

    /** The same over exactly the readers {@code readers} makes ({@link ToolFormat#allReaders} for auto). */
    public static List<Segment> split(String message, Supplier<List<Reader>> readers) {
        return split(message, readers, List.of());
    }

    /**
     * The same, where {@code wrappers} (a user dialect's markers, which are not in the built-in
     * descriptions) may also lie between two segments.
     */
    public static List<Segment> split(String message, Supplier<List<Reader>> readers, List<String> wrappers) {
        List<Segment> batch = StreamSplitter.split(message, readers.get());
        checkCoverage(message, batch, wrappers.isEmpty() ? GAP : Pattern.compile("(?:" + GAP.pattern() + "|"
                + wrappers.stream().map(Pattern::quote).collect(java.util.stream.Collectors.joining("|")) + ")*"));
        for (List<String> chunks : chunkings(message)) {
            assertThat(stream(chunks, new StreamSplitter(readers.get())))
                    .as("streamed in %d chunks %s", chunks.size(), preview(chunks))
                    .isEqualTo(batch);
        }
        return batch;
    }

    /** Streams the chunks; checks prose deltas add up to the prose segments; returns the segments. */
    public static List<Segment> stream(List<String> chunks, ToolFormat format, ToolCatalog tools) {
        return stream(chunks, new StreamSplitter(format, tools));
    }

    private static List<Segment> stream(List<String> chunks, StreamSplitter splitter) {
        List<StreamEvent> events = new ArrayList<>();
        for (String chunk : chunks) {
            events.addAll(splitter.feed(chunk));
        }
        events.addAll(splitter.finish());
        StringBuilder deltas = new StringBuilder();
        StringBuilder prose = new StringBuilder();
        List<Segment> segments = new ArrayList<>();
        for (StreamEvent e : events) {
            if (e instanceof ProseDelta d) {
                deltas.append(d.text());
            } else if (e instanceof Completed c) {
                segments.add(c.segment());
                if (c.segment() instanceof Segment.Prose p) {
                    prose.append(p.text());
                    assertThat(deltas.toString()).as("prose shown before its segment completes").isEqualTo(prose.toString());
                }
            }
        }
        assertThat(deltas.toString()).isEqualTo(prose.toString());
        assertThat(merged(events)).as("prose display events, as the prose segments give them")
                .isEqualTo(merged(segments.stream().filter(Segment.Prose.class::isInstance)
                        .flatMap(p -> ((Segment.Prose) p).displayEvents().stream()).toList()));
        return segments;
    }

    /** The prose display events, adjacent prose deltas joined (where a delta ends depends on the chunking). */
    public static List<StreamEvent> merged(List<StreamEvent> events) {
        List<StreamEvent> out = new ArrayList<>();
        StringBuilder prose = new StringBuilder();
        for (StreamEvent e : events) {
            if (e instanceof ProseDelta d) {
                prose.append(d.text());
            } else if (e instanceof StreamEvent.CodeBlockOpened || e instanceof StreamEvent.CodeBlockClosing) {
                endProse(prose, out);
                out.add(e);
            }
        }
        endProse(prose, out);
        return out;
    }

    private static void endProse(StringBuilder prose, List<StreamEvent> out) {
        if (!prose.isEmpty()) {
            out.add(new ProseDelta(prose.toString()));
            prose.setLength(0);
        }
    }

    /** Segments are in order, don't overlap, slice the message exactly, and gaps are markup only. */
    public static void checkCoverage(String message, List<Segment> segments) {
        checkCoverage(message, segments, GAP);
    }

    private static void checkCoverage(String message, List<Segment> segments, Pattern gap) {
        int at = 0;
        for (Segment s : segments) {
            assertThat(s.start()).as("segment %s starts after the previous one", s).isGreaterThanOrEqualTo(at);
            assertThat(s.end()).as("segment %s", s).isGreaterThanOrEqualTo(s.start());
            assertThat(message.substring(at, s.start())).as("gap before %s", s).matches(gap);
            switch (s) {
                case Segment.Prose p -> {
                    assertThat(p.text()).isEqualTo(message.substring(p.start(), p.end()));
                    checkBlocks(message, p);
                }
                case Segment.Call c -> assertThat(c.raw()).isEqualTo(message.substring(c.start(), c.end()));
                case Segment.Unparsed u -> assertThat(u.raw()).isEqualTo(message.substring(u.start(), u.end()));
                case Segment.Thinking t -> assertThat(message.substring(t.textStart(), t.textEnd()))
                        .as("text of %s at its offset", t).isEqualTo(t.text());
            }
            at = s.end();
        }
        assertThat(message.substring(at)).as("gap at the end").matches(GAP);
    }

    /** A prose segment's code blocks lie in it, in order, each opening with its fence and info string. */
    private static void checkBlocks(String message, Segment.Prose p) {
        int at = p.start();
        for (Segment.CodeBlock b : p.blocks()) {
            assertThat(b.start()).as("block %s in %s", b, p).isGreaterThanOrEqualTo(at);
            assertThat(b.end()).as("block %s in %s", b, p).isLessThanOrEqualTo(p.end());
            assertThat(message.substring(b.start(), b.bodyStart())).as("opening fence of %s", b)
                    .startsWith(b.fence()).contains(b.info());
            String close = message.substring(b.closeStart(), b.end());
            if (!close.isEmpty()) {
                assertThat(close.strip()).as("closing fence of %s", b).isEqualTo(b.fence());
            }
            at = b.end();
        }
    }

    /** One chunk; single characters; every split into two; fixed sizes; seeded random sizes. */
    public static List<List<String>> chunkings(String message) {
        List<List<String>> out = new ArrayList<>();
        out.add(List.of(message));
        out.add(fixed(message, 1));
        for (int size : new int[] {2, 3, 7, 64}) {
            out.add(fixed(message, size));
        }
        if (message.length() <= 400) {
            for (int cut = 1; cut < message.length(); cut++) {
                out.add(List.of(message.substring(0, cut), message.substring(cut)));
            }
        }
        Random random = new Random(message.hashCode());
        for (int round = 0; round < 20; round++) {
            out.add(randomChunks(message, random));
        }
        return out;
    }

    private static List<String> fixed(String message, int size) {
        List<String> chunks = new ArrayList<>();
        for (int i = 0; i < message.length(); i += size) {
            chunks.add(message.substring(i, Math.min(message.length(), i + size)));
        }
        return chunks;
    }

    /** Random cuts, with empty deltas too, and cuts anywhere (also inside surrogate pairs). */
    private static List<String> randomChunks(String message, Random random) {
        List<String> chunks = new ArrayList<>();
        int i = 0;
        while (i < message.length()) {
            int size = random.nextInt(10) == 0 ? 0 : 1 + random.nextInt(random.nextBoolean() ? 4 : 40);
            int end = Math.min(message.length(), i + size);
            chunks.add(message.substring(i, end));
            i = end;
        }
        return chunks;
    }

    /** The calls among the segments. */
    public static List<Segment.Call> calls(List<Segment> segments) {
        return segments.stream().filter(Segment.Call.class::isInstance).map(Segment.Call.class::cast).toList();
    }

    /** The unparsed segments. */
    public static List<Segment.Unparsed> unparsed(List<Segment> segments) {
        return segments.stream().filter(Segment.Unparsed.class::isInstance).map(Segment.Unparsed.class::cast).toList();
    }

    /** The one call among the segments. */
    public static Segment.Call onlyCall(List<Segment> segments) {
        assertThat(calls(segments)).as("calls in %s", segments).hasSize(1);
        return calls(segments).get(0);
    }

    /** The one unparsed segment. */
    public static Segment.Unparsed onlyUnparsed(List<Segment> segments) {
        assertThat(unparsed(segments)).as("unparsed in %s", segments).hasSize(1);
        return unparsed(segments).get(0);
    }

    /** The segments' kinds, e.g. [prose, call, prose]. */
    public static List<String> kinds(List<Segment> segments) {
        return segments.stream().map(s -> switch (s) {
            case Segment.Prose p -> "prose";
            case Segment.Thinking t -> "thinking";
            case Segment.Call c -> "call";
            case Segment.Unparsed u -> "unparsed";
        }).toList();
    }

    private static String preview(List<String> chunks) {
        String s = chunks.toString();
        return s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }
}
