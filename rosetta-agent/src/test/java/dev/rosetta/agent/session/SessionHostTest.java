package dev.rosetta.agent.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.chat.AgentLoop;
import dev.rosetta.agent.chat.ChatSession;
import dev.rosetta.agent.chat.FakeOpenAi;
import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.chat.TurnSettings;
import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.files.FileTools;

/**
 * The session host with two front ends on one conversation, against a loopback server speaking
 * OpenAI's wire format and real file tools: the events each sees, questions answered by id, input
 * queued behind a turn, an interrupt.
 */
class SessionHostTest {

    @TempDir
    Path workspace;

    @TempDir
    Path logs;

    private FakeOpenAi api;
    private SessionHost host;

    @BeforeEach
    void open() throws Exception {
        api = new FakeOpenAi();
        ConversationLog log = ConversationLog.create(logs, "host");
        ModelInfo model = api.model("openai/gpt-4.1");
        var provider = api.provider(model);
        host = SessionHost.open(outlets -> {
            Toolbox toolbox = new Toolbox(FileTools.all(), ToolContext.in(workspace), outlets.confirmation());
            ChatSession session = new ChatSession(model, provider, ToolFormat.TOOL, toolbox, log,
                    TurnSettings.DEFAULT);
            return new Conversation(session, new AgentLoop(session, workspace, outlets.events()), log, api.registry,
                    api.providers(), workspace, null);
        });
    }

    @AfterEach
    void close() {
        host.close();
        api.close();
    }

    private void saveCallThenDone() {
        api.replyCalls("save", "{\"path\":\"a.txt\",\"content\":\"hi\\n\"}");
        api.replyText("Done.");
    }

    @Test
    void twoFrontEndsSeeTheSameEventsInOneNumberedOrderAndTheFirstAnswerWins() throws Exception {
        saveCallThenDone();
        try (FrontEnd terminal = new FrontEnd(host); FrontEnd browser = new FrontEnd(host)) {
            var submitted = host.submit("write a.txt");
            Question.Permission asked = (Question.Permission) terminal.await(SessionEvent.QuestionAsked.class)
                    .question();
            assertThat(asked.use().tool()).isEqualTo("save");
            assertThat(host.questions()).containsExactly(asked);

            assertThat(host.answer(asked.id(), new Answer.Decided(Decision.yes()))).isTrue();
            assertThat(host.answer(asked.id(), new Answer.Decided(new Decision.No("")))).isFalse();

            assertThat(submitted.ended().get().ok()).isTrue();
            SessionEvent.QuestionAnswered answered = browser.await(SessionEvent.QuestionAnswered.class);
            assertThat(answered.answer()).isEqualTo(new Answer.Decided(Decision.yes()));
            browser.await(SessionEvent.TurnEnded.class);
            terminal.await(SessionEvent.TurnEnded.class);
            assertThat(workspace.resolve("a.txt")).hasContent("hi\n");
            assertThat(browser.seen).isEqualTo(terminal.seen);
            List<Long> numbers = terminal.numbers();
            for (int i = 1; i < numbers.size(); i++) {
                assertThat(numbers.get(i)).isEqualTo(numbers.get(i - 1) + 1);
            }
            assertThat(terminal.events()).first().isEqualTo(new SessionEvent.TurnStarted(
                    new Input(submitted.id(), "write a.txt", Input.Kind.MESSAGE)));
        }
    }

    @Test
    void anAnswerThatDoesNotFitTheQuestionIsRefused() throws Exception {
        saveCallThenDone();
        try (FrontEnd front = new FrontEnd(host)) {
            var submitted = host.submit("write a.txt");
            Question asked = front.await(SessionEvent.QuestionAsked.class).question();

            assertThat(host.answer(asked.id(), new Answer.Text("y"))).isFalse();
            assertThat(host.answer("q999", new Answer.Decided(Decision.yes()))).isFalse();
            assertThat(host.answer(asked.id(), new Answer.Decided(Decision.yes()))).isTrue();
            assertThat(submitted.ended().get().ok()).isTrue();
        }
    }

