package dev.rosetta.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.context.CompactionResult;
import dev.rosetta.agent.context.ContextSettings;
import dev.rosetta.agent.context.SummaryPrompt;
import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.agent.log.Compaction;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.log.StoredSegment;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.files.FileTools;
import tools.jackson.databind.JsonNode;

/**
 * Compaction against a loopback server speaking OpenAI's wire format: what the summarising request
 * asks, what the next request sends instead of the old messages, and what the log keeps.
 */
class CompactionTest extends LoopbackTurnTest {

    /** A model with a small window: 12,000 tokens, 1,000 of them for the reply. */
    private static final ModelInfo SMALL = new ModelInfo("openai", "gpt-4.1", 12_000, 1_000, null, null, null, null,
            List.of(), null);

    private ChatSession session(ContextSettings context) throws Exception {
        Toolbox toolbox = new Toolbox(FileTools.all(), ToolContext.in(dir), Confirmation.ALWAYS);
        Files.writeString(dir.resolve("AGENTS.md"), "Always answer in French.\n");
        Files.createDirectories(dir.resolve(".git"));
        return new ChatSession(SMALL, api.provider(SMALL), ToolFormat.TOOL, toolbox, log, TurnSettings.DEFAULT,
                new SessionOptions(context, ProjectInstructions.load(dir, null), null));
    }

    /** The first instruction, then {@code steps} native calls with reasoning and results of {@code resultChars}. */
    private void history(int steps, int resultChars) {
        log.append(LoggedMessage.of(Message.user("Port the parser to Rust; keep the public API unchanged."),
                ToolFormat.TOOL));
        for (int i = 1; i <= steps; i++) {
            ToolUse read = ToolUse.named("read", Map.of("path", "src/part" + i + ".txt"), "call_" + i);
            log.append(LoggedMessage.reply("", List.of(StoredSegment.Call.nativeCall(read)),
                    List.of(Reasoning.of("openai-chat", "step " + i + ": " + "thinking ".repeat(60), null)),
                    ToolFormat.TOOL, "openai/gpt-4.1", null, null));
            log.append(LoggedMessage.of(Message.toolResult("call_" + i,
                    ToolResult.ok(("line " + i + " of the file\n").repeat(resultChars / 20))), ToolFormat.TOOL));
        }
    }

    @Test
    void aRequestThatWouldPassTheBudgetIsCompactedFirstAndTheUserIsTold() throws Exception {
        history(24, 1_200);
        ChatSession session = session(ContextSettings.DEFAULT);
        api.replyText("## Instructions\n- Port the parser to Rust, keep the API.\n## Open tasks\n- part 21 on");
        api.replyText("Fini.");

        TurnOutcome outcome = loop(session).run("go on");

        assertThat(outcome.ok()).isTrue();
        List<JsonNode> requests = api.requests();
        assertThat(requests).hasSize(2);
        // The summarising request: the prompt, the transcript, no tools.
        JsonNode summarising = requests.get(0);
        assertThat(summarising.has("tools")).isFalse();
        assertThat(text(summarising, 0)).startsWith(SummaryPrompt.MARKER).contains("## Open tasks");
        assertThat(text(summarising, 1)).contains("<transcript>").contains("[user]\nPort the parser to Rust")
                .contains("[tool result]");
        // The request after it: system prompt and instructions untouched, the summary first, the latest steps whole.
        JsonNode next = requests.get(1).get("messages");
        assertThat(next.get(0).get("content").stringValue()).contains("Always answer in French.");
        String summary = next.get(1).get("content").stringValue();
        assertThat(next.get(1).get("role").stringValue()).isEqualTo("user");
        assertThat(summary).contains("> Port the parser to Rust; keep the public API unchanged.")
                .contains("- part 21 on");
        assertThat(next.get(next.size() - 1).get("content").stringValue()).isEqualTo("go on");
        assertEveryCallHasItsResult(next);
        assertThat(events).filteredOn(AgentEvent.Notice.class::isInstance)
                .extracting(e -> ((AgentEvent.Notice) e).text())
                .anySatisfy(t -> assertThat(t).startsWith("compacted the context: ≈").contains("summarised by the model"));
        // The log keeps every message; the compaction is a record beside them.
        assertThat(log.messages()).hasSize(1 + 24 * 2 + 1 + 1);
        assertThat(log.compactions()).singleElement().satisfies(c -> {
            assertThat(c.trigger()).isEqualTo(Compaction.Trigger.AUTO);
            assertThat(c.tokensAfter()).isLessThan(c.tokensBefore());
        });
    }

