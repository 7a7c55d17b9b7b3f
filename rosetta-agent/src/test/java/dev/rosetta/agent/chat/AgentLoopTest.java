package dev.rosetta.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.TurnOutcome.Reason;
import dev.rosetta.agent.log.FullDisk;
import dev.rosetta.agent.log.LogWriteException;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.log.StoredSegment;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.files.FileTools;
import dev.rosetta.tools.python.PythonTool;
import dev.rosetta.tools.repl.ReplTimeouts;
import dev.rosetta.tools.shell.ShellTool;
import mockwebserver3.MockResponse;
import tools.jackson.databind.JsonNode;

/** Whole turns against a loopback server speaking OpenAI's wire format, with real file tools. */
class AgentLoopTest extends LoopbackTurnTest {

    private List<Tool> extraTools = List.of();

    /** What the conversation holds: the log's messages (the session keeps no list of its own). */
    private List<LoggedMessage> logged() {
        return log.messages();
    }

    private AgentLoop loop(String model, ToolFormat format, Confirmation confirmation, TurnSettings settings)
            throws Exception {
        return loop(api.model(model), format, confirmation, settings);
    }

    private AgentLoop loop(ModelInfo info, ToolFormat format, Confirmation confirmation, TurnSettings settings)
            throws Exception {
        // All built-in tools are declared (so ```bash is known as shell's alias); only file tools run here.
        List<Tool> tools = new ArrayList<>(FileTools.all());
        tools.add(new ShellTool());
        tools.addAll(extraTools);
        Toolbox toolbox = new Toolbox(tools, ToolContext.in(dir), confirmation);
        ChatSession session = new ChatSession(info, api.provider(info), format, toolbox, log, settings);
        return loop(session);
    }

    private AgentLoop loop(ToolFormat format) throws Exception {
        return loop("openai/gpt-4.1", format, Confirmation.ALWAYS, TurnSettings.DEFAULT);
    }

    @Test
    void markdownSaveRunsAndItsResultReachesTheNextRequest() throws Exception {
        api.replyText("I'll write it.\n```save hello.py\n", "print('hi')\n", "```\n");
        api.replyText("Done.");
        TurnOutcome outcome = loop(ToolFormat.MARKDOWN).run("write hello.py");

        assertThat(outcome.ok()).isTrue();
        assertThat(dir.resolve("hello.py")).hasContent("print('hi')\n");
        List<JsonNode> requests = api.requests();
        assertThat(requests).hasSize(2);
        JsonNode second = requests.get(1).get("messages");
        assertThat(second.get(0).get("content").stringValue()).contains("```save <path>");
        assertThat(second.get(2).get("content").stringValue()).contains("```save hello.py");
        assertThat(second.get(3).get("role").stringValue()).isEqualTo("system");
        assertThat(second.get(3).get("content").stringValue()).startsWith("Saved hello.py");
        assertThat(requests.get(0).has("tools")).isFalse();
    }

    @Test
    void replyStopsAtTheFirstCompleteCallWhenTheModelCannotCallInParallel() throws Exception {
        api.replyText("```save a.txt\nA\n```\n", "```save b.txt\nB\n```\n");
        api.replyText("Next.");
        loop("openai/gpt-4.1", ToolFormat.MARKDOWN, Confirmation.ALWAYS, TurnSettings.DEFAULT.withBreakOnToolUse(true))
                .run("write two files");

        assertThat(dir.resolve("a.txt")).exists();
        assertThat(dir.resolve("b.txt")).doesNotExist();
        LoggedMessage reply = logged().get(1);
        assertThat(reply.message().content()).isEqualTo("```save a.txt\nA\n```\n");
        assertThat(reply.message().calls()).hasSize(1);
    }

    @Test
    void aShellCallsOutputArrivesLiveBeforeItsResult() throws Exception {
        api.replyText("```shell\nprintf 'one\\ntwo\\n'\n```\n");
        api.replyText("Ran it.");
        loop(ToolFormat.MARKDOWN).run("run it");

        List<String> order = new ArrayList<>();
        StringBuilder live = new StringBuilder();
        for (AgentEvent e : events) {
            if (e instanceof AgentEvent.ToolOutput o) {
                live.append(new String(o.bytes(), java.nio.charset.StandardCharsets.UTF_8));
                order.add("output");
            } else if (e instanceof AgentEvent.ToolFinished) {
                order.add("finished");
            }
        }
        assertThat(live.toString()).isEqualTo("one\ntwo\n");
        assertThat(order).last().isEqualTo("finished");
        assertThat(order).first().isEqualTo("output");
    }

