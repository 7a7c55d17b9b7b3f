package dev.rosetta.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.TurnOutcome.Reason;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.files.FileTools;
import tools.jackson.databind.JsonNode;

/** --max-turns, --max-cost and --output-schema, held by the loop against a loopback model. */
class RunLimitsTest extends LoopbackTurnTest {

    private AgentLoop loop(TurnSettings settings) throws Exception {
        ModelInfo model = api.model("openai/gpt-4.1");
        Toolbox toolbox = new Toolbox(new ArrayList<>(FileTools.all()), ToolContext.in(dir), Confirmation.ALWAYS);
        ChatSession session = new ChatSession(model, api.provider(model), ToolFormat.TOOL, toolbox, log, settings);
        return loop(session);
    }

    @Test
    void maxTurnsStopsBeforeTheReplyPastItAcrossTurns() throws Exception {
        AgentLoop loop = loop(TurnSettings.DEFAULT.withRunLimits(new RunLimits(3, null)));
        api.replyCalls("save", "{\"path\": \"a.txt\", \"content\": \"A\"}");
        api.replyText("Saved a.");
        assertThat(loop.run("write a").ok()).isTrue();

        api.replyCalls("save", "{\"path\": \"b.txt\", \"content\": \"B\"}");
        TurnOutcome outcome = loop.run("write b, then c");
        assertThat(outcome.reason()).isEqualTo(Reason.MAX_TURNS);
        assertThat(outcome.message()).contains("--max-turns 3");
        assertThat(api.server.getRequestCount()).isEqualTo(3);
        assertThat(loop.tally().snapshot().turns()).isEqualTo(3);
        assertThat(dir.resolve("b.txt")).exists(); // the last reply's calls still ran and were answered
    }

    @Test
    void maxCostStopsBeforeARequestWhoseEstimateWouldPassIt() throws Exception {
        // gpt-4.1: $2 per million tokens in, $8 out. The first reply reports 100,000 tokens in: $0.2008.
        AgentLoop loop = loop(TurnSettings.DEFAULT.withRunLimits(new RunLimits(null, new BigDecimal("0.21"))));
        api.replyTextWithUsage("First.", 100_000, 100);
        assertThat(loop.run("one").ok()).isTrue();
        TurnOutcome outcome = loop.run("two");

        assertThat(outcome.reason()).isEqualTo(Reason.MAX_COST);
        assertThat(outcome.message()).contains("would pass --max-cost $0.21").contains("$0.2008 spent");
        assertThat(api.server.getRequestCount()).isEqualTo(1);
        assertThat(loop.tally().snapshot().cost()).isCloseTo(0.2008, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void aCostLimitBelowTheFirstRequestSendsNothing() throws Exception {
        TurnOutcome outcome = loop(TurnSettings.DEFAULT.withRunLimits(new RunLimits(null, new BigDecimal("0.0001"))))
                .run("hello");
        assertThat(outcome.reason()).isEqualTo(Reason.MAX_COST);
        assertThat(api.server.getRequestCount()).isZero();
    }

    private TurnSettings schema(String json) throws Exception {
        Path file = dir.resolve("schema.json");
        Files.writeString(file, json);
        return TurnSettings.DEFAULT.withAnswerSchema(AnswerSchema.read(file));
    }

    @Test
    void anAnswerThatDoesNotMatchTheSchemaIsSentBackUntilItDoes() throws Exception {
        AgentLoop loop = loop(schema("""
                {"type": "object", "properties": {"verdict": {"enum": ["pass", "fail"]}}, "required": ["verdict"]}"""));
        api.replyText("It passes.");
        api.replyText("```json\n{\"verdict\": \"maybe\"}\n```");
        api.replyText("{\"verdict\": \"pass\"}");
        TurnOutcome outcome = loop.run("review it");

        assertThat(outcome.ok()).isTrue();
        assertThat(outcome.answer()).isEqualTo("{\"verdict\": \"pass\"}");
        List<JsonNode> requests = api.requests();
        assertThat(requests.get(0).get("messages").get(0).get("content").stringValue())
                .contains("must be only one JSON value that matches this JSON Schema");
        JsonNode second = requests.get(1).get("messages");
        assertThat(second.get(second.size() - 1).get("content").stringValue())
                .contains("does not match the JSON Schema").contains("it is not one JSON value");
        JsonNode third = requests.get(2).get("messages");
        assertThat(third.get(third.size() - 1).get("content").stringValue()).contains("verdict");
    }

    @Test
    void anAnswerThatNeverMatchesEndsTheTurnAfterTwoTries() throws Exception {
        AgentLoop loop = loop(schema("{\"type\": \"array\"}"));
        api.replyText("no");
        api.replyText("{}");
        api.replyText("\"still no\"");
        TurnOutcome outcome = loop.run("list them");

        assertThat(outcome.reason()).isEqualTo(Reason.OUTPUT_INVALID);
        assertThat(outcome.answer()).isEqualTo("\"still no\"");
        assertThat(api.server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void aSchemaFileThatIsNoSchemaIsRefusedSayingWhy() throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "[1, 2]");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> AnswerSchema.read(file))
                .hasMessageContaining("is not a JSON object");
        Files.writeString(file, "{\"type\": 12}");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> AnswerSchema.read(file))
                .hasMessageContaining("is not a JSON Schema");
    }
}