    @Test
    void inputSentDuringATurnWaitsAndAnInterruptHandsItBack() throws Exception {
        saveCallThenDone();
        try (FrontEnd front = new FrontEnd(host)) {
            var first = host.submit("write a.txt");
            Question asked = front.await(SessionEvent.QuestionAsked.class).question();
            var second = host.submit("and then b.txt");
            assertThat(front.await(SessionEvent.Queued.class).waiting()).containsExactly("and then b.txt");
            assertThat(host.busy()).isTrue();

            host.interrupt();

            assertThat(front.await(SessionEvent.QuestionAnswered.class).answer()).isEqualTo(Answer.STOP);
            SessionEvent.TurnEnded ended = front.await(SessionEvent.TurnEnded.class);
            assertThat(ended.outcome().reason()).isEqualTo(TurnOutcome.Reason.INTERRUPTED);
            assertThat(ended.returned()).containsExactly("and then b.txt");
            assertThat(host.queued()).isEmpty();
            assertThat(first.ended().get().reason()).isEqualTo(TurnOutcome.Reason.INTERRUPTED);
            assertThat(second.ended().get().reason()).isEqualTo(TurnOutcome.Reason.INTERRUPTED);
            assertThat(host.questions()).doesNotContain(asked);
            assertThat(workspace.resolve("a.txt")).doesNotExist();
        }
    }

    @Test
    void aFrontEndComingBackGetsWhatItMissedFromTheNumberItSawLast() throws Exception {
        api.replyText("Hello ", "there.");
        long before;
        try (FrontEnd first = new FrontEnd(host)) {
            host.run("hi");
            first.await(SessionEvent.TurnEnded.class);
            before = first.seen.get(2).seq();
            try (FrontEnd back = new FrontEnd(host, before)) {
                assertThat(back.seen).isEqualTo(first.seen.subList(3, first.seen.size()));
            }
        }
        assertThat(before).isPositive();
    }

    @Test
    void aSlashCommandIsTheHostsAndATypoIsSaidNotSent() throws Exception {
        try (FrontEnd front = new FrontEnd(host)) {
            SessionHost.Submitted typo = host.submit("/modle sonnet");
            assertThat(typo.ended().get().ok()).isTrue();
            SessionEvent.Said said = front.await(SessionEvent.Said.class);
            assertThat(said.tone()).isEqualTo(SessionEvent.Tone.PROBLEM);
            assertThat(said.text()).isEqualTo("unknown command /modle; /help lists the commands");
            assertThat(front.events()).first().isEqualTo(new SessionEvent.TurnStarted(
                    new Input(typo.id(), "/modle sonnet", Input.Kind.COMMAND)));
            assertThat(api.server.getRequestCount()).isZero();
        }
    }

    /** Every command's problem has one shape: what happened and what to do, no "/format failed:" before it. */
    @Test
    void aCommandsProblemSaysWhatHappenedWithoutSayingItFailed() throws Exception {
        try (FrontEnd front = new FrontEnd(host)) {
            host.run("/format klingon");
            SessionEvent.Said said = front.await(SessionEvent.Said.class);
            assertThat(said.tone()).isEqualTo(SessionEvent.Tone.PROBLEM);
            assertThat(said.text()).startsWith("unknown tool format 'klingon'; use one of ").doesNotContain("failed");
            host.run("/fork");
            assertThat(front.await(SessionEvent.Said.class).text()).isEqualTo("usage: /fork NAME");
        }
    }

    @Test
    void aTurnEndSaysWhetherTheHistoryWasRewrittenSoAFrontEndRedrawsOnlyThen() throws Exception {
        api.replyText("One.");
        api.replyText("Two.");
        api.replyText("Three.");
        try (FrontEnd front = new FrontEnd(host)) {
            List<Boolean> rewritten = new java.util.ArrayList<>();
            for (String input : List.of("first", "second", "/tokens", "/help", "/undo", "third")) {
                host.run(input);
                rewritten.add(front.await(SessionEvent.TurnEnded.class).historyRewritten());
            }
            assertThat(rewritten).containsExactly(false, false, false, false, true, false);
        }
    }