    @Test
    void twoNativeCallsFromAModelAskedForOneAreBothAnsweredAndOnlyTheFirstRuns() throws Exception {
        api.replyCalls("save", "{\"path\": \"a.txt\", \"content\": \"A\"}", "save",
                "{\"path\": \"b.txt\", \"content\": \"B\"}");
        api.replyText("Next.");
        TurnOutcome outcome = loop("openai/gpt-4.1", ToolFormat.TOOL, Confirmation.ALWAYS,
                TurnSettings.DEFAULT.withBreakOnToolUse(true)).run("write two files");

        assertThat(outcome.ok()).isTrue();
        assertThat(dir.resolve("a.txt")).exists();
        assertThat(dir.resolve("b.txt")).doesNotExist();
        assertThat(logged().get(1).message().calls()).as("the second call is logged, not dropped").hasSize(2);
        JsonNode messages = api.requests().get(1).get("messages");
        assertThat(messages.get(2).get("tool_calls")).hasSize(2);
        assertThat(messages.get(3).get("tool_call_id").stringValue()).isEqualTo("call_1");
        assertThat(messages.get(4).get("tool_call_id").stringValue()).isEqualTo("call_2");
        assertThat(messages.get(4).get("content").stringValue()).startsWith(ErrorCode.CANCELED.tag())
                .contains(AgentLoop.ONE_CALL_A_REPLY);
    }

    @Test
    void aConversationThatOutgrowsTheContextIsSaidSoBeforeItIsSentOnceATurn() throws Exception {
        api.replyText("```save a.txt\nA\n```\n");
        api.replyText("Done.");
        ModelInfo small = api.model("openai/gpt-4.1").withContextWindow(600, "a small server");
        loop(small, ToolFormat.MARKDOWN, Confirmation.ALWAYS, TurnSettings.DEFAULT).run("write a.txt " + "x ".repeat(400));

        List<AgentEvent> notices = events.stream().filter(AgentEvent.Notice.class::isInstance).toList();
        assertThat(notices).hasSize(1);
        assertThat(((AgentEvent.Notice) notices.getFirst()).text()).startsWith("this request is about")
                .contains("more than the 600 of openai/gpt-4.1's context");
        assertThat(events.indexOf(notices.getFirst())).as("before the reply").isLessThan(events.stream()
                .filter(AgentEvent.ProseDelta.class::isInstance).map(events::indexOf).findFirst().orElseThrow());
    }

    /** Issue 25: 100 MB piped in was sent as a 72M-token request with only a notice. */
    @Test
    void aMessageThatCannotFitTheWindowIsRefusedAndNothingIsSentOrLogged() throws Exception {
        ModelInfo small = api.model("openai/gpt-4.1").withContextWindow(600, "a small server");
        TurnOutcome outcome = loop(small, ToolFormat.MARKDOWN, Confirmation.ALWAYS, TurnSettings.DEFAULT)
                .run("summarise this:\n" + "word ".repeat(5_000));

        assertThat(outcome.reason()).isEqualTo(Reason.TOO_LARGE);
        assertThat(outcome.message()).startsWith("your message is more than 600 tokens").contains("nothing was sent");
        assertThat(logged()).isEmpty();
        assertThat(api.server.getRequestCount()).isZero();
    }

