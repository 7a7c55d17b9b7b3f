package dev.rosetta.bench;

import java.util.List;
import java.util.Random;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.json.Json;

/**
 * Deterministic assistant messages of an exact length in UTF-16 chars: the same seed gives the
 * same text. Every message ends with a line of plain filler words that brings it to the length
 * asked for; that line can open no call.
 */
public final class Messages {

    public static final int KIB = 1024;
    public static final int MIB = 1024 * KIB;

    /** The sizes the benchmarks use. */
    public static final int SIZE_64K = 64 * KIB;
    public static final int SIZE_256K = 256 * KIB;
    public static final int SIZE_1M = MIB;
    public static final int SIZE_8M = 8 * MIB;

    /** Room left for the filler line and a call's closing delimiter, so nothing overshoots. */
    private static final int RESERVE = 256;

    private Messages() {}

    /** Paragraphs, lists, headings and lines starting with '@', '<' or '`' that are not calls. */
    public static SampleMessage prose(int chars, long seed) {
        ProseText prose = new ProseText(new Random(seed));
        StringBuilder out = new StringBuilder(chars + RESERVE);
        StringBuilder block = new StringBuilder();
        while (true) {
            block.setLength(0);
            prose.block(block);
            if (out.length() + block.length() > chars - RESERVE) {
                break;
            }
            out.append(block);
        }
        ProseText.padTo(out, chars);
        return new SampleMessage(out.toString(), 0);
    }

    /** Prose with a call or a fenced non-call every few paragraphs, spelled as {@code format} expects. */
    public static SampleMessage manyCalls(ToolFormat format, int chars, long seed) {
        Random random = new Random(seed);
        ProseText prose = new ProseText(random);
        CallWriter calls = new CallWriter(format, random);
        StringBuilder out = new StringBuilder(chars + RESERVE);
        StringBuilder unit = new StringBuilder();
        int count = 0;
        while (true) {
            unit.setLength(0);
            for (int blocks = random.nextInt(3); blocks > 0; blocks--) {
                prose.block(unit);
            }
            prose.lead(unit);
            int added = calls.append(unit);
            if (out.length() + unit.length() > chars - RESERVE) {
                break;
            }
            out.append(unit);
            count += added;
        }
        ProseText.padTo(out, chars);
        return new SampleMessage(out.toString(), count);
    }

    /** The native dialects a local model's server may leave in the text. */
    private static final List<ToolFormat> NATIVE = List.of(ToolFormat.HERMES, ToolFormat.QWEN3_CODER, ToolFormat.GLM,
            ToolFormat.MISTRAL, ToolFormat.LLAMA3, ToolFormat.PYTHONIC, ToolFormat.DEEPSEEK, ToolFormat.KIMI,
            ToolFormat.HARMONY);

    /** Prose with a call every few paragraphs, each spelled in the next native dialect, as that dialect writes it. */
    public static SampleMessage nativeCalls(int chars, long seed) {
        Random random = new Random(seed);
        ProseText prose = new ProseText(random);
        // Read in auto, where a fenced call runs too.
        List<CallWriter> writers = NATIVE.stream().map(f -> new CallWriter(f, random, true)).toList();
        StringBuilder out = new StringBuilder(chars + RESERVE);
        StringBuilder unit = new StringBuilder();
        int count = 0;
        for (int n = 0; ; n++) {
            unit.setLength(0);
            for (int blocks = random.nextInt(3); blocks > 0; blocks--) {
                prose.block(unit);
            }
            prose.lead(unit);
            int added = writers.get(n % writers.size()).append(unit);
            if (out.length() + unit.length() > chars - RESERVE) {
                break;
            }
            out.append(unit);
            count += added;
        }
        ProseText.padTo(out, chars);
        return new SampleMessage(out.toString(), count);
    }

    /** A short introduction, then one save call whose body (code lines) fills nearly all the rest. */
    public static SampleMessage hugeSave(ToolFormat format, int chars, long seed) {
        Random random = new Random(seed);
        ProseText prose = new ProseText(random);
        CallWriter calls = new CallWriter(format, random);
        StringBuilder out = new StringBuilder(chars + RESERVE);
        prose.block(out);
        prose.lead(out);
        String path = "src/main/java/dev/example/Generated.java";
        int overhead = calls.save(path, "").length();
        int budget = chars - RESERVE - out.length() - overhead;
        StringBuilder body = new StringBuilder(budget + RESERVE);
        int spelled = 0;
        while (true) {
            String line = calls.codeLine() + "\n";
            int cost = spelledLength(format, calls, path, line);
            if (spelled + cost > budget) {
                break;
            }
            body.append(line);
            spelled += cost;
        }
        out.append(calls.save(path, body.toString())).append('\n');
        if (out.length() > chars) {
            throw new IllegalStateException("the save call came out longer than " + chars + " chars");
        }
        ProseText.padTo(out, chars);
        return new SampleMessage(out.toString(), 1);
    }

    /**
     * How many chars {@code text} takes inside the call: JSON-escaped in the tool format, as is in
     * markdown and xml; a native dialect's own escaping is measured by writing the line alone.
     */
    private static final String TWO_LINES = "a\nb\n";

    private static int spelledLength(ToolFormat format, CallWriter calls, String path, String text) {
        return switch (format) {
            case TOOL -> Json.write(text).length() - 2;
            case MARKDOWN, XML -> text.length();
            // After two lines, so a writer that spells a one-line value apart (Cline puts an
            // indented single line in CDATA) is measured as the multi-line body it will be part of.
            default -> calls.save(path, TWO_LINES + text).length() - calls.save(path, TWO_LINES).length();
        };
    }
}
