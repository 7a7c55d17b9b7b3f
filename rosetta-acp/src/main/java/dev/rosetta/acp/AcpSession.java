package dev.rosetta.acp;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

import com.agentclientprotocol.sdk.agent.AcpSyncAgent;
import com.agentclientprotocol.sdk.error.AcpErrorCodes;
import com.agentclientprotocol.sdk.error.AcpProtocolException;
import com.agentclientprotocol.sdk.spec.AcpSchema;

import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.session.Answer;
import dev.rosetta.agent.session.CommandHelp;
import dev.rosetta.agent.session.NumberedEvent;
import dev.rosetta.agent.session.Question;
import dev.rosetta.agent.session.SessionEvent;
import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.tools.FileAccess;
import dev.rosetta.tools.files.Workspace;
import dev.rosetta.tools.mcp.McpForm;

/**
 * One ACP session: a Rosetta conversation on its session host, its id the conversation's. Prompts
 * go to the host as input; the host's events go to the editor as session updates, in their order;
 * its questions become permission requests, each on a thread of its own so the events keep flowing.
 */
final class AcpSession implements AutoCloseable {

    private final String id;
    private final SessionHost host;
    private final AcpSyncAgent agent;
    private final Consumer<String> warn;
    private final EventUpdates updates;
    private final ConfigOptions config;
    private final List<String> notes = new ArrayList<>();
    private SessionHost.Subscription subscription;

    /** @param files the editor's files, when it offers them (null: the disk) */
    AcpSession(SessionHost host, AcpSyncAgent agent, Consumer<String> warn, List<String> warnings, FileAccess files) {
        this.host = host;
        this.agent = agent;
        this.warn = warn;
        this.id = host.conversation().log().id();
        var conversation = host.conversation();
        this.updates = new EventUpdates(new Workspace(conversation.workspace(), false, files), System::nanoTime,
                conversation.session().model().contextWindowOrDefault(), conversation.session().messages());
        this.config = new ConfigOptions(conversation);
        notes.addAll(warnings);
    }

    String id() {
        return id;
    }

    SessionHost host() {
        return host;
    }

    /** Starts passing the host's events on, from its first (what the MCP servers said while it opened). */
    void attach() {
        subscription = host.subscribe(0, this::heard);
        send(new AcpSchema.AvailableCommandsUpdate("available_commands_update", commands()));
        send(new AcpSchema.ConfigOptionUpdate("config_option_update", config.options()));
    }

    /** The conversation so far, as the updates that showed it: for {@code session/load}. */
    void replay() {
        EventUpdates replayed = new EventUpdates(new Workspace(host.conversation().workspace(), false), System::nanoTime,
                host.conversation().session().model().contextWindowOrDefault(), List.of());
        host.history().forEach(e -> replayed.of(e).forEach(this::send));
    }

    private void heard(NumberedEvent numbered) {
        switch (numbered.event()) {
            case SessionEvent.QuestionAsked q -> Thread.ofVirtual().name("acp-question").start(() -> ask(q.question()));
            case SessionEvent.StatusChanged s -> send(new AcpSchema.ConfigOptionUpdate("config_option_update",
                    config.options()));
            default -> updates.of(numbered.event()).forEach(this::send);
        }
    }

    private void send(AcpSchema.SessionUpdate update) {
        try {
            agent.sendSessionUpdate(id, update);
        } catch (RuntimeException e) {
            warn.accept("could not send an update to the editor: " + e.getMessage());
        }
    }

    /** A question, put to the editor; blocks this (virtual) thread until it answers. */
    private void ask(Question question) {
        Answer answer;
        switch (question) {
            case Question.Permission p -> answer = permission(p);
            case Question.Choice c -> answer = permission(c);
            case Question.Form f -> answer = new Answer.Filled(form(f.form()));
            case Question.Message m -> answer = new Answer.Text(null);
        }
        host.answer(question.id(), answer);
    }

    private Answer permission(Question question) {
        try {
            return PermissionAsk.answer(question,
                    agent.async().requestPermission(PermissionAsk.request(id, question)).block());
        } catch (RuntimeException e) {
            warn.accept("the editor did not answer a permission request: " + e.getMessage());
            return Answer.none(question);
        }
    }