    @Test
    void aCallThatComesBackAsHermesTextInToolFormatRunsLikeANativeOne() throws Exception {
        api.replyText("Saving.\n<tool_call>\n{\"name\": \"save\", \"arguments\": ",
                "{\"path\": \"h.txt\", \"content\": \"hi\"}}\n</tool_call>\n");
        api.replyText("Saved.");
        TurnOutcome outcome = loop(ToolFormat.TOOL).run("save h.txt");

        assertThat(outcome.ok()).isTrue();
        assertThat(dir.resolve("h.txt")).hasContent("hi\n");
        JsonNode messages = api.requests().get(1).get("messages");
        JsonNode call = messages.get(2).get("tool_calls").get(0);
        assertThat(call.get("function").get("name").stringValue()).isEqualTo("save");
        assertThat(messages.get(2).get("content").stringValue()).as("the text without the call").isEqualTo("Saving.");
        assertThat(messages.get(3).get("role").stringValue()).isEqualTo("tool");
        assertThat(messages.get(3).get("tool_call_id").stringValue()).isEqualTo(call.get("id").stringValue())
                .startsWith("call_");
        assertThat(messages).hasSize(4);
    }

    @Test
    void everyCallOfAMessageTheUserWroteRunsAlsoForAModelAskedForOneCallAReply() throws Exception {
        api.replyText("Both are there.");
        TurnOutcome outcome = loop("openai/gpt-4.1", ToolFormat.MARKDOWN, Confirmation.ALWAYS,
                TurnSettings.DEFAULT.withBreakOnToolUse(true))
                .impersonate("```save a.txt\nA\n```\n```save b.txt\nB\n```\n");

        assertThat(outcome.ok()).isTrue();
        assertThat(dir.resolve("a.txt")).exists();
        assertThat(dir.resolve("b.txt")).exists();
    }

    @Test
    void parallelModelsRunEveryCallOfAReplyInOrder() throws Exception {
        api.replyText("```save a.txt\nA\n```\n```append a.txt\nB\n```\n");
        api.replyText("Both done.");
        loop(ToolFormat.MARKDOWN).run("two calls");
        assertThat(dir.resolve("a.txt")).hasContent("A\nB");
        assertThat(logged()).filteredOn(m -> m.message().isToolResult()).hasSize(2);
    }

    @Test
    void nativeCallsGetExactlyOneResultEachTiedToTheirIds() throws Exception {
        api.replyCalls("save", "{\"path\": \"n.txt\", \"content\": \"native\"}", "read", "{\"path\": \"n.txt\"}");
        api.replyText("All good.");
        TurnOutcome outcome = loop(ToolFormat.TOOL).run("use native tools");

        assertThat(outcome.ok()).isTrue();
        assertThat(dir.resolve("n.txt")).hasContent("native\n");
        JsonNode messages = api.requests().get(1).get("messages");
        assertThat(messages.get(2).get("tool_calls")).hasSize(2);
        assertThat(messages.get(3).get("role").stringValue()).isEqualTo("tool");
        assertThat(messages.get(3).get("tool_call_id").stringValue()).isEqualTo("call_1");
        assertThat(messages.get(4).get("tool_call_id").stringValue()).isEqualTo("call_2");
        assertThat(messages.get(4).get("content").stringValue()).contains("native");
    }

    @Test
    void nativeCallWithBrokenJsonStillGetsItsOneResult() throws Exception {
        api.replyCalls("save", "{\"path\": \"x.txt\", \"content\": ");
        api.replyText("Oops.");
        loop(ToolFormat.TOOL).run("broken call");
        assertThat(logged()).filteredOn(m -> m.message().isToolResult()).singleElement()
                .satisfies(m -> {
                    assertThat(m.message().isError()).isTrue();
                    assertThat(m.message().content()).startsWith("[ERROR:InvalidArgs]");
                });
    }

    @Test
    void refusedConfirmationIsAResultAndTheTurnGoesOn() throws Exception {
        api.replyText("```save no.txt\nx\n```\n");
        api.replyText("Understood.");
        TurnOutcome outcome = loop("openai/gpt-4.1", ToolFormat.MARKDOWN,
                (use, preview, remember) -> new Decision.No("not today"), TurnSettings.DEFAULT).run("save something");
        assertThat(outcome.ok()).isTrue();
        assertThat(dir.resolve("no.txt")).doesNotExist();
        assertThat(api.requests().get(1).get("messages").get(3).get("content").stringValue())
                .isEqualTo("[ERROR:Canceled] the user declined to run this call: not today");
    }

