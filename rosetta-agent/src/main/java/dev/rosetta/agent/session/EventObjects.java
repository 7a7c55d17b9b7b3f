package dev.rosetta.agent.session;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import dev.rosetta.agent.chat.AgentEvent;

/**
 * The parts of a session's events that every JSON front end writes alike. The headless protocol
 * (docs/HEADLESS.md) and the web page (docs/WEB.md) each keep their own shape where they differ on
 * purpose — a call as its block shows it for the page, the call's arguments for a program — and take
 * these where they agree, so a change to a shared event's shape is made once.
 */
public final class EventObjects {

    private EventObjects() {}

    /** A new event object: {@code type} first, then the named properties in order (name, value, name, value…). */
    public static Map<String, Object> object(String type, Object... properties) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("type", type);
        for (int i = 0; i < properties.length; i += 2) {
            o.put((String) properties[i], properties[i + 1]);
        }
        return o;
    }

    /** An enum constant as the JSON front ends spell it: its name in lower case. */
    public static String word(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    public static Map<String, Object> prose(AgentEvent.ProseDelta prose) {
        return object("prose", "text", prose.text());
    }

    public static Map<String, Object> thinking(AgentEvent.ThinkingDelta thinking) {
        return object("thinking", "text", thinking.text());
    }

    public static Map<String, Object> callStarted(AgentEvent.CallStarted started) {
        return object("call_started", "tool", started.tool(), "dialect", started.dialect());
    }

    public static Map<String, Object> notice(AgentEvent.Notice notice) {
        return object("notice", "text", notice.text());
    }

    public static Map<String, Object> queued(SessionEvent.Queued queued) {
        return object("queued", "waiting", queued.waiting());
    }

    public static Map<String, Object> said(SessionEvent.Said said) {
        return object("said", "text", said.text(), "tone", word(said.tone()));
    }

    /** What a question asks for: {@code permission}, {@code form}, {@code choice} or {@code message}. */
    public static String kind(Question question) {
        return switch (question) {
            case Question.Permission p -> "permission";
            case Question.Form f -> "form";
            case Question.Choice c -> "choice";
            case Question.Message m -> "message";
        };
    }
}