    @Test
    void aPromptCommandKeepsItsPlaceInLineAndIsLeftToTheFrontEnd() throws Exception {
        try (FrontEnd front = new FrontEnd(host)) {
            host.run("/exit");
            assertThat(front.await(SessionEvent.TurnStarted.class).input().kind()).isEqualTo(Input.Kind.PROMPT);
            front.await(SessionEvent.TurnEnded.class);
            assertThat(front.events()).noneMatch(SessionEvent.Said.class::isInstance);
        }
    }

    @Test
    void impersonateAsksForTheAssistantsMessageAndAddsIt() throws Exception {
        try (FrontEnd front = new FrontEnd(host)) {
            var submitted = host.submit("/impersonate");
            Question asked = front.await(SessionEvent.QuestionAsked.class).question();
            assertThat(asked).isInstanceOf(Question.Message.class);

            host.answer(asked.id(), new Answer.Text("I looked; nothing to do.\n"));

            assertThat(submitted.ended().get().ok()).isTrue();
            front.await(SessionEvent.Agent.class, a -> a.event() instanceof AgentEvent.MessageAdded m
                    && m.message().message().content().equals("I looked; nothing to do.\n"));
        }
    }

    @Test
    void impersonateWithNothingWrittenSendsNothing() throws Exception {
        try (FrontEnd front = new FrontEnd(host)) {
            var submitted = host.submit("/impersonate");
            Question asked = front.await(SessionEvent.QuestionAsked.class).question();
            host.answer(asked.id(), new Answer.Text(null));

            assertThat(submitted.ended().get().ok()).isTrue();
            assertThat(front.await(SessionEvent.Said.class).text()).isEqualTo("nothing written; nothing sent");
            assertThat(host.conversation().session().messages()).isEmpty();
        }
    }

    @Test
    void aFrontEndJoiningMidTurnGetsTheHistoryBeforeTheTurnThenEveryEventOfItWithNoGap() throws Exception {
        api.replyText("First.");
        host.run("hello");
        saveCallThenDone();
        try (FrontEnd first = new FrontEnd(host)) {
            host.submit("write a.txt");
            Question asked = first.await(SessionEvent.QuestionAsked.class).question();
            java.util.List<NumberedEvent> joinedEvents = new java.util.concurrent.CopyOnWriteArrayList<>();
            java.util.concurrent.CountDownLatch joinedSawTheEnd = new java.util.concurrent.CountDownLatch(1);
            SessionHost.Joined joined = host.join(e -> {
                joinedEvents.add(e);
                if (e.event() instanceof SessionEvent.TurnEnded) {
                    joinedSawTheEnd.countDown();
                }
            });
            assertThat(joined.messages()).extracting(m -> m.message().content()).containsExactly("hello", "First.");
            assertThat(joined.history()).isNotEmpty();
            host.answer(asked.id(), new Answer.Decided(Decision.yes()));
            first.await(SessionEvent.TurnEnded.class);
            assertThat(joinedSawTheEnd.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            joined.subscription().close();
            assertThat(joinedEvents.getFirst().seq()).isEqualTo(joined.after() + 1);
            assertThat(joinedEvents.getFirst().event()).isInstanceOf(SessionEvent.TurnStarted.class);
            assertThat(upToTheTurnsEnd(joinedEvents)).isEqualTo(upToTheTurnsEnd(first.seen));
        }
    }

    /** The numbers of events up to and including the first TurnEnded. */
    private static List<Long> upToTheTurnsEnd(List<NumberedEvent> events) {
        List<Long> numbers = new java.util.ArrayList<>();
        synchronized (events) {
            for (NumberedEvent e : events) {
                numbers.add(e.seq());
                if (e.event() instanceof SessionEvent.TurnEnded) {
                    break;
                }
            }
        }
        return numbers;
    }
}
