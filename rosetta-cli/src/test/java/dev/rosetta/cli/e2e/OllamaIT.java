package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

/**
 * {@code ollama/MODEL} through the real jar against a server that answers as Ollama does: native
 * tools and calls, the model's own context sent as {@code num_ctx}, thinking, and the failures a
 * local server has — not running, a model not pulled — each one line saying what to run.
 */
class OllamaIT extends EndToEnd {

    private FakeOllama ollama;

    @BeforeEach
    void startOllama() {
        ollama = new FakeOllama();
        sandbox.env().put("OLLAMA_HOST", ollama.host());
    }

    @AfterEach
    void stopOllama() {
        ollama.close();
        assertThat(ollama.unanswered()).as("scripted replies never asked for").isZero();
    }

    @Test
    void aModelWithNativeToolsCallsThemAndEachResultNamesItsCall() {
        ollama.has("qwen3:8b", "qwen3", 40960, "completion", "tools", "thinking");
        ModelCall shell = ModelCall.shell("echo ollama-$((6*7))");
        ollama.script(new ScriptedReply.Streamed(List.of("Running it."), List.of(shell)),
                ScriptedReply.text("It printed ", "ollama-42."));

        Run run = sandbox.rosetta("-n", "-m", "ollama/qwen3:8b", "print the marker");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("It printed ollama-42.");
        List<JsonNode> chats = ollama.chats();
        assertThat(chats).hasSize(2);
        assertThat(chats.get(0).path("tools").valueStream().map(t -> t.path("function").path("name").asString()))
                .as("tool is the format of a model whose server takes tools").contains("shell");
        assertThat(chats.get(0).path("options").path("num_ctx").intValue()).as("the model's own context")
                .isEqualTo(40960);
        JsonNode messages = chats.get(1).path("messages");
        JsonNode call = messages.get(messages.size() - 2).path("tool_calls").get(0);
        JsonNode result = messages.get(messages.size() - 1);
        assertThat(call.path("function").path("arguments").path("command").asString()).isEqualTo(shell.body());
        assertThat(call.path("id").asString()).as("made, as the server sent none").startsWith("call_");
        assertThat(result.path("role").asString()).isEqualTo("tool");
        assertThat(result.path("tool_name").asString()).isEqualTo("shell");
        assertThat(result.path("tool_call_id").asString()).isEqualTo(call.path("id").asString());
        assertThat(result.path("content").asString()).contains("ollama-42");
        assertThat(ollama.shown()).as("/api/show once per model").containsExactly("qwen3:8b");
    }

    @Test
    void localContextCapsTheContextAndThinkingIsAskedForAndKeptOnResume() throws IOException {
        ollama.has("qwen3:8b", "qwen3", 40960, "completion", "tools", "thinking");
        java.nio.file.Files.createDirectories(sandbox.userConfig());
        java.nio.file.Files.writeString(sandbox.userConfig().resolve("config.toml"),
                "[models]\nlocal_context = 16384\n");
        ollama.script(ScriptedReply.text("Hi."));

        Run run = sandbox.rosetta("-n", "-m", "ollama/qwen3:8b", "--thinking", "high", "--tool-format", "markdown",
                "hello");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode chat = ollama.chats().getFirst();
        assertThat(chat.path("options").path("num_ctx").intValue()).isEqualTo(16384);
        assertThat(chat.path("think").booleanValue()).isTrue();
        assertThat(chat.has("tools")).isFalse();

        ollama.script(ScriptedReply.text("Still thinking."));
        Run resumed = sandbox.rosetta("-n", "-r", "and now?");
        assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
        assertThat(ollama.chats().get(1).path("think").booleanValue()).as("the level the conversation was asked")
                .isTrue();
    }

    @Test
    void aModelWithoutToolsComesWithItsNativeDialect() {
        ollama.has("qwen2.5-coder:7b", "qwen2", 32768, "completion", "insert");
        ollama.script(ScriptedReply.text("Hi."));

        Run run = sandbox.rosetta("-n", "-m", "ollama/qwen2.5-coder:7b", "hello");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode chat = ollama.chats().getFirst();
        assertThat(chat.has("tools")).isFalse();
        assertThat(chat.path("messages").get(0).path("content").asString()).as("the hermes prompt")
                .contains("<tool_call>");
    }

