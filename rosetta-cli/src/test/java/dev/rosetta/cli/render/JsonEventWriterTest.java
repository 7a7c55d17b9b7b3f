package dev.rosetta.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.llm.ChatEvent.Usage;

/** {@code --output-format json}: one valid JSON object per line, one line per event. */
class JsonEventWriterTest {

    private static List<Map<String, Object>> lines(List<AgentEvent> events) {
        StringBuilder out = new StringBuilder();
        JsonEventWriter writer = new JsonEventWriter(out);
        events.forEach(writer);
        assertThat(out).endsWith("\n");
        return out.toString().lines().map(Json::readObject).toList();
    }

    @Test
    void c1ControlsBidiOverridesAndLineSeparatorsAreEscapedAsEveryOtherControl() {
        String hostile = "a\u001b]0;t\u0007 b\u009b2J c\u007f d\u202e e\u2028 f";
        StringBuilder out = new StringBuilder();

        new JsonEventWriter(out).accept(new AgentEvent.Notice(hostile));

        assertThat(out.toString()).isEqualTo("{\"type\":\"notice\",\"text\":\"a\\u001B]0;t\\u0007 b\\u009b2J c\\u007F"
                + " d\\u202e e\\u2028 f\"}\n");
        assertThat(Json.readObject(out.toString())).containsEntry("text", hostile);
    }

    @Test
    void everyEventOfATurnIsOneLine() {
        List<AgentEvent> turn = TerminalRendererTest.sampleTurn();
        List<Map<String, Object>> lines = lines(turn);
        assertThat(lines).hasSize(turn.size());
        assertThat(lines).extracting(l -> l.get("type")).contains("message", "prose", "call_started", "call", "usage",
                "tool_started", "tool_result");
    }

    @Test
    void callCarriesItsArgumentsAndRawText() {
        Map<String, Object> call = lines(Replies.events("```save a.txt\nhi\n```\n", ToolFormat.MARKDOWN, 100)).stream()
                .filter(l -> l.get("type").equals("call")).findFirst().orElseThrow();
        assertThat(call).containsEntry("tool", "save").containsEntry("dialect", "markdown")
                .containsEntry("args", List.of("a.txt")).containsEntry("content", "hi")
                .containsEntry("raw", "```save a.txt\nhi\n```\n").containsEntry("call_id", null);
    }

    @Test
    void aCodeBlockOfTheProseIsMarkedAroundItsText() {
        List<Map<String, Object>> lines = lines(Replies.events("```js\nlet a\n```\n", ToolFormat.MARKDOWN, 100));
        assertThat(lines).extracting(l -> l.get("type"))
                .containsExactly("code_block_opened", "prose", "code_block_closing", "prose");
        assertThat(lines.get(0)).containsEntry("info", "js").containsEntry("fence", "```");
        assertThat(lines.get(1)).containsEntry("text", "```js\nlet a\n");
        assertThat(lines.get(3)).containsEntry("text", "```\n");
    }

    @Test
    void resultCarriesTheErrorCode() {
        List<Map<String, Object>> lines = lines(TerminalRendererTest.sampleTurn());
        Map<String, Object> failed = lines.stream().filter(l -> l.get("type").equals("tool_result"))
                .filter(l -> Boolean.TRUE.equals(l.get("is_error"))).findFirst().orElseThrow();
        assertThat(failed).containsEntry("tool", "shell").containsEntry("error_code", "ExitCode:2");
        assertThat((String) failed.get("output")).startsWith("[ERROR:ExitCode:2]");
    }

    @Test
    void usageAndMessageCarryTokensAndCost() {
        Usage usage = new Usage(10, 20, 30, 40);
        Message assistant = Message.assistant("hi", List.of());
        List<Map<String, Object>> lines = lines(List.of(
                new AgentEvent.UsageReport("openai/gpt-5", usage, 0.5),
                new AgentEvent.MessageAdded(new LoggedMessage(assistant, Instant.parse("2025-01-02T03:04:05Z"),
                        "openai/gpt-5", ToolFormat.XML, List.of(), usage, null))));
        assertThat(lines.get(0)).containsEntry("model", "openai/gpt-5").containsEntry("input_tokens", 10)
                .containsEntry("output_tokens", 20).containsEntry("cache_read_tokens", 30)
                .containsEntry("cache_write_tokens", 40).containsEntry("cost", 0.5);
        assertThat(lines.get(1)).containsEntry("role", "assistant").containsEntry("content", "hi")
                .containsEntry("timestamp", "2025-01-02T03:04:05Z").containsEntry("format", "xml")
                .containsEntry("cost", null).containsEntry("calls", List.of());
        @SuppressWarnings("unchecked")
        Map<String, Object> logged = (Map<String, Object>) lines.get(1).get("usage");
        assertThat(logged).containsEntry("input_tokens", 10);
    }

    @Test
    void controlCharactersAreEscapedNotWritten() {
        StringBuilder out = new StringBuilder();
        new JsonEventWriter(out).accept(new AgentEvent.ProseDelta(HostileTextTest.HOSTILE));
        assertThat(out.toString().chars().filter(c -> c < 0x20 && c != '\n').count()).isZero();
        assertThat(out.toString().indexOf('\n')).isEqualTo(out.length() - 1);
        assertThat(Json.readObject(out.toString())).containsEntry("text", HostileTextTest.HOSTILE);
    }

    @Test
    void noticesAndThinkingAreTheirOwnTypes() {
        assertThat(lines(List.of(new AgentEvent.Notice("retrying"), new AgentEvent.ThinkingDelta("hm"))))
                .containsExactly(Map.of("type", "notice", "text", "retrying"),
                        Map.of("type", "thinking", "text", "hm"));
    }
}
