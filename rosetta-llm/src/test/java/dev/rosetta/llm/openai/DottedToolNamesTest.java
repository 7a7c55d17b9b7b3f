package dev.rosetta.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ModelTraits;
import dev.rosetta.llm.provider.ProviderDirectory;

/** An MCP server's tool is github.search to Rosetta and github__search on the wire, offered or not. */
class DottedToolNamesTest {

    private static final ToolSpec SEARCH = new ToolSpec("github.search", "Searches.", "",
            List.of(Parameter.named("q", "string", "what", true)), List.of(), List.of(), List.of(),
            Map.of("type", "object", "properties", Map.of("q", Map.of("type", "string"))));

    private static String body(List<ToolSpec> tools) {
        var request = new ChatRequest("gpt-4.1", List.of(Message.user("find it"),
                Message.assistant("", List.of(ToolUse.named("github.search", Map.of("q", "x"), "call_1")), List.of()),
                Message.toolResult("call_1", ToolResult.ok("found"))), tools, null, null, List.of(), null, true);
        return new ChatCompletionsBody(ServerProfile.of(ProviderDirectory.custom("vllm", null, null)),
                new ModelTraits(true, true, false)).write(request, notice -> { });
    }

    @Test
    void anOfferedDottedToolIsDefinedAndCalledByItsNativeNameWithItsOwnSchemaAndNeverStrict() {
        var json = Json.MAPPER.readTree(body(List.of(SEARCH)));
        var function = json.path("tools").get(0).path("function");
        assertThat(function.path("name").asString()).isEqualTo("github__search");
        assertThat(function.has("strict")).isFalse();
        assertThat(function.path("parameters").path("properties").has("q")).isTrue();
        assertThat(json.toString()).doesNotContain("\"github.search\"");
    }

    @Test
    void aCallOfAToolNoLongerOfferedStillGoesByANameTheApiTakes() {
        assertThat(body(List.of())).contains("github__search").doesNotContain("\"github.search\"");
    }
}