    /** Ollama's own example of a template with tools (docs/template.mdx, Mistral), as a model of no known name has it. */
    private static final String MISTRAL_TEMPLATE = """
            {{- range $index, $_ := .Messages }}
            {{- if eq .Role "user" }}
            {{- if and (le (len (slice $.Messages $index)) 2) $.Tools }}[AVAILABLE_TOOLS] {{ json $.Tools }}[/AVAILABLE_TOOLS]
            {{- end }}[INST] {{ if and (eq (len (slice $.Messages $index)) 1) $.System }}{{ $.System }}

            {{ end }}{{ .Content }}[/INST]
            {{- else if eq .Role "assistant" }}
            {{- if .Content }} {{ .Content }}</s>
            {{- else if .ToolCalls }}[TOOL_CALLS] [
            {{- range .ToolCalls }}{"name": "{{ .Function.Name }}", "arguments": {{ json .Function.Arguments }}}
            {{- end }}]</s>
            {{- end }}
            {{- else if eq .Role "tool" }}[TOOL_RESULTS] {"content": {{ .Content }}}[/TOOL_RESULTS]
            {{- end }}
            {{- end }}""";

    @Test
    void aModelOfNoKnownNameIsAskedInTheDialectItsTemplateWrites() {
        ollama.has("my-finetune:7b", "llama", 32768, "completion");
        ollama.template("my-finetune:7b", MISTRAL_TEMPLATE);
        ollama.script(ScriptedReply.text("Hi."));

        Run run = sandbox.rosetta("-n", "-m", "ollama/my-finetune:7b", "hello");
        Run models = sandbox.rosetta("models", "--local");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(ollama.chats().getFirst().path("messages").get(0).path("content").asString())
                .as("the mistral prompt").contains("[TOOL_CALLS]").doesNotContain("<tool_call>");
        assertThat(models.stdout()).containsPattern("ollama/my-finetune:7b +5\\.2 GB +8\\.2B +Q4_K_M +mistral \\(template\\)");
    }

    @Test
    void aModelWithoutToolsAskedForNativeToolsSaysSoInOneLine() {
        ollama.has("gemma3", "gemma3", 131072, "completion", "vision");

        Run run = sandbox.rosetta("-n", "-m", "ollama/gemma3", "--tool-format", "tool", "hello");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.stderr().strip()).isEqualTo("rosetta: ollama/gemma3 takes no native tools (Ollama lists its"
                + " capabilities as completion, vision); use --tool-format native to have it write its calls as text");
        assertThat(ollama.chats()).isEmpty();
    }

    @Test
    void aModelNotPulledSaysOllamaPullAndSendsNothing() {
        Run run = sandbox.rosetta("-n", "-m", "ollama/qwen3:8b", "hello");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.stderr().strip()).isEqualTo("rosetta: Ollama at http://" + ollama.host() + " has no model"
                + " 'qwen3:8b': pull it with `ollama pull qwen3:8b` (`ollama list` shows what it has)");
        assertThat(ollama.chats()).isEmpty();
        assertThat(sandbox.conversations()).as("nothing is created on disk").isEmpty();
    }

    @Test
    void aServerThatIsNotRunningIsOneLineNamingItsUrlAndOllamaServe() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        sandbox.env().put("OLLAMA_HOST", "127.0.0.1:" + port);

        Run run = sandbox.rosetta("-n", "-m", "ollama/qwen3:8b", "hello");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.stderr().strip()).startsWith("rosetta: Ollama is not answering at http://127.0.0.1:" + port)
                .endsWith("start it with `ollama serve`, or set OLLAMA_HOST to where it runs").doesNotContain("\n");
    }

    @Test
    void modelsLocalListsWhatTheServerHas() {
        ollama.has("qwen3:8b", "qwen3", 40960, "completion", "tools");
        ollama.has("llama3.2:latest", "llama", 131072, "completion", "tools");

        Run run = sandbox.rosetta("models", "--local");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).containsPattern("ollama/qwen3:8b +5\\.2 GB +8\\.2B +Q4_K_M +hermes")
                .containsPattern("ollama/llama3\\.2:latest +5\\.2 GB +8\\.2B +Q4_K_M +llama3");
    }
}
