package dev.rosetta.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.TurnOutcome.Reason;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Role;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.files.FileTools;
import tools.jackson.databind.JsonNode;

/**
 * Issue 25: a reply that would not end (200 MB of text, 100,000 calls) is stopped at its limits
 * ({@code [limits] reply_size}, {@code reply_calls}), against a loopback server speaking OpenAI's
 * stream: what came before the stop is kept and logged, the calls complete by then run, the model
 * is told in one message and the user in one line.
 */
class ReplyLimitsTest extends LoopbackTurnTest {

    private AgentLoop loop(ToolFormat format, ReplyLimits limits) throws Exception {
        Toolbox toolbox = new Toolbox(new ArrayList<>(FileTools.all()), ToolContext.in(dir), Confirmation.ALWAYS);
        var model = api.model("openai/gpt-4.1");
        ChatSession session = new ChatSession(model, api.provider(model), format, toolbox, log,
                TurnSettings.DEFAULT.withBreakOnToolUse(false).withReplyLimits(limits));
        return loop(session);
    }

    private List<String> notices() {
        return events.stream().filter(AgentEvent.Notice.class::isInstance).map(e -> ((AgentEvent.Notice) e).text())
                .toList();
    }

    private String shownProse() {
        StringBuilder shown = new StringBuilder();
        events.stream().filter(AgentEvent.ProseDelta.class::isInstance)
                .forEach(e -> shown.append(((AgentEvent.ProseDelta) e).text()));
        return shown.toString();
    }

    @Test
    void aReplyPastItsSizeIsStoppedAtTheLimitAndWhatCameBeforeIsKept() throws Exception {
        String line = "All work and no play makes Jack a dull boy. Ünïcödé too: 😀\n";
        List<String> pieces = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            pieces.add(line);
        }
        api.replyText(pieces.toArray(String[]::new));

        TurnOutcome outcome = loop(ToolFormat.MARKDOWN, new ReplyLimits(4096, 50)).run("write forever");

        assertThat(outcome.reason()).isEqualTo(Reason.FAILED);
        assertThat(outcome.message()).contains("stopped at 4.0 KiB").contains("[limits] reply_size");
        LoggedMessage reply = log.messages().get(1);
        byte[] kept = reply.message().content().getBytes(StandardCharsets.UTF_8);
        assertThat(kept.length).isLessThanOrEqualTo(4096).isGreaterThan(4096 - 4);
        assertThat(String.join("", pieces)).startsWith(reply.message().content());
        assertThat(shownProse()).isEqualTo(reply.message().content());
        LoggedMessage told = log.messages().get(2);
        assertThat(told.message().role()).isEqualTo(Role.SYSTEM);
        assertThat(told.message().content()).startsWith("Your last reply was stopped after 4.0 KiB");
        assertThat(notices()).as("the outcome says it, once").isEmpty();
        assertThat(api.requests()).as("a reply stopped for its size is not asked for again").hasSize(1);
    }

    @Test
    void aReplyPastItsCallCountRunsTheFirstCallsAndTellsTheModelOnce() throws Exception {
        List<String> pieces = new ArrayList<>(List.of("Writing six files.\n"));
        for (int i = 1; i <= 6; i++) {
            pieces.add("```save f" + i + ".txt\n" + i + "\n```\n");
        }
        api.replyText(pieces.toArray(String[]::new));
        api.replyText("I will write the rest next.");

        TurnOutcome outcome = loop(ToolFormat.MARKDOWN, new ReplyLimits(1 << 20, 3)).run("write six files");

        assertThat(outcome.ok()).isTrue();
        assertThat(dir.resolve("f1.txt")).hasContent("1\n");
        assertThat(dir.resolve("f3.txt")).exists();
        assertThat(dir.resolve("f4.txt")).doesNotExist();
        assertThat(dir.resolve("f5.txt")).doesNotExist();
        LoggedMessage reply = log.messages().get(1);
        assertThat(reply.message().calls()).hasSize(3);
        assertThat(log.messages()).filteredOn(m -> m.message().role() == Role.SYSTEM && !m.message().isToolResult())
                .singleElement().satisfies(m -> assertThat(m.message().content())
                        .startsWith("Your last reply was stopped at its 4th call").contains("at most 3 calls")
                        .doesNotContain("Nothing ran from"));
        assertThat(notices()).singleElement().asString().contains("stopped at its 4th call")
                .contains("[limits] reply_calls");
        assertThat(shownProse()).doesNotContain("f4.txt");
        JsonNode second = api.requests().get(1).get("messages");
        assertThat(second.toString()).contains("Your last reply was stopped at its 4th call");
    }

    @Test
    void nativeCallsPastTheCountAreNotReadAndTheFirstRunBeforeTheirReplyEnded() throws Exception {
        List<String> calls = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            calls.add("save");
            calls.add("{\"path\": \"n" + i + ".txt\", \"content\": \"" + i + "\"}");
        }
        api.replyCalls(calls.toArray(String[]::new));
        api.replyText("Done for now.");

        TurnOutcome outcome = loop(ToolFormat.TOOL, new ReplyLimits(1 << 20, 2)).run("write five files");

        assertThat(outcome.ok()).isTrue();
        assertThat(dir.resolve("n1.txt")).hasContent("1");
        assertThat(dir.resolve("n2.txt")).hasContent("2");
        assertThat(dir.resolve("n3.txt")).doesNotExist();
        JsonNode messages = api.requests().get(1).get("messages");
        assertThat(messages.get(2).get("tool_calls")).as("only the calls read are sent back").hasSize(2);
        assertThat(messages.get(3).get("tool_call_id").stringValue()).isEqualTo("call_1");
        assertThat(messages.get(4).get("tool_call_id").stringValue()).isEqualTo("call_2");
        assertThat(messages.get(5).get("content").stringValue()).contains("stopped at its 3rd call");
    }

    @Test
    void aCallCompleteBeforeTheSizeLimitRunsAndOneCutOffDoesNot() throws Exception {
        String body = "x".repeat(3000);
        api.replyText("```save first.txt\nkept\n```\n", "```save second.txt\n" + body + "\n```\n");
        api.replyText("Shorter then.");

        TurnOutcome outcome = loop(ToolFormat.MARKDOWN, new ReplyLimits(1024, 50)).run("write two files");

        assertThat(outcome.ok()).isTrue();
        assertThat(dir.resolve("first.txt")).hasContent("kept\n");
        assertThat(dir.resolve("second.txt")).doesNotExist();
        String told = api.requests().get(1).get("messages").toString();
        assertThat(told).contains("Your last reply was stopped after 1.0 KiB");
        assertThat(notices()).filteredOn(n -> n.contains("[limits] reply_size")).hasSize(1);
    }
}
