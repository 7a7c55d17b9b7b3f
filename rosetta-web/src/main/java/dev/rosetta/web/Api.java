package dev.rosetta.web;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.sun.net.httpserver.HttpExchange;

import dev.rosetta.agent.session.Answer;
import dev.rosetta.agent.session.NumberedEvent;
import dev.rosetta.agent.session.Question;
import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.agent.tokens.TokenEstimator;
import dev.rosetta.agent.tokens.TokenTally;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.web.conversation.ConversationRows;
import dev.rosetta.web.conversation.OpenConversation;
import dev.rosetta.web.conversation.OpenConversations;
import dev.rosetta.web.events.EventJson;
import dev.rosetta.web.events.EventStream;
import dev.rosetta.web.events.PageAnswer;
import dev.rosetta.web.http.Replies;

/**
 * The HTTP API under {@code /api} (docs/WEB.md lists it): the conversations, and for one of them its
 * event stream, input, answers, interrupt, rename and fork. Every action goes to the conversation's
 * session host, which decides; the API only carries it there.
 */
final class Api {

    private final OpenConversations conversations;
    private final Choices choices;

    Api(OpenConversations conversations, Choices choices) {
        this.conversations = conversations;
        this.choices = choices;
    }

    /** Answers {@code /api/…}; {@code path} is what follows {@code /api/}. */
    void handle(HttpExchange exchange, String path) throws IOException {
        String method = exchange.getRequestMethod();
        List<String> parts = List.of(path.split("/", -1));
        try {
            if (parts.equals(List.of("conversations"))) {
                if (method.equals("GET")) {
                    Replies.json(exchange, 200, ConversationRows.of(conversations));
                } else {
                    post(exchange);
                    create(exchange);
                }
                return;
            }
            if (parts.equals(List.of("choices"))) {
                Replies.json(exchange, 200, choices.all());
                return;
            }
            if (parts.size() == 3 && parts.get(0).equals("conversations")) {
                conversation(exchange, decode(parts.get(1)), parts.get(2));
                return;
            }
            Replies.error(exchange, 404, "no such API: /api/" + path);
        } catch (IllegalArgumentException e) {
            Replies.error(exchange, 400, e.getMessage());
        } catch (MethodNotAllowed e) {
            Replies.error(exchange, 405, "use " + e.getMessage());
        } catch (RosettaException e) {
            Replies.error(exchange, 409, e.getMessage());
        }
    }

    private void conversation(HttpExchange exchange, String id, String action) throws IOException, ProviderException {
        if (action.equals("events")) {
            events(exchange, conversations.open(id));
            return;
        }
        post(exchange);
        Map<String, Object> body = Replies.body(exchange);
        switch (action) {
            case "input" -> {
                String text = string(body, "text");
                if (text.isBlank()) {
                    throw new IllegalArgumentException("nothing to send");
                }
                SessionHost.Submitted s = conversations.open(id).host().submit(text);
                Replies.json(exchange, 202, Map.of("input", s.id()));
            }
            case "answer" -> answer(exchange, conversations.open(id), string(body, "question"), body.get("answer"));
            case "interrupt" -> {
                conversations.open(id).host().interrupt();
                Replies.json(exchange, 202, Map.of());
            }
            case "rename" -> {
                conversations.rename(id, string(body, "name"));
                Replies.json(exchange, 202, Map.of());
            }
            case "fork" -> {
                conversations.open(id).host().submit("/fork " + string(body, "name"));
                Replies.json(exchange, 202, Map.of());
            }
            default -> Replies.error(exchange, 404, "no such action: " + action);
        }
    }

    private void create(HttpExchange exchange) throws IOException, ProviderException {
        Map<String, Object> body = Replies.body(exchange);
        OpenConversation created = conversations.create(optional(body, "name"), optional(body, "model"),
                optional(body, "format"), optional(body, "workspace"));
        Replies.json(exchange, 201, Map.of("id", created.id()));
    }

    @SuppressWarnings("unchecked")
    private static void answer(HttpExchange exchange, OpenConversation conversation, String questionId, Object answer)
            throws IOException {
        Optional<Question> question = conversation.host().questions().stream()
                .filter(q -> q.id().equals(questionId)).findFirst();
        if (question.isEmpty()) {
            Replies.error(exchange, 409, "question " + questionId + " has been answered already (or was never asked)");
            return;
        }
        if (!(answer instanceof Map<?, ?> json)) {
            throw new IllegalArgumentException("the request has no answer");
        }
        Answer read = PageAnswer.read((Map<String, Object>) json, question.get());
        if (!conversation.host().answer(questionId, read)) {
            Replies.error(exchange, 409, "question " + questionId + " has been answered already, or does not take"
                    + " that answer");
            return;
        }
        Replies.json(exchange, 200, Map.of("answered", questionId));
    }