    @Test
    void cheapStepsComeFirstAndTheModelIsNotAskedWhenTheyAreEnough() throws Exception {
        history(6, 4_000);
        ChatSession session = session(ContextSettings.DEFAULT.withKeepRecent(1));
        api.replyText("Fini.");

        loop(session).run("go on");

        List<JsonNode> requests = api.requests();
        assertThat(requests).as("no summarising request").hasSize(1);
        Compaction c = log.compactions().getFirst();
        assertThat(c.summary()).isNull();
        assertThat(c.withoutReasoning()).isNotEmpty();
        assertThat(c.shrunk()).isNotEmpty();
        String shrunk = requests.get(0).get("messages").get(3).get("content").stringValue();
        assertThat(shrunk).contains("cut from the middle; the whole output is in ");
        Path saved = Path.of(shrunk.replaceAll("(?s).*the whole output is in (\\S+) ….*", "$1"));
        assertThat(saved).content().isEqualTo(log.messages().get(2).message().content());
    }

    @Test
    void theLatestRepliesAreSentAsTheyAre() throws Exception {
        history(10, 3_000);
        ChatSession session = session(ContextSettings.DEFAULT.withKeepRecent(3));
        api.replyText("## Instructions\n- port it");
        api.replyText("Fini.");

        loop(session).run("go on");

        Compaction c = log.compactions().getFirst();
        List<LoggedMessage> all = log.messages();
        int keepFrom = 1 + 2 * (10 - 3); // the first instruction, seven steps, then the three latest
        assertThat(c.withoutReasoning()).allMatch(i -> i < keepFrom);
        assertThat(c.shrunk()).allMatch(s -> s.message() < keepFrom);
        assertThat(c.summary().upTo()).isLessThanOrEqualTo(keepFrom);
        JsonNode sent = api.requests().get(1).get("messages");
        JsonNode lastResult = sent.get(sent.size() - 2);
        assertThat(lastResult.get("content").stringValue()).isEqualTo(all.get(keepFrom + 5).message().content());
        assertThat(sent.get(sent.size() - 1).get("content").stringValue()).isEqualTo("go on");
    }

    @Test
    void compactByHandKeepsWhatTheUserAsksAndReplayStillSeesEverything() throws Exception {
        history(8, 400);
        ChatSession session = session(ContextSettings.DEFAULT);
        api.replyText("## Instructions\n- keep the API");

        CompactionResult result = loop(session).compact("the list of ported files");

        assertThat(result.compacted()).isTrue();
        assertThat(text(api.requests().get(0), 0)).endsWith("keep in particular: the list of ported files");
        assertThat(result.compaction().trigger()).isEqualTo(Compaction.Trigger.MANUAL);
        assertThat(session.history().summarizedUpTo()).isPositive();
        assertThat(log.messages()).hasSize(1 + 8 * 2);
        assertThat(session.usage(dir, LocalDate.now()).summary()).isPositive();
    }

    @Test
    void aFailedSummaryStillSendsTheCheapStepsAndSaysWhy() throws Exception {
        history(24, 1_200);
        ChatSession session = session(ContextSettings.DEFAULT);
        api.server.enqueue(new mockwebserver3.MockResponse.Builder().code(400)
                .body("{\"error\":{\"message\":\"no summaries today\"}}").build());
        api.replyText("Fini.");

        assertThat(loop(session).run("go on").ok()).isTrue();

        assertThat(log.compactions().getFirst().summary()).isNull();
        assertThat(events).filteredOn(AgentEvent.Notice.class::isInstance)
                .extracting(e -> ((AgentEvent.Notice) e).text())
                .anySatisfy(t -> assertThat(t).contains("the summary failed").contains("no summaries today"));
    }

    /** A summary that failed is not asked for again at every step of the turn: each would fail the same way. */
    @Test
    void aFailedSummaryIsNotAskedForAgainBeforeTheNextMessage() throws Exception {
        history(40, 1_200);
        ChatSession session = session(ContextSettings.DEFAULT);
        api.server.enqueue(new mockwebserver3.MockResponse.Builder().code(400)
                .body("{\"error\":{\"message\":\"no summaries today\"}}").build());
        api.replyCalls("read", "{\"path\":\"src/part1.txt\"}");
        api.replyText("Fini.");

        assertThat(loop(session).run("go on").ok()).isTrue();

        List<JsonNode> requests = api.requests();
        assertThat(requests).as("the failed summary, then the turn's two steps").hasSize(3);
        assertThat(requests.subList(1, 3)).allSatisfy(r -> assertThat(r.has("tools")).as("a step, not a summary").isTrue());
        assertThat(events).filteredOn(AgentEvent.Notice.class::isInstance)
                .extracting(e -> ((AgentEvent.Notice) e).text())
                .anySatisfy(t -> assertThat(t).contains("the summary failed")
                        .contains("not asked again before your next message"));
    }

    private static String text(JsonNode request, int message) {
        return request.get("messages").get(message).get("content").stringValue();
    }

    /** Every native call the request carries is answered in it, and every answer has its call. */
    private static void assertEveryCallHasItsResult(JsonNode messages) {
        Set<String> called = new HashSet<>();
        Set<String> answered = new HashSet<>();
        for (JsonNode m : messages) {
            m.path("tool_calls").forEach(c -> called.add(c.get("id").stringValue()));
            if (m.has("tool_call_id")) {
                answered.add(m.get("tool_call_id").stringValue());
            }
        }
        assertThat(answered).isEqualTo(called);
    }
}