    @Test
    void unreadableCallsAreExplainedThreeTimesThenTheTurnStops() throws Exception {
        for (int i = 0; i < 4; i++) {
            api.replyText("<tool_call>{\"name\": \"bash\", \"arguments\": {\"command\": \"ls\"}}</tool_call>\n");
        }
        TurnOutcome outcome = loop(ToolFormat.MARKDOWN).run("run python");
        assertThat(outcome.reason()).isEqualTo(Reason.UNREADABLE_CALLS);
        List<JsonNode> requests = api.requests();
        assertThat(requests).hasSize(4);
        JsonNode last = requests.get(3).get("messages");
        assertThat(last.get(last.size() - 1).get("content").stringValue())
                .contains("'bash'").contains("shell");
        assertThat(logged()).filteredOn(m -> m.message().role() == Role.SYSTEM).hasSize(3);
    }

    @Test
    void stepLimitStopsALoopingModel() throws Exception {
        for (int i = 0; i < 3; i++) {
            api.replyText("```append log.txt\nline\n```\n");
        }
        TurnOutcome outcome = loop("openai/gpt-4.1", ToolFormat.MARKDOWN, Confirmation.ALWAYS,
                TurnSettings.DEFAULT.withMaxSteps(2)).run("loop");
        assertThat(outcome.reason()).isEqualTo(Reason.MAX_STEPS);
        assertThat(api.server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void theSameCallFailingTheSameWayThreeTimesInARowStopsTheTurn() throws Exception {
        for (int i = 0; i < 5; i++) {
            api.replyText("```read missing.txt\n```\n");
        }
        TurnOutcome outcome = loop(ToolFormat.MARKDOWN).run("read it");

        assertThat(outcome.reason()).isEqualTo(Reason.REPEATED_FAILURE);
        assertThat(outcome.message()).isEqualTo("stopped: read failed the same way (ENOENT) 3 times in a row;"
                + " say how to go on");
        assertThat(api.server.getRequestCount()).isEqualTo(3);
        assertThat(logged().getLast().message().content()).startsWith("Rosetta stopped your turn: read failed the"
                + " same way (ENOENT) 3 times in a row.");
    }

    @Test
    void aDifferentCallOrASuccessInBetweenStartsTheCountAgain() throws Exception {
        api.replyText("```read missing.txt\n```\n");
        api.replyText("```read missing.txt\n```\n");
        api.replyText("```read other.txt\n```\n");
        api.replyText("```read missing.txt\n```\n");
        api.replyText("```read missing.txt\n```\n");
        api.replyText("I give up.");
        TurnOutcome outcome = loop(ToolFormat.MARKDOWN).run("read it");

        assertThat(outcome.ok()).isTrue();
        assertThat(api.server.getRequestCount()).isEqualTo(6);
    }

    @Test
    void failedRequestEndsTheTurnWithTheProvidersMessage() throws Exception {
        api.server.enqueue(new MockResponse.Builder().code(400)
                .body("{\"error\":{\"message\":\"context too long\"}}").build());
        TurnOutcome outcome = loop(ToolFormat.MARKDOWN).run("hi");
        assertThat(outcome.reason()).isEqualTo(Reason.MODEL_FAILED);
        assertThat(outcome.message()).contains("context too long").doesNotContain("SECRET");
    }

    @Test
    void errorResultsCarryTheirCode() throws Exception {
        api.replyText("```read missing.txt\n```\n");
        api.replyText("It is missing.");
        loop(ToolFormat.MARKDOWN).run("read it");
        assertThat(events).filteredOn(AgentEvent.ToolFinished.class::isInstance)
                .singleElement().satisfies(e -> assertThat(((AgentEvent.ToolFinished) e).result().code())
                        .isEqualTo(ErrorCode.ENOENT));
    }

    @Test
    void aTextCallCarriesOneIdFromReadToResult() throws Exception {
        api.replyText("```save id.txt\nx\n```\n");
        api.replyText("ok");
        loop(ToolFormat.MARKDOWN).run("save");
        String read = events.stream().filter(AgentEvent.CallRead.class::isInstance)
                .map(e -> ((AgentEvent.CallRead) e).use().callId()).findFirst().orElseThrow();
        String finished = events.stream().filter(AgentEvent.ToolFinished.class::isInstance)
                .map(e -> ((AgentEvent.ToolFinished) e).use().callId()).findFirst().orElseThrow();
        assertThat(read).isNotNull().isEqualTo(finished);
        assertThat(logged()).filteredOn(m -> m.message().isToolResult()).singleElement()
                .satisfies(m -> assertThat(m.message().callId()).isEqualTo(read));
    }

    @Test
    void proseStreamsAsItArrives() throws Exception {
        api.replyText("Hel", "lo ", "there.");
        loop(ToolFormat.MARKDOWN).run("hi");
        String shown = events.stream().filter(AgentEvent.ProseDelta.class::isInstance)
                .map(e -> ((AgentEvent.ProseDelta) e).text()).reduce("", String::concat);
        assertThat(shown).isEqualTo("Hello there.");
        assertThat(Files.exists(dir)).isTrue();
    }

    @Test
    void aReplyIsLoggedWithTheSegmentsItWasReadInto() throws Exception {
        api.replyText("Saving.\n```save s.txt\nx\n```\n");
        api.replyText("Done.");
        loop(ToolFormat.MARKDOWN).run("save");

        LoggedMessage reply = logged().get(1);
        String text = reply.message().content();
        assertThat(reply.segments()).hasSize(2);
        assertThat(reply.segments().get(0)).isInstanceOfSatisfying(StoredSegment.Prose.class,
                p -> assertThat(reply.text(p.span())).isEqualTo("Saving.\n"));
        assertThat(reply.segments().get(1)).isInstanceOfSatisfying(StoredSegment.Call.class, c -> {
            assertThat(c.dialectName()).isEqualTo("markdown");
            assertThat(reply.text(c.span())).isEqualTo(text.substring(8)).isEqualTo("```save s.txt\nx\n```\n");
            assertThat(c.use()).isSameAs(reply.message().calls().getFirst());
        });
    }

    @Test
    void nativeCallsAreLoggedAsCallsWithoutASpan() throws Exception {
        api.replyCalls("read", "{\"path\": \"n.txt\"}");
        api.replyText("ok");
        loop(ToolFormat.TOOL).run("read");

        assertThat(logged().get(1).segments()).singleElement().isInstanceOfSatisfying(StoredSegment.Call.class, c -> {
            assertThat(c.isNative()).isTrue();
            assertThat(c.span()).isNull();
            assertThat(c.dialectName()).isEqualTo(StoredSegment.NATIVE);
        });
    }

    @Test
    void aCallOfAToolThatCannotRunHereIsReadAndAnsweredUnavailableWithTheReason() throws Exception {
        extraTools = List.of(new PythonTool(List.of("python3-that-does-not-exist"), PythonTool.Engine.AUTO,
                new ReplTimeouts(Duration.ofSeconds(30), Duration.ofSeconds(2))));
        api.replyText("```ipython\n1 + 1\n```\n");
        api.replyText("I see.");
        loop(ToolFormat.MARKDOWN).run("add");

        assertThat(logged().get(1).message().calls()).extracting(ToolUse::tool).containsExactly("ipython");
        assertThat(logged()).filteredOn(m -> m.message().isToolResult()).singleElement().satisfies(m -> {
            assertThat(m.message().errorCode()).isEqualTo(ErrorCode.UNAVAILABLE);
            assertThat(m.message().content()).startsWith("[ERROR:Unavailable]")
                    .contains("python3-that-does-not-exist not found on PATH");
        });
        String prompt = api.requests().get(0).get("messages").get(0).get("content").stringValue();
        assertThat(prompt).as("the prompt offers only what can run").contains("```save").doesNotContain("```ipython");
    }

    @Test
    void aMessageTheDiskRefusedIsNotInTheConversationAndNothingIsSent() throws Exception {
        log.close();
        log = FullDisk.reopen(logs, CONVERSATION);
        AgentLoop loop = loop(ToolFormat.MARKDOWN);

        assertThatThrownBy(() -> loop.run("hi")).isInstanceOf(LogWriteException.class)
                .hasMessageContaining("No space left on device").hasMessageContaining("not saved");

        assertThat(logged()).isEmpty();
        assertThat(api.requests()).isEmpty();
        assertThat(events).noneMatch(AgentEvent.MessageAdded.class::isInstance);
    }
}
