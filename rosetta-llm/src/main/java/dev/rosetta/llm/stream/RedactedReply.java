package dev.rosetta.llm.stream;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.secret.Redaction;
import dev.rosetta.llm.ChatEvent;

/**
 * The key a request carried, blanked out of everything its reply says, as it streams: visible
 * text, thinking and each native call's arguments (a piece whose end could be the start of the
 * key waits for the next piece, never holding more than the key's length), and the whole texts
 * of completed calls and reasoning blocks. Nothing is held past the end of what it belongs to: the
 * text and thinking are let out before any event that is not more of them, a call's arguments
 * when the call completes, everything before the reply's end. A reasoning block whose text held
 * the key loses its signature: it is no longer what the provider signed, so it is not sent back.
 */
final class RedactedReply {

    private final Redaction redaction;
    private final Redaction.Stream text;
    private final Redaction.Stream thinking;
    /** Each native call's arguments, by index, with its id. */
    private final Map<Integer, Redaction.Stream> calls = new TreeMap<>();
    private final Map<Integer, String> callIds = new TreeMap<>();

    RedactedReply(Redaction redaction) {
        this.redaction = redaction;
        this.text = redaction.stream();
        this.thinking = redaction.stream();
    }

    /** What {@code event} becomes: itself blanked, after whatever held text it lets out. */
    List<ChatEvent> of(ChatEvent event) {
        if (redaction.isEmpty()) {
            return List.of(event);
        }
        List<ChatEvent> out = new ArrayList<>(2);
        switch (event) {
            case ChatEvent.TextDelta t -> {
                flushThinking(out);
                add(out, new ChatEvent.TextDelta(text.feed(t.text())));
            }
            case ChatEvent.ThinkingDelta t -> {
                flushText(out);
                add(out, new ChatEvent.ThinkingDelta(thinking.feed(t.text())));
            }
            case ChatEvent.ToolCallDelta d -> {
                callIds.put(d.index(), d.id());
                String piece = calls.computeIfAbsent(d.index(), i -> redaction.stream()).feed(d.fragment());
                add(out, new ChatEvent.ToolCallDelta(d.index(), d.id(), piece));
            }
            case ChatEvent.ToolCallCompleted c -> {
                flushText(out);
                flushThinking(out);
                flushCall(c.index(), out);
                out.add(new ChatEvent.ToolCallCompleted(c.index(), c.id(), c.name(), redaction.apply(c.argumentsJson())));
            }
            case ChatEvent.ReasoningCompleted r -> {
                flushText(out);
                flushThinking(out);
                out.add(new ChatEvent.ReasoningCompleted(blanked(r.reasoning())));
            }
            case ChatEvent.Finished f -> {
                flushText(out);
                flushThinking(out);
                new ArrayList<>(calls.keySet()).forEach(index -> flushCall(index, out));
                out.add(f);
            }
            case ChatEvent.ToolCallStarted s -> {
                flushText(out);
                flushThinking(out);
                out.add(s);
            }
            case ChatEvent.Usage u -> out.add(u);
            case ChatEvent.Notice n -> out.add(n);
        }
        return out;
    }

    private Reasoning blanked(Reasoning r) {
        String blanked = redaction.apply(r.text());
        if (blanked == null || blanked.equals(r.text())) {
            return r;
        }
        return new Reasoning(r.origin(), blanked, null, r.redacted());
    }

    private void flushText(List<ChatEvent> out) {
        add(out, new ChatEvent.TextDelta(text.flush()));
    }

    private void flushThinking(List<ChatEvent> out) {
        add(out, new ChatEvent.ThinkingDelta(thinking.flush()));
    }

    private void flushCall(int index, List<ChatEvent> out) {
        Redaction.Stream call = calls.remove(index);
        if (call != null) {
            add(out, new ChatEvent.ToolCallDelta(index, callIds.remove(index), call.flush()));
        }
    }

    /** Adds a delta that says something; an empty one is left out. */
    private static void add(List<ChatEvent> out, ChatEvent delta) {
        boolean empty = switch (delta) {
            case ChatEvent.TextDelta t -> t.text().isEmpty();
            case ChatEvent.ThinkingDelta t -> t.text().isEmpty();
            case ChatEvent.ToolCallDelta d -> d.fragment().isEmpty();
            default -> false;
        };
        if (!empty) {
            out.add(delta);
        }
    }
}
