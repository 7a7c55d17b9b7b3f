package dev.rosetta.cli.headless;

import static dev.rosetta.agent.session.EventObjects.object;

import java.io.Flushable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.session.NumberedEvent;
import dev.rosetta.agent.session.SessionEvent;
import dev.rosetta.cli.render.JsonEventWriter;
import dev.rosetta.cli.render.TerminalJsonEscapes;
import dev.rosetta.core.json.Json;
import tools.jackson.databind.ObjectWriter;

/**
 * The headless protocol's output (docs/HEADLESS.md, docs/headless-events.schema.json): one JSON object
 * a line for each thing the session did, {@code type} first. A turn's text comes a run at a time — the
 * prose (or reasoning) between two other events in one {@code prose} (or {@code thinking}) event — and
 * with {@code --stream-deltas} a piece at a time as it streams, with the display hints of code blocks
 * and calls being opened. Every call event carries the call's id and the dialect it was written in.
 * Every control character in a string is escaped ({@link TerminalJsonEscapes}), so a line never acts
 * on a terminal it reaches.
 */
public final class EventLines implements Consumer<NumberedEvent> {

    /** The protocol's version: it changes when an event loses a field or changes a field's meaning. */
    public static final int PROTOCOL_VERSION = 1;

    private static final ObjectWriter JSON = Json.MAPPER.writer().with(TerminalJsonEscapes.INSTANCE);

    private final Appendable out;
    private final boolean deltas;
    private final StringBuilder text = new StringBuilder();
    /** The type of the text held ({@code prose} or {@code thinking}), or null when none is. */
    private String held;
    /** Each call's dialect, by its id: the tool events name it too. */
    private final Map<String, String> dialects = new ConcurrentHashMap<>();

    /** @param deltas write every piece of text as it comes ({@code --stream-deltas}) */
    public EventLines(Appendable out, boolean deltas) {
        this.out = out;
        this.deltas = deltas;
    }

    @Override
    public synchronized void accept(NumberedEvent numbered) {
        switch (numbered.event()) {
            case SessionEvent.Agent a -> agent(a.event());
            case SessionEvent.Missed m -> write(object("notice", "text", "events " + m.from() + "–" + m.to()
                    + " were not kept and are not written"));
            default -> write(SessionLines.of(numbered.event()));
        }
    }

    private void agent(AgentEvent event) {
        switch (event) {
            case AgentEvent.ProseDelta p -> text("prose", p.text());
            case AgentEvent.ThinkingDelta t -> text("thinking", t.text());
            case AgentEvent.ToolRunning r -> { } // tool_started said the call is on its way; its result follows
            case AgentEvent.ToolOutput o -> { } // a live copy for a terminal; tool_result carries the whole output
            case AgentEvent.CodeBlockOpened o when !deltas -> { }
            case AgentEvent.CodeBlockClosing c when !deltas -> { }
            case AgentEvent.CallStarted s when !deltas -> { }
            case AgentEvent.CallRead c -> {
                if (c.use().callId() != null) {
                    dialects.put(c.use().callId(), c.dialect());
                }
                write(JsonEventWriter.toJson(event));
            }
            case AgentEvent.ToolStarted s -> write(withDialect(JsonEventWriter.toJson(event), s.use().callId()));
            case AgentEvent.ToolFinished f -> write(withDialect(JsonEventWriter.toJson(event), f.use().callId()));
            default -> write(JsonEventWriter.toJson(event));
        }
    }

    /** Text of a turn: written at once with {@code --stream-deltas}, else held until something else comes. */
    private void text(String type, String piece) {
        if (deltas) {
            write(object(type, "text", piece));
            return;
        }
        if (held != null && !held.equals(type)) {
            flushText();
        }
        held = type;
        text.append(piece);
    }

    private Map<String, Object> withDialect(Map<String, Object> event, String callId) {
        Map<String, Object> out = new LinkedHashMap<>(event);
        out.put("dialect", callId == null ? null : dialects.get(callId));
        return out;
    }

    /** Writes the text held, if any, as one event. */
    public synchronized void flushText() {
        if (held != null && !text.isEmpty()) {
            writeLine(object(held, "text", text.toString()));
        }
        held = null;
        text.setLength(0);
    }

    /** Writes one event (after the text held, which came before it). */
    public synchronized void write(Map<String, Object> event) {
        flushText();
        writeLine(event);
    }

    private void writeLine(Map<String, Object> event) {
        try {
            out.append(JSON.writeValueAsString(event)).append('\n');
            if (out instanceof Flushable f) {
                f.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
