package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

/**
 * Models of OpenAI-compatible servers the user runs, and the native calls of every model: a call
 * a server returns as text in tool format runs like a native one; two calls in one reply are both
 * answered; every tool of a strict model is strict.
 */
class LocalModelsIT extends EndToEnd {

    @Test
    void aLocalModelAnsweringHermesTextInToolFormatHasItsCallRunAndAnswered() {
        sandbox.env().put("LOCAL_BASE_URL", model.baseUrls().get("OPENAI_BASE_URL"));
        String hermes = "Running it.\n<tool_call>\n{\"name\": \"shell\", \"arguments\": {\"command\":"
                + " \"echo local-$((6*7))\"}}\n</tool_call>\n";
        model.script(new ScriptedReply.Streamed(Format.pieces(hermes), List.of()), ScriptedReply.text("It is 42."));

        Run run = sandbox.rosetta("-n", "-m", "local/qwen3:8b", "print the marker");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<WireRequest> requests = requestsTo(Api.CHAT_COMPLETIONS);
        assertThat(requests).hasSize(2);
        assertThat(requests.get(0).body().path("tools").size()).as("tool is a local model's default format")
                .isPositive();
        List<ModelCall> calls = requests.get(1).calls();
        assertThat(calls).hasSize(1);
        assertThat(calls.getFirst().tool()).isEqualTo("shell");
        List<WireResult> results = requests.get(1).results();
        assertThat(results).hasSize(1);
        assertThat(results.getFirst().callId()).isEqualTo(calls.getFirst().id()).startsWith("call_");
        assertThat(results.getFirst().output()).contains("local-42");
        assertThat(run.stdout()).contains("It is 42.").doesNotContain("<tool_call>");
        assertThat(run.stderr()).contains("local/qwen3:8b: neither the model registry nor its server says how long"
                + " its context is");
    }

    /**
     * Issue 19 §4: llama.cpp shows the model's chat template at /props (here GLM-4.6's, cut to the
     * lines that write calls); --tool-format native asks a model of no known name in that dialect,
     * and its call in that dialect runs.
     */
    @Test
    void nativeAsksAModelOfNoKnownNameInTheDialectItsChatTemplateWrites() {
        sandbox.env().put("LOCAL_BASE_URL", model.baseUrls().get("OPENAI_BASE_URL"));
        model.shows("/props", "{\"default_generation_settings\":{\"id\":0,\"n_ctx\":32768},\"total_slots\":1,"
                + "\"model_alias\":\"model.gguf\",\"chat_template\":\"{%- for tc in m.tool_calls %}<tool_call>{{ tc.name }}"
                + "\\n{% for k, v in tc.arguments.items() %}<arg_key>{{ k }}</arg_key>\\n<arg_value>{{ v }}</arg_value>"
                + "{% endfor %}</tool_call>{% endfor %}\"}");
        String glm = "Running it.\n<tool_call>shell\n<arg_key>command</arg_key>\n<arg_value>echo glm-$((6*7))"
                + "</arg_value>\n</tool_call>\n";
        model.script(new ScriptedReply.Streamed(Format.pieces(glm), List.of()), ScriptedReply.text("It is 42."));

        Run run = sandbox.rosetta("-n", "-m", "local/model.gguf", "--tool-format", "native", "print the marker");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<WireRequest> requests = requestsTo(Api.CHAT_COMPLETIONS);
        assertThat(requests.get(0).body().has("tools")).as("a text dialect: no native tools").isFalse();
        assertThat(requests.get(0).systemPrompt()).as("the tools described in GLM's spelling").contains("<arg_key>");
        assertThat(requests.get(1).messages()).anySatisfy(t -> assertThat(t).contains("glm-42"));
        assertThat(run.stdout()).contains("It is 42.");
        assertThat(run.stderr()).as("the context came from /props").doesNotContain("neither the model registry");
    }

    @Test
    void gpt4oWithTwoCallsInOneResponseHasBothAnswered() {
        ModelCall shell = ModelCall.shell("echo first-$((20+22))");
        ModelCall save = ModelCall.save("second.txt", "the second call\n");
        model.script(Format.TOOL.reply("Both.\n", shell, save), ScriptedReply.text("Both done."));

        Run run = sandbox.rosetta("-n", "-m", "openai/gpt-4o", "--tool-format", "tool", "do both");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(sandbox.workspace().resolve("second.txt")).hasContent("the second call\n");
        WireRequest next = requestsTo(Api.CHAT_COMPLETIONS).get(1);
        Map<String, String> results = next.results().stream()
                .collect(Collectors.toMap(WireResult::callId, WireResult::output));
        assertThat(results).containsOnlyKeys(shell.id(), save.id());
        assertThat(results.get(shell.id())).contains("first-42");
        assertThat(requestsTo(Api.CHAT_COMPLETIONS).get(0).body().path("parallel_tool_calls").booleanValue()).isTrue();
    }

    @Test
    void twoCallsFromAModelAskedForOneAreBothAnsweredTheSecondAsNotRun() {
        ModelCall first = ModelCall.save("a.txt", "A\n");
        ModelCall second = ModelCall.save("b.txt", "B\n");
        model.script(Format.TOOL.reply("Two.\n", first, second), ScriptedReply.text("One at a time."));

        Run run = sandbox.rosetta("-n", "-m", "anthropic/claude-haiku-4-5", "--tool-format", "tool", "write both");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(sandbox.workspace().resolve("a.txt")).exists();
        assertThat(sandbox.workspace().resolve("b.txt")).doesNotExist();
        List<WireRequest> requests = requestsTo(Api.ANTHROPIC);
        assertThat(requests.get(0).body().path("tool_choice").path("disable_parallel_tool_use").booleanValue())
                .isTrue();
        Map<String, String> results = requests.get(1).results().stream()
                .collect(Collectors.toMap(WireResult::callId, WireResult::output));
        assertThat(results).containsOnlyKeys(first.id(), second.id());
        assertThat(results.get(second.id())).contains("not run").contains("only the first call of a reply runs");
    }

    @Test
    void everyToolOfAStrictModelIsStrictWithItsOptionalParametersNullable() {
        model.script(ScriptedReply.text("Hi."));

        Run run = sandbox.rosetta("-n", "-m", "openai/gpt-4.1", "--tool-format", "tool", "hello");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode tools = requestsTo(Api.CHAT_COMPLETIONS).getFirst().body().path("tools");
        assertThat(tools.size()).isPositive();
        for (JsonNode tool : tools) {
            JsonNode function = tool.path("function");
            JsonNode parameters = function.path("parameters");
            assertThat(function.path("strict").asBoolean(false)).as(function.path("name").asString()).isTrue();
            assertThat(parameters.path("additionalProperties").asBoolean(true)).isFalse();
            assertThat(parameters.path("required").valueStream().map(JsonNode::asString).toList())
                    .as("every property is required").containsExactlyElementsOf(parameters.path("properties").propertyNames());
        }
        JsonNode read = tools.valueStream().filter(t -> t.path("function").path("name").asString().equals("read"))
                .findFirst().orElseThrow().path("function").path("parameters");
        assertThat(read.path("properties").path("lines").path("type").toString()).isEqualTo("[\"string\",\"null\"]");
    }
}
