package dev.rosetta.cli.headless;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.session.Answer;
import dev.rosetta.agent.session.Input;
import dev.rosetta.agent.session.NumberedEvent;
import dev.rosetta.agent.session.Question;
import dev.rosetta.agent.session.SessionEvent;
import dev.rosetta.agent.session.SessionStatus;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.mcp.McpForm;
import dev.rosetta.tools.schema.SchemaCheck;

/** The headless protocol's lines: text a run at a time (or as it streams), every call event with its id and dialect. */
class EventLinesTest {

    private static final ToolUse SAVE = ToolUse.named("save", Map.of("path", "a.txt", "content", "A"), "call_1");

    private static List<Map<String, Object>> lines(boolean deltas, SessionEvent... events) {
        StringBuilder out = new StringBuilder();
        EventLines lines = new EventLines(out, deltas);
        long seq = 0;
        for (SessionEvent e : events) {
            lines.accept(new NumberedEvent(++seq, e));
        }
        lines.flushText();
        return out.toString().lines().map(Json::readObject).toList();
    }

    private static SessionEvent agent(AgentEvent event) {
        return new SessionEvent.Agent(event);
    }

    @Test
    void textComesARunAtATimeBetweenOtherEvents() {
        List<Map<String, Object>> lines = lines(false, agent(new AgentEvent.ThinkingDelta("plan ")),
                agent(new AgentEvent.ThinkingDelta("it")), agent(new AgentEvent.ProseDelta("I'll ")),
                agent(new AgentEvent.CodeBlockOpened("js", "```")), agent(new AgentEvent.ProseDelta("save it.")),
                agent(new AgentEvent.CallStarted("save", "native")),
                agent(new AgentEvent.CallRead(SAVE, "native", null)), agent(new AgentEvent.ProseDelta("Done.")));
        assertThat(lines).extracting(l -> l.get("type")).containsExactly("thinking", "prose", "call", "prose");
        assertThat(lines.get(0)).containsEntry("text", "plan it");
        assertThat(lines.get(1)).containsEntry("text", "I'll save it.");
        assertThat(lines.get(2)).containsEntry("call_id", "call_1").containsEntry("dialect", "native");
    }

    @Test
    void streamDeltasWritesEveryPieceAndTheDisplayHints() {
        List<Map<String, Object>> lines = lines(true, agent(new AgentEvent.ProseDelta("I'll ")),
                agent(new AgentEvent.ProseDelta("save")), agent(new AgentEvent.CodeBlockOpened("js", "```")),
                agent(new AgentEvent.CodeBlockClosing()), agent(new AgentEvent.CallStarted("save", "markdown")));
        assertThat(lines).extracting(l -> l.get("type"))
                .containsExactly("prose", "prose", "code_block_opened", "code_block_closing", "call_started");
    }

    @Test
    void theToolEventsNameTheDialectTheCallWasWrittenIn() {
        List<Map<String, Object>> lines = lines(false, agent(new AgentEvent.CallRead(SAVE, "hermes", "<tool_call>…")),
                agent(new AgentEvent.ToolStarted(SAVE)), agent(new AgentEvent.ToolOutput(SAVE, new byte[] {65})),
                agent(new AgentEvent.ToolFinished(SAVE, ToolResult.ok("Saved a.txt"))));
        assertThat(lines).extracting(l -> l.get("type")).containsExactly("call", "tool_started", "tool_result");
        assertThat(lines).allSatisfy(l -> assertThat(l).containsEntry("dialect", "hermes").containsEntry("call_id",
                "call_1"));
    }

    /** Every kind of event the writer makes, synthetic, against the schema file. */
    @Test
    void everyKindOfEventMatchesTheSchema() throws IOException {
        Map<String, Object> schema = Json.readObject(Files.readString(Path.of("../docs/headless-events.schema.json")));
        Input input = new Input(1, "write a.txt", Input.Kind.MESSAGE);
        Question.Permission permission = new Question.Permission("q1", SAVE, new Preview.FileChange("a.txt",
                "--- /dev/null\n+++ b/a.txt\n@@ -0,0 +1 @@\n+A\n", true), List.of());
        Question.Form form = new Question.Form("q2", new McpForm("db", "Which table?", List.of(new McpForm.Field(
                "table", "Table", null, "string", true, "users", List.of()))));
        Question.Choice choice = new Question.Choice("q3", "Put the files back? ", List.of(new Question.Option("y",
                "yes")));
        Question.Message message = new Question.Message("q4", "the assistant's message");
        List<Map<String, Object>> lines = lines(true,
                new SessionEvent.TurnStarted(input), new SessionEvent.Queued(List.of("next")),
                agent(new AgentEvent.ThinkingDelta("hm")), agent(new AgentEvent.ProseDelta("ok")),
                agent(new AgentEvent.CodeBlockOpened("", "```")), agent(new AgentEvent.CodeBlockClosing()),
                agent(new AgentEvent.CallStarted("save", "native")), agent(new AgentEvent.CallRead(SAVE, "native", null)),
                agent(new AgentEvent.UnparsedRead(dev.rosetta.core.split.StreamSplitter.split("```python\nx\n```\n",
                        ToolFormat.MARKDOWN, dev.rosetta.core.tool.BuiltinTools.catalog()).stream()
                        .filter(dev.rosetta.core.split.Segment.Unparsed.class::isInstance)
                        .map(dev.rosetta.core.split.Segment.Unparsed.class::cast).findFirst().orElseThrow())),
                new SessionEvent.QuestionAsked(permission),
                new SessionEvent.QuestionAnswered(permission, new Answer.Decided(new Decision.No("not there"))),
                new SessionEvent.QuestionAsked(form),
                new SessionEvent.QuestionAnswered(form, new Answer.Filled(new McpForm.Answer.Accept(Map.of("table", "x")))),
                new SessionEvent.QuestionAsked(choice), new SessionEvent.QuestionAnswered(choice, new Answer.Text("y")),
                new SessionEvent.QuestionAsked(message), new SessionEvent.QuestionAnswered(message, Answer.STOP),
                agent(new AgentEvent.ToolStarted(SAVE)),
                agent(new AgentEvent.ToolFinished(SAVE, ToolResult.ok("Saved a.txt"))),
                agent(new AgentEvent.MessageAdded(LoggedMessage.of(Message.user("hi"), ToolFormat.MARKDOWN))),
                agent(new AgentEvent.UsageReport("openai/gpt-4.1", new Usage(10, 2, 0, 0), 0.001)),
                agent(new AgentEvent.Notice("a notice")),
                new SessionEvent.Said("said", SessionEvent.Tone.PLAIN),
                new SessionEvent.ChangeShown(new Preview.FileChange("a.txt", "diff", false)),
                new SessionEvent.UserShown("hi"),
                new SessionEvent.StatusChanged(new SessionStatus("c1", "openai/gpt-4.1", "tool", 1_000_000, null)),
                new SessionEvent.TurnEnded(input, TurnOutcome.done("ok"), List.of()));
        assertThat(lines).hasSizeGreaterThan(20).allSatisfy(line ->
                assertThat(SchemaCheck.problem(schema, line)).as("%s", line).isNull());
    }
}
