package dev.rosetta.acp;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

import com.agentclientprotocol.sdk.spec.AcpSchema;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.session.SessionEvent;
import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.tools.files.Workspace;

/**
 * A session's events as ACP session updates: prose as the agent's message, reasoning as its
 * thought, calls and results through {@link CallUpdates}, each request's usage (context used of
 * the window, and what the session has cost so far), what a command says as part of the message,
 * a replayed user message as the user's. Questions and the ends of turns are the session's to
 * act on; they make no update here.
 */
final class EventUpdates {

    private final CallUpdates calls;
    private final long window;
    private double cost;
    private boolean costKnown;

    /**
     * @param window   the context window, for usage
     * @param messages the conversation so far, whose costs the session's starts from
     */
    EventUpdates(CallUpdates calls, long window, List<LoggedMessage> messages) {
        this.calls = calls;
        this.window = window;
        for (LoggedMessage m : messages) {
            if (m.cost() != null) {
                cost += m.cost();
                costKnown = true;
            }
        }
    }

    EventUpdates(Workspace workspace, LongSupplier clock, long window, List<LoggedMessage> messages) {
        this(new CallUpdates(workspace, clock), window, messages);
    }

    List<AcpSchema.SessionUpdate> of(SessionEvent event) {
        List<AcpSchema.SessionUpdate> out = new ArrayList<>();
        switch (event) {
            case SessionEvent.Agent a -> agent(a.event(), out);
            case SessionEvent.Said s -> out.add(message((s.tone() == SessionEvent.Tone.PROBLEM ? "rosetta: " : "")
                    + s.text() + "\n"));
            case SessionEvent.ChangeShown c -> out.add(message(c.change().path() + ":\n" + fenced("diff",
                    c.change().diff())));
            case SessionEvent.UserShown u -> out.add(new AcpSchema.UserMessageChunk("user_message_chunk",
                    new AcpSchema.TextContent(u.text())));
            default -> { }
        }
        return out;
    }

    private void agent(AgentEvent event, List<AcpSchema.SessionUpdate> out) {
        switch (event) {
            case AgentEvent.ProseDelta p -> out.add(message(p.text()));
            case AgentEvent.ThinkingDelta t -> out.add(new AcpSchema.AgentThoughtChunk("agent_thought_chunk",
                    new AcpSchema.TextContent(t.text())));
            case AgentEvent.CallRead c -> out.add(calls.read(c.use(), c.dialect()));
            case AgentEvent.UnparsedRead u -> out.add(calls.unparsed(u.unparsed()));
            case AgentEvent.ToolStarted t -> calls.started(t.use());
            case AgentEvent.ToolRunning r -> out.add(calls.running(r.use()));
            case AgentEvent.ToolOutput o -> {
                var update = calls.output(o.use(), o.bytes());
                if (update != null) {
                    out.add(update);
                }
            }
            case AgentEvent.ToolFinished f -> out.add(calls.finished(f.use(), f.result()));
            case AgentEvent.UsageReport u -> out.add(usage(u.usage(), u.cost()));
            case AgentEvent.Notice n -> out.add(message("\n\n> " + n.text().replace("\n", "\n> ") + "\n\n"));
            case AgentEvent.CallStarted s -> { }
            case AgentEvent.CodeBlockOpened o -> { }
            case AgentEvent.CodeBlockClosing c -> { }
            case AgentEvent.MessageAdded m -> { }
        }
    }

    /** The context the request took (what it read and wrote) of the window, and the session's cost so far. */
    private AcpSchema.UsageUpdate usage(Usage usage, Double requestCost) {
        if (requestCost != null && !requestCost.isNaN()) {
            cost += requestCost;
            costKnown = true;
        }
        long used = usage.inputTokens() + usage.cacheReadTokens() + usage.cacheWriteTokens() + usage.outputTokens();
        return new AcpSchema.UsageUpdate("usage_update", used, window, costKnown ? new AcpSchema.Cost(cost, "USD")
                : null, null);
    }

    private static AcpSchema.AgentMessageChunk message(String text) {
        return new AcpSchema.AgentMessageChunk("agent_message_chunk", new AcpSchema.TextContent(text));
    }

    private static String fenced(String info, String text) {
        String fence = "`".repeat(MarkdownDialect.fenceLength(text));
        return fence + info + "\n" + text + (text.endsWith("\n") ? "" : "\n") + fence + "\n";
    }
}
