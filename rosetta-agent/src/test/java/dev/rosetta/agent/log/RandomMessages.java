package dev.rosetta.agent.log;

import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import dev.rosetta.agent.log.StoredSegment.Span;
import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent.Usage;

/**
 * Random logged messages with every field kind, for round-trip properties. Numbers inside kwargs
 * take the types JSON parsing gives them (Integer, then Long, then BigInteger; Double), as kwargs
 * always come from parsed JSON.
 */
final class RandomMessages {

    private static final String[] PIECES = {
            "hello", " ", "\n", "\t", "\r\n", "\"", "\\", "'", "```", "<tool-use>", "@save(x): {}", "{\"undo\":1}",
            "é", "ß", "日本語", "🦀", "👩‍👩‍👧", "e\u0301", "\u0000", "\u0001", "\u001b[31m", "\u007f", "\u2028", "\u2029",
            "\uFEFF", "\uD800", "\uDFFF", "null", "0", "-1", "𝄞"};

    private final Random random;

    RandomMessages(long seed) {
        this.random = new Random(seed);
    }

    LoggedMessage next() {
        Role role = Role.values()[random.nextInt(3)];
        String content = text(60);
        List<StoredSegment> segments = role == Role.ASSISTANT ? segments(content.length()) : List.of();
        List<Reasoning> reasoning = new ArrayList<>();
        for (int i = random.nextInt(3); i > 0; i--) {
            reasoning.add(new Reasoning(text(8), maybe(text(20)), maybe(text(10)), maybe(text(30))));
        }
        boolean failed = random.nextBoolean();
        ErrorCode code = failed && random.nextBoolean() ? new ErrorCode(text(3)) : null;
        Message message = new Message(role, content, StoredSegment.calls(segments), maybe(text(6)), failed, code,
                reasoning);
        Instant when = Instant.ofEpochSecond(random.nextLong(0, 4_000_000_000L), random.nextInt(1_000_000_000));
        Usage usage = random.nextBoolean() ? null : new Usage(count(), count(), count(), count());
        Double cost = random.nextBoolean() ? null : random.nextDouble() * (random.nextBoolean() ? 1 : 1e-9);
        return new LoggedMessage(message, when, maybe("openai/" + text(5)), ToolFormat.values()[random.nextInt(3)],
                segments, usage, cost);
    }

    /** Segments of every kind over a text of {@code length}, in order (gaps between them too), then native calls. */
    private List<StoredSegment> segments(int length) {
        List<StoredSegment> out = new ArrayList<>();
        int at = 0;
        while (at < length && random.nextInt(5) > 0) {
            int start = at + random.nextInt(Math.min(3, length - at) + 1);
            int end = start + random.nextInt(length - start + 1);
            Span span = new Span(start, end);
            Dialect dialect = ToolFormat.values()[random.nextInt(3)].dialect();
            out.add(switch (random.nextInt(4)) {
                case 0 -> new StoredSegment.Prose(span);
                case 1 -> new StoredSegment.Thinking(span, new Span(start, start + random.nextInt(end - start + 1)));
                case 2 -> new StoredSegment.Call(call(), dialect, span);
                default -> new StoredSegment.Unparsed(dialect, text(10), span);
            });
            at = end;
        }
        for (int i = random.nextInt(3); i > 0; i--) {
            out.add(StoredSegment.Call.nativeCall(call()));
        }
        return out;
    }

    private ToolUse call() {
        List<String> args = new ArrayList<>();
        for (int i = random.nextInt(3); i > 0; i--) {
            args.add(text(10));
        }
        return new ToolUse(text(6).isEmpty() ? "save" : text(6), args, maybe(text(40)), object(2), maybe(text(8)));
    }

    private Map<String, Object> object(int depth) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = random.nextInt(4); i > 0; i--) {
            map.put(name(), value(depth));
        }
        return map;
    }

    private Object value(int depth) {
        int kind = random.nextInt(depth > 0 ? 10 : 8);
        return switch (kind) {
            case 0 -> null;
            case 1 -> random.nextBoolean();
            case 2 -> random.nextInt();
            case 3 -> random.nextLong(Integer.MAX_VALUE + 1L, Long.MAX_VALUE);
            case 4 -> BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.valueOf(random.nextLong(1, Long.MAX_VALUE)));
            case 5 -> random.nextDouble() * 1e6 - 5e5;
            case 6, 7 -> text(20);
            case 8 -> { List<Object> list = new ArrayList<>(); for (int i = random.nextInt(3); i > 0; i--) { list.add(value(depth - 1)); } yield list; }
            default -> object(depth - 1);
        };
    }

    /** An argument name: anything but a lone surrogate (see LogLineWriter.readableNames). */
    private String name() {
        StringBuilder out = new StringBuilder(text(5));
        for (int i = 0; i < out.length(); i++) {
            boolean paired = Character.isHighSurrogate(out.charAt(i)) && i + 1 < out.length()
                    && Character.isLowSurrogate(out.charAt(i + 1));
            if (paired) {
                i++;
            } else if (Character.isSurrogate(out.charAt(i))) {
                out.setCharAt(i, 'S');
            }
        }
        return out.toString();
    }

    private long count() {
        return random.nextBoolean() ? random.nextInt(100_000) : random.nextLong(0, Long.MAX_VALUE);
    }

    String text(int maxPieces) {
        StringBuilder out = new StringBuilder();
        for (int i = random.nextInt(maxPieces + 1); i > 0; i--) {
            out.append(random.nextInt(4) == 0 ? (char) random.nextInt(0x10000) : PIECES[random.nextInt(PIECES.length)]);
        }
        return out.toString();
    }

    private String maybe(String value) {
        return random.nextBoolean() ? value : null;
    }
}
