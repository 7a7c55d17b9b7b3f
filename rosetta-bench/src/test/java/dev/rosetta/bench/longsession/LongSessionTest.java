package dev.rosetta.bench.longsession;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.context.ContextBudget;
import dev.rosetta.agent.log.Compaction;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.undo.Rewind;
import dev.rosetta.tools.files.Workspace;

/**
 * 300 tool calls with large results and reasoning on a 32,000-token model, against a local fake
 * model over loopback HTTP: the context stays within its budget, compaction runs and says so,
 * the first instruction survives it, the log keeps every message, and undo still puts files back.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LongSessionTest {

    private LongSession run;
    private List<TurnOutcome> outcomes;

    @BeforeAll
    void runTheSession(@TempDir Path dir) throws Exception {
        run = new LongSession(dir, true);
        outcomes = run.run();
    }

    @AfterAll
    void close() {
        if (run != null) {
            run.close();
        }
    }

    @Test
    void bothTurnsFinish() {
        assertThat(outcomes).allMatch(TurnOutcome::ok, "finished");
        long calls = run.log().messages().stream().filter(m -> m.message().isToolResult()).count();
        assertThat(calls).isEqualTo(LongSession.CALLS + 1);
    }

    @Test
    void noRequestPassesTheBudget() {
        ContextBudget budget = run.session().budget();
        assertThat(run.requests()).allSatisfy(r -> assertThat((long) r.tokens()).as("request %d", r.number())
                .isLessThanOrEqualTo(budget.tokens()));
        assertThat(run.requests().stream().mapToInt(FakeModelServer.Request::tokens).max().orElseThrow())
                .isGreaterThan((int) (budget.limit() * 0.8));
    }

    @Test
    void compactionRanAndEveryOneWasAnnounced() {
        List<Compaction> compactions = run.log().compactions();
        assertThat(compactions).hasSizeGreaterThan(2);
        assertThat(compactions).anyMatch(c -> c.summary() != null).anyMatch(c -> !c.withoutReasoning().isEmpty())
                .anyMatch(c -> !c.shrunk().isEmpty());
        List<String> notices = run.events().stream().filter(AgentEvent.Notice.class::isInstance)
                .map(e -> ((AgentEvent.Notice) e).text()).filter(t -> t.startsWith("compacted the context")).toList();
        assertThat(notices).hasSize(compactions.size());
        assertThat(notices).allSatisfy(t -> assertThat(t).containsPattern("≈[0-9,]+ → [0-9,]+ tokens \\(saved [0-9,]+\\)"));
    }

    @Test
    void theFirstInstructionIsInEveryRequestAfterTheLastCompaction() {
        List<FakeModelServer.Request> sent = run.requests().stream().filter(r -> !r.summarizing()).toList();
        assertThat(sent).hasSizeGreaterThan(LongSession.CALLS);
        for (FakeModelServer.Request r : sent.subList(sent.size() - 3, sent.size())) {
            String history = r.body().path("messages").toString();
            assertThat(history).as("request %d", r.number()).contains(LongSession.FIRST_INSTRUCTION);
        }
        String summary = sent.getLast().body().path("messages").path(1).path("content").asString("");
        assertThat(summary).startsWith("[Rosetta compacted this conversation").contains("> " + LongSession.FIRST_INSTRUCTION);
    }

    @Test
    void theSystemPromptAndTheCallPairingAreNeverTouched() {
        String prompt = run.requests().getFirst().body().path("messages").path(0).toString();
        for (FakeModelServer.Request r : run.requests()) {
            if (r.summarizing()) {
                continue;
            }
            assertThat(r.body().path("messages").path(0).toString()).isEqualTo(prompt);
            Set<String> called = new HashSet<>();
            Set<String> answered = new HashSet<>();
            r.body().path("messages").forEach(m -> {
                m.path("tool_calls").forEach(c -> called.add(c.path("id").asString()));
                if (m.has("tool_call_id")) {
                    answered.add(m.path("tool_call_id").asString());
                }
            });
            assertThat(answered).as("request %d", r.number()).isEqualTo(called);
        }
    }

    @Test
    void theLogHoldsEveryOriginalMessage() throws Exception {
        List<LoggedMessage> messages = run.log().messages();
        // The instruction, 300 replies with their results, the closing reply; then the second turn.
        assertThat(messages).hasSize(1 + 2 * LongSession.CALLS + 1 + 1 + 2 + 1);
        assertThat(messages.getFirst().message().content()).isEqualTo(LongSession.FIRST_INSTRUCTION);
        LoggedMessage firstRead = messages.get(2);
        assertThat(firstRead.message().content()).as("kept whole, though requests send it cut")
                .contains("module 01 line 001").contains("module 01 line 200").doesNotContain("cut from the middle");
        assertThat(messages.get(1).message().reasoning()).singleElement()
                .satisfies(r -> assertThat(r.text()).startsWith("Step 1."));
    }

    @Test
    @Order(Integer.MAX_VALUE) // it takes the turns back: the other tests look at them first
    void undoAfterCompactionPutsBackWhatTheTurnsChanged() throws Exception {
        Path notes = run.workspace().resolve("out/notes_1.md");
        assertThat(notes).hasContent("One line of notes.");

        Workspace workspace = new Workspace(run.workspace(), false);
        Rewind.Plan last = Rewind.plan(run.log(), run.checkpoints(), Rewind.cutForLast(run.log().messages(), 1),
                workspace);
        assertThat(last.restores()).singleElement().satisfies(r -> assertThat(r.path()).isEqualTo(notes));
        Rewind.apply(run.log(), last, true, workspace);
        assertThat(Files.readString(notes)).startsWith("Notes after step 10:");
        assertThat(run.log().compactions()).as("made before the undone turn: they stay").isNotEmpty();

        Rewind.Plan all = Rewind.plan(run.log(), run.checkpoints(), 0, workspace);
        assertThat(all.restores()).hasSize(LongSession.CALLS / 10).allMatch(r -> r.bytes() == null);
        Rewind.apply(run.log(), all, true, workspace);
        assertThat(run.workspace().resolve("out")).as("the folder the first notes made goes with them").doesNotExist();
        assertThat(run.log().messages()).isEmpty();
        assertThat(run.log().compactions()).isEmpty();
    }
}