    /**
     * An MCP server's form: the editor's own form when it offers forms ({@code elicitation/create});
     * else declined, and the editor told so in the conversation.
     */
    private McpForm.Answer form(McpForm form) {
        var client = agent.getClientCapabilities();
        if (client == null || !client.supportsElicitationForm()) {
            send(message("> " + form.server() + " asks: " + form.message() + " — this editor does not fill in"
                    + " forms (ACP elicitation), so the MCP server's form was declined.\n"));
            return new McpForm.Answer.Decline();
        }
        try {
            return EditorForms.answer(agent.async().createElicitation(EditorForms.request(id, form)).block());
        } catch (RuntimeException e) {
            warn.accept("the editor did not answer " + form.server() + "'s form: " + e.getMessage());
            return new McpForm.Answer.Cancel();
        }
    }

    /** {@code session/prompt}: the input goes to the host; the answer comes when it has been handled. */
    AcpSchema.PromptResponse prompt(AcpSchema.PromptRequest request) {
        if (!notes.isEmpty()) {
            notes.forEach(n -> send(message("> rosetta: warning: " + n + "\n\n")));
            notes.clear();
        }
        String text = PromptText.of(request.prompt());
        if (text.isBlank()) {
            return new AcpSchema.PromptResponse(AcpSchema.StopReason.END_TURN);
        }
        TurnOutcome outcome;
        try {
            outcome = host.submit(text).ended().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            host.interrupt();
            return new AcpSchema.PromptResponse(AcpSchema.StopReason.CANCELLED);
        } catch (ExecutionException e) {
            throw new AcpProtocolException(AcpErrorCodes.INTERNAL_ERROR, String.valueOf(e.getCause()));
        }
        return switch (outcome.reason()) {
            case DONE -> new AcpSchema.PromptResponse(AcpSchema.StopReason.END_TURN);
            case INTERRUPTED -> new AcpSchema.PromptResponse(AcpSchema.StopReason.CANCELLED);
            case MAX_STEPS, MAX_TURNS, MAX_COST -> new AcpSchema.PromptResponse(AcpSchema.StopReason.MAX_TURN_REQUESTS);
            case UNREADABLE_CALLS, REPEATED_FAILURE, BLOCKED -> { // BLOCKED: a hook ended the turn, saying why
                send(message("\n\nrosetta: " + outcome.message() + "\n"));
                yield new AcpSchema.PromptResponse(AcpSchema.StopReason.END_TURN);
            }
            case FAILED, MODEL_FAILED, OUTPUT_INVALID, MISCONFIGURED, TOO_LARGE -> throw new AcpProtocolException(AcpErrorCodes.INTERNAL_ERROR,
                    outcome.message());
        };
    }

    /** {@code session/cancel}: the reply stops, a running tool is stopped; the prompt answers {@code cancelled}. */
    void cancel() {
        host.interrupt();
    }

    /** {@code session/set_config_option}: a host command sets it; the options as they are then. */
    List<AcpSchema.SessionConfigOption> set(String option, Object value) {
        String command = config.command(option, String.valueOf(value));
        try {
            host.run(command);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return config.options();
    }

    /** The models to choose from and the one in use, for an editor's model picker. */
    AcpSchema.SessionModelState models() {
        return config.models();
    }

    /** The slash commands an editor can use (not the prompt's own), as available commands. */
    private static List<AcpSchema.AvailableCommand> commands() {
        // not those that need the terminal's own input or a browser: /impersonate asks for a whole
        // message, /serve publishes to a web front end the editor does not run
        return CommandHelp.ALL.stream().filter(c -> !c.prompts() && !c.name().equals("/impersonate")
                        && !c.name().equals("/serve"))
                .map(c -> new AcpSchema.AvailableCommand(c.name().substring(1), c.description(),
                        c.arguments().isEmpty() ? null : new AcpSchema.AvailableCommandInput(c.arguments())))
                .toList();
    }

    private static AcpSchema.AgentMessageChunk message(String text) {
        return new AcpSchema.AgentMessageChunk("agent_message_chunk", new AcpSchema.TextContent(text));
    }

    @Override
    public void close() {
        if (subscription != null) {
            subscription.close();
        }
        host.close();
    }
}