    /**
     * The conversation's events as Server-Sent Events. A browser that gives the id of the last event
     * it saw ({@code Last-Event-ID}, which EventSource sends when it reconnects) gets the events after
     * it; one without (or with an id of an earlier opening) gets a snapshot first — the history, what
     * waits, the questions open — then every event after it.
     */
    private void events(HttpExchange exchange, OpenConversation conversation) throws IOException {
        String last = Optional.ofNullable(exchange.getRequestHeaders().getFirst("Last-Event-ID"))
                .orElse(query(exchange, "last"));
        Long after = seq(last, conversation.epoch());
        EventStream stream = new EventStream();
        SessionHost host = conversation.host();
        String first = null;
        SessionHost.Subscription subscription;
        if (after != null) {
            subscription = host.subscribe(after, stream);
        } else {
            SessionHost.Joined joined = host.join(stream);
            subscription = joined.subscription();
            first = EventStream.message(conversation.epoch() + "-" + joined.after(),
                    Json.write(snapshot(conversation, joined)));
        }
        conversations.watch(conversation, stream);
        var headers = exchange.getResponseHeaders();
        headers.set("Content-Type", "text/event-stream; charset=utf-8");
        headers.set("Cache-Control", "no-store");
        headers.set("X-Accel-Buffering", "no"); // a reverse proxy must not hold the stream back
        try (OutputStream out = exchange.getResponseBody()) {
            exchange.sendResponseHeaders(200, 0);
            out.write(("retry: 1000\n\n" + (first == null ? "" : first)).getBytes(StandardCharsets.UTF_8));
            out.flush();
            stream.pump(out, e -> message(conversation, e));
        } catch (IOException e) {
            // the browser went away; it comes back with the last id it saw
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            subscription.close();
            conversations.leave(conversation, stream);
        }
    }

    private static String message(OpenConversation conversation, NumberedEvent e) {
        return EventStream.message(conversation.epoch() + "-" + e.seq(), Json.write(EventJson.of(e.event())));
    }

    private static Map<String, Object> snapshot(OpenConversation conversation, SessionHost.Joined joined) {
        SessionHost host = conversation.host();
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("type", "snapshot");
        o.put("conversation", conversation.id());
        o.put("workspace", host.conversation().workspace().toString());
        o.put("terminal", !conversation.owned());
        o.put("status", EventJson.status(host.status()));
        List<Object> history = new ArrayList<>();
        joined.history().forEach(e -> history.add(EventJson.of(e)));
        o.put("history", history);
        TokenTally tally = TokenTally.of(joined.messages(), TokenEstimator.shared());
        o.put("tokens", Map.of("input", tally.inputTokens(), "output", tally.outputTokens(), "context",
                tally.contextTokens(), "estimated", tally.estimated()));
        o.put("cost", tally.costUsd());
        o.put("busy", host.busy());
        o.put("queued", host.queued());
        List<Object> questions = new ArrayList<>();
        host.questions().forEach(q -> questions.add(EventJson.question(q)));
        o.put("questions", questions);
        return o;
    }

    /** The number in an event id of this opening ({@code epoch-seq}); null for none, or another opening's. */
    static Long seq(String id, String epoch) {
        if (id == null || !id.startsWith(epoch + "-")) {
            return null;
        }
        try {
            long seq = Long.parseLong(id.substring(epoch.length() + 1));
            return seq < 0 ? null : seq;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static void post(HttpExchange exchange) {
        if (!exchange.getRequestMethod().equals("POST")) {
            throw new MethodNotAllowed("POST");
        }
    }

    private static String string(Map<String, Object> body, String key) {
        if (!(body.get(key) instanceof String s)) {
            throw new IllegalArgumentException("the request has no " + key);
        }
        return s;
    }

    private static String optional(Map<String, Object> body, String key) {
        return body.get(key) instanceof String s ? s : null;
    }

    static String query(HttpExchange exchange, String key) {
        String query = exchange.getRequestURI().getRawQuery();
        if (query == null) {
            return null;
        }
        for (String part : query.split("&")) {
            if (part.startsWith(key + "=")) {
                return decode(part.substring(key.length() + 1));
            }
        }
        return null;
    }

    private static String decode(String s) {
        return java.net.URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    private static final class MethodNotAllowed extends RuntimeException {
        MethodNotAllowed(String allowed) {
            super(allowed, null, false, false);
        }
    }
}
